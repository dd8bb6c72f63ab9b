"""The levels that ship with queens-tui, found the same way installed or not.

The repository's top-level `levels/` folder is copied into the wheel as
`queens_tui/_levels` (see `force-include` in pyproject.toml). An installed
package therefore finds `<site-packages>/queens_tui/_levels`; an editable or
source checkout has no `_levels` and finds `<repo>/levels` instead.

A bundled level's id is its path inside that folder, without the extension,
with `/` separators on every platform: `1-easy/001`. This module only finds
the files; what an argument names, and which level comes next, is the
catalog's business (`queens_tui.catalog`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

LEVEL_SUFFIXES: tuple[str, ...] = (".txt", ".json", ".ts")
"""Files that count as levels, in order of preference when two share an id."""

ORDER_FILE = "ORDER"
"""A pack's play order, in the pack's folder: one level's file name without extension a
line (`scripts/sort_packs.py` writes them by score, easiest first). The pack lists, and
"next" walks, its levels in that order, those it does not name after them by id. Files
keep their names, so the bundled ids, and the saves and stats keyed by them, stay."""


def _candidates() -> list[Path]:
    here = Path(__file__).parent.parent  # .../queens_tui, as the import system found it
    package = here.resolve()
    # `here / "_levels"` is what importlib.resources.files("queens_tui") gives for a
    # package on disk (the only kind it could use: others give no Path); spelled out,
    # so finding the levels costs no import of importlib.resources before the first frame.
    found = [here / "_levels", package / "_levels"]
    if (package.parent / "pyproject.toml").is_file():
        found.append(package.parent / "levels")  # a source checkout: <repo>/levels
    return found


@cache
def levels_dir() -> Path | None:
    """The folder of bundled levels, or None if this install has none (found once a process:
    `grade` and `explain` ask it twice a file, and each look resolves the package's path)."""
    for path in _candidates():
        if path.is_dir():
            return path
    return None


def _index(root: Path | None) -> dict[str, Path]:
    if root is None:
        return {}
    index: dict[str, Path] = {}
    rank = {s: i for i, s in enumerate(LEVEL_SUFFIXES)}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "_")))
        for name in filenames:
            path = Path(dirpath, name)
            if name.startswith(".") or path.suffix.lower() not in rank:
                continue
            level_id = path.relative_to(root).with_suffix("").as_posix()
            old = index.get(level_id)
            if old is None or rank[path.suffix.lower()] < rank[old.suffix.lower()]:
                index[level_id] = path
    return dict(sorted(index.items(), key=_play_order(root, index)))


def _play_order(root: Path, index: dict[str, Path]) -> Callable[[tuple[str, Path]], Any]:
    """The sort key of (id, path): its pack, then its place in the pack's `ORDER_FILE`
    (levels it does not name after those it does), then its id."""
    places: dict[str, int] = {}
    for pack in {level_id.rpartition("/")[0] for level_id in index}:
        try:
            names = (root / pack / ORDER_FILE).read_text("utf-8").split()
        except (OSError, UnicodeDecodeError):
            continue
        for k, name in enumerate(names):
            places[f"{pack}/{name}" if pack else name] = k
    last = len(places)

    def key(item: tuple[str, Path]) -> tuple[str, int, str]:
        level_id = item[0]
        return level_id.rpartition("/")[0], places.get(level_id, last), level_id

    return key


def pack_kind(level_id: str) -> str:
    """The puzzle kind of a bundled level, from its pack's name.

    Packs are named after their kind (`tango-1-easy/001` is a Tango level), but the
    first kind's carry no prefix (`1-easy/001`: Queens packs came first).
    """
    from queens_tui.kinds import DEFAULT_KIND, KINDS

    prefix = level_id.split("/", 1)[0].split("-", 1)[0]
    return prefix if prefix in KINDS else DEFAULT_KIND


def bundled_levels(kind: str | None = None) -> list[tuple[str, Path]]:
    """Every bundled level of puzzle kind `kind` (default: the first) as (id, path), by id."""
    if kind is None:
        from queens_tui.kinds import DEFAULT_KIND

        kind = DEFAULT_KIND
    return [(i, p) for i, p in _index(levels_dir()).items() if pack_kind(i) == kind]


def _direct(root: Path, key: str) -> Path | None:
    """`key`'s file found without listing the folder (the usual case: `1-easy/001`), else
    None. Walking every pack to index it cost more than the rest of opening a level."""
    parts = key.split("/")
    if not key or any(not p or p.startswith((".", "_")) for p in parts):
        return None  # what the index leaves out, or no plain id: the index decides
    for suffix in LEVEL_SUFFIXES:  # in the index's order of preference
        path = root.joinpath(*parts[:-1], parts[-1] + suffix)
        try:
            if path.is_file():
                return path
        except (OSError, ValueError):  # a name too long for the OS, a NUL byte
            return None
    return None


def bundled_path(level_id: str) -> Path | None:
    """The file of bundled level `level_id` (`1-easy/001`, or with its extension), or None."""
    root = levels_dir()
    if root is None:
        return None
    key = level_id.strip().replace("\\", "/").strip("/")
    direct = _direct(root, key)
    if direct is not None:
        return direct
    index = _index(root)
    if key in index:
        return index[key]
    if Path(key).suffix.lower() in LEVEL_SUFFIXES:
        path = root / key
        try:
            if path.is_file() and path.resolve().is_relative_to(root.resolve()):
                return path
        except (OSError, ValueError):  # a name too long for the OS, a NUL byte
            return None
    return None
