"""Helpers for the solver-assist Pilot tests: settling workers, fake checkers, big boards."""

from __future__ import annotations

import threading
import time

from queens_tui.app import QueensApp
from queens_tui.kinds.queens.board import Board
from queens_tui.kinds.queens.level import Level
from queens_tui.solver import CancelToken, CompletableResult, Status


async def settle(pilot, app: QueensApp) -> None:
    """Let every worker finish and every message they posted be handled."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


def message_text(app: QueensApp) -> str:
    """What the message line under the board says."""
    return str(app.game_screen.query_one("#message").content)


def rows_level(n: int) -> Level:
    """An n x n level whose regions are its rows: many solutions, any size.

    The placement "odd columns first, then even ones" never touches, so the
    level is solvable for every n >= 4.
    """
    return Level.from_rows([chr(ord("A") + r) * n for r in range(n)])


class BlockingChecker:
    """A checker that waits for `release` (or a cancel) before answering.

    Records every board it was asked about and the token it got, so tests can
    prove a newer move cancels the older check.
    """

    def __init__(self, answer: Status = Status.NONE, timeout: float = 10.0) -> None:
        self.answer = answer
        self.timeout = timeout
        self.release = threading.Event()
        self.started = threading.Event()
        self.calls: list[tuple[Board, CancelToken]] = []

    def __call__(self, board: Board, cancel: CancelToken) -> CompletableResult:
        self.calls.append((board, cancel))
        self.started.set()
        end = time.monotonic() + self.timeout
        while not self.release.is_set() and time.monotonic() < end:
            self.release.wait(0.005)
        return CompletableResult(self.answer)
