"""Helpers for the session Pilot tests: a store in a temp dir, level folders, notifications.

Every store here lives under the test's tmp_path with a fixed "today", so no
test depends on the real home, the real date or another test.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

from queens_tui.app import QueensApp
from queens_tui.store import Store
from tests.conftest import EXAMPLE_8, EXAMPLE_9

TODAY = date(2026, 3, 16)
"""A Monday: the generated daily is 7x7 easy, made in a few hundredths of a second."""

SIZE = (100, 40)

EXAMPLE_6 = """\
AABBBB
AABCCB
DDBCCB
DEEEFB
DDEEFF
DDDEFF
"""
"""A 6x6 level (several solutions: fine for moving around, not for solving)."""


def make_store(root: Path, *, daily_dir: Path | None = None, today: date = TODAY) -> Store:
    """A store in `root` with a fixed today (no fsync: tests only)."""
    return Store(root, daily_dir=daily_dir, sync=False, today=lambda: today)


def write_folder(folder: Path) -> list[Path]:
    """Three level files that sort a < b < c (8x8, 9x9, 6x6)."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for name, title, rows in (
        ("a.txt", "First", EXAMPLE_8),
        ("b.txt", "Second", EXAMPLE_9),
        ("c.txt", "Third", EXAMPLE_6),
    ):
        path = folder / name
        path.write_text(f"# name: {title}\n{rows}")
        files.append(path)
    return files


def notices(app: QueensApp, severity: str | None = None) -> list[str]:
    """The messages of the notifications the app has shown (of one severity, if given)."""
    return [
        n.message
        for n in app._notifications  # Textual keeps no public list
        if severity is None or n.severity == severity
    ]


async def settle(pilot, app: QueensApp) -> None:
    """Let every worker (Textual's and the assistant's threads) finish and its messages land."""
    from tests.scenes import settled

    await settled(pilot)


async def wait_until(pilot, done: Callable[[], bool], timeout: float = 10.0) -> None:
    """Pause until `done()` holds (for screens switched by a worker's result)."""
    import time

    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out waiting"
        await pilot.pause(0.02)


async def game_ready(pilot, app: QueensApp) -> None:
    """Wait until a game screen is on top and mounted (after a daily was generated)."""
    from queens_tui.app.screens.game import GameScreen

    await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
    await pilot.pause()
