"""The frozen Tango and Zip daily calendars (`kinds.<kind>.calendar`, scripts/make_daily.py)."""

from __future__ import annotations

import importlib.util
from datetime import date, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.kinds import get_kind
from queens_tui.kinds.tango import calendar as tango_cal
from queens_tui.kinds.tango import generate as tango_gen
from queens_tui.kinds.tango import search as tango_search
from queens_tui.kinds.zip import calendar as zip_cal
from queens_tui.kinds.zip import generate as zip_gen
from queens_tui.kinds.zip import search as zip_search
from queens_tui.store import Store
from queens_tui.store import daily as kind_daily
from queens_tui.store.daily import calendar_line, calendar_path, write_calendar

REPO = Path(__file__).resolve().parents[2]
CALENDAR_FROM, CALENDAR_TO = date(2026, 11, 23), date(2028, 12, 31)
"""What the shipped Tango and Zip calendars hold: two years from 2026-11-23 and more."""
KINDS = ("tango", "zip")


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_daily", REPO / "scripts" / "make_daily.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_lines_round_trip_tango_and_zip_levels_with_signs_and_walls() -> None:
    tango = tango_gen.generate(6, "cal", "hard")
    assert tango.equal or tango.opposite
    line = tango_cal.encode(tango)
    assert line.startswith("6h ") and len(line) <= 30
    back = tango_cal.decode(line)
    assert (back.givens, back.equal, back.opposite, back.difficulty) == (
        tango.givens,
        tango.equal,
        tango.opposite,
        "hard",
    )
    zipped = zip_gen.generate(6, "cal", walls=True)
    assert zipped.walls
    line = zip_cal.encode(zipped)
    assert len(line.split()) == 3 and len(line) <= 40
    back_zip = zip_cal.decode(line)
    assert (back_zip.numbers, back_zip.walls, back_zip.difficulty) == (
        zipped.numbers,
        zipped.walls,
        zipped.difficulty,
    )
    for bad in ("6h not*base64", "6h", "99x AAAA", "6x AAAA BBBB CCCC"):
        with pytest.raises((ValueError, LevelError)):
            (zip_cal if "x" in bad[:3] else tango_cal).decode(bad)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
def test_the_shipped_calendar_covers_two_years_of_the_week_s_shapes(kind: str) -> None:
    spec = get_kind(kind).daily
    assert spec is not None
    week: Any = spec.week
    day = CALENDAR_FROM
    while day <= CALENDAR_TO:
        line = calendar_line(kind, day)
        assert line is not None, day
        level: Any = spec.decode(line)
        size, difficulty = week[day.weekday()]
        assert level.size == size if kind == "tango" else level.rows == level.cols == size
        assert difficulty is None or level.difficulty == difficulty, day
        if day.toordinal() % 61 == 0:  # a sample; the slow test below makes every day again
            solutions = (tango_search.count(level, 2) if kind == "tango" else
                         len(zip_search.solutions(level, 2)))  # fmt: skip
            assert solutions == 1, day
        day += timedelta(days=1)
    assert calendar_line(kind, CALENDAR_FROM - timedelta(days=1)) is None
    for year in (2027, 2028):
        path = calendar_path(kind, year)
        assert path is not None and path.stat().st_size < 20_000  # one short line a day


@pytest.mark.parametrize("kind", KINDS)
def test_a_frozen_day_needs_no_generator_and_a_later_one_does(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(kind: str, day: date) -> Any:
        raise AssertionError("generated a day the calendar holds")

    monkeypatch.setattr(kind_daily, "generate_by_date", boom)
    day = date(2027, 7, 4)
    title = {"tango": "Tango", "zip": "Zip"}[kind]
    ready = Store(tmp_path, today=lambda: day).daily_ready(kind=kind)
    assert ready is not None and ready.source == kind_daily.GENERATED
    line = calendar_line(kind, day)
    spec = get_kind(kind).daily
    assert line is not None and spec is not None and spec.encode(ready.level) == line
    meta = ready.level.metadata
    assert meta["name"] == f"Daily {title} 2027-07-04" and meta["date"] == "2027-07-04"
    assert meta["seed"] == f"{kind}-daily-2027-07-04"
    # Beyond the calendar the date alone makes it (and the cache keeps it).
    later = date(2031, 1, 1)
    calls: list[date] = []

    def made(kind: str, day: date) -> Any:
        calls.append(day)
        return ready.level

    monkeypatch.setattr(kind_daily, "generate_by_date", made)
    assert kind_daily.daily_level(kind, later).level is ready.level
    assert calls == [later]


@pytest.mark.parametrize("kind", KINDS)
def test_sample_days_are_what_the_script_makes(kind: str) -> None:
    make = _script().KINDS[kind]
    for day in (date(2026, 11, 23), date(2027, 6, 7), date(2028, 12, 25)):  # Mondays: quick
        assert make(day) == calendar_line(kind, day), day


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "year",
    [
        # 2026 (from the calendar's first day, a few weeks) in CI's slow step; the full years
        # take minutes each (Zip): `pytest -m release`, or `scripts/make_daily.py --check`.
        pytest.param(2026, marks=pytest.mark.slow),
        pytest.param(2027, marks=pytest.mark.release),
        pytest.param(2028, marks=pytest.mark.release),
    ],
)
def test_the_calendar_files_are_what_the_script_makes(kind: str, year: int, tmp_path: Path) -> None:
    """Byte for byte (`python scripts/make_daily.py --kind K --year Y --check` does the same)."""
    start = CALENDAR_FROM if year == CALENDAR_FROM.year else None
    made = write_calendar(kind, year, _script().KINDS[kind], start=start, path=tmp_path / "c")
    shipped = calendar_path(kind, year)
    assert shipped is not None and made.read_bytes() == shipped.read_bytes()
