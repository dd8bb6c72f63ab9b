"""The daily puzzle of every kind: a file for the day if the player has one, else the calendar's.

Each kind says how its daily works in its `KIND.daily` (`core.kind.DailySpec`).
Lookup for kind K on day D: the daily folder's file for D (in the kind's
sub-folder: ``<daily>/D.txt`` for Queens, ``<daily>/tango/D.json`` for
Tango; the extensions in the kind's order, a screenshot too for Queens), or a
day of LinkedIn's archive (`archive_days`): ``<daily>/D/<game>.json`` (one folder a day,
as the best-kept archive stores them, also under an ``outputs/`` folder) or
``<daily>/D_<game>.json`` (the flat copies), where `game` is one of the kind's
`archive_games` (``minisudoku`` for Mini Sudoku) or its own name.
A file that exists but is broken, or holds another kind's level, raises
`LevelError` (the caller prints its one line): the player put it there on
purpose, so we never silently fall back.

Without a file, the puzzle comes from the frozen calendar shipped in
``levels/daily/<kind>/YYYY.days`` (made once by ``python scripts/make_daily.py``;
one line per day, the kind's `encode`), so it opens at once and is the same
for everyone whatever version of the generator they run. Beyond the calendar
it is generated from the seed ``<seed_prefix>-YYYY-MM-DD`` with the weekday's
size and difficulty (gentle on Monday, hardest on Sunday: deterministic,
offline, but tied to this version's generator), and cached as text
(``<cache>/<seed_prefix>-D.txt``) so reopening the day is instant and stays
the same if the generator changes.

Calendar file: comment lines start with ``#``; the other lines are the days of
the year in order from 1 January (line 1), one per day; ``-`` is a day the
calendar does not hold.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from queens_tui.core.errors import LevelError
from queens_tui.kinds import get_kind
from queens_tui.store import paths

if TYPE_CHECKING:
    from queens_tui.core.kind import DailySpec, PuzzleLevel

CACHE_DAYS = 45
"""Generated puzzles this many days away from the one just made are pruned from the cache."""

CACHE_MAX_BYTES = 100_000
"""A cached daily puzzle is a few hundred bytes; a bigger file is not one."""

GENERATED = "generated"
"""The `source` of a puzzle made by the generator or the calendar (else the file's path)."""


class Daily(NamedTuple):
    """A day's puzzle and where it came from: a file path, or `GENERATED`."""

    level: Any
    """The day's level (a `core.kind.PuzzleLevel` of the kind asked for)."""
    source: str


def spec(kind: str) -> DailySpec:
    """Kind `kind`'s daily (`KeyError` for a kind without one)."""
    found = get_kind(kind).daily
    if found is None:
        raise KeyError(f"{kind} has no daily puzzle")
    return found


def parse_day(text: str, *, latest: date | None = None) -> date:
    """``YYYY-MM-DD`` to a date, with a message fit for one line of stderr.

    With `latest` (today), a later day is refused: its puzzle comes that day.
    """
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text.strip()):
            raise ValueError
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"bad date {text!r}: expected YYYY-MM-DD, e.g. 2026-11-21") from None
    if latest is not None and day > latest:
        raise ValueError(
            f"{day.isoformat()} is in the future (today is {latest.isoformat()}): "
            "its puzzle comes that day"
        )
    return day


def seed_for(kind: str, day: date) -> str:
    """The generator seed of `day`'s `kind` puzzle."""
    return f"{spec(kind).seed_prefix}-{day.isoformat()}"


def name_for(kind: str, day: date) -> str:
    """The name of `day`'s `kind` puzzle: `Daily 2026-11-24`, `Daily Tango 2026-11-24`."""
    return f"{spec(kind).name_prefix} {day.isoformat()}"


def shape_for(kind: str, day: date) -> tuple[int, str | None]:
    """(size, difficulty) of `day`'s generated `kind` puzzle."""
    return spec(kind).week[day.weekday()]


def _folder(kind: str, daily_dir: paths.PathLike | None) -> Path:
    sub = spec(kind).folder
    root = paths.daily_dir(daily_dir)
    return root / sub if sub else root


def daily_file(kind: str, day: date, daily_dir: paths.PathLike | None = None) -> Path | None:
    """The file that is `day`'s `kind` puzzle in the daily folder, if any: the kind's own
    ``D.<ext>``, else LinkedIn's archive layout ``<daily>/D/<kind>.json``."""
    folder = _folder(kind, daily_dir)
    for ext in spec(kind).extensions:
        p = folder / f"{day.isoformat()}{ext}"
        if p.is_file():
            return p
    return archive_days(kind, paths.daily_dir(daily_dir), only=day).get(day)


def daily_files(kind: str, daily_dir: paths.PathLike | None = None) -> dict[date, Path]:
    """Every dated `kind` puzzle file in the daily folder (for the level browser), by day."""
    extensions = spec(kind).extensions
    name_re = re.compile(
        r"^(\d{4}-\d{2}-\d{2})(" + "|".join(re.escape(e) for e in extensions) + ")$",
        re.IGNORECASE,
    )
    folder = _folder(kind, daily_dir)
    found: dict[date, Path] = {}
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        names = []  # no folder of the kind's own: perhaps the archive layout's days
    for name in names:
        m = name_re.match(name)
        if not m:
            continue
        try:
            day = date.fromisoformat(m.group(1))
        except ValueError:
            continue
        if not (folder / name).is_file():
            continue  # a folder, a FIFO, a device: reading it could hang (see `daily_file`)
        prev = found.get(day)
        rank = extensions.index(m.group(2).lower())
        if prev is None or rank < extensions.index(prev.suffix.lower()):
            found[day] = folder / name
    for day, path in archive_days(kind, paths.daily_dir(daily_dir)).items():
        found.setdefault(day, path)
    return found


_DAY_RE = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:_([A-Za-z0-9]{1,40})\.json)?$", re.IGNORECASE)
"""A day's folder of the nested archive (``2026-07-15``) or a flat day (``2026-07-15_zip.json``)."""

ARCHIVE_SUBFOLDER = "outputs"
"""Where the best-kept archive keeps its days, under the folder a player points at."""


def archive_games(kind: str) -> tuple[str, ...]:
    """The `game` names of LinkedIn's archive files that hold `kind`'s days, lower case."""
    kind_obj = get_kind(kind)
    return tuple(dict.fromkeys(g.lower() for g in (*kind_obj.archive_games, kind)))


def archive_days(kind: str, root: Path, *, only: date | None = None) -> dict[date, Path]:
    """`kind`'s days in LinkedIn's archive layouts under `root`, by day: nested
    (``D/<game>.json``) and flat (``D_<game>.json``), in `root` or its ``outputs/`` folder.
    With `only`, just that day (without listing a folder of thousands).

    Only regular files count (a FIFO or a device could hang the reader); symlinks that lead
    out are read like any file the player named (the reader caps the size)."""
    games = archive_games(kind)
    bases = (root, root / ARCHIVE_SUBFOLDER)
    if only is not None:  # the usual names first; a name in other case needs the listing
        iso = only.isoformat()
        candidates = [b / iso / f"{g}.json" for b in bases for g in games]
        candidates += [b / f"{iso}_{g}.json" for b in bases for g in games]
        hit = next((p for p in candidates if p.is_file()), None)
        if hit is not None:
            return {only: hit}
        listed = archive_days(kind, root)
        return {only: listed[only]} if only in listed else {}
    found: dict[date, Path] = {}
    for base in bases:
        try:
            names = sorted(os.listdir(base))
        except OSError:
            continue
        for name in names:
            m = _DAY_RE.match(name)
            if m is None:
                continue
            try:
                day = date.fromisoformat(m.group(1))
            except ValueError:
                continue
            if day in found:
                continue
            if m.group(2) is None:
                path = next((base / name / f"{g}.json" for g in games
                             if (base / name / f"{g}.json").is_file()), None)  # fmt: skip
            elif m.group(2).lower() in games and (base / name).is_file():
                path = base / name
            else:
                path = None
            if path is not None:
                found[day] = path
    return found


def daily_dir_summary(daily_dir: paths.PathLike, kinds: tuple[str, ...]) -> str:
    """What a daily folder holds, for the line that says it has no file for a day: per
    kind with days, its first and last day and how many (`Queens 2026-07-11..2026-07-22
    (12 days)`); "no daily puzzle files" when it holds none."""
    parts = []
    for kind in kinds:
        days = sorted(daily_files(kind, daily_dir))
        if days:
            count = f"{len(days)} day" + ("s" if len(days) != 1 else "")
            parts.append(f"{get_kind(kind).title} {days[0]}..{days[-1]} ({count})")
    return "it has " + ", ".join(parts) if parts else "it holds no daily puzzle files"


# --------------------------------------------------------------------------- calendar

CALENDAR_SUFFIX = ".days"
"""Not a level suffix: the level browser and pack tests never list calendar files."""


def calendar_path(kind: str, year: int) -> Path | None:
    """Where the shipped calendar of `kind` for `year` lives (None: no bundled levels)."""
    from queens_tui.formats.bundled import levels_dir

    root = levels_dir()
    return None if root is None else root / "daily" / kind / f"{year}{CALENDAR_SUFFIX}"


def calendar_line(kind: str, day: date) -> str | None:
    """`day`'s line in `kind`'s shipped calendar, or None if the calendar has no such day."""
    path = calendar_path(kind, day.year)
    try:
        text = path.read_text("utf-8") if path is not None else ""
    except (OSError, UnicodeDecodeError):
        return None
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    k = day.timetuple().tm_yday - 1
    if k >= len(lines) or lines[k].strip() in ("", "-"):
        return None
    return lines[k].strip()


def write_calendar(
    kind: str,
    year: int,
    line_for: Callable[[date], str],
    *,
    start: date | None = None,
    header: str = "",
    path: Path | None = None,
) -> Path:
    """Write `kind`'s calendar for `year`: `line_for(day)` for each day from `start` on.

    Days of the year before `start` get ``-``. This is the one call another
    kind needs (with its own `line_for` and its own decoder of the line).
    """
    out = path or calendar_path(kind, year)
    if out is None:
        raise FileNotFoundError("no levels folder to write the calendar into")
    day = date(year, 1, 1)
    lines = [f"# {kind} daily calendar {year}: one line per day from {year}-01-01. {header}"]
    while day.year == year:
        lines.append("-" if start is not None and day < start else line_for(day))
        day += timedelta(days=1)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")
    return out


def from_calendar(kind: str, day: date) -> PuzzleLevel | None:
    """`day`'s `kind` puzzle from its shipped calendar, or None beyond it (or if damaged)."""
    line = calendar_line(kind, day)
    if line is None:
        return None
    try:
        level = spec(kind).decode(line)
    except (ValueError, LevelError):
        return None
    made: PuzzleLevel = dataclasses.replace(
        level, name=name_for(kind, day), date=day.isoformat(), seed=seed_for(kind, day)
    )
    return made


def generate_by_date(kind: str, day: date) -> PuzzleLevel:
    """`day`'s generated `kind` puzzle: deterministic in the date alone.

    If the wanted difficulty cannot be reached, the level is generated
    ungraded from the same seed (still the same on every machine running this
    version).
    """
    size, difficulty = shape_for(kind, day)
    seed = seed_for(kind, day)
    made = get_kind(kind)
    try:
        level = made.generate(size, seed, difficulty)
    except ValueError:  # the kind's GenerateError
        level = made.generate(size, seed, None)
    out: PuzzleLevel = dataclasses.replace(level, name=name_for(kind, day), date=day.isoformat())
    return out


def generate_daily(kind: str, day: date) -> PuzzleLevel:
    """`day`'s puzzle when no file gives it: the shipped calendar's, else generated."""
    return from_calendar(kind, day) or generate_by_date(kind, day)


def _cache_path(cache_dir: Path, kind: str, day: date) -> Path:
    return cache_dir / f"{seed_for(kind, day)}.txt"


def ready(kind: str, cache_dir: Path, day: date) -> PuzzleLevel | None:
    """`day`'s puzzle if it needs no generating (cached, or in the calendar), else None."""
    cached = (
        _from_cache(cache_dir, kind, day) if _cache_path(cache_dir, kind, day).is_file() else None
    )
    return cached or from_calendar(kind, day)


def _from_cache(cache_dir: Path, kind: str, day: date) -> PuzzleLevel | None:
    """The cached generated puzzle of `day`, or None if absent or not right."""
    from queens_tui.formats import reader
    from queens_tui.store.jsonfile import SchemaError, read_bounded

    try:  # bounded, non-blocking: a FIFO or a link to /dev/zero there must not hang us
        path = _cache_path(cache_dir, kind, day)
        text = read_bounded(path, CACHE_MAX_BYTES).decode("utf-8")
        level: PuzzleLevel = reader(kind).parse(text, ".txt")
    except (OSError, UnicodeDecodeError, SchemaError, LevelError):
        return None
    meta = level.metadata
    if meta.get("seed") != seed_for(kind, day) or meta.get("date") != day.isoformat():
        return None
    return level


def _to_cache(cache_dir: Path, kind: str, day: date, level: PuzzleLevel) -> None:
    """Keep the generated puzzle (a cache: failures are ignored, old days pruned)."""
    from queens_tui.formats import reader
    from queens_tui.store.jsonfile import atomic_write_bytes

    prefix = f"{spec(kind).seed_prefix}-"
    try:
        text = reader(kind).dump(level, "text")
        atomic_write_bytes(_cache_path(cache_dir, kind, day), text.encode("utf-8"))
        for p in cache_dir.glob(f"{prefix}*.txt"):
            try:
                old = date.fromisoformat(p.name[len(prefix) : -len(".txt")])
            except ValueError:
                continue
            if abs((day - old).days) > CACHE_DAYS:
                p.unlink()
    except OSError:
        pass


def daily_level(
    kind: str,
    day: date,
    daily_dir: paths.PathLike | None = None,
    *,
    cache_dir: paths.PathLike | None = None,
) -> Daily:
    """`day`'s `kind` puzzle: the daily folder's file for it, else the calendar's or generated.

    Raises `LevelError` (located at the file) when the day's file is broken or
    is not a `kind` level. With `cache_dir`, a generated puzzle is kept there
    and reused (a hard 10x10 Queens takes a second or more to generate;
    reopening the day should be instant). A bad cache file is regenerated.
    """
    path = daily_file(kind, day, daily_dir)
    if path is not None:
        return Daily(_from_file(kind, day, path), str(path))
    if cache_dir is not None:
        cached = _from_cache(Path(cache_dir), kind, day)
        if cached is not None:
            return Daily(cached, GENERATED)
    level = generate_daily(kind, day)
    if cache_dir is not None:
        _to_cache(Path(cache_dir), kind, day, level)
    return Daily(level, GENERATED)


def _from_file(kind: str, day: date, path: Path) -> PuzzleLevel:
    """The level of the day's file, named and dated (its own name and date win)."""
    from queens_tui.formats import load_puzzle

    level = load_puzzle(path)
    if level.kind != kind:
        raise LevelError(f"a {level.kind} level, not {kind}", path=str(path), line=1, col=1)
    meta = level.metadata
    fixed: PuzzleLevel = dataclasses.replace(  # type: ignore[type-var]  # levels are dataclasses
        level,
        name=meta.get("name") or name_for(kind, day),
        date=meta.get("date") or day.isoformat(),
    )
    return fixed


__all__ = [
    "GENERATED",
    "Daily",
    "archive_days",
    "archive_games",
    "calendar_line",
    "calendar_path",
    "daily_dir_summary",
    "daily_file",
    "daily_files",
    "daily_level",
    "from_calendar",
    "generate_by_date",
    "generate_daily",
    "name_for",
    "parse_day",
    "ready",
    "seed_for",
    "shape_for",
    "write_calendar",
]
