"""No day anyone may already have played ever changes in a shipped daily calendar.

`scripts/make_daily.py --rising` re-orders the days after a given day by score (issue 41);
the days up to 2026-11-27, the day it was first run, must stay byte for byte what they
were, for every kind: each calendar's text up to that day is pinned here by its SHA-256.
"""

from __future__ import annotations

import hashlib
from datetime import date

import pytest

from queens_tui.store.daily import calendar_path

FROZEN = date(2026, 11, 27)
"""The last day whose puzzle is pinned (the day the calendars were first re-ordered)."""

PINNED: dict[str, str] = {
    "queens": "babe80333f8a739b4f6972772b2f4aeb47ccc78025fe2fb7b60f5c47e6261ccc",
    "tango": "01d63a94a9bbd5e54f6b0ec581c485425aafc3d9e850cc0e153f24626f0b1232",
    "sudoku": "e6e85830bdebcda74483d9df3620a3a9e8ef1eb5336f2810e8ee814d40a0c478",
    "zip": "135b1e45217348199feac371abac1daa89daebb8bdae6aad18b67bf2211c7f33",
    "patches": "50e9b576861879ad425987f787ed500ab9fcb1329e033a0d14c535f83dbce88a",
}
"""SHA-256 of each kind's 2026 calendar from its header line through `FROZEN`'s line."""


@pytest.mark.parametrize("kind", sorted(PINNED))
def test_days_up_to_the_frozen_day_are_byte_identical(kind: str) -> None:
    path = calendar_path(kind, FROZEN.year)
    assert path is not None
    lines = path.read_bytes().split(b"\n")
    past = lines[: 1 + FROZEN.timetuple().tm_yday]  # the header, then one line a day
    assert hashlib.sha256(b"\n".join(past) + b"\n").hexdigest() == PINNED[kind]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["queens", "sudoku", "tango"])  # Zip's take minutes
@pytest.mark.parametrize("year", [2027, 2028])
def test_each_week_rises_by_score(kind: str, year: int) -> None:
    """Over a whole re-ordered year, the score follows the weekday (rho >= 0.8)."""
    from queens_tui.core.effort import spearman
    from queens_tui.kinds import get_kind

    path = calendar_path(kind, year)
    assert path is not None
    spec = get_kind(kind).daily
    assert spec is not None
    lines = [x for x in path.read_text("utf-8").splitlines() if not x.startswith("#")]
    days = [date(year, 1, 1).toordinal() + k for k in range(len(lines))]
    scores = [get_kind(kind).score(spec.decode(line)) or 0.0 for line in lines]
    weekdays = [date.fromordinal(d).isoweekday() for d in days]
    assert spearman(scores, weekdays) >= 0.8
