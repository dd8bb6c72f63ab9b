"""Snapshot of what the store adds to the game: the win screen of a daily puzzle with the
best time, the number of solves and the daily streak.

The store lives in the test's tmp dir with a fixed today, so the picture never depends on
the real home or date. Update with
`pytest tests/snapshots/test_snapshots_session.py --snapshot-update`.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from queens_tui.app.app import QueensApp
from queens_tui.formats.queens.text import parse_text
from queens_tui.midend.levels import OpenLevel
from queens_tui.store import Store, daily_key
from tests.player import played
from tests.scenes import SCENES, SHOT_LEVEL, SIZE, SceneClock

TODAY = date(2026, 3, 16)


def test_daily_win_with_stats(snap_compare, tmp_path: Path) -> None:
    store = Store(tmp_path / "data", sync=False, today=lambda: TODAY)
    for back in (2, 1):  # the two days before were solved on their day: a streak
        day = TODAY - timedelta(days=back)
        store.record_solve(daily_key(day), 200.0, daily=day, today=day)
    store.record_solve(daily_key(TODAY), 95.0, today=TODAY)  # an earlier, slower solve
    ref = OpenLevel(parse_text(SHOT_LEVEL), day=TODAY)
    app = QueensApp(ref, now=SceneClock(), store=store)
    assert snap_compare(app, run_before=played(SCENES["win"]), terminal_size=SIZE)
