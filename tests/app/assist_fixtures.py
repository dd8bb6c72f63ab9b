"""Helpers for the solver-assist Pilot tests: settling workers, fake checkers, big boards."""

from __future__ import annotations

import threading
import time

from queens_tui.app import QueensApp
from queens_tui.core.play import Verdict
from queens_tui.kinds.queens.board import Board
from queens_tui.kinds.queens.level import Level


async def settle(pilot, app: QueensApp) -> None:
    """Let every worker (Textual's and the assistant's threads) finish and its messages land."""
    from tests.scenes import settled

    await settled(pilot)


def wrong_marks(marks: dict) -> set:
    """The cells tinted as mistakes (the line they empty is tinted as evidence beside them)."""
    return {cell for cell, mark in marks.items() if mark == "mistake"}


def message_text(app: QueensApp) -> str:
    """What the message line under the board says."""
    return str(app.game_screen.query_one("#message").content)


def rows_level(n: int) -> Level:
    """An n x n level whose regions are its rows: many solutions, any size.

    The placement "odd columns first, then even ones" never touches, so the
    level is solvable for every n >= 4.
    """
    return Level.from_rows([chr(ord("A") + r) * n for r in range(n)])


class CheckerSolver:
    """The real Queens solver for the worker, with `check` answered by `checker(state, cancel)`."""

    def __init__(self, checker) -> None:
        from queens_tui.solver import play_solver

        self.checker = checker
        self.real = play_solver("queens")

    def check(self, state, *, engine, time_limit, cancel) -> Verdict:
        return self.checker(state, cancel)

    def mistake(self, state, **kw):
        return self.real.mistake(state, **kw)

    def reveal(self, state, **kw):
        return self.real.reveal(state, **kw)

    def solve(self, state, **kw):
        return self.real.solve(state, **kw)


def use_checker(screen, checker) -> None:
    """Answer the screen's checks with `checker` (None: the real solver again)."""
    from queens_tui.solver import play_solver

    screen.midend.solver = play_solver("queens") if checker is None else CheckerSolver(checker)


class BlockingChecker:
    """A checker that waits for `release` (or a cancel) before answering.

    Records every board it was asked about and the token it got, so tests can
    prove a newer move cancels the older check.
    """

    def __init__(self, answer: Verdict = Verdict.CANNOT_FINISH, timeout: float = 10.0) -> None:
        self.answer = answer
        self.timeout = timeout
        self.release = threading.Event()
        self.started = threading.Event()
        self.calls: list[tuple[Board, object]] = []

    def __call__(self, board: Board, cancel) -> Verdict:
        self.calls.append((board, cancel))
        self.started.set()
        end = time.monotonic() + self.timeout
        while not self.release.is_set() and time.monotonic() < end:
            self.release.wait(0.005)
        return self.answer
