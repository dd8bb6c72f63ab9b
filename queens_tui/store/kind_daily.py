"""The daily puzzle of the other kinds (Tango, ...): a file for the day wins, else generated.

Lookup for kind K on day D: ``<daily folder>/K/D.txt``, then ``D.json`` (the
daily folder is the one Queens uses, ``--daily-dir`` or ``<data dir>/daily``).
A file that exists but is broken, or holds another kind's level, raises
`LevelError`: the player put it there on purpose, so we never fall back.

Without a file, the day's line in the frozen calendar shipped in
``levels/daily/K/YYYY.days`` gives it (`store.kind_calendar`, made by
``python tests/make_daily.py --kind K``): it opens at once and is the same for
everyone whatever version of the generator they run. Beyond the calendar, the
kind's generator makes the puzzle from the seed
``K-daily-YYYY-MM-DD`` with the size and difficulty of the weekday
(`kinds.<K>.generate.DAILY_WEEK`: Monday gentle, Sunday hardest, as
LinkedIn ramps), so everyone gets the same puzzle on the same day, offline.
A generated puzzle is cached as text (``<cache>/K-daily-D.txt``) so reopening
the day is instant and stays the same even if the generator changes.
"""

from __future__ import annotations

import contextlib
import dataclasses
from datetime import date
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from queens_tui.core.errors import LevelError
from queens_tui.store import paths

if TYPE_CHECKING:
    from queens_tui.core.kind import PuzzleLevel

EXTENSIONS: tuple[str, ...] = (".txt", ".json")
GENERATED = "generated"
CACHE_MAX_BYTES = 100_000


class KindDaily(NamedTuple):
    """A day's puzzle and where it came from: a file path, or `GENERATED`."""

    level: PuzzleLevel
    source: str


def seed_for(kind: str, day: date) -> str:
    return f"{kind}-daily-{day.isoformat()}"


def daily_file(kind: str, day: date, daily_dir: paths.PathLike | None = None) -> Path | None:
    """The file that is `day`'s `kind` puzzle in the daily folder, if any."""
    folder = paths.daily_dir(daily_dir) / kind
    for ext in EXTENSIONS:
        p = folder / f"{day.isoformat()}{ext}"
        if p.is_file():
            return p
    return None


def daily_files(kind: str, daily_dir: paths.PathLike | None = None) -> dict[date, Path]:
    """Every dated `kind` puzzle file in the daily folder (for the level browser), by day."""
    folder = paths.daily_dir(daily_dir) / kind
    found: dict[date, Path] = {}
    try:
        names = sorted(p.name for p in folder.iterdir())
    except OSError:
        return found
    for name in names:
        stem, _dot, ext = name.partition(".")
        if f".{ext}" not in EXTENSIONS:
            continue
        try:
            day = date.fromisoformat(stem)
        except ValueError:
            continue
        if (folder / name).is_file() and day not in found:
            found[day] = folder / name
    return found


def _title(kind: str) -> str:
    from queens_tui.kinds import get_kind

    return get_kind(kind).title


def generate_daily(kind: str, day: date) -> PuzzleLevel:
    """`day`'s generated `kind` puzzle: deterministic in the date alone."""
    gen: Any = import_module(f"queens_tui.kinds.{kind}.generate")
    size, difficulty = gen.DAILY_WEEK[day.weekday()]
    seed = seed_for(kind, day)
    try:
        level = gen.generate(size, seed, difficulty)
    except gen.GenerateError:
        level = gen.generate(size, seed, None)
    name = f"Daily {_title(kind)} {day.isoformat()}"
    made: PuzzleLevel = dataclasses.replace(level, name=name, date=day.isoformat())
    return made


def _cache_path(cache_dir: Path, kind: str, day: date) -> Path:
    return cache_dir / f"{kind}-daily-{day.isoformat()}.txt"


def _from_cache(cache_dir: Path, kind: str, day: date) -> PuzzleLevel | None:
    from queens_tui.store.jsonfile import SchemaError, read_bounded

    fmt: Any = import_module(f"queens_tui.formats.{kind}")
    try:
        text = read_bounded(_cache_path(cache_dir, kind, day), CACHE_MAX_BYTES).decode("utf-8")
        level: PuzzleLevel = fmt.parse(text)
    except (OSError, UnicodeDecodeError, SchemaError, LevelError):
        return None
    meta = level.metadata
    if meta.get("seed") != seed_for(kind, day) or meta.get("date") != day.isoformat():
        return None
    return level


def _to_cache(cache_dir: Path, kind: str, day: date, level: PuzzleLevel) -> None:
    from queens_tui.store.jsonfile import atomic_write_bytes

    fmt: Any = import_module(f"queens_tui.formats.{kind}")
    with contextlib.suppress(OSError):  # a cache: failures only cost a regeneration
        atomic_write_bytes(_cache_path(cache_dir, kind, day), fmt.dump(level, "text").encode())


def daily_level(
    kind: str,
    day: date,
    daily_dir: paths.PathLike | None = None,
    *,
    cache_dir: paths.PathLike | None = None,
) -> KindDaily:
    """`day`'s `kind` puzzle: the daily folder's file for it, else the generated one.

    Raises `LevelError` (located at the file) when the day's file is broken
    or is not a `kind` level.
    """
    path = daily_file(kind, day, daily_dir)
    if path is not None:
        from queens_tui.formats import load_puzzle

        level = load_puzzle(path)
        if level.kind != kind:
            raise LevelError(f"a {level.kind} level, not {kind}", path=str(path), line=1, col=1)
        meta = level.metadata
        name = meta.get("name") or f"Daily {_title(kind)} {day.isoformat()}"
        fixed = dataclasses.replace(  # type: ignore[type-var]  # every kind's level is a dataclass
            level, name=name, date=meta.get("date") or day.isoformat()
        )
        return KindDaily(fixed, str(path))
    from queens_tui.store.kind_calendar import from_calendar

    frozen = from_calendar(
        kind, day, f"Daily {_title(kind)} {day.isoformat()}", seed_for(kind, day)
    )
    if frozen is not None:
        return KindDaily(frozen, GENERATED)
    if cache_dir is not None:
        cached = _from_cache(Path(cache_dir), kind, day)
        if cached is not None:
            return KindDaily(cached, GENERATED)
    level = generate_daily(kind, day)
    if cache_dir is not None:
        _to_cache(Path(cache_dir), kind, day, level)
    return KindDaily(level, GENERATED)
