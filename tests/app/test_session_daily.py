"""The daily puzzle: bare start, files in the daily folder, generation behind a loading screen,
the same puzzle in two fresh homes, n/p by day, and the CLI's errors."""

from __future__ import annotations

import re
import threading
from datetime import timedelta
from pathlib import Path

import pytest

from queens_tui.app import create_app
from queens_tui.app.screens.game import GameScreen
from queens_tui.app.screens.loading import LoadingScreen
from queens_tui.cli import main
from queens_tui.formats.queens import parse_text
from queens_tui.kinds.queens.board import Mark
from queens_tui.store import daily as daily_mod
from queens_tui.store.daily import generate_daily
from tests.conftest import EXAMPLE_8, EXAMPLE_9
from tests.player import playing

from .conftest import board_view
from .session_fixtures import (
    EXAMPLE_6,
    SIZE,
    TODAY,
    game_ready,
    make_store,
    notices,
    settle,
    wait_until,
)


def write_daily(folder: Path, day, title: str, rows: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{day.isoformat()}.txt"
    path.write_text(f"# name: {title}\n{rows}")
    return path


async def test_bare_start_opens_the_daily_file_for_today(tmp_path) -> None:
    data = tmp_path / "data"
    write_daily(data / "daily", TODAY, "Hand-made daily", EXAMPLE_8)
    write_daily(data / "daily", TODAY - timedelta(days=1), "Yesterday", EXAMPLE_9)
    app = create_app(store=make_store(data))
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.midend.ref.day == TODAY
        assert screen.midend.game.level.size == 8
        assert "Hand-made daily" in screen.status.plain


async def test_daily_dir_override_is_used(tmp_path) -> None:
    other = tmp_path / "elsewhere"
    write_daily(other, TODAY, "From --daily-dir", EXAMPLE_9)
    app = create_app(store=make_store(tmp_path / "data", daily_dir=other))
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        assert "From --daily-dir" in app.game_screen.status.plain


async def test_generation_runs_behind_a_loading_screen(tmp_path, monkeypatch) -> None:
    release = threading.Event()
    real = daily_mod.generate_daily

    def slow(kind, day):
        assert release.wait(10)
        return real(kind, day)

    monkeypatch.setattr(daily_mod, "generate_daily", slow)
    app = create_app(store=make_store(tmp_path / "data"))
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LoadingScreen)  # the first frame did not wait
        text = str(app.screen.query_one("#loading-text").render())
        assert "Generating today's puzzle (Monday, 7×7 easy)" in text
        release.set()
        await game_ready(pilot, app)
        assert app.game_screen.midend.ref.day == TODAY
        assert app.game_screen.midend.game.level == real("queens", TODAY)


async def test_two_fresh_homes_get_the_same_generated_daily(tmp_path) -> None:
    levels = []
    for home in ("one", "two"):
        app = create_app(store=make_store(tmp_path / home))
        async with playing(app, size=SIZE) as pilot:
            await game_ready(pilot, app)
            levels.append(app.game_screen.midend.game.level)
            assert "Daily 2026-03-16" in app.game_screen.status.plain
    assert levels[0].grid == levels[1].grid
    assert levels[0].grid == generate_daily("queens", TODAY).grid


async def test_generated_daily_resumes_after_relaunch(tmp_path) -> None:
    data = tmp_path / "data"
    app = create_app(store=make_store(data))
    async with playing(app, size=SIZE) as pilot:
        await game_ready(pilot, app)
        await pilot.press("right", "enter")
        await pilot.press("q")
    again = create_app(store=make_store(data))
    # cached after the first time: the game is there from the first frame
    assert again.ref is not None and again.ref.day == TODAY
    async with playing(again, size=SIZE) as pilot:
        await pilot.pause()
        assert board_view(again).board.mark((0, 1)) is Mark.QUEEN


async def test_n_and_p_on_a_daily_go_by_day(tmp_path, monkeypatch) -> None:
    data = tmp_path / "data"
    write_daily(data / "daily", TODAY, "Today's", EXAMPLE_8)
    write_daily(data / "daily", TODAY - timedelta(days=1), "Yesterday's", EXAMPLE_9)
    made = []

    def fake(kind, day):  # two days ago has no file: "generated" (fast, fixed)
        made.append(day)
        return parse_text(f"# name: Daily {day.isoformat()}\n{EXAMPLE_6}")

    monkeypatch.setattr(daily_mod, "generate_daily", fake)
    app = create_app(store=make_store(data))
    async with playing(app, size=SIZE, notifications=True) as pilot:
        screen = app.game_screen
        await pilot.press("n")  # no puzzle for tomorrow yet
        assert screen.midend.ref.day == TODAY
        assert any("next Queens daily comes at midnight" in text for text in notices(app))
        await pilot.press("enter")  # a move on today's, saved when leaving
        await pilot.press("p")
        await pilot.pause()
        assert screen.midend.ref.day == TODAY - timedelta(days=1)
        assert "Yesterday's" in screen.status.plain
        await pilot.press("p")
        await wait_until(pilot, lambda: screen.midend.ref.day == TODAY - timedelta(days=2))
        assert made == [TODAY - timedelta(days=2)]
        assert isinstance(app.screen, GameScreen)
        assert screen.midend.game.level.size == 6
        await pilot.press("n", "n")
        await pilot.pause()
        assert screen.midend.ref.day == TODAY
        assert board_view(app).board.mark((0, 0)) is Mark.QUEEN  # resumed


def test_cli_bad_daily_file_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch) -> None:
    folder = tmp_path / "days"
    bad = write_daily(folder, TODAY, "Broken", "AB\nA\n")
    code = main(["--daily-dir", str(folder), "--date", TODAY.isoformat()])
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert re.fullmatch(rf"{re.escape(str(bad))}:\d+:\d+: .+", err), err


@pytest.mark.parametrize("argv", [["--date", "2026-02-30"], ["play", "--date", "tomorrow"]])
def test_cli_bad_date_is_one_line_and_exit_2(argv, capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "bad date" in err and "YYYY-MM-DD" in err


def test_cli_level_and_date_together_is_an_error(tmp_path, capsys) -> None:
    assert main(["play", str(tmp_path / "x.txt"), "--date", "2026-03-16"]) == 2
    assert "not both" in capsys.readouterr().err


async def test_loading_screen_escape_goes_back_to_the_game(tmp_path, monkeypatch) -> None:
    data = tmp_path / "data"
    write_daily(data / "daily", TODAY, "Today's", EXAMPLE_8)
    release = threading.Event()

    def slow(kind, day):
        assert release.wait(10)
        return parse_text(EXAMPLE_6)

    monkeypatch.setattr(daily_mod, "generate_daily", slow)
    app = create_app(store=make_store(data))
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, LoadingScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        release.set()
        await settle(pilot, app)
        assert app.game_screen.midend.ref.day == TODAY  # the late puzzle was dropped
        assert isinstance(app.screen, GameScreen)
