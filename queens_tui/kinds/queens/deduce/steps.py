"""What the engine says: a `Step` to take or a `Mistake` already on the board.

These are the engine's only outputs (the game, the CLI's `explain` and the
grader read them), so they live apart from the rules that make them.
"""

from __future__ import annotations

from dataclasses import dataclass

from queens_tui.core.grid import Cell
from queens_tui.kinds.queens.board import Board, Mark, Move

RULE_TIERS: dict[str, int] = {
    "last_cell_row": 0,
    "last_cell_column": 0,
    "last_cell_region": 0,
    "confinement_region_row": 1,
    "confinement_region_column": 1,
    "confinement_row_region": 1,
    "confinement_column_region": 1,
    "pigeonhole_regions_rows": 2,
    "pigeonhole_regions_columns": 2,
    "pigeonhole_rows_regions": 2,
    "pigeonhole_columns_regions": 2,
    "common_attack": 2,
    "probe_depth1": 3,
    "probe_depth2": 4,
    "probe_depth3": 4,
    "solver": 5,
}
"""Every rule id, with how hard it is for a person (0 easiest); `grade` reads this."""


@dataclass(frozen=True)
class Step:
    """One logical step: what to do, why, and the cells that show why.

    `place` holds the queens to place and `cross` the cells to cross out
    (0-based cells, sorted). A step always does something: one of them is
    non-empty. `cells` is the evidence to highlight (the rows, columns or
    regions the rule reads). `text` is one sentence that names regions by
    label and rows and columns by 1-based number.
    """

    rule: str
    place: tuple[Cell, ...] = ()
    cross: tuple[Cell, ...] = ()
    cells: tuple[Cell, ...] = ()
    text: str = ""
    group: int = 1
    """How many regions (or rows, columns) the rule weighs together: k of a pigeonhole."""

    @property
    def tier(self) -> int:
        """How hard the step is for a person (see `RULE_TIERS`).

        A pigeonhole over three or more regions is as hard to spot as a
        depth-1 probe, so it counts one tier up.
        """
        tier = RULE_TIERS.get(self.rule, max(RULE_TIERS.values()))
        return tier + 1 if self.group >= 3 and tier == 2 else tier

    def move(self) -> Move:
        """The board move that applies this step (queens, then manual crosses)."""
        changes = [(c, Mark.QUEEN) for c in self.place] + [(c, Mark.CROSS) for c in self.cross]
        return Move(tuple(changes))

    def apply(self, board: Board) -> Board:
        """The board after this step."""
        return board.apply(self.move())


@dataclass(frozen=True)
class Mistake:
    """The board can no longer be completed, and these marks are why.

    `queens` are placed queens (and `crosses` manual crosses) that no
    completion allows. When no single mark is wrong on its own (possible on a
    level with several solutions), they are a smallest set of marks that
    cannot all stand together.
    """

    queens: tuple[Cell, ...] = ()
    crosses: tuple[Cell, ...] = ()
    text: str = ""
    rule: str = "mistake"
    emptied: tuple[Cell, ...] = ()
    """The row, column or region the marks leave without a place for its queen (tinted as
    the evidence; empty when the contradiction lies deeper than that)."""

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every mark to highlight."""
        return tuple(sorted(self.queens + self.crosses))
