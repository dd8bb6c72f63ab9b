"""Zip in the game (Pilot): arrows draw, a click cuts, a drag draws and backtracks, undo,
the live check, a hint, S and the win; `play --kind zip` opens today's Zip."""

from __future__ import annotations

import itertools

import pytest

from queens_tui.app import create_app
from queens_tui.app.widgets.zip import ZipBoard
from queens_tui.formats import zip as fmt
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.midend.levels import OpenLevel
from tests.player import playing
from tests.scenes import settled
from tests.zip_data import linkedin_days

SIZE = (100, 36)


def _level() -> tuple[ZipLevel, list[tuple[int, int]]]:
    day = linkedin_days()[3]  # 6x6
    return fmt.level_from_json(day), [tuple(c) for c in day["solution"]]


def _board(app: object) -> ZipBoard:
    board = app.screen.query_one(ZipBoard)  # type: ignore[attr-defined]
    assert isinstance(board, ZipBoard)
    return board


ARROW = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}


@pytest.mark.slow  # 14 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_arrows_draw_the_path_and_undo_takes_steps_back() -> None:
    level, sol = _level()
    app = create_app(OpenLevel(level), persist=False)
    async with playing(app, size=SIZE) as pilot:
        board = _board(app)
        keys = [ARROW[(b[0] - a[0], b[1] - a[1])] for a, b in itertools.pairwise(sol)]
        await pilot.press(*keys[:5])
        await pilot.pause()
        assert list(board.state.path) == sol[:6]
        assert board.cursor == sol[5]  # the cursor follows the end
        await pilot.press("u", "u")
        assert list(board.state.path) == sol[:4]
        await pilot.press("ctrl+r")
        assert list(board.state.path) == sol[:5]
        await settled(pilot)
        assert "can still be finished" in app.screen.status.plain  # type: ignore[attr-defined]
        assert "Zip" in app.screen.status.plain  # type: ignore[attr-defined]
        await pilot.press(*keys[4:])
        await pilot.pause()
        assert board.state.solved


@pytest.mark.slow  # 5 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_click_cuts_and_drag_draws_then_backtracks() -> None:
    level, sol = _level()
    app = create_app(OpenLevel(level), persist=False)
    async with playing(app, size=SIZE) as pilot:
        board = _board(app)
        # drag along the solution from 1
        await pilot.mouse_down(board, offset=board.cell_offset(sol[0]))
        for cell in sol[1:8]:
            await pilot.hover(board, offset=board.cell_offset(cell))
        # ... and back over the path: it is taken back
        for cell in reversed(sol[4:7]):
            await pilot.hover(board, offset=board.cell_offset(cell))
        await pilot.mouse_up(board, offset=board.cell_offset(sol[4]))
        await pilot.pause()
        assert list(board.state.path) == sol[:5]
        await pilot.press("u")  # the whole drag was one step
        assert list(board.state.path) == sol[:1]
        await pilot.press("ctrl+r")
        await pilot.click(board, offset=board.cell_offset(sol[2]))  # cut there
        await pilot.pause()
        assert list(board.state.path) == sol[:3]


async def test_hint_then_solve_wins() -> None:
    level, sol = _level()
    app = create_app(OpenLevel(level), persist=False)
    async with playing(app, size=SIZE) as pilot:
        board = _board(app)
        await pilot.press("h")
        await settled(pilot)
        # the stretch to draw, and the cells the rules' forced links run through beside it
        assert "place" in set(board.marks.values()) <= {"place", "evidence"}
        await pilot.press("h")
        await settled(pilot)
        assert len(board.state.path) > 1 and list(board.state.path) == sol[: len(board.state.path)]
        await pilot.press("S", "y")  # S asks first
        await settled(pilot)
        assert board.state.solved
        from queens_tui.app.screens.win import WinScreen

        assert isinstance(app.screen, WinScreen)


async def test_play_kind_zip_opens_todays_zip(tmp_path: object) -> None:
    from datetime import date

    from queens_tui.store.daily import daily_level

    found = daily_level("zip", date.today(), str(tmp_path))
    app = create_app(OpenLevel(found.level), persist=False)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        board = _board(app)
        assert board.level.kind == "zip"
        assert "Zip" in app.screen.status.plain  # type: ignore[attr-defined]


async def test_the_browser_lists_zip_packs_and_opens_one() -> None:
    from queens_tui.app.screens.browser import LevelBrowser
    from queens_tui.catalog import LevelRef
    from queens_tui.formats.bundled import bundled_levels
    from queens_tui.store import Store

    app = create_app("1-easy/001", persist=False)
    async with playing(app, size=SIZE) as pilot:
        store = Store()
        browser = LevelBrowser(store)
        packs = {e.pack for e in browser.entries}
        assert {"zip-1-6x6", "zip-2-7x7", "zip-3-8x8"} <= packs
        entry = next(e for e in browser.entries if e.pack == "zip-3-8x8")
        assert entry.size == 8 and entry.difficulty in ("medium", "hard", "expert")
        store.close()
        level_id, _path = bundled_levels("zip")[0]
        app.screen._chosen(LevelRef.bundled(level_id))  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.pause()
        assert _board(app).level.kind == "zip"
        assert "Zip" in app.screen.status.plain  # type: ignore[attr-defined]
        await settled(pilot)
