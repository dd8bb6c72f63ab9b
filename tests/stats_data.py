"""A player's record made up, the same on every run: the stats screen's snapshots, its
screenshot and the benchmark read it (`record_stats`), so none depends on the date or on luck.

A made-up player plays the daily puzzles of every kind for `days` days up to `TODAY`: most days
solved on the day, in a time that grows with the weekday's difficulty, some with a hint or
`S`, a few missed (a broken streak), and a few bundled levels. Written through
`store.stats.Stats.record`, as the game records a solve.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from pathlib import Path

from queens_tui.kinds import daily_kinds
from queens_tui.store.jsonfile import atomic_write_json
from queens_tui.store.progress import daily_key
from queens_tui.store.stats import DailyRun, LevelStats, Stats, encode_stats

TODAY = date(2026, 11, 27)
"""The made-up player's today (a Friday)."""

BASE = {"queens": 150.0, "tango": 90.0, "zip": 60.0, "sudoku": 100.0, "patches": 80.0}
"""Seconds a Monday's daily takes each kind's player (Sunday's takes about twice as long)."""

PACKS = ("1-easy/001", "1-easy/002", "2-medium/014", "tango-1-easy/001", "zip-1-6x6/003")


def record_stats(
    days: int = 120, *, today: date = TODAY, seed: str = "stats", every_day: bool = False
) -> Stats:
    """`days` days of every kind's daily (about one solve a kind a day; `every_day`: not one
    missed, every kind from the first day) and a few packs, recorded as `Stats.record` does
    (its streak bookkeeping is left to one pass at the end: recording three years a solve at
    a time takes seconds)."""
    rng = random.Random(seed)
    stats = Stats()
    for kind in daily_kinds():
        run = stats.streaks.setdefault(kind, DailyRun())
        for n in range(days, -1, -1):
            day = today - timedelta(days=n)
            roll = rng.random()
            if not every_day and (roll < 0.08 or (kind == "patches" and n > days // 2)):
                continue  # missed (and Patches only played of late)
            seconds = BASE.get(kind, 90.0) * (1 + day.weekday() / 6) * rng.uniform(0.6, 1.4)
            late = 0.9 < roll <= 0.92 and n > 0  # solved a day late: no streak day
            key = daily_key(day, kind)
            stats.levels[key] = LevelStats().with_solve(
                seconds,
                day + timedelta(days=1 if late else 0),
                hints=1 if roll > 0.95 else 0,
                helped=0.92 < roll <= 0.95,
                mistakes=int(rng.random() < 0.2),
            )
            if not late:
                run.days.add(day)
        run.best = stats.streak(today, kind).best
    for i, level_id in enumerate(PACKS):
        day = today - timedelta(days=3 * i + 1)
        stats.record(f"pack:{level_id}", 40.0 + 15 * i, day, hints=i % 2)
    return stats


def write_stats(folder: Path, stats: Stats) -> Path:
    """`stats` as the data folder's stats.json (as the game writes it)."""
    path = folder / "stats.json"
    atomic_write_json(path, encode_stats(stats), sync=False)
    return path
