"""Fixed data for the level browser's tests and snapshot: a few packs, a store with history.

Everything is written into a folder the caller gives (a pytest tmp dir), with
a fixed "today", so the listing never depends on the real levels/, the real
home or the real date.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from queens_tui.formats.queens import load
from queens_tui.kinds.queens.board import History, Mark, Move
from queens_tui.store import Store, daily_key, pack_key

from ..conftest import EXAMPLE_8

TODAY = date(2026, 3, 18)
"""A Wednesday: the generated daily is 8x8 medium (store.daily.WEEK)."""

GRID_6 = ["AABBBB", "AABCCB", "DDBCCB", "DEEEFB", "DDEEFF", "DDDEFF"]
GRID_7 = ["AAABBBB", "ACABDDB", "ACCCDDB", "ECCFFDB", "EEGFFDD", "EGGGFFD", "EEEGGGD"]
GRID_8 = EXAMPLE_8.split()

PACKS: dict[str, list[tuple[str, str, list[str]]]] = {
    "1-easy": [
        ("Morning walk", "easy", GRID_6),
        ("Garden gate", "easy", GRID_7),
        ("Small steps", "easy", GRID_6),
    ],
    "2-medium": [
        ("Crossroads", "medium", GRID_8),
        ("Old quarter", "medium", GRID_7),
        ("Lighthouse", "hard", GRID_8),
    ],
    "3-expert": [
        ("Labyrinth", "expert", GRID_8),
        ("Last stand", "expert", GRID_7),
    ],
}
"""pack -> levels (name, difficulty, rows); only the headers matter, not uniqueness."""


def write_levels(root: Path) -> list[tuple[str, Path]]:
    """The packs as text files under `root`, returned like `bundled_levels()`."""
    out = []
    for pack, levels in PACKS.items():
        folder = root / pack
        folder.mkdir(parents=True, exist_ok=True)
        for i, (name, difficulty, rows) in enumerate(levels, start=1):
            path = folder / f"{i:03d}.txt"
            path.write_text(
                f"# name: {name}\n# difficulty: {difficulty}\n" + "\n".join(rows) + "\n"
            )
            out.append((f"{pack}/{i:03d}", path))
    return sorted(out)


def make_store(data: Path, levels: list[tuple[str, Path]]) -> Store:
    """A store with history: solved (clean, helped), in progress, and dailies.

    - 1-easy/001 solved clean in 1:23 (a faster solve with hints does not beat it)
    - 1-easy/002 solved only with help, 2:05
    - 2-medium/001 in progress
    - today's daily in progress; yesterday's solved (streak 1) in 4:10
    - a daily from 60 days ago solved (outside the 31 days, listed because played)
    - a file for two days ago in the daily folder, titled, 6x6 easy
    """
    store = Store(data, sync=False, today=lambda: TODAY)
    paths = dict(levels)
    store.record_solve(pack_key("1-easy/001"), 83.0, today=TODAY)
    store.record_solve(pack_key("1-easy/001"), 70.0, hints=2, today=TODAY)
    store.record_solve(pack_key("1-easy/002"), 125.4, hints=1, today=TODAY)
    level = load(paths["2-medium/001"])
    history = History.new(level)
    history.apply(Move((((0, 0), Mark.QUEEN),)))
    store.save_progress(pack_key("2-medium/001"), history, 30.0)
    yesterday = TODAY - timedelta(days=1)
    store.record_solve(daily_key(yesterday), 250.0, today=yesterday)
    store.record_solve(daily_key(TODAY - timedelta(days=60)), 400.0, today=TODAY)
    store.save_progress(daily_key(TODAY), History.new(level), 12.0)
    store.daily_dir.mkdir(parents=True, exist_ok=True)
    (store.daily_dir / f"{(TODAY - timedelta(days=2)).isoformat()}.txt").write_text(
        "# name: Club night\n# difficulty: easy\n" + "\n".join(GRID_6) + "\n"
    )
    (store.daily_dir / f"{(TODAY + timedelta(days=1)).isoformat()}.txt").write_text(
        "# name: Tomorrow\n" + "\n".join(GRID_6) + "\n"
    )
    store.flush()
    return store
