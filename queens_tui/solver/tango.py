"""The CP-SAT model of a Tango level, behind a lazy OR-Tools import.

One Boolean per cell (true = sun). Each row and column sums to N/2; every
window of three cells in a line sums to 1 or 2 (no three alike); an `=` sign
is an equality, a `×` sign says the two Booleans differ; givens (and, for the
game's live check, the player's cells) are fixed. Presolve alone settles
LinkedIn's levels. Solutions are counted by solving, forbidding the one found
(a no-good cut over every cell), and solving again, up to `limit`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import cache
from typing import Any

from queens_tui.core.play import CancelFlag, Deadline, Hint, Verdict
from queens_tui.kinds.tango.board import Board, Move
from queens_tui.kinds.tango.level import EQUAL, Level
from queens_tui.kinds.tango.search import Solution

Grid = Sequence[Sequence[int | None]]


@cache
def cp_model() -> Any:
    """The `cp_model` module, imported on first use."""
    from ortools.sat.python import cp_model as module

    return module


def build(level: Level, grid: Grid | None = None) -> tuple[Any, list[list[Any]]]:
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


def solutions(
    level: Level,
    limit: int = 2,
    grid: Grid | None = None,
    time_limit: float = 10.0,
    cancel: Any = None,
) -> list[Solution]:
    """Up to `limit` solutions of `level` (with `grid`'s cells fixed), by CP-SAT.

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
        sol = tuple(tuple(int(solver.boolean_value(v)) for v in row) for row in x)
        found.append(sol)
        # forbid this exact grid: at least one cell must differ
        model.add_bool_or(
            [v.Not() if sol[r][c] else v for r, row in enumerate(x) for c, v in enumerate(row)]
        )
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

    from queens_tui.kinds.tango import search

    fixed = level if grid is None else _with_cells(level, grid)
    found = []
    for sol in islice(search.solutions(fixed), limit):
        found.append(sol)
        if deadline.is_set():
            raise TimeoutError("cancelled")
    if deadline.is_set():
        raise TimeoutError("cancelled")
    return found


def _with_cells(level: Level, grid: Grid) -> Level:
    """`level` with the cells of `grid` as givens (for the pure search)."""
    return Level(tuple(tuple(row) for row in grid), level.equal, level.opposite)


class TangoSolver:
    """`core.play.PlaySolver` for Tango: what the game's background worker asks.

    Tango grids are small (a 6x6 check takes a few milliseconds either way),
    so every question is one or two solution searches under one deadline.
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
        """The broken rule's cells if a rule is broken, else the cells no solution keeps."""
        from queens_tui.kinds.tango.rules import cell_name

        placed = state.placed()
        if state.faults:
            fault = state.faults[0]
            wrong = [c for c in fault.cells if c in placed]
            text = f"Mistake: {fault.text}."
            marks = dict.fromkeys(fault.cells, "mistake")
            move = Move(tuple((c, None) for c in wrong)) if wrong else None
            return Hint(text, marks, move, "mistake", mistake=True)
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
        names = ", ".join(cell_name(c) for c in wrong)
        text = (
            f"Mistake: {names} {'does' if len(wrong) == 1 else 'do'} not fit the solution "
            "(no way to finish the grid keeps "
            f"{'it' if len(wrong) == 1 else 'them'})."
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
        from queens_tui.kinds.tango.level import SYMBOL_NAMES
        from queens_tui.kinds.tango.rules import cell_name

        try:
            sols = _solutions(state.level, state.cells, 1, engine, Deadline(time_limit, cancel))
        except TimeoutError:
            return None
        if not sols:
            return None
        n = state.level.size
        empty = [(r, c) for r in range(n) for c in range(n) if state.cells[r][c] is None]
        if not empty:
            return None
        cell = empty[0]
        v = sols[0][cell[0]][cell[1]]
        text = (
            f"No rule I know applies here; the solver reveals {cell_name(cell)}: "
            f"a {SYMBOL_NAMES[v]}."
        )
        role = "place-sun" if v else "place-moon"
        return Hint(text, {cell: role}, Move.set(cell, v), "solver", helped=True)

    def solve(
        self, state: Board, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Board | None:
        """A solution keeping the player's cells if one does, else any solution."""
        deadline = Deadline(time_limit, cancel)
        try:
            for grid in (None if state.faults else state.cells, None):
                sols = _solutions(state.level, grid, 1, engine, deadline)
                if sols:
                    return Board(state.level, tuple(tuple(row) for row in sols[0]))
        except TimeoutError:
            return None
        return None


PLAY = TangoSolver()
"""The Tango answers for the game's worker (`solver.play_solver("tango")`)."""
