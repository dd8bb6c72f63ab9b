"""Which level to play, and which one comes next.

The command line names a level by file path or bundled id (see
`formats.bundled`); with no name the game opens the first bundled level. After
a win, "next level" follows the bundled order, or for a file, the next file of
the same kind in the same folder.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from queens_tui.core.level import Level, LevelError


@dataclass(frozen=True)
class LevelRef:
    """A level plus where it came from (for the title and for "next level")."""

    level: Level
    bundled_id: str | None = None
    path: str | None = None

    @property
    def title(self) -> str:
        """What the status line and the share line call this level."""
        if self.level.name:
            return self.level.name
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
    level = bundled.resolve_level_arg(arg)
    if arg != "-" and not os.path.lexists(arg):
        path = bundled.bundled_path(arg)
        level_id = (
            path.relative_to(bundled.levels_dir()).with_suffix("").as_posix() if path else arg
        )  # type: ignore[arg-type]
        return LevelRef(level, bundled_id=level_id)
    return LevelRef(level, path=arg)


def next_level(ref: LevelRef) -> LevelRef | None:
    """The level after `ref`, or None when it was the last one."""
    from queens_tui.formats import bundled, load

    if ref.bundled_id is not None:
        ids = [level_id for level_id, _ in bundled.bundled_levels()]
        later = ids[ids.index(ref.bundled_id) + 1 :] if ref.bundled_id in ids else []
        for level_id in later:
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
    for path in siblings[names.index(here.name) + 1 :]:
        try:
            return LevelRef(load(path), path=str(path))
        except LevelError:
            continue
    return None
