"""Pilot tests of the level browser: listing, filters, progress marks, choosing, closing."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import OptionList, Select, Static

from queens_tui.app.screens.browser import LevelBrowser
from queens_tui.app.widgets.level_table import LevelTable
from queens_tui.catalog import LevelRef
from queens_tui.catalog.listing import (
    ALL_PACKS,
    DAILY_PACK,
    BrowserState,
    daily_entries,
    pack_entries,
)
from queens_tui.formats.meta import read_meta
from queens_tui.formats.queens import load
from queens_tui.kinds.queens.board import History
from queens_tui.store import Store, daily_key, pack_key
from tests.app.browser_fixtures import PACKS, TODAY, make_store, write_levels
from tests.player import playing

SIZE = (120, 40)
UNSET = object()


class Host(App[None]):
    """Pushes the browser on mount and keeps what it dismisses with."""

    def __init__(self, make: callable) -> None:  # type: ignore[valid-type]
        super().__init__()
        self.make = make
        self.result: object = UNSET

    def on_mount(self) -> None:
        self.push_screen(self.make(), self.got)

    def got(self, choice: LevelRef | None) -> None:
        self.result = choice


@pytest.fixture
def levels(tmp_path: Path) -> list[tuple[str, Path]]:
    return write_levels(tmp_path / "levels")


@pytest.fixture
def store(tmp_path: Path, levels: list[tuple[str, Path]]) -> Store:
    return make_store(tmp_path / "data", levels)


def browser(app: App[None]) -> LevelBrowser:
    screen = app.screen
    assert isinstance(screen, LevelBrowser)
    return screen


def rows(app: App[None]) -> list[str]:
    """Row keys of the table, top to bottom."""
    return list(browser(app).table.keys)


def packs_only(keys: list[str]) -> list[str]:
    return [k for k in keys if k.startswith("pack:")]


def cell(app: App[None], key: str, column: str) -> str:
    """The plain text of one cell of the row `key`."""
    table = browser(app).table
    index = [c.key for c in table.columns].index(column)
    return table.cells[table.keys.index(key)][index].plain


def host(
    store: Store, levels: list[tuple[str, Path]], current: object = None, **kw: object
) -> Host:
    return Host(lambda: LevelBrowser(store, current, levels=levels, today=TODAY, **kw))  # type: ignore[arg-type]


# --- pure parts -------------------------------------------------------------------------------


def test_read_meta_scans_headers_and_rows(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("\ufeff# name: Quiet\n# Difficulty: Hard\n# other: x\n\nAB\nBA\n")
    meta = read_meta(path)
    assert (meta.name, meta.size, meta.difficulty) == ("Quiet", 2, "hard")
    path.write_text("# name: Changed\nAAB\nABB\nCCC\n")
    assert read_meta(path).name == "Changed"  # the cache notices the change
    assert read_meta(tmp_path / "missing.txt").size is None


def test_read_meta_of_other_formats(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text('{"name": "J", "difficulty": "Easy", "regions": ["AB", "BA"]}')
    meta = read_meta(path)
    assert (meta.name, meta.size, meta.difficulty) == ("J", 2, "easy")
    bad = tmp_path / "b.json"
    bad.write_text("{")
    assert read_meta(bad).size is None


def test_daily_entries_without_generating(tmp_path: Path) -> None:
    folder = tmp_path / "daily"
    folder.mkdir()
    (folder / "2026-03-10.txt").write_text("# name: Filed\n# difficulty: easy\nAB\nBA\n")
    (folder / "2026-04-01.txt").write_text("AB\nBA\n")  # the future: not listed
    old = date(2025, 12, 25)
    entries = daily_entries(TODAY, folder, played=[old], days=31)
    days = [e.ref.day for e in entries]
    assert days[0] == TODAY and days == sorted(days, reverse=True)
    assert len(days) == 32 and old in days and date(2026, 4, 1) not in days
    filed = next(e for e in entries if e.ref.day == date(2026, 3, 10))
    assert filed.ref.path == str(folder / "2026-03-10.txt")
    assert (filed.size, filed.difficulty) == (2, "easy") and "Filed" in filed.title
    today = entries[0]
    assert today.ref.path is None and (today.size, today.difficulty) == (8, "medium")
    assert "today" in today.title


def test_pack_entries_follow_bundled_order(levels: list[tuple[str, Path]]) -> None:
    entries = pack_entries(levels)
    assert [e.ref.bundled_id for e in entries] == [i for i, _ in levels]
    first = entries[0]
    assert (first.pack, first.title, first.size, first.difficulty) == (
        "1-easy",
        "Morning walk",
        6,
        "easy",
    )
    assert first.key == "pack:1-easy/001"


# --- the screen -------------------------------------------------------------------------------


async def test_lists_dailies_then_packs(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        keys = rows(app)
        n_levels = sum(len(v) for v in PACKS.values())
        assert keys[0] == f"daily:{TODAY.isoformat()}"
        assert keys[-n_levels:] == [f"pack:{i}" for i, _ in levels]
        # 31 recent days + the old played one; not tomorrow's file
        assert len(keys) == 32 + n_levels
        assert f"daily:{(TODAY - timedelta(days=60)).isoformat()}" in keys
        assert f"daily:{(TODAY + timedelta(days=1)).isoformat()}" not in keys
        packs = browser(app).query_one("#packs", OptionList)
        ids = [packs.get_option_at_index(i).id for i in range(packs.option_count)]
        assert ids == [ALL_PACKS, DAILY_PACK, "1-easy", "2-medium", "3-expert"]
        assert cell(app, "pack:2-medium/003", "title") == "Lighthouse"
        assert cell(app, "pack:2-medium/003", "difficulty") == "hard"
        assert cell(app, "pack:2-medium/003", "size") == "8×8"


async def test_marks_from_the_store(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        assert cell(app, "pack:1-easy/001", "mark") == "✔ solved"
        assert cell(app, "pack:1-easy/001", "best") == "01:23"  # a faster helped solve: not best
        assert cell(app, "pack:1-easy/002", "mark") == "✱ helped"  # a shape of its own
        assert cell(app, "pack:1-easy/002", "best") == "02:05"
        assert cell(app, "pack:1-easy/003", "mark") == ""
        assert cell(app, "pack:1-easy/003", "best") == ""
        assert cell(app, "pack:2-medium/001", "mark") == "▶ playing"
        today = f"daily:{TODAY.isoformat()}"
        yesterday = f"daily:{(TODAY - timedelta(days=1)).isoformat()}"
        assert cell(app, today, "mark") == "▶ playing"
        assert cell(app, yesterday, "mark") == "✔ solved"
        assert cell(app, yesterday, "best") == "04:10"
        title = str(browser(app).query_one("#browser-title").render())
        assert "4 of 40 solved" in title and "streak 1 day " in title


async def test_ascii_marks(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels, ascii=True)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        assert cell(app, "pack:1-easy/001", "mark") == "+ solved"
        assert cell(app, "pack:2-medium/001", "mark") == "> playing"


@pytest.mark.slow  # 13 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_filters_by_keys(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")  # smallest size: 6x6 (two easy levels and the daily file)
        await pilot.pause()
        keys = rows(app)
        assert set(keys) == {
            "pack:1-easy/001",
            "pack:1-easy/003",
            f"daily:{(TODAY - timedelta(days=2)).isoformat()}",
        }
        await pilot.press("s", "s")  # 7x7, then 8x8
        await pilot.pause()
        assert browser(app).state.size == 8
        assert browser(app).query_one("#f-size", Select).value == 8
        assert all(cell(app, k, "size") == "8×8" for k in rows(app))
        await pilot.press("S", "S", "S")  # back to all sizes
        await pilot.press("d", "d", "d")  # easy, medium, hard
        await pilot.pause()
        assert packs_only(rows(app)) == ["pack:2-medium/003"]
        dailies = [k for k in rows(app) if k.startswith("daily:")]
        assert dailies and all(cell(app, k, "difficulty") == "hard" for k in dailies)
        await pilot.press("D", "D", "D")  # easy, all: every difficulty again
        await pilot.press("f")  # not solved
        await pilot.pause()
        keys = rows(app)
        assert "pack:1-easy/001" not in keys and "pack:1-easy/003" in keys
        await pilot.press("f")  # in progress
        await pilot.pause()
        assert set(rows(app)) == {"pack:2-medium/001", f"daily:{TODAY.isoformat()}"}
        await pilot.press("f")  # solved
        await pilot.pause()
        assert set(rows(app)) == {
            "pack:1-easy/001",
            "pack:1-easy/002",
            f"daily:{(TODAY - timedelta(days=1)).isoformat()}",
            f"daily:{(TODAY - timedelta(days=60)).isoformat()}",
        }
        await pilot.press("c")
        await pilot.pause()
        assert len(rows(app)) == 40


@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_nothing_matches_shows_a_message(
    store: Store, levels: list[tuple[str, Path]]
) -> None:
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("s", "d", "d", "d", "d")  # 6x6 expert: none
        await pilot.pause()
        assert rows(app) == []
        screen = browser(app)
        assert screen.has_class("-empty")
        assert screen.query_one("#empty").display
        said = str(screen.query_one("#empty", Static).render())
        assert "No level matches" in said and "press c to clear" in said
        await pilot.press("enter")  # nothing to open: stays
        await pilot.pause()
        assert app.result is UNSET and app.screen is screen


@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_packs_by_key_and_mouse(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right_square_bracket")  # Daily puzzles
        await pilot.pause()
        assert all(k.startswith("daily:") for k in rows(app)) and len(rows(app)) == 32
        await pilot.press("right_square_bracket")  # 1-easy
        await pilot.pause()
        assert rows(app) == ["pack:1-easy/001", "pack:1-easy/002", "pack:1-easy/003"]
        await pilot.press("left_square_bracket", "left_square_bracket")
        await pilot.pause()
        assert browser(app).state.pack == ALL_PACKS
        # Click the "3-expert" line of the pack list (row 4 inside its border).
        await pilot.click("#packs", offset=(5, 5))
        await pilot.pause()
        assert browser(app).state.pack == "3-expert"
        assert rows(app) == ["pack:3-expert/001", "pack:3-expert/002"]


@pytest.mark.slow  # 12 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_select_with_the_mouse(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        select = browser(app).query_one("#f-difficulty", Select)
        await pilot.click("#f-difficulty")
        await pilot.pause()
        assert select.expanded
        await pilot.press(
            "down", "down", "down", "down", "enter"
        )  # all, easy, medium, hard, expert
        await pilot.pause()
        assert browser(app).state.difficulty == "expert"
        assert packs_only(rows(app)) == ["pack:3-expert/001", "pack:3-expert/002"]


async def test_enter_returns_the_choice(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels, "pack:2-medium/002")
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        screen = browser(app)
        assert screen.highlighted is not None
        assert screen.highlighted.key == "pack:2-medium/002"  # the current level
        await pilot.press("down", "enter")
        await pilot.pause()
        paths = dict(levels)
        assert app.result == LevelRef("queens", "2-medium/003", str(paths["2-medium/003"]))
        assert not isinstance(app.screen, LevelBrowser)


async def test_enter_on_a_daily(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels, LevelRef.daily(TODAY))
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        assert browser(app).state.pack == ALL_PACKS
        await pilot.press("down", "down", "enter")  # two days ago: the folder's file
        await pilot.pause()
        day = TODAY - timedelta(days=2)
        choice = app.result
        assert isinstance(choice, LevelRef)
        assert (choice.kind, choice.day, choice.text) == ("queens", day, f"daily:{day}")
        assert choice.path == str(store.daily_dir / f"{day.isoformat()}.txt")
        assert choice.key == f"daily:{day.isoformat()}"


async def test_generated_daily_has_no_path(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("t", "enter")
        await pilot.pause()
        assert app.result == LevelRef.daily(TODAY)
        assert not (store.root / "cache").exists()  # nothing was generated to draw the list


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_double_click_opens(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels, "pack:1-easy/002")
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        screen = browser(app)
        top = screen.table.cursor - int(screen.table.scroll_y)
        offset = (20, top - 1)  # one row above the cursor
        await pilot.click("#levels", offset=offset)
        await pilot.pause()
        assert app.result is UNSET  # the first click only moves the cursor
        assert screen.highlighted is not None
        assert screen.highlighted.key == "pack:1-easy/001"
        await pilot.click("#levels", offset=offset)
        await pilot.pause()
        assert isinstance(app.result, LevelRef) and app.result.bundled_id == "1-easy/001"


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_escape_returns_none(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("s", "escape")
        await pilot.pause()
        assert app.result is None
        assert not isinstance(app.screen, LevelBrowser)


@pytest.mark.slow  # 8 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_today_clears_what_hides_it(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("s", "f", "f", "f")  # 6x6, solved: today is hidden
        await pilot.pause()
        assert f"daily:{TODAY.isoformat()}" not in rows(app)
        await pilot.press("t")
        await pilot.pause()
        screen = browser(app)
        assert screen.highlighted is not None
        assert screen.highlighted.key == f"daily:{TODAY.isoformat()}"
        assert (screen.state.size, screen.state.show, screen.state.pack) == (
            None,
            "all",
            DAILY_PACK,
        )


@pytest.mark.slow  # 8 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_state_is_kept_between_openings(store: Store, levels: list[tuple[str, Path]]) -> None:
    state = BrowserState()
    app = host(store, levels, state=state)
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("d", "right_square_bracket", "right_square_bracket", "escape")
        await pilot.pause()
    assert (state.difficulty, state.pack) == ("easy", "1-easy")
    app = host(store, levels, state=state)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        assert rows(app) == ["pack:1-easy/001", "pack:1-easy/002", "pack:1-easy/003"]
        assert browser(app).query_one("#f-difficulty", Select).value == "easy"


async def test_current_level_selects_its_pack_when_a_pack_is_shown(
    store: Store, levels: list[tuple[str, Path]]
) -> None:
    state = BrowserState(pack="1-easy")
    app = host(store, levels, "pack:3-expert/002", state=state)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        screen = browser(app)
        assert screen.state.pack == "3-expert"
        assert screen.highlighted is not None and screen.highlighted.key == "pack:3-expert/002"
        assert isinstance(screen.focused, LevelTable)


async def test_fast_keys_do_not_ping_pong(store: Store, levels: list[tuple[str, Path]]) -> None:
    """Keys faster than the Select messages: the last key wins and stays."""
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        screen = browser(app)
        await pilot.pause()
        calls: list[str | None] = []
        refresh = screen._refresh

        def counting(keep: str | None = None) -> None:
            calls.append(keep)
            refresh(keep)

        screen._refresh = counting  # type: ignore[method-assign]
        screen.action_cycle("size", 1)  # 6
        screen.action_cycle("size", 1)  # 7
        screen.action_cycle("size", 1)  # 8
        screen.action_cycle("size", -1)  # 7
        for _ in range(4):
            await pilot.pause()
        assert screen.state.size == 7
        assert screen.query_one("#f-size", Select).value == 7
        assert rows(app) and all(cell(app, k, "size") == "7×7" for k in rows(app))
        assert len(calls) == 4  # one rebuild per key; stale Select messages change nothing


async def test_fast_pack_keys_settle_and_stop(store: Store, levels: list[tuple[str, Path]]) -> None:
    """Issue 10 item 20: quick `]` `[` left the pack list and the state ping-ponging between
    two packs for ever (a stale OptionHighlighted set the old pack back, which highlighted it
    again...), the app's thread at 100% CPU. A stale highlight is dropped: the last key wins."""
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        screen = browser(app)
        await pilot.pause()
        for step in (1, -1, 1, 1, -1):  # keys faster than the list's messages
            screen.action_pack(step)
        for _ in range(3):
            await pilot.pause()
        calls: list[str | None] = []
        refresh = screen._refresh

        def counting(keep: str | None = None) -> None:
            calls.append(keep)
            refresh(keep)

        screen._refresh = counting  # type: ignore[method-assign]
        for _ in range(6):
            await pilot.pause()
        assert calls == []  # settled: nothing rebuilds any more
        assert screen.state.pack == screen.packs[1]
        assert screen.query_one("#packs", OptionList).highlighted == 1


@pytest.mark.slow  # 5 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_key_line_is_clickable(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        screen = browser(app)
        text = str(screen.query_one("#keys").render())
        x = text.index("d difficulty") + 1  # + the line's left padding
        await pilot.click("#keys", offset=(x, 0))
        await pilot.pause()
        assert screen.state.difficulty == "easy"
        x = text.index("esc back") + 1
        await pilot.click("#keys", offset=(x, 0))
        await pilot.pause()
        assert app.result is None


async def test_list_keys_move_and_scroll(store: Store, levels: list[tuple[str, Path]]) -> None:
    app = host(store, levels)
    async with playing(app, size=(120, 20)) as pilot:
        await pilot.pause()
        table = browser(app).table
        assert table.cursor == 0
        await pilot.press("end")
        await pilot.pause()
        assert table.cursor_key == "pack:3-expert/002"
        visible = table.scrollable_content_region.height
        assert table.scroll_y <= table.cursor < table.scroll_y + visible  # scrolled into view
        await pilot.press("home", "pagedown")
        await pilot.pause()
        assert table.cursor == visible - 1
        await pilot.press("up", "up", "down")
        await pilot.pause()
        assert table.cursor == visible - 2
        await pilot.press("q")
        await pilot.pause()
        assert app.result is None


async def test_a_stale_state_is_reset(store: Store, levels: list[tuple[str, Path]]) -> None:
    state = BrowserState(pack="gone", size=20, difficulty="insane", show="?")
    app = host(store, levels, state=state)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        assert (state.pack, state.size, state.difficulty, state.show) == (
            ALL_PACKS,
            None,
            None,
            "all",
        )
        assert len(rows(app)) == 40


@pytest.mark.slow  # 12 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_80_columns_say_what_they_hide_and_rows_are_numbered(
    store: Store, levels: list[tuple[str, Path]]
) -> None:
    """Issue 10 item 8, one app for speed: at 80x24 the hidden columns are named and the key
    line wraps; at 120x40 all columns show; rows are numbered in the list shown; a solved
    level being replayed keeps its tick."""
    level = load(dict(levels)["1-easy/001"])  # solved in the fixtures; now replayed
    store.save_progress(pack_key("1-easy/001"), History.new(level), 5.0)
    store.flush()
    app = host(store, levels)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        screen = browser(app)
        hidden = screen.query_one("#hidden", Static)
        assert hidden.display and screen.has_class("-narrow")
        assert str(hidden.render()) == "wider terminal shows: pack, best time"
        header = str(screen.query_one("#table-header", Static).render())
        assert "Level" in header and "Pack" not in header and "Best" not in header
        table = screen.table
        assert table.line_width <= table.scrollable_content_region.width  # no sideways scroll
        keys, legend = screen.query_one("#keys"), screen.query_one("#legend")
        assert keys.size.height == legend.size.height == 2  # wrapped, not cut: "t today" shows
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not hidden.display and "Best" in str(screen.query_one("#table-header").render())
        assert keys.size.height == legend.size.height == 1
        assert [cell(app, k, "number").strip() for k in rows(app)[:3]] == ["1", "2", "3"]
        assert cell(app, "pack:1-easy/001", "mark") == "✔ solved"  # not ▶ playing
        await pilot.press("f", "f")  # in progress: the replay is listed, still ticked
        await pilot.pause()
        assert "pack:1-easy/001" in rows(app)
        assert cell(app, rows(app)[0], "number").strip() == "1"  # numbered in the list shown


def test_title_shows_the_streak_of_each_kind_listed(
    store: Store, levels: list[tuple[str, Path]]
) -> None:
    """The title's streak is that of the dailies listed: Queens' alone (as before), else each
    kind's (a Tango streak showed Queens' before). No app needed: the title is text."""
    two_ago = TODAY - timedelta(days=2)
    for day in (two_ago, two_ago + timedelta(days=1), TODAY):
        store.record_solve(daily_key(day, "tango"), 60.0, daily=day, today=day, kind="tango")
    queens = LevelBrowser(store, None, levels=levels, today=TODAY)._title()
    assert queens.endswith("Queens daily streak 1 day (best 1)")
    both = LevelBrowser(store, None, levels=levels, today=TODAY, kinds=["queens", "tango"])
    title = both._title()
    assert title.endswith("daily streaks (best): Queens 1 (1) · Tango 3 (3)"), title
    assert len(title) <= 76  # fits the title bar at 80 columns
    every = LevelBrowser(store, None, levels=levels, today=TODAY, kinds=["queens", "zip", "tango"])
    assert every._title().endswith("daily streaks: Queens 1 · Zip 0 · Tango 3")  # no room for bests
