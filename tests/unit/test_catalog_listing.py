"""The level browser's query without an app: filters, pack counts, numbered rows, marks, and
which columns a narrow list leaves out (and says so)."""

from __future__ import annotations

from datetime import date

from queens_tui.app.widgets.level_table import Column, fit_columns
from queens_tui.catalog import LevelRef
from queens_tui.catalog.listing import (
    ALL_PACKS,
    DAILY_PACK,
    BrowserState,
    Entry,
    Listing,
    Status,
    daily_entries,
    played_days,
)
from queens_tui.store.progress import daily_key, parse_daily_key
from queens_tui.store.stats import LevelStats

DAY = date(2026, 3, 18)


def listing() -> Listing:
    entries = [
        Entry(LevelRef.daily(DAY), DAILY_PACK, "today", 8, "medium"),
        Entry(LevelRef.bundled("1-easy/001"), "1-easy", "Morning", 6, "easy"),
        Entry(LevelRef.bundled("1-easy/002"), "1-easy", "Garden", 7, "easy"),
        Entry(LevelRef.bundled("2-hard/001"), "2-hard", "Tower", 8, "hard"),
    ]
    stats = {
        "pack:1-easy/001": LevelStats(solves=2, clean_solves=1, best_time=83.0),
        "pack:1-easy/002": LevelStats(solves=1, clean_solves=0, best_time=125.0),
    }
    playing = {"pack:1-easy/001", "pack:2-hard/001"}  # 1-easy/001: a replay of a solved level
    return Listing.of(entries, stats, playing)


def test_filters_and_pack_counts() -> None:
    found = listing()
    everything = found.query(BrowserState())
    assert everything.shown[0].key == "daily:2026-03-18"
    assert everything.counts[ALL_PACKS] == (2, 4) and everything.counts["1-easy"] == (2, 2)
    todo = found.query(BrowserState(show="todo"))
    assert [e.title for e in todo.shown] == ["today", "Tower"]
    assert todo.counts["1-easy"] == (0, 0)
    easy = found.query(BrowserState(pack="1-easy", size=7))
    assert [e.title for e in easy.shown] == ["Garden"] and easy.counts["2-hard"] == (0, 0)
    assert found.sizes == [None, 6, 7, 8]
    assert found.difficulties == [None, "easy", "medium", "hard"]


def test_rows_are_numbered_and_a_replayed_solve_stays_solved() -> None:
    found = listing()
    rows = [found.row(e, n) for n, e in enumerate(found.query(BrowserState()).shown, start=1)]
    assert [r.number for r in rows] == [1, 2, 3, 4]
    assert [r.mark for r in rows] == ["", "solved", "helped", "playing"]
    assert rows[1].best == "01:23" and rows[1].size == "6×6" and rows[0].pack == "Daily"
    assert Status(solved=True, playing=True).mark == "solved"  # not ▶: the first result holds
    assert found.query(BrowserState(show="playing")).shown[0].title == "Morning"  # still listed


def test_a_stale_state_is_reset_and_the_current_pack_shown() -> None:
    found = listing()
    state = BrowserState(pack="2-hard", size=14, difficulty="expert", show="bogus")
    found.fix(state, current="pack:1-easy/002")
    assert state == BrowserState(pack="1-easy")


def test_daily_keys_per_kind(tmp_path) -> None:
    keys = ["daily:2026-03-01", "tango-daily:2026-03-02", "zip-daily:bad", "pack:1-easy/001"]
    assert played_days(keys) == {date(2026, 3, 1)}
    assert played_days(keys, "tango") == {date(2026, 3, 2)}
    assert parse_daily_key(daily_key(DAY, "zip")) == ("zip", DAY)
    assert parse_daily_key("pack:daily:2026-03-01") is None  # a bundled id that says daily
    assert parse_daily_key("grid:abc") is None
    rows = daily_entries(DAY, tmp_path, days=3, kind="tango")
    assert [e.key for e in rows] == [f"tango-daily:2026-03-{d}" for d in (18, 17, 16)]
    assert rows[0].pack == "tango-daily" and rows[0].ref == LevelRef.daily(DAY, "tango")


def test_narrow_lists_drop_columns_in_order_and_name_them() -> None:
    columns = [
        Column("number", "#", 3),
        Column("mark", "", 9, least=1, crop=True),
        Column("title", "Level", 30, least=21),
        Column("pack", "Pack", 12, drop=1),
        Column("size", "Size", 5, drop=3),
        Column("difficulty", "Difficulty", 10, drop=4),
        Column("best", "Best", 5, drop=2),
    ]
    wide, none = fit_columns(columns, 200)
    assert wide == columns and none == []

    def widths(shown: list[Column]) -> dict[str, int]:
        return {c.key: c.width for c in shown}

    # a little short: the title gives what is missing, the mark keeps its word
    shown, hidden = fit_columns(columns, 75)
    assert hidden == [] and widths(shown) == {**widths(columns), "title": 25}
    shown, hidden = fit_columns(columns, 45)  # 80 columns beside the pack list
    assert [c.key for c in hidden] == ["pack", "best"]
    assert [c.key for c in shown] == ["number", "mark", "title", "size", "difficulty"]
    assert sum(c.width for c in shown) + len(shown) - 1 == 45
    # the title down to 21, then the mark to its glyph (never half a word), which frees one
    # cell more than needed: back to the title
    assert widths(shown)["mark"] == 1 and widths(shown)["title"] == 22
    _, more = fit_columns(columns, 30)
    assert [c.key for c in more] == ["pack", "size", "difficulty", "best"]
