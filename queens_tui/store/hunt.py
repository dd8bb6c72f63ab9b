"""The classic N-queens hunt on disk: the solutions of each size the player has found.

`<data dir>/hunt/classic-N.json`: `{"format": "queens-tui-hunt", "version": 1,
"size": N, "found": [[0-based columns], ...], "helped": [...]}`: the found
solutions in the order found, and those of them found with help (a hint
applied on the way; the key is left out when there are none). Written
whole (temp file + rename) after each new solution. A file that cannot be
read, or an entry that is not a solution of that size, is skipped, never a
crash: the hunt then starts from what could be read.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from queens_tui.store import paths
from queens_tui.store.jsonfile import atomic_write_json, loads, read_bounded

if TYPE_CHECKING:
    from queens_tui.kinds.classic.kind import ClassicLevel

Solution = tuple[int, ...]

FORMAT, VERSION = "queens-tui-hunt", 1


def hunt_file(size: int, data: paths.PathLike | None = None) -> Path:
    """Where the hunt of `size` is kept."""
    return paths.data_dir(data) / "hunt" / f"classic-{size}.json"


def _read(size: int, data: paths.PathLike | None) -> tuple[list[Solution], list[Solution]]:
    """(found, helped) from the file of `size`; what cannot be read is left out."""
    from queens_tui.kinds.classic.rules import is_solution

    path = hunt_file(size, data)
    try:
        obj: Any = loads(read_bounded(path))
    except (OSError, ValueError):
        return [], []
    if not isinstance(obj, dict):
        return [], []

    def solutions(items: Any) -> list[Solution]:
        out: list[Solution] = []
        for item in items if isinstance(items, list) else []:
            if isinstance(item, list) and all(isinstance(c, int) for c in item):
                q = tuple(item)
                if len(q) == size and is_solution(q) and q not in out:
                    out.append(q)
        return out

    found = solutions(obj.get("found"))
    return found, [q for q in solutions(obj.get("helped")) if q in found]


def load_found(size: int, data: paths.PathLike | None = None) -> list[Solution]:
    """The solutions of `size` found so far, in order ([] when there is no readable file)."""
    return _read(size, data)[0]


def hunt_level(size: int, data: paths.PathLike | None = None) -> ClassicLevel:
    """The classic board of `size` with its hunt as saved (found, and which with help)."""
    from queens_tui.kinds.classic.kind import level

    found, helped = _read(size, data)
    return level(size, found, helped)


def save_found(
    size: int,
    found: Sequence[Solution],
    data: paths.PathLike | None = None,
    helped: Sequence[Solution] = (),
) -> None:
    """Write the hunt of `size` (OSError is the caller's to report). The game saves through
    `Store.save_hunt` instead, which keeps to a read-only folder and reports failures."""
    atomic_write_json(hunt_file(size, data), encode(size, found, helped))


def encode(size: int, found: Sequence[Solution], helped: Sequence[Solution] = ()) -> dict[str, Any]:
    """The hunt file's JSON object (see the module docstring)."""
    obj: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "size": size,
        "found": [list(q) for q in found],
    }
    if helped:
        obj["helped"] = [list(q) for q in helped]
    return obj
