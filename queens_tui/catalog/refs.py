"""`LevelRef`: a level's identity without the level, read from and written to one line of text.

Forms (`parse_ref` reads them, `LevelRef.text` writes them):

- a path to a level file (any kind, any format, or a screenshot), or ``-`` for standard input;
  a path that exists always wins, so a local file can shadow a bundled id;
- a bundled id: the file's path under ``levels/`` without extension, ``3-hard/017``; packs of
  the other kinds are named after the kind (``tango-1-easy/001``);
- ``daily:YYYY-MM-DD`` (the first kind's, Queens) or ``daily:KIND:YYYY-MM-DD``
  (``daily:tango:2026-11-01``): that day's daily puzzle, never a future one;
- ``KIND:N`` for a kind played on an empty board of a size (``classic:8``: the classic
  N-queens board of size 8).

"Next" and "previous" (`step`): in the bundled packs, the next level of the same kind in id
order (across its packs); for a day of LinkedIn's archive, the next day of its kind in the
folder's library (`catalog.library`, either layout); for another file, the next file of the
same kind in its folder (unreadable files are skipped); for a daily, the next or previous day
(never past today, and never past `date.min` / `date.max`); for a classic board, the next size.

Imports of formats and store are lazy: `parse_ref` runs before the game's first frame.
"""

from __future__ import annotations

import os
import re
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NamedTuple

from queens_tui.core.errors import LevelError
from queens_tui.kinds import DEFAULT_KIND, KINDS, board_kinds, daily_kinds, get_kind

if TYPE_CHECKING:
    from queens_tui.core.kind import PuzzleLevel

DAILY_PREFIX = "daily:"
_BOARD = re.compile(r"([a-z]+):(\d+)", re.IGNORECASE)
_DAILY = re.compile(r"daily:(?:([a-z]+):)?(.*)", re.IGNORECASE)


class LevelRef(NamedTuple):
    """Which level: exactly one of `bundled_id`, `path`, `day` or `size` says where it is.

    `kind` is the puzzle kind (`kinds.KINDS`): known for a bundled level (its pack's name),
    a daily and a classic board; None for a file until it is read (`load` tells).
    A file inside the bundled folder is that bundled level (same saves, same `n`).
    """

    kind: str | None = None
    bundled_id: str | None = None
    path: str | None = None
    day: date | None = None
    size: int | None = None

    @classmethod
    def bundled(cls, level_id: str) -> LevelRef:
        """Bundled level `level_id` (its kind from its pack's name)."""
        from queens_tui.formats.bundled import pack_kind

        return cls(pack_kind(level_id), bundled_id=level_id)

    @classmethod
    def file(cls, path: str | os.PathLike[str], kind: str | None = None) -> LevelRef:
        """The level file `path` (`kind` if known)."""
        return cls(kind, path=os.fspath(path))

    @classmethod
    def daily(cls, day: date, kind: str = DEFAULT_KIND) -> LevelRef:
        """`day`'s daily puzzle of `kind`."""
        return cls(kind, day=day)

    @classmethod
    def board(cls, kind: str, size: int) -> LevelRef:
        """The empty board of `size` of a kind played that way (classic N-queens)."""
        return cls(kind, size=size)

    @property
    def text(self) -> str:
        """The line `parse_ref` reads back into this reference."""
        if self.day is not None:
            kind = "" if self.kind in (None, DEFAULT_KIND) else f"{self.kind}:"
            return f"{DAILY_PREFIX}{kind}{self.day.isoformat()}"
        if self.size is not None:
            return f"{self.kind}:{self.size}"
        return self.bundled_id or self.path or ""

    def with_bundled_id(self) -> LevelRef:
        """This file as the bundled level it is, if it lies in the bundled folder (same saves,
        stats and `n` as by id); else unchanged."""
        from queens_tui.formats import bundled

        root = bundled.levels_dir()
        if self.path is None or self.path == "-" or root is None:
            return self
        try:
            rel = Path(self.path).resolve().relative_to(root.resolve())
        except (OSError, ValueError):
            return self
        level_id = rel.with_suffix("").as_posix()
        if bundled.bundled_path(level_id) is None:
            return self
        return self._replace(kind=bundled.pack_kind(level_id), bundled_id=level_id)

    def __str__(self) -> str:
        return self.text

    @property
    def key(self) -> str | None:
        """The store key of this level's progress and stats, when it follows from the reference
        alone (bundled, daily, classic; a file's key needs its content: `store.level_key`)."""
        from queens_tui.store.progress import daily_key, pack_key

        if self.day is not None:
            return daily_key(self.day, self.kind or DEFAULT_KIND)
        if self.size is not None:
            return f"{self.kind}:{self.size}"  # an empty board's fingerprint is its size
        if self.bundled_id is not None:
            return pack_key(self.bundled_id)
        return None


def step_day(day: date, step: int) -> date | None:
    """The day `step` days after `day` (before, if negative), or None past the calendar's ends:
    `n` on 9999-12-31 or `p` on 0001-01-01 has nowhere to go (no OverflowError)."""
    try:
        return day + timedelta(days=step)
    except OverflowError:
        return None


def parse_ref(arg: str, *, today: date | None = None) -> LevelRef:
    """The level `arg` names (see the module docstring); `LevelError` located at `arg` if none.

    With `today`, a daily puzzle after it is refused (its puzzle comes that day).
    """
    from queens_tui.formats import bundled

    if arg == "-" or os.path.lexists(arg):
        return LevelRef.file(arg, None).with_bundled_id()
    daily = _DAILY.fullmatch(arg.strip())
    if daily:
        return _parse_daily(arg, daily.group(1), daily.group(2), today)
    board = _BOARD.fullmatch(arg.strip())
    if board and board.group(1).lower() in board_kinds():
        return _parse_board(arg, board.group(1).lower(), board.group(2))
    path = bundled.bundled_path(arg)
    if path is not None:
        root = bundled.levels_dir()
        assert root is not None  # bundled_path found the file in it
        return LevelRef.bundled(path.relative_to(root).with_suffix("").as_posix())
    known = [level_id for level_id, _ in bundled.bundled_levels()]
    hint = f" (bundled: {', '.join(known[:5])}{', ...' if len(known) > 5 else ''})" if known else ""
    raise LevelError(f"no such file or bundled level{hint}", path=arg)


def _parse_daily(arg: str, kind: str | None, day_text: str, today: date | None) -> LevelRef:
    from queens_tui.store.daily import parse_day

    kind = (kind or DEFAULT_KIND).lower()
    # the named kind's facts only: `daily_kinds()` would import every kind's `KIND` (and level
    # model) before the first frame of `play --date`
    if kind not in KINDS or get_kind(kind).daily is None:
        others = ", ".join(daily_kinds()[1:])
        raise LevelError(
            f"no daily puzzle of kind {kind!r} (daily:YYYY-MM-DD, or daily:KIND:YYYY-MM-DD "
            f"with KIND one of {others})",
            path=arg,
        )
    try:
        day = parse_day(day_text, latest=today)
    except ValueError as err:
        raise LevelError(str(err), path=arg) from None
    return LevelRef.daily(day, kind)


def _parse_board(arg: str, kind: str, size_text: str) -> LevelRef:
    sizes = get_kind(kind).sizes
    if int(size_text) not in sizes:
        raise LevelError(f"{kind}:N takes a size from {min(sizes)} to {max(sizes)}", path=arg)
    return LevelRef.board(kind, int(size_text))


# --- loading ----------------------------------------------------------------------------------


def load(ref: LevelRef, *, daily_dir: str | os.PathLike[str] | None = None) -> PuzzleLevel:
    """The level `ref` names; `LevelError` (located) if it cannot be read.

    A daily puzzle comes from the daily folder's file for the day, else the calendar or the
    generator (a second or more beyond the calendar: the app does that in a worker, through
    its store and cache).
    """
    if ref.size is not None:
        from queens_tui.store.hunt import hunt_level

        return hunt_level(ref.size)
    if ref.day is not None:
        from queens_tui.store.daily import daily_level

        level: PuzzleLevel = daily_level(ref.kind or DEFAULT_KIND, ref.day, daily_dir).level
        return level
    from queens_tui.formats import bundled, load_puzzle

    if ref.path is not None:
        return load_puzzle(ref.path)
    level_id = ref.bundled_id or ""
    path = bundled.bundled_path(level_id)
    if path is None:
        raise LevelError("no such bundled level", path=level_id)
    try:
        return load_puzzle(path)
    except LevelError as err:
        raise err.located(level_id) from None


def open_arg(arg: str, *, today: date | None = None) -> tuple[LevelRef, PuzzleLevel]:
    """`parse_ref` then `load`: the reference (its kind filled in) and the level."""
    ref = parse_ref(arg, today=today)
    level = load(ref)
    return ref._replace(kind=ref.kind or level.kind), level


# --- packs and neighbours ---------------------------------------------------------------------


def kind_levels(kind: str = DEFAULT_KIND) -> list[tuple[str, Path]]:
    """Every bundled level of `kind` as (id, path), in id order (pack by pack)."""
    from queens_tui.formats.bundled import bundled_levels

    return bundled_levels(kind)


def pack_of(level_id: str) -> str:
    """The pack of a bundled level: its folder (``1-easy/001`` -> ``1-easy``)."""
    folder, _, _ = level_id.rpartition("/")
    return folder or "levels"


def bundled_title(kind: str, level_id: str) -> str:
    """A bundled level named as the level browser finds it: "Zip, pack 2-7x7, level 14"
    (`zip-2-7x7/014`: the kind's title, the pack without the kind's prefix, the number)."""
    from queens_tui.kinds import get_kind

    pack, _, stem = level_id.rpartition("/")
    pack = pack.removeprefix(f"{kind}-")
    number = stem.lstrip("0") or stem if stem.isdigit() else stem
    title = get_kind(kind).title
    return f"{title}, pack {pack}, level {number}" if pack else f"{title}, level {number}"


def packs(kind: str = DEFAULT_KIND) -> list[str]:
    """The bundled packs of `kind`, in order."""
    return list(dict.fromkeys(pack_of(level_id) for level_id, _ in kind_levels(kind)))


LAST = "This was the last level."
FIRST = "This is the first level."
NO_MORE_DAYS = "There are no daily puzzles beyond this date."
TOMORROW = "Tomorrow's puzzle comes tomorrow."


def step(ref: LevelRef, step: int, *, today: date) -> LevelRef | str:
    """Where `n` (`step` 1) or `p` (-1) goes from `ref`, or a sentence saying why nowhere.

    Bundled levels and files that cannot be read are skipped (a daily is not read here:
    its puzzle may need generating).
    """
    if ref.day is not None:
        day = step_day(ref.day, step)
        if day is None:
            return NO_MORE_DAYS
        if step > 0 and day > max(today, ref.day):
            return TOMORROW
        return ref._replace(day=day)
    end = LAST if step > 0 else FIRST
    if ref.size is not None and ref.kind is not None:
        size = ref.size + step
        return LevelRef.board(ref.kind, size) if size in get_kind(ref.kind).sizes else end
    if ref.bundled_id is not None:
        ids = [level_id for level_id, _ in kind_levels(ref.kind or DEFAULT_KIND)]
        if ref.bundled_id not in ids:
            return end
        i = ids.index(ref.bundled_id)
        for level_id in ids[i + 1 :] if step > 0 else ids[:i][::-1]:
            found = LevelRef.bundled(level_id)
            if _readable(found):
                return found
        return end
    if ref.path is None or ref.path == "-":
        return end
    archived = _next_archive_day(ref.path, step)
    if archived is not None:
        return archived or end
    return _next_file(ref, step) or end


def _next_archive_day(path: str, step: int) -> LevelRef | Literal[""] | None:
    """For a day of LinkedIn's archive (`catalog.library`): the next (previous) readable day
    of its kind in the library, "" at the end; None for a file not named as an archive day."""
    from queens_tui.catalog.library import archive_root, cached

    root = archive_root(Path(path))
    if root is None:
        return None
    library = cached(root)
    here = Path(path)
    while (found := library.neighbour(here, step)) is not None:
        if found.problem is None:
            return LevelRef.file(found.path, found.kind)
        here = found.path
    return "" if library.neighbour(Path(path), 0) is not None else None


def _readable(ref: LevelRef) -> bool:
    try:
        load(ref)
    except LevelError:
        return False
    return True


def _next_file(ref: LevelRef, step: int) -> LevelRef | None:
    """The next (previous) readable file of `ref`'s kind with its suffix in its folder."""
    from queens_tui.formats import load_puzzle

    assert ref.path is not None
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
        if ref.kind is None or found.kind == ref.kind:  # the next file of the same kind
            return LevelRef.file(path, found.kind)
    return None
