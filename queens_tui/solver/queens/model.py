"""The CP-SAT model of a Queens level, behind a lazy OR-Tools import.

`import ortools.sat.python.cp_model` is slow (it pulls numpy and pandas;
docs/performance.md), so nothing here touches OR-Tools until a function is
first called.

The model is the fastest of those tried (docs/performance.md): one
Boolean per cell, `add_exactly_one` per row, column and region, and
`add_at_most_one` over every 2x2 window, which is the whole "no two queens
touch" rule once each row and column holds exactly one queen (two touching
queens in different rows and columns are diagonal neighbours, so they share
a 2x2 window). One worker, presolve off, enumeration stopped at the limit.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from queens_tui.core.grid import Cell
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.search import CancelFlag
from queens_tui.solver.cancel import CancelToken
from queens_tui.solver.cpsat import cp_model

PRESOLVE = False
"""Presolve off: these models are too small to gain from it, and on the corpus it cost
more time than it saved (docs/performance.md)."""

POLL_SECONDS = 0.005
"""How often a helper thread looks at a plain cancel flag to stop CP-SAT."""


@cache
def _collector_class() -> type:
    """A solution callback that keeps up to `limit` solutions, then stops the search."""
    cp = cp_model()

    class Collector(cp.CpSolverSolutionCallback):  # type: ignore[misc, name-defined]  # lazy module
        def __init__(self, grid: list[list[Any]], limit: int, cancel: CancelFlag | None) -> None:
            super().__init__()
            self.grid = grid
            self.limit = limit
            self.cancel = cancel
            self.found: list[tuple[Cell, ...]] = []

        def on_solution_callback(self) -> None:
            value = self.boolean_value
            self.found.append(
                tuple(
                    (r, c) for r, row in enumerate(self.grid) for c, x in enumerate(row) if value(x)
                )
            )
            if len(self.found) >= self.limit or (self.cancel is not None and self.cancel.is_set()):
                self.stop_search()

    return Collector


@dataclass(frozen=True)
class Outcome:
    """What one CP-SAT run found, before the service turns it into a result."""

    solutions: tuple[tuple[Cell, ...], ...]
    complete: bool
    """True when the answer is definitive: `limit` solutions, or proof there are no more."""


def build(
    level: Level, queens: Iterable[Cell] = (), crosses: Iterable[Cell] = ()
) -> tuple[Any, list[list[Any]]]:
    """The model and its grid of cell variables, with the board's queens and crosses fixed."""
    cp = cp_model()
    model = cp.CpModel()
    n = level.size
    x = [[model.new_bool_var(f"q{r}_{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        model.add_exactly_one(x[r])
    for c in range(n):
        model.add_exactly_one([x[r][c] for r in range(n)])
    for cells in level.region_cells:
        model.add_exactly_one([x[r][c] for r, c in cells])
    for r in range(n - 1):
        for c in range(n - 1):
            model.add_at_most_one(x[r][c], x[r][c + 1], x[r + 1][c], x[r + 1][c + 1])
    for r, c in queens:
        model.add(x[r][c] == 1)
    for r, c in crosses:
        model.add(x[r][c] == 0)
    return model, x


class _Cached:
    """A level's model, built once, with the board's marks passed as assumptions.

    Building the model in Python costs more than solving it, and the game asks about one
    level again and again. The lock keeps two worker
    threads from changing one model's assumptions at once.
    """

    def __init__(self, level: Level) -> None:
        self.model, self.x = build(level)
        self.flat = [v for row in self.x for v in row]
        self.lock = threading.Lock()


@cache
def _cached(level: Level) -> _Cached:
    return _Cached(level)


_cached_levels: list[Level] = []


def _model_for(level: Level) -> _Cached:
    """The cached model of `level` (the last few levels only: memory stays small)."""
    if level not in _cached_levels:
        _cached_levels.append(level)
        if len(_cached_levels) > 4:
            _cached_levels.pop(0)
            _cached.cache_clear()
    return _cached(level)


def _solver(time_limit: float) -> Any:
    """A CP-SAT solver set up as every call here wants it: one worker, our presolve, a limit."""
    solver = cp_model().CpSolver()
    params = solver.parameters
    params.num_workers = 1
    params.cp_model_presolve = PRESOLVE
    params.max_time_in_seconds = max(time_limit, 0.0)
    return solver


@contextmanager
def _stoppable(solver: Any, cancel: CancelFlag | None) -> Iterator[None]:
    """While the block runs, `cancel` stops `solver`.

    A `CancelToken` stops it at once (the solver is attached to it); a plain flag is polled
    every `POLL_SECONDS` by a helper thread that calls `stop_search()`.
    """
    if cancel is None:
        yield
        return
    if isinstance(cancel, CancelToken):
        detach = cancel.attach(solver)
        try:
            yield
        finally:
            detach()
        return
    done = threading.Event()

    def watch() -> None:
        while not done.wait(POLL_SECONDS):
            if cancel.is_set():
                solver.stop_search()
                return

    watcher = threading.Thread(target=watch, name="queens-cpsat-cancel", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join()


def _first(
    level: Level,
    queens: Iterable[Cell],
    crosses: Iterable[Cell],
    time_limit: float,
    cancel: CancelFlag | None,
) -> Outcome:
    """One solution under the marks: the cached model, no solution callback."""
    cp = cp_model()
    cached = _model_for(level)
    x = cached.x
    solver = _solver(time_limit)
    with _stoppable(solver, cancel), cached.lock:
        if cancel is not None and cancel.is_set():
            return Outcome((), False)
        model = cached.model
        model.clear_assumptions()
        model.add_assumptions([x[r][c] for r, c in queens] + [x[r][c].Not() for r, c in crosses])
        status = solver.solve(model)
        model.clear_assumptions()
        if status in (cp.OPTIMAL, cp.FEASIBLE):
            value = solver.boolean_value
            found = tuple((r, c) for r, row in enumerate(x) for c, v in enumerate(row) if value(v))
            return Outcome((found,), True)
    return Outcome((), status == cp.INFEASIBLE)


def run(
    level: Level,
    *,
    limit: int,
    queens: Iterable[Cell] = (),
    crosses: Iterable[Cell] = (),
    time_limit: float,
    cancel: CancelFlag | None,
) -> Outcome:
    """Enumerate up to `limit` solutions of the level under the board's marks.

    `cancel` stops it (`_stoppable`): a `CancelToken` at once, a plain flag within
    `POLL_SECONDS`.
    """
    cp = cp_model()
    if limit == 1:
        return _first(level, queens, crosses, time_limit, cancel)
    model, x = build(level, queens, crosses)
    solver = _solver(time_limit)
    params = solver.parameters
    if limit > 1:
        params.enumerate_all_solutions = True
    collector = _collector_class()(x, limit, cancel)

    with _stoppable(solver, cancel):
        if cancel is not None and cancel.is_set():
            return Outcome((), False)
        status = solver.solve(model, collector)
    found = tuple(collector.found[:limit])
    # Definitive when CP-SAT proved there is nothing (more) to find, or when
    # we already hold as many solutions as were asked for.
    complete = (
        status == cp.INFEASIBLE
        or len(found) >= limit
        or (status == cp.OPTIMAL and params.enumerate_all_solutions)
    )
    return Outcome(found, complete)
