"""Players' files written by version 0.1.0 (before the kind seam) load unchanged.

`tests/fixtures/data-0.1.0/` is a data folder that 0.1.0 wrote (commit 7cac311): stats
with a Queens streak at the top level and a Tango streak under `kind_streaks`, saved games
of the Queens and Tango dailies of 2026-11-24 (keys `daily:...` and `tango-daily:...`),
and the daily cache (`daily-DATE.txt`, `tango-daily-DATE.txt`).
"""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

from queens_tui.store import Store
from queens_tui.store.daily import GENERATED
from queens_tui.store.stats import decode_stats, encode_stats

OLD = Path(__file__).resolve().parents[1] / "fixtures" / "data-0.1.0"


def _store(tmp_path: Path, today: date) -> Store:
    root = tmp_path / "data"
    shutil.copytree(OLD, root)
    return Store(root, today=lambda: today)


def test_old_stats_give_the_same_streaks_and_are_written_back_byte_for_byte(
    tmp_path: Path,
) -> None:
    store = _store(tmp_path, date(2026, 11, 23))
    assert store.take_notices() == []
    queens = store.streak()
    assert (queens.current, queens.best, queens.solved_today) == (2, 2, True)
    assert store.streak(kind="tango").current == 1
    assert store.streak(kind="zip").current == 0
    assert store.level_stats("daily:2026-11-22") is not None
    raw = json.loads((OLD / "stats.json").read_text("utf-8"))
    assert encode_stats(decode_stats(raw)) == raw


def test_old_saved_games_resume_on_the_same_dailies(tmp_path: Path) -> None:
    day = date(2026, 11, 24)
    store = _store(tmp_path, day)
    for kind, key in (("queens", "daily:2026-11-24"), ("tango", "tango-daily:2026-11-24")):
        daily = store.daily(day, kind)
        assert store.daily_key(day, kind) == key
        saved = store.load_progress(key, daily.level)
        assert saved is not None, kind
        assert saved.history.past, kind  # the moves made in 0.1.0 are there to undo
    assert store.take_notices() == []


def test_old_daily_cache_is_read_not_remade(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from queens_tui.store import daily as daily_mod

    def boom(kind: str, day: date) -> object:
        raise AssertionError(f"generated {kind} {day} again instead of reading the cache")

    monkeypatch.setattr(daily_mod, "generate_by_date", boom)
    day = date(2031, 1, 6)
    store = _store(tmp_path, day)
    queens = store.daily_ready(day)
    tango = store.daily_ready(day, "tango")
    assert queens is not None and queens.source == GENERATED
    assert queens.level.name == "Daily 2031-01-06"
    assert tango is not None and tango.level.name == "Daily Tango 2031-01-06"
