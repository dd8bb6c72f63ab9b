"""The classic N-queens hunt on disk: the solutions of each size the player has found.

`<data dir>/hunt/classic-N.json`: `{"format": "queens-tui-hunt", "version": 1,
"size": N, "found": [[0-based columns], ...]}` in the order found. Written
whole (temp file + rename) after each new solution. A file that cannot be
read, or an entry that is not a solution of that size, is skipped, never a
crash: the hunt then starts from what could be read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from queens_tui.store import paths
from queens_tui.store.jsonfile import atomic_write_json, loads, read_bounded

FORMAT, VERSION = "queens-tui-hunt", 1


def hunt_file(size: int, data: paths.PathLike | None = None) -> Path:
    """Where the hunt of `size` is kept."""
    return paths.data_dir(data) / "hunt" / f"classic-{size}.json"


def load_found(size: int, data: paths.PathLike | None = None) -> list[tuple[int, ...]]:
    """The solutions of `size` found so far, in order ([] when there is no readable file)."""
    from queens_tui.kinds.classic.rules import is_solution

    path = hunt_file(size, data)
    try:
        obj: Any = loads(read_bounded(path))
    except (OSError, ValueError):
        return []
    found = obj.get("found") if isinstance(obj, dict) else None
    if not isinstance(found, list):
        return []
    out: list[tuple[int, ...]] = []
    for item in found:
        if isinstance(item, list) and all(isinstance(c, int) for c in item):
            q = tuple(item)
            if len(q) == size and is_solution(q) and q not in out:
                out.append(q)
    return out


def save_found(size: int, found: list[tuple[int, ...]], data: paths.PathLike | None = None) -> None:
    """Write the hunt of `size` (OSError is the caller's to report)."""
    path = hunt_file(size, data)
    path.parent.mkdir(parents=True, exist_ok=True)
    obj = {"format": FORMAT, "version": VERSION, "size": size, "found": [list(q) for q in found]}
    atomic_write_json(path, obj)
