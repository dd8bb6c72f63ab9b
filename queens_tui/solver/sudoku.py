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

import time
from collections.abc import Sequence
from functools import cache
from typing import Any

from queens_tui.core.play import CancelFlag, Deadline, Hint, Verdict
from queens_tui.kinds.sudoku.board import Board, Move
from queens_tui.kinds.sudoku.level import SIZE, Level
from queens_tui.kinds.sudoku.rules import cell_name, units
from queens_tui.kinds.sudoku.search import Solution

Grid = Sequence[Sequence[int | None]]


@cache
def cp_model() -> Any:
    """The `cp_model` module, imported on first use."""
    from ortools.sat.python import cp_model as module

    return module


def build(level: Level, grid: Grid | None = None) -> tuple[Any, list[list[list[Any]]]]:
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


def solutions(
    level: Level,
    limit: int = 2,
    grid: Grid | None = None,
    time_limit: float = 10.0,
    cancel: Any = None,
) -> list[Solution]:
    """Up to `limit` solutions of `level` (with `grid`'s digits fixed), by CP-SAT.

    `cancel` (anything with `is_set()`; a `solver.CancelToken` also stops a
    running search at once) or the time limit running out raise `TimeoutError`:
    no answer, which is not "no solution".
    """
    cp = cp_model()
    model, x = build(level, grid)
    found: list[Solution] = []
    deadline = time.monotonic() + time_limit
    while len(found) < limit:
        if cancel is not None and cancel.is_set():
            raise TimeoutError("cancelled")
        solver = cp.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = max(deadline - time.monotonic(), 0.001)
        detach = cancel.attach(solver) if hasattr(cancel, "attach") else None
        try:
            status = solver.solve(model)
        finally:
            if detach is not None:
                detach()
        if status == cp.INFEASIBLE:
            break
        if status not in (cp.OPTIMAL, cp.FEASIBLE):
            raise TimeoutError("CP-SAT found no answer in time")
        sol = tuple(
            tuple(next(d + 1 for d in range(SIZE) if solver.boolean_value(cell[d])) for cell in row)
            for row in x
        )
        found.append(sol)
        # forbid this exact grid: at least one cell must hold another digit
        model.add_bool_or([x[r][c][sol[r][c] - 1].Not() for r in range(SIZE) for c in range(SIZE)])
    return found


# --------------------------------------------------------------------------- the game's worker


def _solutions(
    level: Level, grid: Grid | None, limit: int, engine: str, deadline: Deadline
) -> list[Solution]:
    """Solutions by CP-SAT (`engine == "cpsat"`) or the pure search; `TimeoutError` when
    the deadline passes or the call is cancelled."""
    if engine == "cpsat":
        left = max(deadline.end - time.monotonic(), 0.0)
        return solutions(level, limit, grid, left, deadline.cancel)
    from itertools import islice

    from queens_tui.kinds.sudoku import search

    found = list(islice(search.solutions_of(grid or level.givens), limit))
    if deadline.is_set():
        raise TimeoutError("cancelled")
    return found


class SudokuSolver:
    """`core.play.PlaySolver` for Mini Sudoku: what the game's background worker asks.

    A 6x6 question takes a few milliseconds either way: each is one or two
    searches under one deadline. Notes are the player's scratch and never
    read; only digits count.
    """

    def check(self, state: Board, *, engine: str, time_limit: float, cancel: CancelFlag) -> Verdict:
        if state.faults:
            return Verdict.CANNOT_FINISH
        try:
            found = _solutions(state.level, state.cells, 1, engine, Deadline(time_limit, cancel))
        except TimeoutError:
            return Verdict.UNKNOWN
        return Verdict.CAN_FINISH if found else Verdict.CANNOT_FINISH

    def mistake(
        self, state: Board, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[Move] | None:
        """The repeated digit's cells if one repeats, else the digits no solution keeps."""
        placed = state.placed()
        if state.faults:
            fault = state.faults[0]
            wrong = [c for c in fault.cells if c in placed]
            marks = dict.fromkeys(fault.cells, "mistake")
            move = Move(tuple((c, None) for c in wrong)) if wrong else None
            return Hint(f"Mistake: {fault.text}.", marks, move, "mistake", mistake=True)
        deadline = Deadline(time_limit, cancel)
        try:
            if _solutions(state.level, state.cells, 1, engine, deadline):
                return None
            sols = _solutions(state.level, None, 1, engine, deadline)
        except TimeoutError:
            return None
        if not sols:
            text = "This level has no solution at all: nothing you place can be right."
            return Hint(text, {}, None, "mistake", mistake=True)
        sol = sols[0]
        wrong = sorted(c for c, v in placed.items() if sol[c[0]][c[1]] != v)
        names = "; ".join(cell_name(c) for c in wrong)
        one = len(wrong) == 1
        text = (
            f"Mistake: {names} {'does' if one else 'do'} not fit the solution "
            f"(no way to finish the grid keeps {'it' if one else 'them'})."
        )
        return Hint(
            text,
            dict.fromkeys(wrong, "mistake"),
            Move(tuple((c, None) for c in wrong)),
            "mistake",
            mistake=True,
        )

    def reveal(
        self, state: Board, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[Move] | None:
        try:
            sols = _solutions(state.level, state.cells, 1, engine, Deadline(time_limit, cancel))
        except TimeoutError:
            return None
        if not sols:
            return None
        empty = [(r, c) for r in range(SIZE) for c in range(SIZE) if state.cells[r][c] is None]
        if not empty:
            return None
        cell = empty[0]
        d = sols[0][cell[0]][cell[1]]
        text = f"No rule I know applies here; the solver reveals {cell_name(cell)}: a {d}."
        return Hint(text, {cell: f"place-{d}"}, Move.set(cell, d), "solver", helped=True)

    def solve(
        self, state: Board, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Board | None:
        """A solution keeping the player's digits if one does, else any solution (notes and
        the mode kept as they were)."""
        deadline = Deadline(time_limit, cancel)
        try:
            for grid in (None if state.faults else state.cells, None):
                sols = _solutions(state.level, grid, 1, engine, deadline)
                if sols:
                    cells = tuple(tuple(row) for row in sols[0])
                    return Board(state.level, cells, state.notes, state.notes_mode)
        except TimeoutError:
            return None
        return None


PLAY = SudokuSolver()
"""The Mini Sudoku answers for the game's worker (`solver.play_solver("sudoku")`)."""
