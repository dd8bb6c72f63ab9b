"""Helpers for the game's Pilot tests: a fake clock, level files, reading the drawn board."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.style import Style

from queens_tui.app import QueensApp, create_app
from queens_tui.app.screens.game import GameScreen
from queens_tui.app.widgets.queens import BoardView
from queens_tui.core.grid import Cell
from tests.app.reading import glyph_of
from tests.conftest import EXAMPLE_8, SOLUTION_8

SIZE = (100, 40)
"""Terminal size for the Pilot tests: the 8x8 example fits with 7x3 cells."""


class FakeClock:
    """A time source the test moves by hand, so nothing sleeps."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def level8_file(tmp_path: Path) -> Path:
    path = tmp_path / "eight.txt"
    path.write_text("# name: Example eight\n" + EXAMPLE_8)
    return path


@pytest.fixture
def solution8() -> list[Cell]:
    return [(r, c) for r, c in enumerate(SOLUTION_8)]


@pytest.fixture
def app8(level8_file: Path, clock: FakeClock) -> QueensApp:
    return create_app(str(level8_file), now=clock)


def game_screen(app: QueensApp) -> GameScreen:
    return app.game_screen


def board_view(app: QueensApp) -> BoardView:
    return app.game_screen.query_one(BoardView)


def drawn(view: BoardView, cell: Cell) -> tuple[str, Style]:
    """The glyph drawn in the middle of `cell` (a big drawing read back as its glyph), and its
    style, as the widget renders it."""
    return glyph_of(view, cell)


async def go_to(pilot, app: QueensApp, cell: Cell) -> None:
    """Walk the cursor to `cell` with the arrow keys."""
    view = board_view(app)
    r, c = view.cursor
    keys = (["down"] * (cell[0] - r) if cell[0] > r else ["up"] * (r - cell[0])) + (
        ["right"] * (cell[1] - c) if cell[1] > c else ["left"] * (c - cell[1])
    )
    if keys:
        await pilot.press(*keys)
    assert view.cursor == cell
