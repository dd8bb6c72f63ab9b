"""Which level to play, and which one comes next.

The command line names a level by file path or bundled id (see
`formats.bundled`); with no name the game opens the daily puzzle (see
`app.session`). "Next level" (`n`, and `p` for the previous one) follows the
bundled order, or for a file, the files of the same kind in the same folder;
for a daily puzzle it is the next or previous day (see `app.session`).
"""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

from queens_tui.kinds.queens.level import LevelError


class LevelRef(NamedTuple):
    """A level plus where it came from (for the title and for "next level").

    A NamedTuple, not a dataclass: it is built at import, before the first frame, and
    a frozen dataclass costs about seven times as much to create.
    """

    level: Any
    """The level, of any kind (`level.kind` names it)."""
    bundled_id: str | None = None
    path: str | None = None
    day: date | None = None
    """Set for a daily puzzle: its date (the level may come from a file or the generator)."""

    @property
    def key(self) -> str:
        """The store key of this level's progress and stats (see `store.level_key`)."""
        from queens_tui.store.progress import level_key

        return level_key(self.level, bundled_id=self.bundled_id, day=self.day)

    @property
    def title(self) -> str:
        """What the status line and the share line call this level."""
        if self.level.name:
            return str(self.level.name)
        if self.bundled_id:
            return self.bundled_id
        if self.path:
            return Path(self.path).stem
        return "Untitled"


def open_level(arg: str | None) -> LevelRef:
    """The level the command line names; raises `LevelError` located at `arg`."""
    from queens_tui.formats import bundled

    if arg is None:
        levels = bundled.bundled_levels()
        if not levels:
            raise LevelError(
                "no bundled levels found: pass a level file, e.g. queens-tui play my.txt"
            )
        level_id, _ = levels[0]
        return open_level(level_id)
    level = bundled.resolve_puzzle_arg(arg)  # a level of any kind
    if arg != "-" and not os.path.lexists(arg):
        path = bundled.bundled_path(arg)
        root = bundled.levels_dir()
        level_id = path.relative_to(root).with_suffix("").as_posix() if path and root else arg
        return LevelRef(level, bundled_id=level_id)
    return LevelRef(level, path=arg, bundled_id=_bundled_id_of(arg))


def _bundled_id_of(path: str) -> str | None:
    """The bundled id of a file inside the levels folder (same saves, stats and `n`), else None."""
    from queens_tui.formats import bundled

    root = bundled.levels_dir()
    if path == "-" or root is None:
        return None
    try:
        rel = Path(path).resolve().relative_to(root.resolve())
    except (OSError, ValueError):
        return None
    level_id = rel.with_suffix("").as_posix()
    return level_id if bundled.bundled_path(level_id) is not None else None


def adjacent_level(ref: LevelRef, step: int = 1) -> LevelRef | None:
    """The level `step` places after `ref` (-1: before) among packs or files, else None.

    A classic N-queens board steps to the next size. Unreadable levels on the
    way are skipped. Daily puzzles are not handled
    here (their neighbours are days, and may need generating: `app.session`).
    """
    from queens_tui.formats import bundled, load_puzzle

    if getattr(ref.level, "kind", None) == "classic":  # the next (previous) board size
        from queens_tui.kinds.classic.kind import MAX_SIZE, MIN_SIZE, level
        from queens_tui.store.hunt import load_found

        size = ref.level.size + step
        return LevelRef(level(size, load_found(size))) if MIN_SIZE <= size <= MAX_SIZE else None
    if ref.bundled_id is not None:
        ids = [
            level_id for level_id, _ in bundled.bundled_levels(bundled.pack_kind(ref.bundled_id))
        ]
        if ref.bundled_id not in ids:
            return None
        i = ids.index(ref.bundled_id)
        others = ids[i + 1 :] if step > 0 else ids[:i][::-1]
        for level_id in others:
            try:
                return open_level(level_id)
            except LevelError:
                continue
        return None
    if ref.path is None or ref.path == "-":
        return None
    here = Path(ref.path)
    siblings = sorted(p for p in here.parent.glob(f"*{here.suffix}") if p.is_file())
    names = [p.name for p in siblings]
    if here.name not in names:
        return None
    i = names.index(here.name)
    for path in siblings[i + 1 :] if step > 0 else siblings[:i][::-1]:
        try:
            found = load_puzzle(path)
        except LevelError:
            continue
        if found.kind == ref.level.kind:  # the next file of the same kind
            return LevelRef(found, path=str(path))
    return None
