"""Patches in the game (Pilot): patches drawn with the mouse and with the keys to the win, a
wrong patch drawn red, undo, a hint, today's Patches, and the browser's packs."""

from __future__ import annotations

import re
from typing import Any

import pytest

from queens_tui.app import create_app
from queens_tui.app.screens.win import WinScreen
from queens_tui.app.widgets.patches import WRONG_FG, PatchesBoard
from queens_tui.catalog import open_arg
from queens_tui.kinds.patches import search
from queens_tui.midend.levels import OpenLevel
from tests.player import playing
from tests.scenes import settled

LEVEL = "patches-1-easy/005"  # 7x7
SIZE = (100, 40)


def _app(size_ref: str = LEVEL) -> Any:
    ref = OpenLevel(open_arg(size_ref)[1], bundled_id=size_ref)
    return create_app(ref, persist=False, engine="search")


def _board(app: Any) -> PatchesBoard:
    board = app.screen.query_one(PatchesBoard)
    assert isinstance(board, PatchesBoard)
    return board


def _style_at(board: PatchesBoard, x: int, y: int) -> Any:
    pos = 0
    for seg in board.render_line(y):
        if pos <= x < pos + len(seg.text):
            return seg.style
        pos += len(seg.text)
    raise AssertionError("nothing drawn there")


@pytest.mark.slow  # 11 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_mouse_drags_draw_every_patch_to_the_win() -> None:
    app = _app()
    async with playing(app, size=SIZE) as pilot:
        board = _board(app)
        solution = next(search.solutions(board.state.level))
        # a wrong patch first: two clues in one, drawn with a red border; a click removes it
        first = solution[0]
        await pilot.mouse_down(board, offset=board.cell_offset((0, 0)))
        await pilot.hover(board, offset=board.cell_offset((6, 6)))
        await pilot.mouse_up(board, offset=board.cell_offset((6, 6)))
        await pilot.pause()
        assert board.state.patches == ((0, 0, 6, 6),) and board.state.faults
        x, y = board.cell_offset((0, 0))
        assert _style_at(board, x - board.layout_now().cell_w // 2 - 1, y).color.name == WRONG_FG
        await pilot.click(board, offset=board.cell_offset((3, 3)))
        await pilot.pause()
        assert board.state.patches == ()
        for rect in solution:
            top, left, bottom, right = rect
            await pilot.mouse_down(board, offset=board.cell_offset((top, left)))
            if (top, left) != (bottom, right):
                await pilot.hover(board, offset=board.cell_offset((bottom, right)))
            await pilot.mouse_up(board, offset=board.cell_offset((bottom, right)))
            await pilot.pause()
            assert rect in board.state.patches
        await settled(pilot)
        assert board.state.solved
        assert isinstance(app.screen, WinScreen)
        assert first in board.state.patches


@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_keys_draw_patches_undo_and_hint_to_the_win() -> None:
    app = _app()
    async with playing(app, size=(80, 24)) as pilot:
        board = _board(app)
        solution = sorted(next(search.solutions(board.state.level)))
        cursor = (0, 0)

        def path(to: tuple[int, int]) -> list[str]:
            nonlocal cursor
            keys = ["down" if to[0] > cursor[0] else "up"] * abs(to[0] - cursor[0])
            keys += ["right" if to[1] > cursor[1] else "left"] * abs(to[1] - cursor[1])
            cursor = to
            return keys

        for rect in solution[:-1]:
            await pilot.press(*path(rect[:2]), "space", *path(rect[2:]), "space")
            await pilot.pause()
            assert rect in board.state.patches
        assert board.state.anchor is None
        await pilot.press("u")  # the last close undone: the corner is anchored again
        assert board.state.anchor is not None and solution[-2] not in board.state.patches
        await pilot.press("ctrl+r")
        assert solution[-2] in board.state.patches
        await pilot.press("h")
        await settled(pilot)
        assert "place" in board.marks.values()
        said = app.screen.query_one("#message").text
        assert re.search(r"clue at row \d, column \d \([a-z ]+\)", said)  # its colour named
        await pilot.press("h")
        await settled(pilot)
        assert board.state.solved
        assert isinstance(app.screen, WinScreen)


async def test_play_kind_patches_opens_today_and_the_browser_lists_the_packs(
    tmp_path: object,
) -> None:
    from datetime import date

    from queens_tui.app.screens.browser import LevelBrowser
    from queens_tui.kinds.patches.calendar import decode
    from queens_tui.store import Store
    from queens_tui.store.daily import calendar_line, daily_level

    day = date(2026, 12, 1)
    found = daily_level("patches", day, str(tmp_path))
    line = calendar_line("patches", day)
    assert line is not None and found.level.clues == decode(line).clues  # the frozen calendar
    app = create_app(OpenLevel(found.level), persist=False)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        assert _board(app).state.level.kind == "patches"
        assert "Patches" in app.screen.status.plain
        store = Store()
        packs = {e.pack for e in LevelBrowser(store).entries}
        store.close()
        assert {"patches-1-easy", "patches-2-medium", "patches-3-hard"} <= packs
        await settled(pilot)


def test_an_archive_day_shares_under_linkedins_number() -> None:
    import json

    from queens_tui.formats import patches as fmt
    from queens_tui.kinds import get_play
    from queens_tui.midend.game import Game, linkedin_number
    from tests.unit.test_patches_formats import DAY

    level = fmt.parse(json.dumps(DAY))
    assert linkedin_number(level) == "127" and linkedin_number(object()) == ""
    game = Game(level, get_play("patches"))
    share = game.result().share_line()  # its file says LinkedIn's: LinkedIn's number
    assert share.startswith("Patches #127 | 0:00 ")
