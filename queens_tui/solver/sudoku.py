"""The CP-SAT model of a Mini Sudoku level, behind a lazy OR-Tools import.

A Boolean per cell and digit (`x[r][c][d]`: cell (r, c) holds d + 1), with
`add_exactly_one` per cell and, for each digit, per row, column and 2x3 box
(the Boolean form of `all_different`, which CP-SAT propagates best); givens
(and for the game's live check the player's digits) fixed. Presolve alone
settles LinkedIn's levels. Solutions are counted by solving, forbidding the
grid found (a clause: some cell holds another digit) and solving again, up
to `limit`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from queens_tui.core.grid import Cell
from queens_tui.kinds.sudoku.board import Board, Move
from queens_tui.kinds.sudoku.level import SIZE, Level
from queens_tui.kinds.sudoku.rules import cell_name, units
from queens_tui.kinds.sudoku.search import Solution
from queens_tui.solver.cpsat import GridModel, cp_model
from queens_tui.solver.grid_play import CellPlay, Reason

Grid = Sequence[Sequence[int | None]]


class SudokuModel(GridModel[Level, Grid, list[list[list[Any]]], Solution]):
    """The Mini Sudoku model (see the module's docstring)."""

    def build(self, level: Level, grid: Grid | None = None) -> tuple[Any, list[list[list[Any]]]]:
        """The model and its Booleans `x[r][c][d]`; `grid` (default: the givens) fixes digits."""
        cp = cp_model()
        model = cp.CpModel()
        x = [
            [[model.new_bool_var(f"x{r}_{c}_{d + 1}") for d in range(SIZE)] for c in range(SIZE)]
            for r in range(SIZE)
        ]
        for row in x:
            for cell in row:
                model.add_exactly_one(cell)
        for unit in units():
            for d in range(SIZE):
                model.add_exactly_one([x[r][c][d] for r, c in unit.cells])
        for source in (level.givens, grid or level.givens):
            for r, values in enumerate(source):
                for c, v in enumerate(values):
                    if v is not None:
                        model.add(x[r][c][v - 1] == 1)
        return model, x

    def read(self, solver: Any, x: list[list[list[Any]]]) -> Solution:
        return tuple(
            tuple(next(d + 1 for d in range(SIZE) if solver.boolean_value(cell[d])) for cell in row)
            for row in x
        )

    def forbid(self, model: Any, x: list[list[list[Any]]], sol: Solution) -> None:
        # forbid this exact grid: at least one cell must hold another digit
        model.add_bool_or([x[r][c][sol[r][c] - 1].Not() for r in range(SIZE) for c in range(SIZE)])


MODEL = SudokuModel()
build = MODEL.build
solutions = MODEL.solutions


# --------------------------------------------------------------------------- the game's worker


class SudokuSolver(CellPlay[Board, Move, Solution]):
    """`core.play.PlaySolver` for Mini Sudoku: what the game's background worker asks.

    A 6x6 question takes a few milliseconds either way: each is one or two
    searches under one deadline. Notes are the player's scratch and never
    read; only digits count.
    """

    name_sep = "; "

    model = MODEL

    def pure(self, level: Level, grid: Grid | None) -> Iterator[Solution]:
        from queens_tui.kinds.sudoku import search

        return search.solutions_of(grid or level.givens)

    def finished(self, state: Board, solution: Solution) -> Board:
        """The solution's digits (notes and the mode kept as they were)."""
        cells = tuple(tuple(row) for row in solution)
        return Board(state.level, cells, state.notes, state.notes_mode)

    move = Move

    def cell_name(self, cell: Cell) -> str:
        return cell_name(cell)

    def dead_end(self, level: Level, grid: Grid) -> Reason | None:
        from queens_tui.kinds.sudoku.deduce import dead_end

        return dead_end(grid)


PLAY = SudokuSolver()
"""The Mini Sudoku answers for the game's worker (`solver.play_solver("sudoku")`)."""
