"""The daily puzzle: the day's file when there is one, else generated from the date."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.kinds.queens import calendar as queens_calendar
from queens_tui.kinds.queens.level import Level
from queens_tui.store import GENERATED, Store, daily_level, parse_day
from queens_tui.store import daily as daily_mod

DAY = date(2026, 11, 21)  # a Saturday
ROWS = ["AABB", "AABB", "CCDD", "CCDD"]
HAVE_GENERATOR = importlib.util.find_spec("queens_tui.kinds.queens.generate") is not None
needs_generator = pytest.mark.skipif(
    not HAVE_GENERATOR, reason="queens_tui.kinds.queens.generate has not landed yet"
)

FILES = {
    ".txt": "# name: Saturday special\nAABB\nAABB\nCCDD\nCCDD\n",
    ".ts": (
        "const level = {\n  size: 4,\n  colorRegions: [\n"
        + "".join(f"    {json.dumps(list(row))},\n" for row in ROWS)
        + "  ],\n};\nexport default level;\n"
    ),
    ".json": json.dumps({"regions": ROWS}),
}


@pytest.mark.parametrize("ext", list(FILES))
def test_file_in_daily_folder_is_the_puzzle(tmp_path: Path, ext: str) -> None:
    path = tmp_path / f"{DAY.isoformat()}{ext}"
    path.write_text(FILES[ext], "utf-8")
    level, source = daily_level("queens", DAY, tmp_path)
    assert source == str(path)
    assert level.rows_text() == ROWS
    assert level.date == "2026-11-21"
    assert level.name == ("Saturday special" if ext == ".txt" else "Daily 2026-11-21")


def test_default_daily_folder_is_under_the_data_dir(tmp_path: Path) -> None:
    (tmp_path / "daily").mkdir()
    (tmp_path / "daily" / "2026-11-21.txt").write_text(FILES[".txt"])
    store = Store(tmp_path, today=lambda: DAY)
    level, source = store.daily()
    assert source == str(tmp_path / "daily" / "2026-11-21.txt")
    assert level.rows_text() == ROWS
    # --daily-dir wins over the data dir's folder.
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "2026-11-21.json").write_text(json.dumps({"regions": ROWS}))
    assert Store(tmp_path, daily_dir=other, today=lambda: DAY).daily().source == str(
        other / "2026-11-21.json"
    )


def test_txt_wins_over_ts_and_json_and_listing(tmp_path: Path) -> None:
    for ext, text in FILES.items():
        (tmp_path / f"2026-11-21{ext}").write_text(text)
    (tmp_path / "2026-11-20.json").write_text(FILES[".json"])
    (tmp_path / "notes.txt").write_text("not a day")
    (tmp_path / "2026-13-40.txt").write_text(FILES[".txt"])
    assert daily_mod.daily_file("queens", DAY, tmp_path) == tmp_path / "2026-11-21.txt"
    assert daily_mod.daily_files("queens", tmp_path) == {
        DAY: tmp_path / "2026-11-21.txt",
        date(2026, 11, 20): tmp_path / "2026-11-20.json",
    }


@pytest.mark.parametrize(
    ("ext", "text"),
    [(".txt", "AAB\nAB\n"), (".json", "{not json"), (".ts", "const x = 1;"), (".txt", "")],
)
def test_bad_daily_file_raises_located_level_error(tmp_path: Path, ext: str, text: str) -> None:
    path = tmp_path / f"2026-11-21{ext}"
    path.write_text(text)
    with pytest.raises(LevelError) as info:
        daily_level("queens", DAY, tmp_path)
    assert str(info.value).startswith(str(path))
    assert "\n" not in str(info.value)


def test_generated_daily_follows_the_week(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The wiring, checked with a stand-in generator: seed, size and difficulty by weekday."""
    import types

    calls: list[tuple[int, str, str | None]] = []

    class GenerateError(ValueError):
        pass

    def fake_generate(size: int, seed: str, difficulty: str | None = None) -> Level:
        calls.append((size, seed, difficulty))
        if difficulty == "expert":
            raise GenerateError("no grader")
        labels = "ABCDEFGHIJ"[:size]
        return Level.from_rows([labels[r] * size for r in range(size)], name="X", seed=seed)

    fake = types.ModuleType("queens_tui.kinds.queens.generate")
    fake.generate = fake_generate  # type: ignore[attr-defined]
    fake.GenerateError = GenerateError  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "queens_tui.kinds.queens.generate", fake)
    import queens_tui.kinds.queens as core_pkg

    monkeypatch.setattr(core_pkg, "generate", fake, raising=False)
    monday = date(2026, 11, 16)
    sizes = []
    for i in range(7):
        d = monday + timedelta(days=i)
        level, source = daily_level("queens", d, tmp_path)
        assert source == GENERATED
        assert level.name == f"Daily {d.isoformat()}" and level.date == d.isoformat()
        sizes.append(level.size)
    assert sizes == [7, 8, 8, 9, 9, 10, 10]
    assert calls[0] == (7, "daily-2026-11-16", "easy")
    assert [c[2] for c in calls[:-1]] == [
        "easy",
        "easy",
        "medium",
        "medium",
        "hard",
        "hard",
        "expert",
    ]
    assert calls[-1] == (10, "daily-2026-11-22", None)  # expert unreachable: ungraded, same seed


def test_parse_day() -> None:
    assert parse_day("2026-11-21") == DAY
    for bad in ("2026-11-31", "21/11/2026", "2026-1-2", "", "tomorrow"):
        with pytest.raises(ValueError, match="expected YYYY-MM-DD"):
            parse_day(bad)


_PRINT_DAILY = """
import sys
from datetime import date
from queens_tui.store import Store
from queens_tui.formats.queens import dump_text
level, source = Store().daily(date.fromisoformat(sys.argv[1]))
sys.stdout.write(source + "\\n" + dump_text(level))
"""


@needs_generator
def test_two_fresh_homes_get_the_same_generated_daily(tmp_path: Path) -> None:
    """Separate processes, separate empty data dirs (via XDG_DATA_HOME and HOME): same bytes."""
    outs = []
    for name in ("home1", "home2"):
        home = tmp_path / name
        home.mkdir()
        env = {k: v for k, v in os.environ.items() if k != "QUEENS_TUI_DATA_DIR"}
        env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), PYTHONHASHSEED=name[-1])
        proc = subprocess.run(
            [sys.executable, "-c", _PRINT_DAILY, "2026-11-18"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        outs.append(proc.stdout)
    assert outs[0] == outs[1]
    assert outs[0].startswith("generated\n")
    assert "# name: Daily 2026-11-18" in outs[0] and "# seed: daily-2026-11-18" in outs[0]


@needs_generator
def test_generated_daily_is_a_unique_connected_level(tmp_path: Path) -> None:
    from queens_tui.kinds.queens import search

    level, source = daily_level("queens", date(2026, 11, 16), tmp_path)
    assert source == GENERATED and level.size == 7
    assert search.count(level, limit=2) == 1
    assert level.disconnected_regions == ()
    again, _ = daily_level("queens", date(2026, 11, 16), tmp_path / "other")
    assert again == level
    assert daily_level("queens", date(2026, 11, 23), tmp_path).level != level  # next Monday differs


def test_generated_daily_is_cached_and_a_bad_cache_regenerated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[date] = []

    def fake(kind: str, day: date) -> Level:
        made.append(day)
        return Level.from_rows(
            ROWS, name=f"Daily {day.isoformat()}", date=day.isoformat(), seed=f"daily-{day}"
        )

    monkeypatch.setattr(daily_mod, "generate_daily", fake)
    store = Store(tmp_path, today=lambda: DAY)
    first = store.daily()
    assert first.source == GENERATED and made == [DAY]
    cache = tmp_path / "cache" / "daily-2026-11-21.txt"
    assert cache.is_file()
    assert Store(tmp_path, today=lambda: DAY).daily() == first
    assert made == [DAY]  # from the cache, not generated again
    cache.write_text("garbage\n")
    assert store.daily() == first and made == [DAY, DAY]
    # A day's file still wins over a cached generated puzzle.
    (tmp_path / "daily").mkdir()
    (tmp_path / "daily" / "2026-11-21.txt").write_text("AB\nBA\n")
    assert store.daily().level.rows_text() == ["AB", "BA"]
    # Old days are pruned when a new one is cached.
    later = DAY + timedelta(days=100)
    store.daily(later)
    assert not cache.exists()
    assert (tmp_path / "cache" / f"daily-{later.isoformat()}.txt").is_file()


# --------------------------------------------------------------------------- calendar

CALENDAR_FROM, CALENDAR_TO = date(2026, 11, 23), date(2028, 12, 31)
"""What the shipped calendar holds (made by scripts/make_daily.py): two years and more."""


def test_calendar_line_round_trips_a_level() -> None:
    level = Level.from_rows(["AABB", "AABB", "CCDD", "CCDD"], difficulty="hard")
    line = queens_calendar.encode(level)
    assert line == "4h -vpQUA"  # 16 cells of 2 bits: 4 bytes, 6 base64 characters
    back = queens_calendar.decode(line)
    assert back.grid == level.grid and back.difficulty == "hard"
    with pytest.raises(LevelError):
        queens_calendar.decode("10x not*base64")


@pytest.mark.slow  # 9 s at load 12 on 2 cores: run by `pytest -m slow`
def test_the_shipped_calendar_covers_two_years_of_unique_dailies() -> None:
    from queens_tui.kinds.queens import search

    day = CALENDAR_FROM
    sizes = set()
    while day <= CALENDAR_TO:
        level = daily_mod.from_calendar("queens", day)
        assert level is not None, day
        size, difficulty = daily_mod.shape_for("queens", day)
        assert (level.size, level.difficulty) == (size, difficulty), day
        assert search.count(level, 2) == 1 and level.disconnected_regions == (), day
        assert level.name == f"Daily {day.isoformat()}" and level.date == day.isoformat()
        sizes.add(size)
        day += timedelta(days=1)
    assert sizes == {7, 8, 9, 10}
    assert daily_mod.from_calendar("queens", CALENDAR_FROM - timedelta(days=1)) is None
    for year in (2027, 2028):
        path = daily_mod.calendar_path("queens", year)
        assert path is not None and path.stat().st_size < 20_000  # one short line a day


def test_a_calendar_day_needs_no_generator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(kind: str, day: date) -> Level:
        raise AssertionError("generated a day the calendar holds")

    monkeypatch.setattr(daily_mod, "generate_by_date", boom)
    day = date(2027, 7, 4)
    store = Store(tmp_path, today=lambda: day)
    ready = store.daily_ready()
    assert ready is not None and ready.level == daily_mod.from_calendar("queens", day)
    assert store.daily().level.grid == ready.level.grid
    # Beyond the calendar the date alone still makes it.
    calls: list[date] = []
    monkeypatch.setattr(daily_mod, "generate_by_date", lambda k, d: calls.append(d) or ready.level)
    assert Store(tmp_path / "x", today=lambda: date(2031, 1, 1)).daily_ready() is None
    daily_mod.generate_daily("queens", date(2031, 1, 1))
    assert calls == [date(2031, 1, 1)]


def test_write_calendar_marks_days_before_the_start(tmp_path: Path) -> None:
    out = daily_mod.write_calendar(
        "queens", 2025, lambda d: f"line {d}", start=date(2025, 12, 30), path=tmp_path / "c"
    )
    lines = out.read_text().splitlines()
    assert lines[0].startswith("# queens daily calendar 2025")
    assert lines[1:] == ["-"] * 363 + ["line 2025-12-30", "line 2025-12-31"]


def test_a_calendar_day_costs_no_generator_or_reader_import(tmp_path: Path) -> None:
    """On the way to the first frame: one file read and a decode, no generator imported."""
    code = (
        "import sys, tempfile; from datetime import date; from pathlib import Path; "
        "from queens_tui.store import Store; "
        "assert Store(Path(tempfile.mkdtemp())).daily_ready(date(2027, 3, 7)) is not None; "
        "print(sorted(m for m in sys.modules if m.startswith(('queens_tui.kinds.queens.g', "
        "'queens_tui.kinds.queens.d', 'base64'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
