"""The CP-SAT model of a Tango level, behind a lazy OR-Tools import.

One Boolean per cell (true = sun). Each row and column sums to N/2; every
window of three cells in a line sums to 1 or 2 (no three alike); an `=` sign
is an equality, a `×` sign says the two Booleans differ; givens (and, for the
game's live check, the player's cells) are fixed. Presolve alone settles
LinkedIn's levels. Solutions are counted by solving, forbidding the one found
(a no-good cut over every cell), and solving again, up to `limit`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from queens_tui.core.grid import Cell
from queens_tui.kinds.tango.board import Board, Move
from queens_tui.kinds.tango.level import EQUAL, SYMBOL_NAMES, Level
from queens_tui.kinds.tango.rules import cell_name
from queens_tui.kinds.tango.search import Solution
from queens_tui.solver.cpsat import GridModel, cp_model
from queens_tui.solver.grid_play import CellPlay, Reason

Grid = Sequence[Sequence[int | None]]


class TangoModel(GridModel[Level, Grid, list[list[Any]], Solution]):
    """The Tango model (see the module's docstring)."""

    def build(self, level: Level, grid: Grid | None = None) -> tuple[Any, list[list[Any]]]:
        """The model and its cell variables; `grid` (default: the givens) fixes filled cells."""
        cp = cp_model()
        model = cp.CpModel()
        n = level.size
        x = [[model.new_bool_var(f"s{r}_{c}") for c in range(n)] for r in range(n)]
        lines = [list(row) for row in x] + [[x[r][c] for r in range(n)] for c in range(n)]
        for line in lines:
            model.add(sum(line) == n // 2)
            for i in range(n - 2):
                model.add_linear_constraint(sum(line[i : i + 3]), 1, 2)
        for ((r1, c1), (r2, c2)), kind in level.signs.items():
            if kind == EQUAL:
                model.add(x[r1][c1] == x[r2][c2])
            else:
                model.add(x[r1][c1] != x[r2][c2])
        for r, row in enumerate(level.givens if grid is None else grid):
            for c, v in enumerate(row):
                if v is not None:
                    model.add(x[r][c] == v)
        if grid is not None:
            for (r, c), v in level.given_cells.items():
                model.add(x[r][c] == v)
        return model, x

    def read(self, solver: Any, x: list[list[Any]]) -> Solution:
        return tuple(tuple(int(solver.boolean_value(v)) for v in row) for row in x)

    def forbid(self, model: Any, x: list[list[Any]], sol: Solution) -> None:
        # forbid this exact grid: at least one cell must differ
        model.add_bool_or(
            [v.Not() if sol[r][c] else v for r, row in enumerate(x) for c, v in enumerate(row)]
        )


MODEL = TangoModel()
build = MODEL.build
solutions = MODEL.solutions


# --------------------------------------------------------------------------- the game's worker


def _with_cells(level: Level, grid: Grid) -> Level:
    """`level` with the cells of `grid` as givens (for the pure search)."""
    return Level(tuple(tuple(row) for row in grid), level.equal, level.opposite)


class TangoSolver(CellPlay[Board, Move, Solution]):
    """`core.play.PlaySolver` for Tango: what the game's background worker asks.

    Tango grids are small (a 6x6 check takes a few milliseconds either way),
    so every question is one or two solution searches under one deadline.
    """

    model = MODEL

    def pure(self, level: Level, grid: Grid | None) -> Iterator[Solution]:
        from queens_tui.kinds.tango import search

        return search.solutions(level if grid is None else _with_cells(level, grid))

    def finished(self, state: Board, solution: Solution) -> Board:
        return Board(state.level, tuple(tuple(row) for row in solution))

    move = Move

    def cell_name(self, cell: Cell) -> str:
        return cell_name(cell)

    def value_name(self, value: int) -> str:
        return SYMBOL_NAMES[value]

    def place_role(self, value: int) -> str:
        return "place-sun" if value else "place-moon"

    def dead_end(self, level: Level, grid: Grid) -> Reason | None:
        from queens_tui.kinds.tango.deduce import dead_end

        return dead_end(level, grid)


PLAY = TangoSolver()
"""The Tango answers for the game's worker (`solver.play_solver("tango")`)."""
