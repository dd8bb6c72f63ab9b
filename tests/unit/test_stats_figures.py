"""The stats screen's figures (`catalog.figures`): every aggregate from saved records, as the
player would check them by hand: streaks across a year's end and missed days, the calendar's
three states (a hint or `S` never clean), times, medians, bests, totals, several kinds, and
records that are dated after today, from an older file, or bad."""

from __future__ import annotations

import json
import os
from datetime import date, timedelta
from pathlib import Path

import pytest

from queens_tui.catalog.figures import (
    TIME_DAYS,
    WEEKS,
    Record,
    bar_rows,
    buckets,
    calendar_lines,
    hbar,
    read_record,
    spark,
    text_report,
)
from queens_tui.store.jsonfile import dumps
from queens_tui.store.progress import daily_key
from queens_tui.store.stats import LevelStats, Stats, decode_stats, encode_stats

TODAY = date(2026, 11, 27)  # a Friday
OLD = Path(__file__).resolve().parents[1] / "fixtures" / "data-0.1.0" / "stats.json"


def solve(
    st: Stats,
    day: date,
    seconds: float = 60.0,
    *,
    kind: str = "queens",
    on: date | None = None,
    **how: int,
) -> None:
    """`day`'s `kind` daily solved on `on` (default: that day), as the game records it."""
    st.record(daily_key(day, kind), seconds, on or day, daily=day, kind=kind, **how)


def days_back(n: int) -> date:
    return TODAY - timedelta(days=n)


# --- streaks ----------------------------------------------------------------------------------


def test_streak_runs_across_a_years_end_and_a_missed_day_breaks_it() -> None:
    st = Stats()
    for d in (date(2025, 12, 29), date(2025, 12, 30), date(2025, 12, 31), date(2026, 1, 1)):
        solve(st, d)
    solve(st, date(2026, 1, 3))  # 2 January missed
    on_the_2nd = Record.of(st, date(2026, 1, 2)).figures("queens").streak
    assert (on_the_2nd.current, on_the_2nd.best, on_the_2nd.solved_today) == (4, 4, False)
    on_the_3rd = Record.of(st, date(2026, 1, 3)).figures("queens").streak
    assert (on_the_3rd.current, on_the_3rd.best, on_the_3rd.solved_today) == (1, 4, True)
    gone = Record.of(st, date(2026, 1, 5)).figures("queens").streak
    assert (gone.current, gone.best) == (0, 4)


def test_every_kinds_streak_is_the_days_any_daily_was_solved_that_day() -> None:
    st = Stats()
    solve(st, days_back(2), kind="queens")
    solve(st, days_back(1), kind="tango")
    solve(st, days_back(0), kind="zip")
    solve(st, days_back(3), kind="zip", on=days_back(0))  # a late solve: no streak day
    record = Record.of(st, TODAY)
    assert record.figures(None).streak.current == 3
    assert [record.figures(k).streak.current for k in ("queens", "tango", "zip")] == [0, 1, 1]
    assert record.kinds() == ["queens", "tango", "zip"]


# --- the calendar -----------------------------------------------------------------------------


def _state(record: Record, kind: str | None, day: date) -> str:
    f = record.figures(kind)
    return f.days[(day - f.first).days]


def test_calendar_clean_helped_and_not_solved_a_hint_or_S_never_clean() -> None:
    st = Stats()
    solve(st, days_back(1))  # clean
    solve(st, days_back(2), hints=1)  # a hint
    solve(st, days_back(3), helped=True)  # S
    solve(st, days_back(4), helped=True)
    solve(st, days_back(4))  # replayed clean after S: still helped (its first solve)
    f = Record.of(st, TODAY).figures("queens")
    assert f.first.weekday() == 0 and len(f.days) == WEEKS * 7
    assert f.first == date(2025, 11, 24)  # 52 weeks before this week's Monday, 23 Nov 2026
    record = Record.of(st, TODAY)
    states = [_state(record, "queens", days_back(n)) for n in range(6)]
    assert states == ["none", "clean", "helped", "helped", "helped", "none"]
    assert _state(record, "queens", TODAY + timedelta(days=1)) == "out"  # tomorrow
    rows = f.week_rows()
    assert len(rows) == 7 and {len(r) for r in rows} == {WEEKS}
    assert rows[TODAY.weekday() - 1][-1] == "clean"  # yesterday: a Thursday, this week


def test_calendar_of_every_kind_a_day_is_clean_only_if_every_daily_solved_was() -> None:
    st = Stats()
    solve(st, days_back(1), kind="queens")
    solve(st, days_back(1), kind="tango", hints=2)
    solve(st, days_back(2), kind="queens")
    solve(st, days_back(2), kind="tango")
    record = Record.of(st, TODAY)
    assert _state(record, None, days_back(1)) == "helped"
    assert _state(record, None, days_back(2)) == "clean"
    assert _state(record, "queens", days_back(1)) == "clean"
    assert _state(record, "tango", days_back(1)) == "helped"


def test_since_leaves_out_what_came_before_and_marks_those_days_outside() -> None:
    st = Stats()
    for n in range(1, 6):
        solve(st, days_back(n))
    st.record("pack:1-easy/001", 30.0, days_back(5))
    record = Record.of(st, TODAY, since=days_back(2))
    f = record.figures("queens")
    assert f.totals.levels == 2 and f.streak.current == 2 and f.streak.best == 2
    assert _state(record, "queens", days_back(3)) == "out"
    assert f.daily_times("queens", 5) == ("out", "out", 60.0, 60.0, "none")


# --- times ------------------------------------------------------------------------------------


def test_daily_times_are_clean_first_solves_of_the_last_30_and_90_days() -> None:
    st = Stats()
    solve(st, days_back(0), 100.0)
    solve(st, days_back(1), 50.0, hints=1)  # helped: no time
    solve(st, days_back(2), 300.0)
    solve(st, days_back(2), 10.0)  # a replay does not change the first time
    solve(st, days_back(40), 200.0)
    solve(st, days_back(TIME_DAYS), 999.0)  # just outside the 90 days
    f = Record.of(st, TODAY).figures("queens")
    times = f.daily_times("queens", TIME_DAYS)
    assert len(times) == TIME_DAYS and times[-3:] == (300.0, "helped", 100.0)
    assert times[-41] == 200.0 and times[-4] == "none"
    assert f.median_time("queens", 30) == 200.0  # 100 and 300
    assert f.median_time("queens", 90) == 200.0  # 100, 200, 300
    assert 999.0 not in times


def test_median_per_weekday_counts_each_puzzles_weekday() -> None:
    st = Stats()
    monday = date(2026, 11, 23)
    solve(st, monday, 60.0)
    solve(st, monday - timedelta(weeks=1), 120.0)
    solve(st, monday - timedelta(weeks=2), 300.0)
    solve(st, monday + timedelta(days=6), 30.0, on=TODAY)  # Sunday the 29th: after today
    solve(st, monday + timedelta(days=1), 45.0, helped=True)  # a Tuesday with S: no time
    record = Record.of(st, TODAY)
    assert record.figures("queens").weekdays["queens"] == (
        120.0,
        None,
        None,
        None,
        None,
        None,
        None,
    )
    assert record.notices == [
        "1 record is dated after today (2026-11-27): left out of the figures."
    ]


def test_median_and_best_per_size_and_difficulty() -> None:
    st = Stats()
    monday, tuesday = date(2026, 11, 23), date(2026, 11, 24)  # 7x7 easy, 8x8 easy dailies
    solve(st, monday, 100.0)
    solve(st, monday - timedelta(weeks=1), 200.0)
    solve(st, monday - timedelta(weeks=2), 20.0, hints=1)  # helped: neither median nor best
    solve(st, monday - timedelta(weeks=1), 80.0)  # a clean replay: a best, not the median
    solve(st, tuesday, 90.0)
    st.record("pack:1-easy/001", 40.0, monday)  # a 6x6 easy bundled level
    shapes = {(s.size, s.difficulty): s for s in Record.of(st, TODAY).figures("queens").shapes}
    seven = shapes[7, "easy"]
    assert (seven.levels, seven.timed, seven.median, seven.best) == (3, 2, 150.0, 80.0)
    assert (shapes[8, "easy"].median, shapes[6, "easy"].best) == (90.0, 40.0)
    assert list(shapes) == [(6, "easy"), (7, "easy"), (8, "easy")]


def test_a_dailys_own_file_in_the_daily_folder_gives_its_size(tmp_path: Path) -> None:
    grid = ["AABBBB", "AABCCB", "DDBCCB", "DEEEFB", "DDEEFF", "DDDEFF"]
    (tmp_path / "2026-11-23.txt").write_text("# difficulty: hard\n" + "\n".join(grid) + "\n")
    st = Stats()
    solve(st, date(2026, 11, 23), 70.0)  # a Monday: 7x7 easy when generated
    shapes = Record.of(st, TODAY, daily_dir=tmp_path).figures("queens").shapes
    assert [(s.size, s.difficulty, s.median) for s in shapes] == [(6, "hard", 70.0)]
    generated = Record.of(st, TODAY, daily_dir=tmp_path / "none").figures("queens").shapes
    assert [(s.size, s.difficulty) for s in generated] == [(7, "easy")]


# --- totals -----------------------------------------------------------------------------------


def test_totals_levels_clean_hints_S_and_per_solve() -> None:
    st = Stats()
    solve(st, days_back(1), mistakes=2)
    solve(st, days_back(1), mistakes=1)  # a replay: 2 solves of one level, 3 mistakes
    solve(st, days_back(2), hints=3)
    solve(st, days_back(3), hints=1, helped=True)  # a hint and S
    solve(st, days_back(4), helped=True)
    t = Record.of(st, TODAY).figures("queens").totals
    assert (t.levels, t.solves, t.clean, t.with_hints, t.with_solver) == (4, 5, 1, 2, 2)
    assert (t.hints, t.mistakes) == (4, 3)
    assert (t.hints_per_solve, t.mistakes_per_solve) == (0.8, 0.6)


def test_an_older_file_without_the_new_counts_still_gives_honest_totals() -> None:
    """Files before `mistakes` and `solver_solves`: the last solve's mistakes, and `S` told
    by a helped solve without a hint (lower bounds, never invented)."""
    old = {"solves": 2, "clean_solves": 1, "first_time": 9.0, "first_date": "2026-11-20"}
    obj = {
        "format": "queens-tui/stats",
        "version": 1,
        "levels": {
            "daily:2026-11-20": {**old, "first_helped": True, "hints": 0, "last_mistakes": 2},
            "daily:2026-11-21": {**old, "hints": 1},
        },
    }
    t = Record.of(decode_stats(obj), TODAY).figures(None).totals
    assert (t.levels, t.clean, t.with_solver, t.with_hints, t.mistakes) == (2, 1, 1, 1, 2)


def test_the_files_of_version_0_1_0_read() -> None:
    record, why = read_record(OLD, TODAY)
    assert why is None and not record.notices
    f = record.figures(None)
    assert (f.totals.levels, f.totals.clean, f.totals.with_hints) == (4, 3, 1)
    assert f.streak.best == 2 and record.kinds() == ["queens", "tango"]
    assert _state(record, "queens", date(2026, 11, 22)) == "helped"
    assert _state(record, "tango", date(2026, 11, 23)) == "clean"


def test_several_kinds_keep_their_figures_apart() -> None:
    st = Stats()
    solve(st, days_back(1), 100.0, kind="queens")
    solve(st, days_back(1), 30.0, kind="zip")
    st.record("classic:8", 500.0, days_back(1), kind="classic")
    record = Record.of(st, TODAY)
    every = record.figures(None)
    assert set(every.times) == {"queens", "zip"} and every.totals.levels == 3
    assert record.figures("zip").median_time("zip") == 30.0
    classic = record.figures("classic")
    assert not classic.times and [(s.kind, s.size) for s in classic.shapes] == [("classic", 8)]
    assert record.figures("tango").empty


# --- bad records ------------------------------------------------------------------------------


def test_records_dated_after_today_are_left_out_with_one_notice() -> None:
    st = Stats()
    solve(st, days_back(1))
    solve(st, TODAY + timedelta(days=3))
    st.record("pack:1-easy/001", 10.0, TODAY + timedelta(days=400))
    record = Record.of(st, TODAY)
    assert record.figures(None).totals.levels == 1
    assert len(record.notices) == 1 and record.notices[0].startswith("3 records are dated")


def test_the_reader_skips_bad_entries_with_one_notice_and_never_moves_the_file(
    tmp_path: Path,
) -> None:
    st = Stats()
    solve(st, days_back(1), 61.0)
    obj = encode_stats(st)
    obj["levels"]["daily:2026-11-20"] = {"solves": "many"}  # wrong type
    obj["levels"]["daily:2026-11-19"] = {"solves": 1, "clean_solves": 1, "first_time": -5}
    obj["streak_days"].append("yesterday")
    path = tmp_path / "stats.json"
    path.write_bytes(dumps(obj))
    record, why = read_record(path, TODAY)
    assert why is None and record.figures(None).totals.levels == 1
    assert len(record.notices) == 1
    assert "3 bad entries left out" in record.notices[0] and "'solves'" in record.notices[0]
    assert os.listdir(tmp_path) == ["stats.json"]


@pytest.mark.parametrize(
    "data",
    [b"{not json", b"[]", b'{"format": "queens-tui/stats", "version": 9}', b"\0\1"],
    ids=["not-json", "not-an-object", "newer", "binary"],
)
def test_a_file_that_cannot_be_used_says_why_and_stays(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "stats.json"
    path.write_bytes(data)
    record, why = read_record(path, TODAY)
    assert why is not None and why.startswith(f"{path}: ")
    assert record.figures(None).empty and path.read_bytes() == data
    assert os.listdir(tmp_path) == ["stats.json"]


def test_no_file_is_nothing_yet(tmp_path: Path) -> None:
    record, why = read_record(tmp_path / "stats.json", TODAY)
    assert why is None and record.figures(None).empty and not record.notices


def test_the_game_still_reads_strictly_and_writes_the_new_counts_only_when_not_0() -> None:
    s = LevelStats().with_solve(10.0, TODAY, helped=True, mistakes=2).with_solve(5.0, TODAY)
    assert (s.solver_solves, s.mistakes) == (1, 2)
    assert (
        "solver_solves"
        not in encode_stats(_one(LevelStats().with_solve(1.0, TODAY)))["levels"]["k"]
    )
    bad = encode_stats(_one(s))
    assert decode_stats(json.loads(json.dumps(bad))).levels["k"] == s
    bad["levels"]["k"]["solver_solves"] = 5  # more than its helped solves
    with pytest.raises(ValueError):
        decode_stats(bad)


def _one(s: LevelStats) -> Stats:
    return Stats(levels={"k": s})


# --- drawing ----------------------------------------------------------------------------------


def test_sparkline_bars_and_buckets_draw_times_and_tell_days_without_one() -> None:
    assert spark([10.0, 80.0, "helped", "none", 0.0]) == "▂█▒·▁"
    assert spark([10.0, "none"], ascii=True) == "@."
    assert buckets([1.0, 3.0, "helped", "none", "none", "out"], 3) == [2.0, "helped", "none"]
    assert buckets(["out", "out"], 1) == ["out"]
    rows = bar_rows([8.0, 4.0, 1.0, "none", "helped"], 2)
    assert rows == ["█    ", "██▂·▒"]
    assert hbar(5.0, 10.0, 4) == "██" and hbar(None, 10.0, 4) == ""
    assert hbar(1.0, 8.0, 2) == "▎" and hbar(10.0, 10.0, 3, ascii=True) == "###"


def test_the_text_report_draws_the_calendar_with_a_glyph_per_state() -> None:
    st = Stats()
    solve(st, days_back(1))
    solve(st, days_back(2), hints=1)
    f = Record.of(st, TODAY).figures("queens")
    lines = calendar_lines(f)
    assert len(lines) == 8 and lines[0].strip().startswith("Dec")
    thursday, wednesday = lines[1 + 3], lines[1 + 2]
    assert thursday.endswith("█") and wednesday.endswith("▒") and lines[1].endswith("·")
    assert all(len(line) <= 80 for line in text_report(f))
    ascii_lines = calendar_lines(f, ascii=True)
    assert ascii_lines[4].endswith("#") and ascii_lines[3].endswith("+")
