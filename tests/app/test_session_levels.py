"""Moving between levels from the game: the level browser (`l`), `n` and `p`; the level left
behind is saved and resumes when it is opened again."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens_tui.app import create_app
from queens_tui.app.screens.browser import LevelBrowser
from queens_tui.app.screens.game import GameScreen
from queens_tui.formats import bundled
from queens_tui.formats.queens import parse_text
from queens_tui.kinds.queens.board import Mark
from queens_tui.store import daily as daily_mod
from tests.app.browser_fixtures import write_levels
from tests.player import playing

from .conftest import board_view
from .session_fixtures import EXAMPLE_6, SIZE, TODAY, make_store, notices, wait_until, write_folder


@pytest.fixture
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Path]]:
    """Bundled levels replaced by the browser fixtures' packs (1-easy, 2-medium, 3-expert)."""
    root = tmp_path / "levels"
    levels = write_levels(root)
    monkeypatch.setattr(bundled, "levels_dir", lambda: root)
    return levels


async def test_browser_opens_the_chosen_level_and_saves_the_current_one(packs, tmp_path) -> None:
    store = make_store(tmp_path / "data")
    app = create_app("2-medium/002", store=store)
    async with playing(app, size=(120, 40)) as pilot:
        screen = app.game_screen
        assert screen.midend.ref.bundled_id == "2-medium/002"
        await pilot.press("enter")  # a queen on (0, 0) before leaving
        await pilot.press("l")
        await pilot.pause()
        browser = app.screen
        assert isinstance(browser, LevelBrowser)
        assert browser.highlighted is not None and browser.highlighted.key == "pack:2-medium/002"
        assert browser.status["pack:2-medium/002"].playing  # saved before the browser opened
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.midend.ref.bundled_id == "2-medium/003"
        assert "Lighthouse" in screen.status.plain
        assert not board_view(app).board.queens
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("up", "enter")  # back: resumed with its queen
        await pilot.pause()
        assert screen.midend.ref.bundled_id == "2-medium/002"
        assert board_view(app).board.mark((0, 0)) is Mark.QUEEN


async def test_browser_escape_keeps_the_game(packs, tmp_path) -> None:
    app = create_app("1-easy/001", store=make_store(tmp_path / "data"))
    async with playing(app, size=(120, 40)) as pilot:
        await pilot.press("right", "enter", "l")
        await pilot.pause()
        assert isinstance(app.screen, LevelBrowser)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game_screen.midend.ref.bundled_id == "1-easy/001"
        assert board_view(app).board.mark((0, 1)) is Mark.QUEEN


async def test_browser_opens_a_generated_daily(packs, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(
        daily_mod,
        "generate_daily",
        lambda kind, day: parse_text(f"# name: Daily {day.isoformat()}\n{EXAMPLE_6}"),
    )
    app = create_app("1-easy/002", store=make_store(tmp_path / "data"))
    async with playing(app, size=(120, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("t", "enter")  # t: today's daily
        screen = app.game_screen
        await wait_until(pilot, lambda: screen.midend.ref.day == TODAY)
        assert isinstance(app.screen, GameScreen)
        assert "Daily 2026-03-16" in screen.status.plain


async def test_n_and_p_follow_the_bundled_order(packs, tmp_path) -> None:
    app = create_app("1-easy/003", store=make_store(tmp_path / "data"))
    async with playing(app, size=SIZE, notifications=True) as pilot:
        screen = app.game_screen
        await pilot.press("n")
        assert screen.midend.ref.bundled_id == "2-medium/001"
        await pilot.press("p", "p", "p")
        assert screen.midend.ref.bundled_id == "1-easy/001"
        await pilot.press("p")
        assert screen.midend.ref.bundled_id == "1-easy/001"
        assert any("first level" in text for text in notices(app))


async def test_n_and_p_walk_a_folder_and_resume_each_file(tmp_path, clock) -> None:
    _first, b, _third = write_folder(tmp_path / "folder")
    app = create_app(str(b), now=clock, store=make_store(tmp_path / "data"))
    async with playing(app, size=SIZE, notifications=True) as pilot:
        screen = app.game_screen
        await pilot.press("enter")
        clock.advance(30)
        await pilot.press("n")
        assert "Third" in screen.status.plain
        assert int(screen.midend.game.stopwatch.elapsed) == 0
        await pilot.press("n")
        assert "Third" in screen.status.plain
        assert any("last level" in text for text in notices(app))
        await pilot.press("p", "p")
        assert "First" in screen.status.plain
        await pilot.press("n")
        assert "Second" in screen.status.plain
        assert board_view(app).board.mark((0, 0)) is Mark.QUEEN
        assert int(screen.midend.game.stopwatch.elapsed) == 30  # its clock came back too


async def test_palette_lists_the_new_commands(level8_file, tmp_path) -> None:
    app = create_app(str(level8_file), store=make_store(tmp_path / "data"))
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        titles = {cmd.title for cmd in app.get_system_commands(app.game_screen)}
        assert {"Level browser", "Next level", "Previous level"} <= titles


async def test_a_bundled_file_by_path_is_the_bundled_level(packs, tmp_path) -> None:
    path = dict(packs)["1-easy/002"]
    app = create_app(str(path), store=make_store(tmp_path / "data"))
    assert app.ref is not None and app.ref.key == "pack:1-easy/002"  # same save as by id
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("n")
        assert app.game_screen.midend.ref.bundled_id == "1-easy/003"
