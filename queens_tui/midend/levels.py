"""The level being played: the level itself plus its `catalog.LevelRef` (where it came from).

Which level an argument names, and which one `n` / `p` open, is the catalog's
answer (`queens_tui.catalog`); this module only pairs that answer with the
loaded level, for the title, the store key and the next step.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

from queens_tui.catalog.refs import LevelRef
from queens_tui.core.errors import printable
from queens_tui.kinds import get_kind, on_a_board


class OpenLevel(NamedTuple):
    """A level plus where it came from (for the title, the save key and "next level").

    A NamedTuple: cheaper to create at import than a frozen dataclass (docs/performance.md,
    Start-up)."""

    level: Any
    """The level, of any kind (`level.kind` names it)."""
    bundled_id: str | None = None
    path: str | None = None
    day: date | None = None
    """Set for a daily puzzle: its date (the level may come from a file or the generator)."""

    @property
    def ref(self) -> LevelRef:
        """The catalog's reference to this level (a classic board by its size)."""
        kind = self.level.kind
        if self.day is not None:
            return LevelRef.daily(self.day, kind)
        if on_a_board(kind) and self.path is None:  # an empty board of a size (classic:8)
            return LevelRef.board(kind, self.level.size)
        return LevelRef(kind, bundled_id=self.bundled_id, path=self.path)

    @property
    def ours_daily(self) -> date | None:
        """The day of a daily puzzle of ours (it feeds the daily streak); None for any other
        level, and for LinkedIn's own puzzle of a day (an archive day in the daily folder):
        that is recorded under LinkedIn's number, apart from our streak (issue 37)."""
        if self.day is None:
            return None
        from queens_tui.store.progress import linkedin_level_key

        return None if linkedin_level_key(self.level) is not None else self.day

    @property
    def earlier_keys(self) -> tuple[str, ...]:
        """Keys a game of this level may have been saved under by an earlier version: a
        LinkedIn day before it was keyed by its number (the daily's date when opened with
        `--daily-dir`, else the grid's fingerprint), so a game in progress resumes."""
        from queens_tui.store.progress import daily_key, grid_key, linkedin_level_key

        if linkedin_level_key(self.level) is None:
            return ()
        old = [grid_key(self.level)]
        if self.day is not None:
            old.insert(0, daily_key(self.day, self.level.kind))
        return tuple(old)

    @property
    def key(self) -> str:
        """The store key of this level's progress and stats (see `store.level_key`)."""
        from queens_tui.store.progress import level_key

        return level_key(self.level, bundled_id=self.bundled_id, day=self.day)

    @property
    def title(self) -> str:
        """What the status line calls this level: its name, unless it has none or one that
        tells a player nothing (a generated code, `KindBase.telling_name`); then a bundled
        level by its pack and number ("Zip, pack 2-7x7, level 14"), a file by its name."""
        kind = get_kind(self.level.kind)
        name = printable(str(self.level.name)) if self.level.name else ""
        if name and kind.telling_name(name):
            return name
        if self.bundled_id:
            from queens_tui.catalog.refs import bundled_title

            return bundled_title(kind.name, self.bundled_id)
        if self.path:
            return printable(Path(self.path).stem)
        return name or "Untitled"

    @property
    def full_title(self) -> str:
        """What the win card and the share line call this level: its `title`, or for a kind
        played on an empty board of a size (classic N-queens) the kind and the size ("Classic
        N-queens 8×8", not "Classic N-queens 8 queens (8×8)"). `midend.game.Result.name` puts
        the kind and the size around it where it does not say them."""
        kind = get_kind(self.level.kind)
        if on_a_board(kind.name):
            return f"{kind.title} {str(self.level.size_text).replace('x', '×')}"
        return self.title


def open_ref(ref: LevelRef) -> OpenLevel:
    """Load the level `ref` names; raises `LevelError`, located. (The game opens a daily
    through its store instead, for the cache and a worker: `Session.daily`.)"""
    from queens_tui.catalog import load

    return OpenLevel(load(ref), bundled_id=ref.bundled_id, path=ref.path, day=ref.day)


def open_level(arg: str | None) -> OpenLevel:
    """The level the command line names (`catalog.parse_ref`), or with None the first bundled
    level; raises `LevelError` located at `arg`."""
    from queens_tui.catalog import kind_levels, parse_ref
    from queens_tui.core.errors import LevelError

    if arg is None:
        levels = kind_levels()
        if not levels:
            raise LevelError(
                "no bundled levels found: pass a level file, e.g. queens-tui play my.txt"
            )
        arg = levels[0][0]
    return open_ref(parse_ref(arg))
