"""A Zip or Tango daily won: the card shows that kind's streak and share line (issue 14).

The day is in the frozen calendar, so the app opens it at once. `S` then `y`
solves it: solved with help, it keeps the kind's streak of yesterday as it was and adds no
day to it (issue 35 item 2), nor to Queens'.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from queens_tui.app import create_app
from queens_tui.app.screens.win import WinScreen
from queens_tui.core.vocabulary import to_ascii
from tests.player import playing
from tests.scenes import settled

from .session_fixtures import SIZE, make_store

DAY = date(2027, 3, 15)  # a Monday in the shipped calendars: a 6x6 Zip


def _card(app: object) -> tuple[str, str]:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, WinScreen)
    figures = str(screen.query_one("#figures").render())
    share = screen.result.share_line()  # the card shows it laid out by phrases
    if screen.ascii:
        share = to_ascii(share)
    return figures, share


@pytest.mark.parametrize(("kind", "ascii"), [("zip", True), ("tango", False)])
@pytest.mark.slow  # 8 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_a_daily_win_counts_for_its_kind_s_streak(tmp_path, kind: str, ascii: bool) -> None:
    store = make_store(tmp_path / "data", today=DAY)
    for day in (DAY - timedelta(days=1), DAY):  # a two-day Queens streak
        store.record_solve(f"daily:{day}", 60.0, daily=day, today=day)
    yesterday = DAY - timedelta(days=1)  # and yesterday's daily of the kind, by hand
    store.record_solve(
        f"{kind}-daily:{yesterday}", 60.0, daily=yesterday, today=yesterday, kind=kind
    )
    app = create_app(store=store, daily=DAY, kind=kind, ascii=ascii)
    async with playing(app, size=SIZE) as pilot:
        await settled(pilot)
        assert app.game_screen.midend.game.level.kind == kind
        await pilot.press("S", "y")
        await settled(pilot)
        figures, share = _card(app)
    assert store.streak(kind=kind).current == 1 and store.streak().current == 2
    assert "daily streak 1 day (best 1)" in figures
    title = {"zip": "Zip", "tango": "Tango"}[kind]
    first = share.splitlines()[0]
    # our own daily: our name and the date, not LinkedIn's number for that day (#728)
    assert first.startswith(f"queens-tui {title} 2027-03-15 | ") and "solved with help" in first
    assert share.splitlines()[-1].endswith("1-day streak")
    if ascii:
        assert share.isascii(), share
    else:
        assert "🔥 1-day streak" in share


async def test_a_linkedin_archive_day_shares_under_its_own_number(tmp_path) -> None:
    """A level that says it is LinkedIn's (an archive day: `number`, `source: linkedin`) keeps
    that number in its share line (issue 26), whatever day it is played on."""
    import json

    from queens_tui.formats.bundled import bundled_levels
    from queens_tui.formats.tango import parse
    from tests.unit.test_archive_days import tango_day

    level = parse(bundled_levels("tango")[0][1].read_text())
    path = tmp_path / "2026-07-13_tango.json"
    path.write_text(json.dumps(tango_day(level, number=684)))
    store = make_store(tmp_path / "data", today=DAY)
    app = create_app(str(path), store=store)
    async with playing(app, size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("S", "y")
        await settled(pilot)
        _figures, share = _card(app)
    assert share.splitlines()[0].startswith("Tango #684 | ")
