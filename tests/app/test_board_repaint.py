"""The board repaints only the cells a move changes: prove nothing stale is left on screen.

A key press repaints a few regions (the cells the move changed, the two the
cursor touched) instead of the whole widget, which is what keeps a key press
under a frame. The danger of partial repaints is a cell whose drawing changed
but was not repainted. These tests replay every update the app hands to the
terminal into a small terminal emulator, and after each step compare what the
terminal shows with a full repaint of the board.
"""

from __future__ import annotations

import random

import pytest
from rich.control import ControlType
from rich.segment import Segment
from rich.style import Style

from queens_tui.app import QueensApp
from tests.app.conftest import SIZE, board_view, game_screen
from tests.player import playing

Screen = list[list[tuple[str, Style | None]]]


class Terminal:
    """Just enough of a terminal: cursor moves and text, as Textual's updates use them."""

    def __init__(self, width: int, height: int) -> None:
        self.cells: Screen = [[(" ", None)] * width for _ in range(height)]
        self.x = self.y = 0

    def feed(self, segments: list[Segment]) -> None:
        for segment in segments:
            if segment.control:
                for code in segment.control:
                    if code[0] is ControlType.CURSOR_MOVE_TO:
                        self.x, self.y = code[1], code[2]  # type: ignore[misc]
                continue
            for ch in segment.text:
                if ch == "\n":
                    self.x, self.y = 0, self.y + 1
                    continue
                row = self.cells[self.y]
                if 0 <= self.x < len(row):
                    row[self.x] = (ch, segment.style)
                self.x += 1

    def rows(self, top: int, height: int) -> list[list[tuple[str, Style | None]]]:
        return [list(row) for row in self.cells[top : top + height]]


def attach(app: QueensApp) -> Terminal:
    """Record every update the app sends to the display into a `Terminal`."""
    terminal = Terminal(*app.size)
    original = app._display

    def display(target, renderable) -> None:  # type: ignore[no-untyped-def]
        original(target, renderable)
        if renderable is not None:
            options = app.console.options
            terminal.feed(list(renderable.__rich_console__(app.console, options)))

    app._display = display  # type: ignore[method-assign]
    return terminal


async def assert_board_current(pilot, app: QueensApp, terminal: Terminal, step: str) -> None:
    """What the terminal shows of the board equals a full repaint of it."""
    await pilot.pause()
    view = board_view(app)
    region = view.region
    shown = terminal.rows(region.y, region.height)
    view._forget(everything=True)
    view.refresh()
    await pilot.pause()
    full = terminal.rows(region.y, region.height)
    for y, (a, b) in enumerate(zip(shown, full, strict=True)):
        assert a == b, f"after {step}: board line {y} was left stale"


KEYS = ["up", "down", "left", "right", "space", "enter", "x", "backspace", "u", "ctrl+r", "a"]


# slow: 120 random keys on two sizes, each fourth one checked against a full repaint (~3 s
# of CPU each); test_conflicts_appear_and_clear_everywhere checks the same in the default run.
@pytest.mark.slow
@pytest.mark.parametrize("size", [SIZE, (40, 12)], ids=["bordered", "compact"])
async def test_partial_repaints_leave_nothing_stale(app8: QueensApp, size) -> None:
    rng = random.Random(3)
    async with playing(app8, size=size) as pilot:
        await pilot.pause()
        terminal = attach(app8)
        app8.screen.refresh()  # a full frame into the recorder
        await pilot.pause()
        view = board_view(app8)
        assert view.layout_now is not None
        assert view.layout_now.bordered is (size == SIZE)
        for i in range(120):
            key = rng.choice(KEYS)
            await pilot.press(key)
            if game_screen(app8).midend.game.solved:
                break
            if i % 4 == 3:
                await assert_board_current(pilot, app8, terminal, f"key {i} ({key})")
        await assert_board_current(pilot, app8, terminal, "the last key")


async def test_conflicts_appear_and_clear_everywhere(app8: QueensApp) -> None:
    """Two queens in one column tint the whole column; taking one back clears all of it."""
    async with playing(app8, size=SIZE) as pilot:
        await pilot.pause()
        terminal = attach(app8)
        app8.screen.refresh()
        await pilot.pause()
        await pilot.press("enter", "down", "down", "enter")  # (0,0) and (2,0): same column
        assert game_screen(app8).midend.game.board.conflicts.cols == {0}
        await assert_board_current(pilot, app8, terminal, "a column conflict")
        await pilot.press("enter")
        assert not game_screen(app8).midend.game.board.conflicts
        await assert_board_current(pilot, app8, terminal, "the conflict resolved")
        await pilot.press("u", "u")
        await assert_board_current(pilot, app8, terminal, "undo")
