"""The stats screen as a player reaches it: `g` from the game (on the game's kind), the command
palette's "Stats", `g` in the level browser; kinds switched by key, 30 or 90 days; the same
figures after a relaunch; a corrupt or empty stats file says there is nothing yet; NO_COLOR and
ASCII keep a glyph per calendar state."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from textual.widgets import Static

from queens_tui.app import create_app
from queens_tui.app.app import QueensApp
from queens_tui.app.screens.browser import LevelBrowser
from queens_tui.app.screens.game import GameScreen
from queens_tui.app.screens.stats import Chart, StatsScreen
from queens_tui.catalog.figures import Record
from queens_tui.store import Store
from tests.player import playing
from tests.stats_data import TODAY, record_stats, write_stats


def _store(folder: Path, days: int = 40) -> Store:
    if days:
        write_stats(folder, record_stats(days))
    return Store(folder, sync=False, today=lambda: TODAY)


def _app(folder: Path, level: str = "1-easy/001", days: int = 40) -> QueensApp:
    return create_app(level, store=_store(folder, days), persist=False, engine="search")


def _text(screen: StatsScreen, which: str) -> str:
    return str(screen.query_one(which, Static).content)


async def test_g_opens_the_stats_of_the_games_kind_and_escape_goes_back(tmp_path: Path) -> None:
    app = _app(tmp_path, "tango-1-easy/001")
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen) and screen.kind == "tango"
        assert _text(screen, "#stats-title").startswith("Stats · Tango · Streak")
        assert "[Tango]" in _text(screen, "#stats-kinds")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_the_palette_and_the_browser_open_the_stats(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Stats")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen) and app.screen.kind == "queens"
        await pilot.press("escape", "l")
        await pilot.pause()
        assert isinstance(app.screen, LevelBrowser)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen) and app.screen.kind == "queens"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LevelBrowser)


async def test_kinds_and_days_switch_by_key_and_show_the_records_figures(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        record = Record.of(record_stats(40), TODAY)
        await pilot.press("left_square_bracket")
        assert screen.kind is None and "[All kinds]" in _text(screen, "#stats-kinds")
        every = record.figures(None)
        assert f"{every.totals.levels} solved" in _text(screen, "#totals")
        await pilot.press("right_square_bracket", "right_square_bracket", "right")
        assert screen.kind == "zip"
        chart = screen.query_one("#times", Chart)
        assert chart.days == 30 and "last 30 days" in str(chart.render())
        await pilot.press("t")
        await pilot.pause()
        assert chart.days == 90 and "last 90 days" in str(chart.render())
        for _ in range(2):
            await pilot.press("right")
        assert screen.kind == "sudoku"
        tabs = _text(screen, "#stats-kinds")
        await pilot.click("#stats-kinds", offset=(tabs.index("Tango") + 2, 0))
        assert screen.kind == "tango" and "[Tango]" in _text(screen, "#stats-kinds")


async def test_a_relaunch_shows_the_same_figures(tmp_path: Path) -> None:
    """Every number comes from the saved file: a solve recorded, the game closed, a new one
    on the same folder shows what the first showed."""
    first = _store(tmp_path)
    first.record_solve("daily:2026-11-27", 95.0, today=TODAY, hints=1, mistakes=2)
    shown = Record.of(first.saved_stats(), TODAY).figures(None).as_json()
    first.close()
    del first
    again = Store(tmp_path, sync=False, today=lambda: TODAY)
    assert Record.of(again.saved_stats(), TODAY).figures(None).as_json() == shown
    assert shown["totals"]["with_hints"] >= 1


NEGATIVE = (
    b'{"format": "queens-tui/stats", "version": 1, "levels": {"daily:2026-11-01": {"solves": -1}}}'
)


@pytest.mark.parametrize("content", [b"{oops", NEGATIVE], ids=["not-json", "negative"])
async def test_a_corrupt_file_is_set_aside_and_the_screen_says_nothing_yet(
    tmp_path: Path, content: bytes
) -> None:
    (tmp_path / "stats.json").write_bytes(content)
    app = _app(tmp_path, days=0)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert _text(screen, "#stats-empty").startswith("Nothing solved yet of Queens")
        await pilot.press("left_square_bracket")
        assert _text(screen, "#stats-empty").startswith("Nothing solved yet:")
    assert [p.name.split(".corrupt-")[0] for p in tmp_path.glob("stats.json.corrupt-*")] == [
        "stats.json"
    ]


async def test_no_color_and_ascii_keep_a_glyph_per_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = create_app(
        "1-easy/001", store=_store(tmp_path), persist=False, engine="search", ascii=True
    )
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert app.no_color and isinstance(app.screen, StatsScreen)
        calendar = _text(app.screen, "#calendar")
        assert {"#", "+", "."} <= set(calendar) and calendar.isascii()
        assert "# clean  + with help  . not solved" in calendar


async def test_a_record_dated_after_today_is_said_once_on_the_screen(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.record_solve("pack:1-easy/002", 50.0, today=date(2027, 1, 1))  # a replay, clock wrong
    app = create_app("1-easy/001", store=store, persist=False, engine="search")
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        notice = app.screen.query_one("#stats-notice", Static)
        assert notice.display and str(notice.content) == (
            "1 record is dated after today (2026-11-27): left out of the figures."
        )


def test_the_made_up_record_has_every_state_today_fixed() -> None:
    """The snapshots' data: every calendar state shows, and it does not depend on the date."""
    f = Record.of(record_stats(40), TODAY).figures("queens")
    assert {"clean", "helped", "none", "out"} <= set(f.days)
    assert f.today == date(2026, 11, 27)
