"""The deduction engine: the next logical step on a board, named and explained.

A hint must teach, so every step carries the rule it used, the cells that
prove it (to highlight), what follows (queens to place, cells to cross out)
and one plain English sentence. Sentences name regions by their labels
("region C") and rows and columns by 1-based numbers ("row 4", "column 2"),
as a player reads the board; the `Cell` tuples themselves stay 0-based.

Rules, simplest first (the families public solvers use: dschafer/qsolve,
mspiegel/queens-without-backtracking), with their stable ids:

1. last cell: a row, column or region with one free cell holds its queen
   there (`last_cell_row`, `last_cell_column`, `last_cell_region`).
2. confinement: a region whose free cells lie in one row (column) claims it
   (`confinement_region_row`, `confinement_region_column`); a row (column)
   whose free cells lie in one region claims that region's queen
   (`confinement_row_region`, `confinement_column_region`).
3. pigeonhole: k regions whose free cells lie in k rows (columns) claim those
   rows (`pigeonhole_regions_rows`, `pigeonhole_regions_columns`), and k rows
   (columns) whose free cells lie in k regions claim those regions
   (`pigeonhole_rows_regions`, `pigeonhole_columns_regions`).
4. common attack: a cell that every free cell of some row, column or region
   rules out (`common_attack`).
5. contradiction probe, depth 1: a queen here, with the queens it forces at
   once (lines it leaves with one free cell), would leave some row, column or
   region without a free cell (`probe_depth1`). A queen that empties a line
   by itself is already a common attack, so depth 1 looks one move further.
6. contradiction probe, depth 2: a queen here would force, by the rules of
   families 1, 2 and 4 applied over and over, a position where some line has
   no free cell (`probe_depth2`).
7. nested probe: a queen here would force (as in 6) a position where every
   free cell of some row, column or region fails a depth-2 probe of its own
   (`probe_depth3`). Tried only when nothing else applies; it is what the
   community level 360 (regions in scattered pieces) needs.

Every rule is a deduction from the rules of the game alone, so whatever it
concludes holds in *every* completion of the board: on a level with several
solutions it never claims a queen that only some of them share. That holds
only while the board can still be completed, which is why `hint` asks
`first_error` first. When no rule applies, `solve_logically` and `hint` fall
back to the exact search of `core.search` and say so (rule `solver`).

The state is two integers with a bit per cell (see `core.search.Masks`): the
free cells and the queens. A free cell is empty, not crossed out by hand and
not ruled out by a queen, so manual and automatic crosses count alike.
"""

from __future__ import annotations

from queens_tui.core.grid import cell_name
from queens_tui.core.kind import Grade
from queens_tui.core.vocabulary import DIFFICULTIES
from queens_tui.kinds.queens.deduce.driver import (
    Finder,
    first_error,
    hint,
    next_step,
    solve_logically,
)
from queens_tui.kinds.queens.deduce.grade import (
    EFFORT,
    EXPERT_AFTER,
    HARD_AFTER,
    difficulty,
    features,
    grade,
    grade_steps,
)
from queens_tui.kinds.queens.deduce.steps import RULE_TIERS, Mistake, Step

__all__ = [
    "DIFFICULTIES",
    "EFFORT",
    "EXPERT_AFTER",
    "HARD_AFTER",
    "RULE_TIERS",
    "Finder",
    "Grade",
    "Mistake",
    "Step",
    "cell_name",
    "difficulty",
    "features",
    "first_error",
    "grade",
    "grade_steps",
    "hint",
    "next_step",
    "solve_logically",
]
