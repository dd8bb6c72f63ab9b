"""Stats per level, the daily streak across days, and settings."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from queens_tui.store import LevelStats, Settings, Store
from queens_tui.store.stats import SchemaError, Stats, Streak, decode_stats, encode_stats

D = date(2026, 11, 16)  # a Monday


def day(i: int) -> date:
    return D + timedelta(days=i)


def test_first_best_last_and_help() -> None:
    s = LevelStats()
    assert not s.solved and not s.helped
    s = s.with_solve(300.0, day(0), hints=2)  # first solve, with hints: helped
    assert (s.solves, s.clean_solves, s.hints, s.last_hints) == (1, 0, 2, 2)
    assert (s.first_time, s.first_date, s.first_helped) == (300.0, "2026-11-16", True)
    assert s.helped and s.best_time == 300.0 and s.best_helped
    s = s.with_solve(500.0, day(1))  # slower but clean: a clean best beats a helped one
    assert not s.helped and (s.best_time, s.best_helped, s.best_date) == (
        500.0,
        False,
        "2026-11-17",
    )
    s = s.with_solve(100.0, day(2), helped=True)  # fast with the solver: not a best
    assert s.best_time == 500.0 and s.last_time == 100.0 and s.last_helped
    s = s.with_solve(200.0, day(3))
    assert (s.best_time, s.last_time, s.solves, s.clean_solves) == (200.0, 200.0, 4, 2)
    assert s.first_time == 300.0 and s.hints == 2 and s.last_hints == 0


def test_a_daily_the_solver_solved_keeps_no_streak_and_no_best_time() -> None:
    """Issue 35 item 2: `S` (helped) is recorded as a solve with help, nothing more."""
    st = Stats()
    s = st.record("daily:2026-11-16", 60, day(0), daily=day(0), helped=True)
    assert st.streak(day(0)).current == 0 and s.best_time is None
    assert s.solves == 1 and s.last_helped


def test_streak_counts_days_solved_on_the_day() -> None:
    st = Stats()
    assert st.streak(day(0)).current == 0
    st.record("daily:2026-11-16", 60, day(0), daily=day(0))
    st.record("daily:2026-11-17", 60, day(1), daily=day(1), hints=3)  # help still counts
    st.record("daily:2026-11-18", 60, day(2), daily=day(2), hints=1)
    s = st.streak(day(2))
    assert (s.current, s.best, s.solved_today) == (3, 3, True)
    # Next day, not solved yet: the streak is still alive.
    s = st.streak(day(3))
    assert (s.current, s.best, s.solved_today) == (3, 3, False)
    # A day missed: broken, best remembered.
    s = st.streak(day(4))
    assert (s.current, s.best) == (0, 3)
    # Solving the missed day's puzzle later does not repair it.
    st.record("daily:2026-11-19", 60, day(4), daily=day(3))
    assert st.streak(day(4)).current == 0
    assert st.levels["daily:2026-11-19"].solves == 1
    st.record("daily:2026-11-20", 60, day(4), daily=day(4))
    st.record("daily:2026-11-21", 60, day(5), daily=day(5))
    assert (st.streak(day(5)).current, st.streak(day(5)).best) == (2, 3)
    # Solving a non-daily level never feeds the streak.
    st.record("pack:x", 10, day(6))
    assert st.streak(day(6)).current == 2 and not st.streak(day(6)).solved_today


def test_streak_through_the_store_across_restarts(tmp_path: Path) -> None:
    today = [day(0)]
    for i in range(5):
        today[0] = day(i)
        store = Store(tmp_path, today=lambda: today[0])
        key = store.daily_key()
        assert key == f"daily:{day(i).isoformat()}"
        store.record_solve(key, 100 + i)  # the date comes from the key
        assert store.streak().current == i + 1
    today[0] = day(7)
    store = Store(tmp_path, today=lambda: today[0])
    assert (store.streak().current, store.streak().best) == (0, 5)
    assert store.level_stats("daily:2026-11-18") == LevelStats().with_solve(102, day(2))


def test_two_instances_do_not_lose_each_others_solves(tmp_path: Path) -> None:
    a = Store(tmp_path)
    b = Store(tmp_path)
    a.record_solve("pack:one", 10.0, today=day(0))
    b.record_solve("pack:two", 20.0, today=day(0))
    fresh = Store(tmp_path)
    assert set(fresh.all_stats()) == {"pack:one", "pack:two"}


def test_stats_file_round_trip_and_schema(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.record_solve("daily:2026-11-16", 75.5, hints=1, today=day(0))
    obj = json.loads((tmp_path / "stats.json").read_text("utf-8"))
    assert obj["format"] == "queens-tui/stats" and obj["version"] == 1
    assert obj["streak_days"] == ["2026-11-16"] and obj["best_streak"] == 1
    entry = obj["levels"]["daily:2026-11-16"]
    assert entry["best_time"] == 75.5 and entry["hints"] == 1 and entry["first_helped"] is True
    again = decode_stats(obj)
    assert encode_stats(again) == obj


def test_settings_defaults_save_and_partial_files(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.settings == Settings(auto_cross=True, live_check=True, theme="textual-dark")
    assert not (tmp_path / "settings.json").exists()  # nothing written until asked
    store.save_settings(Settings(auto_cross=False, theme="gruvbox"))
    assert Store(tmp_path).settings == Settings(auto_cross=False, live_check=True, theme="gruvbox")
    # An older or hand-edited file with fewer keys (and unknown ones) still loads.
    (tmp_path / "settings.json").write_text(
        '{"format": "queens-tui/settings", "version": 1, "live_check": false, "future": 1}'
    )
    s = Store(tmp_path)
    assert s.settings == Settings(live_check=False) and s.take_notices() == []


def test_each_kind_has_its_own_streak_and_old_files_keep_queens(tmp_path: Path) -> None:
    old = {  # a stats file from before kinds had streaks
        "format": "queens-tui/stats",
        "version": 1,
        "levels": {},
        "streak_days": [day(0).isoformat(), day(1).isoformat()],
        "best_streak": 2,
    }
    stats = decode_stats(old)
    assert stats.streak(day(1)).current == 2 and stats.streak(day(1), "zip").current == 0
    assert encode_stats(stats) == old  # no kind streaks: written exactly as before
    stats.record("zip-daily:2026-11-17", 40.0, day(1), daily=day(1), kind="zip")
    stats.record("tango-daily:2026-11-17", 30.0, day(1), daily=day(1), kind="tango")
    stats.record("zip-daily:2026-11-18", 40.0, day(2), daily=day(2), kind="zip")
    assert stats.streak(day(2)).current == 2  # Queens: alive from yesterday, unchanged
    assert stats.streak(day(2), "zip") == Streak(2, 2, True)
    tango = stats.streak(day(2), "tango")
    assert (tango.current, tango.best, tango.solved_today) == (1, 1, False)
    data = encode_stats(stats)
    assert data["kind_streaks"]["zip"] == {"days": ["2026-11-17", "2026-11-18"], "best": 2}
    assert decode_stats(json.loads(json.dumps(data))) == stats
    bad_runs: list[dict[str, object]] = [
        {"zip": []},
        {"zip": {"days": ["soon"]}},
        {"zip": {"best": -1}},
    ]
    for bad in bad_runs:
        with pytest.raises((SchemaError, ValueError)):
            decode_stats({**old, "kind_streaks": bad})
    # Through the store: the kind's solve feeds the kind's streak only.
    store = Store(tmp_path, today=lambda: day(3))
    store.record_solve("zip-daily:2026-11-19", 50.0, daily=day(3), kind="zip")
    assert store.streak(kind="zip").current == 1 and store.streak().current == 0
    assert Store(tmp_path, today=lambda: day(3)).streak(kind="zip").solved_today
