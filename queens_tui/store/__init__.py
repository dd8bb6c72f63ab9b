"""What the game keeps between runs: saved progress, stats, streak, settings, the daily puzzle.

A layer of its own: it may import `core` and `formats`, never `textual` or
`ortools`, so it is tested without a terminal and the app only calls it.

Typical use from the app::

    store = Store()                       # or Store(tmp_dir) in tests
    for text in store.take_notices(): app.notify(text, severity="warning")
    level, source = store.daily()         # today's puzzle (LevelError if its file is bad)
    key = store.daily_key()               # or level_key(level, bundled_id=...) / grid_key(level)
    saved = store.load_progress(key, level)   # Progress | None: .history, .elapsed, .hints
    store.save_progress(key, history, elapsed, hints=h)   # after every move
    store.record_solve(key, seconds, hints=h, helped=s)  # on solve; clears the saved game
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from queens_tui.store.paths import daily_dir, data_dir
from queens_tui.store.progress import Progress, daily_key, grid_key, level_key, pack_key
from queens_tui.store.stats import LevelStats, Settings, Streak
from queens_tui.store.store import Store

if TYPE_CHECKING:
    from queens_tui.store.daily import GENERATED, Daily, daily_level, parse_day


def __getattr__(name: str) -> Any:
    """The daily puzzle's names load `store.daily` on first use: playing a file never does."""
    if name in ("GENERATED", "Daily", "daily_level", "parse_day"):
        from queens_tui.store import daily

        return getattr(daily, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "GENERATED",
    "Daily",
    "LevelStats",
    "Progress",
    "Settings",
    "Store",
    "Streak",
    "daily_dir",
    "daily_key",
    "daily_level",
    "data_dir",
    "grid_key",
    "level_key",
    "pack_key",
    "parse_day",
]
