"""Queens' answers for the game's worker (`PLAY`, a `core.play.PlaySolver`).

The questions go through the solver service (`solver.queens.service`), which owns
the engines (the exact search, or the CP-SAT model of `solver.queens.model`);
this module adds what only the game needs: one deadline over several calls,
and the solutions learnt per level that let most checks skip solving. Model,
service and play are three modules importing downward, with no cycle.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from queens_tui.core.grid import Cell, cell_name
from queens_tui.core.play import Deadline, Hint, Verdict
from queens_tui.kinds.queens.board import Board, Mark, Move
from queens_tui.kinds.queens.deduce import first_error
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.play import mistake_hint
from queens_tui.kinds.queens.search import CancelFlag
from queens_tui.solver.queens.service import Limits, Status, completable, count, reveal


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

    Every question goes through the solver service (`solver.queens.service`) with
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
        got = count(level, 2, **_limits(engine, time_limit, cancel))
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
        level = state.level
        self._learn(level, engine, min(LEARN_SECONDS, time_limit), cancel)
        quick = self.quick_check(state)
        if quick is not None:
            return quick
        got = completable(level, state.queens, state.crosses, **_limits(engine, time_limit, cancel))
        if got.completable is None:
            return Verdict.UNKNOWN
        if got.completable:
            self._found(level, got.queens)
        return Verdict.CAN_FINISH if got.completable else Verdict.CANNOT_FINISH

    def _finder(self, engine: str, time_limit: float, cancel: CancelFlag) -> Any:
        deadline = Deadline(time_limit, cancel)

        def first(
            level: Level, queens: Iterable[Cell] = (), forbidden: Iterable[Cell] = ()
        ) -> tuple[Cell, ...] | None:
            left = max(deadline.end - time.monotonic(), 0.0)
            got = completable(level, queens, forbidden, **_limits(engine, left, cancel))
            if got.completable is None:
                raise Undecided
            return got.queens or None

        return first

    def mistake(
        self, state: Board, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[Move] | None:
        try:
            found = first_error(state, self._finder(engine, time_limit, cancel))
        except Undecided:
            return None
        return None if found is None else mistake_hint(found)

    def reveal(
        self, state: Board, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[Move] | None:
        got = reveal(
            state.level, state.queens, state.crosses, **_limits(engine, time_limit, cancel)
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


def _limits(engine: str, time_limit: float, cancel: CancelFlag) -> Limits:
    """The service's limits of a question: the game's engine ("search" and "auto" both mean
    the pure search), its time limit and cancel flag."""
    return {
        "engine": "cpsat" if engine == "cpsat" else "search",
        "time_limit": time_limit,
        "cancel": cancel,
    }


PLAY = QueensSolver()
"""The Queens answers for the game's worker (`solver.play_solver("queens")`)."""
