"""What every conformance test shares: one kind's first level, opened as a player opens it.

Nothing here names a kind: the level is the kind's daily of `DAY` (a Monday: each kind's
smallest daily), or for a kind without dailies its board of the default size; a mark is the
first of the kind's own move keys that changes the board. A new kind in `KINDS` is tested
by adding nothing.
"""

from __future__ import annotations

import asyncio
import time
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from queens_tui.app import QueensApp, create_app
from queens_tui.app.kinds import get_ui
from queens_tui.kinds import KINDS, get_kind
from queens_tui.store import Store
from tests.app.conftest import FakeClock

DAY = date(2026, 11, 23)
"""A Monday, "today" for every test here: each kind's smallest daily."""

SIZE = (80, 24)
"""The terminal of every test: the smallest the game promises to fit."""


@pytest.fixture(params=KINDS)
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(autouse=True)
def no_second_solution_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """No search for a second solution when a level opens (a notice no promise here is
    about): each of these tests opens one or two levels, and the suite keeps to seconds."""
    from queens_tui.midend import door

    monkeypatch.setattr(door, "SEVERAL_MAX_CELLS", 0)


def store_in(root: Path) -> Store:
    return Store(root, sync=False, today=lambda: DAY)


def launch(kind: str, root: Path, clock: FakeClock, **options: Any) -> QueensApp:
    """The app on `kind`'s daily of `DAY` (a board of the default size for a kind without
    dailies), saving in `root`, the pure search as the engine (no OR-Tools to load)."""
    made = get_kind(kind)
    level = None if made.daily is not None else f"{kind}:{made.default_size}"
    return create_app(
        level, kind=kind, daily=DAY, store=store_in(root), now=clock, engine="search", **options
    )


async def settle(pilot: Any) -> None:
    """Every request of the game's worker answered and drawn (looking every 10 ms: a
    tighter loop would spend the CPU the worker needs)."""
    from queens_tui.app.screens.game import GameScreen

    app = pilot.app
    end = time.monotonic() + 20
    for _ in range(2):
        await pilot.pause()
        for screen in app.screen_stack:
            if isinstance(screen, GameScreen):
                midend = screen.midend
                while midend.worker.busy or midend.assistant.waiting:
                    assert time.monotonic() < end, "the worker did not answer in 20 s"
                    await asyncio.sleep(0.01)
    await pilot.pause()


async def mark(pilot: Any, app: QueensApp) -> tuple[int, int]:
    """Make the first mark the kind's own keys can make, as a player would: key by key, cell
    by cell, until the position (as saved) changes; returns the cell. (A Patches patch takes
    two presses: its first corner, then the other.)"""
    screen = app.game_screen
    game = screen.midend.game
    rows, cols = screen.midend.dims
    blank = game.rules.state_to_json(game.state)
    for action in get_ui(kind_of(app)).moves:
        for r in range(rows):
            for c in range(cols):
                screen.board_view.cursor = (r, c)
                await pilot.press(action.keys.split(",")[0])
                if game.rules.state_to_json(game.state) != blank:
                    return (r, c)
    raise AssertionError("no move key changes the board")


def kind_of(app: QueensApp) -> str:
    return app.game_screen.kind


def plain_board(app: QueensApp) -> list[str]:
    """The board as its text, line by line (no colour)."""
    view = app.game_screen.board_view
    return ["".join(seg.text for seg in view.render_line(y)) for y in range(view.size.height)]
