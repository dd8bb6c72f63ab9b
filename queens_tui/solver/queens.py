"""The CP-SAT model of a Queens level, behind a lazy OR-Tools import.

`import ortools.sat.python.cp_model` costs about 0.4 s (it pulls numpy and
pandas), so nothing here touches OR-Tools until a function is first called.

The model is the one that measured fastest here (GUIDE section 4): one
Boolean per cell, `add_exactly_one` per row, column and region, and
`add_at_most_one` over every 2x2 window, which is the whole "no two queens
touch" rule once each row and column holds exactly one queen (two touching
queens in different rows and columns are diagonal neighbours, so they share
a 2x2 window). One worker, presolve off, enumeration stopped at the limit.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from queens_tui.core.play import Deadline, Hint, Verdict
from queens_tui.kinds.queens.board import Board, Move
from queens_tui.kinds.queens.level import Cell, Level
from queens_tui.kinds.queens.search import CancelFlag

PRESOLVE = False
"""Presolve off: on the corpus (solve + prove unique, one worker) it cost 2.32 s of CPU
with presolve against 1.96 s without; these models are too small to gain from it."""

POLL_SECONDS = 0.005
"""How often a helper thread looks at a plain cancel flag to stop CP-SAT."""


@cache
def cp_model() -> Any:
    """The `cp_model` module, imported on first use (imports are thread-safe)."""
    from ortools.sat.python import cp_model as module

    return module


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

    Building the model in Python costs more than solving it (18x18: ~6 ms against a few
    ms), and the game asks about one level again and again. The lock keeps two worker
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
def _stoppable(
    solver: Any,
    cancel: CancelFlag | None,
    attach: Callable[[Any], Callable[[], None]] | None,
) -> Iterator[None]:
    """While the block runs, `cancel` stops `solver`.

    `attach(solver)` (a `CancelToken`'s) stops it at once; a plain flag is polled
    every `POLL_SECONDS` by a helper thread that calls `stop_search()`.
    """
    if cancel is None:
        yield
        return
    if attach is not None:
        detach = attach(solver)
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
    attach: Callable[[Any], Callable[[], None]] | None,
) -> Outcome:
    """One solution under the marks: the cached model, no solution callback."""
    cp = cp_model()
    cached = _model_for(level)
    x = cached.x
    solver = _solver(time_limit)
    with _stoppable(solver, cancel, attach), cached.lock:
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
    attach: Callable[[Any], Callable[[], None]] | None = None,
) -> Outcome:
    """Enumerate up to `limit` solutions of the level under the board's marks.

    `attach(solver)` lets a cancel handle stop this solver at once; it returns
    a function that detaches it. Without it, a plain flag is polled every
    `POLL_SECONDS` by a helper thread that calls `stop_search()`.
    """
    cp = cp_model()
    if limit == 1:
        return _first(level, queens, crosses, time_limit, cancel, attach)
    model, x = build(level, queens, crosses)
    solver = _solver(time_limit)
    params = solver.parameters
    if limit > 1:
        params.enumerate_all_solutions = True
    collector = _collector_class()(x, limit, cancel)

    with _stoppable(solver, cancel, attach):
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


# --------------------------------------------------------------------------- the game's worker


class Undecided(Exception):
    """A solver call ran out of time or was cancelled: no answer, not "no"."""


LEARN_SECONDS = 1.0
"""At most this long (of a check's time limit) to learn a level's solutions on its first
check; a level that takes longer (a huge board with many solutions) is checked by solving."""

KNOWN_LEVELS = 4
"""Levels whose known solutions are kept (the one being played, and the last few)."""


@dataclass(frozen=True)
class Known:
    """The solutions of one level that the worker's engine has found so far."""

    solutions: tuple[frozenset[Cell], ...]
    complete: bool
    """Proved to be every solution of the level (it has at most one, or this many)."""


class QueensSolver:
    """`core.play.PlaySolver` for Queens: what the game's background worker asks.

    Every question goes through the solver service (`solver.service`) with
    the engine the game chose: CP-SAT by default in the game, the pure exact
    search as a fallback (or with `play --engine search`). One deadline and
    one cancel flag cover all the solver calls a question makes.

    It also remembers the solutions its engine found per level: the first
    check of a level counts them (up to two: most levels have exactly one),
    and each later check answers from them when they decide (`quick_check`,
    a `core.play.QuickCheck`): a queen or cross that no known solution allows
    on a level whose solutions are all known, or a known solution that fits
    the board. Both are exact, and the game asks `quick_check` right after a
    move, so most verdicts need no solve and no thread at all.
    """

    def __init__(self) -> None:
        self._known: list[tuple[Level, Known]] = []
        self._lock = threading.Lock()

    def known(self, level: Level) -> Known | None:
        """What this solver knows of `level`'s solutions (None: nothing yet)."""
        for seen, known in reversed(self._known):
            if seen is level:
                return known
        for seen, known in reversed(self._known):
            if seen == level:
                return known
        return None

    def _remember(self, level: Level, known: Known) -> None:
        with self._lock:  # a new list, assigned whole: the UI thread reads it without the lock
            kept = [(lv, k) for lv, k in self._known if lv != level]
            self._known = [*kept, (level, known)][-KNOWN_LEVELS:]

    def _learn(self, level: Level, engine: str, time_limit: float, cancel: CancelFlag) -> None:
        """Count `level`'s solutions (up to two) with the engine, once per level."""
        if self.known(level) is not None:
            return
        from queens_tui.solver.service import Status, count

        got = count(level, 2, time_limit=time_limit, cancel=cancel, engine=_engine(engine))
        if got.status in (Status.CANCELLED,):
            return  # asked again on the next check
        solutions = tuple(frozenset(s) for s in got.solutions)
        # Timed out (a huge board with many solutions): remember what was found, not complete.
        self._remember(level, Known(solutions, got.status in (Status.UNIQUE, Status.NONE)))

    def _found(self, level: Level, solution: Iterable[Cell]) -> None:
        """A completion the engine found: keep it as a known solution."""
        known = self.known(level) or Known((), False)
        found = frozenset(solution)
        if not known.complete and found not in known.solutions:
            self._remember(level, Known((*known.solutions[-7:], found), False))

    def quick_check(self, state: Board) -> Verdict | None:
        """The verdict when it is certain without solving (microseconds), else None.

        Queens that break a rule can never be finished; a known solution that
        holds every queen and no manual cross is a completion; and when every
        solution of the level is known, a board that fits none of them cannot
        be finished.
        """
        if state.conflicts:
            return Verdict.CANNOT_FINISH
        known = self.known(state.level)
        if known is None:
            return None
        queens, crosses = state.queens, state.crosses
        for solution in known.solutions:
            if queens <= solution and crosses.isdisjoint(solution):
                return Verdict.CAN_FINISH
        return Verdict.CANNOT_FINISH if known.complete else None

    def check(self, state: Board, *, engine: str, time_limit: float, cancel: CancelFlag) -> Verdict:
        from queens_tui.solver.service import completable

        level = state.level
        self._learn(level, engine, min(LEARN_SECONDS, time_limit), cancel)
        quick = self.quick_check(state)
        if quick is not None:
            return quick
        got = completable(
            level,
            state.queens,
            state.crosses,
            time_limit=time_limit,
            cancel=cancel,
            engine=_engine(engine),
        )
        if got.completable is None:
            return Verdict.UNKNOWN
        if got.completable:
            self._found(level, got.queens)
        return Verdict.CAN_FINISH if got.completable else Verdict.CANNOT_FINISH

    def _finder(self, engine: str, time_limit: float, cancel: CancelFlag) -> Any:
        from queens_tui.solver.service import completable

        deadline = Deadline(time_limit, cancel)

        def first(
            level: Level, queens: Iterable[Cell] = (), forbidden: Iterable[Cell] = ()
        ) -> tuple[Cell, ...] | None:
            left = max(deadline.end - time.monotonic(), 0.0)
            got = completable(
                level, queens, forbidden, time_limit=left, cancel=cancel, engine=_engine(engine)
            )
            if got.completable is None:
                raise Undecided
            return got.queens or None

        return first

    def mistake(
        self, state: Board, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[Move] | None:
        from queens_tui.kinds.queens.deduce import first_error
        from queens_tui.kinds.queens.play import mistake_hint

        try:
            found = first_error(state, self._finder(engine, time_limit, cancel))
        except Undecided:
            return None
        return None if found is None else mistake_hint(found)

    def reveal(
        self, state: Board, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[Move] | None:
        from queens_tui.kinds.queens.board import Mark, Move
        from queens_tui.kinds.queens.deduce import cell_name
        from queens_tui.solver.service import Status, reveal

        got = reveal(
            state.level,
            state.queens,
            state.crosses,
            time_limit=time_limit,
            cancel=cancel,
            engine=_engine(engine),
        )
        if got.status is not Status.SOLVED or got.cell is None:
            return None
        cell = got.cell
        text = f"No rule I know applies here; the solver reveals one queen: {cell_name(cell)}."
        return Hint(text, {cell: "place"}, Move.set(cell, Mark.QUEEN), "solver", helped=True)

    def solve(
        self, state: Board, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Board | None:
        """A solution keeping the queens and crosses if it can, else the queens, else any."""
        first = self._finder(engine, time_limit, cancel)
        level = state.level
        try:
            for queens, crosses in (
                (state.queens, state.crosses),
                (state.queens, frozenset()),
                (frozenset(), frozenset()),
            ):
                found = first(level, queens, crosses)
                if found is not None:
                    qs = frozenset(found)
                    return Board(level, qs, state.crosses - qs)
        except Undecided:
            return None
        return None


def _engine(engine: str) -> Any:
    """The service's engine name ("search" and "auto" both mean the pure search)."""
    return "cpsat" if engine == "cpsat" else "search"


PLAY = QueensSolver()
"""The Queens answers for the game's worker (`solver.play_solver("queens")`)."""
