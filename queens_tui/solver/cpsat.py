"""What the kinds' CP-SAT models share: the lazy import, one run, and counting solutions.

Every kind builds its own model; running it is the same everywhere: one worker
(the game's worker and the batch run one question at a time, and one worker
answers these small models fastest), a time limit, and a cancel handle that can
stop a running search at once (a `solver.CancelToken` has `attach(solver)`; any
other flag is only looked at between runs). Counting solutions is "solve,
forbid the one found, solve again" up to a limit, under one deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any, Generic, TypeVar

SolutionT = TypeVar("SolutionT")


@cache
def cp_model() -> Any:
    """The `cp_model` module, imported on first use (it pulls numpy: slow for a first frame)."""
    from ortools.sat.python import cp_model as module

    return module


def warm_up() -> None:
    """Import OR-Tools now (slow: it pulls numpy and pandas), e.g. from a worker after the
    first frame."""
    cp_model()


def solve(model: Any, seconds: float, cancel: Any = None) -> tuple[int, Any]:
    """One CP-SAT run of `model` on one worker for at most `seconds`: (status, solver).

    A `cancel` that can `attach(solver)` stops the run at once (the status is
    then not OPTIMAL/FEASIBLE/INFEASIBLE, which callers read as "no answer").
    """
    solver = cp_model().CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = seconds
    detach = cancel.attach(solver) if hasattr(cancel, "attach") else None
    try:
        status = solver.solve(model)
    finally:
        if detach is not None:
            detach()
    return status, solver


def enumerate_solutions(
    model: Any,
    read: Callable[[Any], SolutionT],
    forbid: Callable[[SolutionT], None],
    limit: int,
    time_limit: float,
    cancel: Any = None,
) -> list[SolutionT]:
    """Up to `limit` solutions of `model`: `read(solver)` decodes one, `forbid(solution)`
    adds the cut that rules it out before the next run.

    `cancel` (anything with `is_set()`) or the time limit running out raise
    `TimeoutError`: no answer, which is not "no solution".
    """
    cp = cp_model()
    found: list[SolutionT] = []
    deadline = time.monotonic() + time_limit
    while len(found) < limit:
        if cancel is not None and cancel.is_set():
            raise TimeoutError("cancelled")
        status, solver = solve(model, max(deadline - time.monotonic(), 0.001), cancel)
        if status == cp.INFEASIBLE:
            break
        if status not in (cp.OPTIMAL, cp.FEASIBLE):
            raise TimeoutError("CP-SAT found no answer in time")
        solution = read(solver)
        found.append(solution)
        forbid(solution)
    return found


LevelT = TypeVar("LevelT")
GridT = TypeVar("GridT")
VarsT = TypeVar("VarsT")


class GridModel(Generic[LevelT, GridT, VarsT, SolutionT]):
    """A kind's CP-SAT model that a position (`grid`: the player's marks) can fix.

    A kind says how to `build` the model, `read` a solution off a solved run
    and `forbid` one found; `solutions` counts them.
    """

    def build(self, level: LevelT, grid: GridT | None = None) -> tuple[Any, VarsT]:
        """The model and its variables; `grid` (default: the level's givens) fixes marks."""
        raise NotImplementedError

    def read(self, solver: Any, x: VarsT) -> SolutionT:
        """The solution `solver` found."""
        raise NotImplementedError

    def forbid(self, model: Any, x: VarsT, solution: SolutionT) -> None:
        """Add the cut that rules `solution` out."""
        raise NotImplementedError

    def solutions(
        self,
        level: LevelT,
        limit: int = 2,
        grid: GridT | None = None,
        time_limit: float = 10.0,
        cancel: Any = None,
    ) -> list[SolutionT]:
        """Up to `limit` solutions of `level` (with `grid`'s marks fixed).

        `cancel` (anything with `is_set()`; a `solver.CancelToken` also stops a
        running search at once) or the time limit running out raise
        `TimeoutError`: no answer, which is not "no solution".
        """
        model, x = self.build(level, grid)
        return enumerate_solutions(
            model,
            lambda solver: self.read(solver, x),
            lambda solution: self.forbid(model, x, solution),
            limit,
            time_limit,
            cancel,
        )
