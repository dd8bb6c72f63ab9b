"""The daily puzzle: a file for the day if the player has one, else generated from the date.

Lookup order for day D in the daily folder: ``D.txt``, ``D.ts``, ``D.json``, then a
screenshot ``D.png`` (``.jpg``, ``.jpeg``, ``.webp``, ``.bmp``, ``.gif``)
(the first that exists wins). A file that exists but is broken raises
`LevelError` (the caller prints its one line); we never silently fall back to
the generated puzzle, because the player put that file there on purpose.

Without a file, the puzzle comes from the frozen calendar shipped in
``levels/daily/<kind>/YYYY.days`` (made once by ``python tests/make_daily.py``;
one line per day), so it opens at once and is the same for everyone whatever
version of the generator they run. Beyond the calendar it is generated with the
seed ``daily-YYYY-MM-DD`` and a size and difficulty that follow the week,
gentle on Monday and hardest on Sunday (deterministic, offline, but tied to
this version's generator: extend the calendar before it runs out).

Calendar file: comment lines start with ``#``; the other lines are the days of
the year in order from 1 January (line 1), one per day; ``-`` is a day the
calendar does not hold. What a line holds is up to the kind: for Queens,
``<size><difficulty initial> <payload>``, the payload being the region id of
every cell (regions numbered by first appearance in reading order) as one
base-`size` number, in URL-safe base64: about 60 bytes for a 10x10.
"""

from __future__ import annotations

import binascii
import dataclasses
import os
import re
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import NamedTuple

from queens_tui.core.suffixes import IMAGE_SUFFIXES
from queens_tui.kinds.queens.level import Level, LevelError
from queens_tui.store import paths

EXTENSIONS: tuple[str, ...] = (".txt", ".ts", ".json", *IMAGE_SUFFIXES)
"""Daily file extensions, in the order they are looked for (a screenshot of the day's board too)."""

WEEK: tuple[tuple[int, str], ...] = (
    (7, "easy"),  # Monday
    (8, "easy"),  # Tuesday
    (8, "medium"),  # Wednesday
    (9, "medium"),  # Thursday
    (9, "hard"),  # Friday
    (10, "hard"),  # Saturday
    (10, "expert"),  # Sunday
)
"""(size, difficulty) of the generated daily puzzle by weekday, Monday first."""

CACHE_DAYS = 45
"""Generated puzzles this many days away from the one just made are pruned from the cache."""


CACHE_MAX_BYTES = 100_000
"""A cached daily puzzle is a few hundred bytes; a bigger file is not one."""

GENERATED = "generated"
"""The `source` of a puzzle made by the generator (else `source` is the file's path)."""

_DAY_NAME = re.compile(
    r"^(\d{4}-\d{2}-\d{2})(" + "|".join(re.escape(e) for e in EXTENSIONS) + ")$", re.IGNORECASE
)


class Daily(NamedTuple):
    """A day's puzzle and where it came from: a file path, or `GENERATED`."""

    level: Level
    source: str


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


def seed_for(day: date) -> str:
    """The generator seed of `day`'s puzzle."""
    return f"daily-{day.isoformat()}"


def shape_for(day: date) -> tuple[int, str]:
    """(size, difficulty) of `day`'s generated puzzle."""
    return WEEK[day.weekday()]


def daily_file(day: date, daily_dir: paths.PathLike | None = None) -> Path | None:
    """The file that is `day`'s puzzle in the daily folder, if any."""
    folder = paths.daily_dir(daily_dir)
    for ext in EXTENSIONS:
        p = folder / f"{day.isoformat()}{ext}"
        if p.is_file():
            return p
    return None


def daily_files(daily_dir: paths.PathLike | None = None) -> dict[date, Path]:
    """Every dated puzzle file in the daily folder (for the level browser), by day."""
    folder = paths.daily_dir(daily_dir)
    found: dict[date, Path] = {}
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return found
    for name in names:
        m = _DAY_NAME.match(name)
        if not m:
            continue
        try:
            day = date.fromisoformat(m.group(1))
        except ValueError:
            continue
        if not (folder / name).is_file():
            continue  # a folder, a FIFO, a device: reading it could hang (see `daily_file`)
        prev = found.get(day)
        rank = EXTENSIONS.index(m.group(2).lower())
        if prev is None or rank < EXTENSIONS.index(prev.suffix.lower()):
            found[day] = folder / name
    return found


def _titled(level: Level, day: date) -> Level:
    name = f"Daily {day.isoformat()}"
    return dataclasses.replace(
        level,
        name=level.name or name,
        date=level.date or day.isoformat(),
    )


# --------------------------------------------------------------------------- calendar

CALENDAR_SUFFIX = ".days"
"""Not a level suffix: the level browser and pack tests never list calendar files."""

_INITIAL = {"easy": "e", "medium": "m", "hard": "h", "expert": "x"}

_URLSAFE = str.maketrans({"+": "-", "/": "_", "=": None})
_STANDARD = str.maketrans({"-": "+", "_": "/"})
_B64_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
"""URL-safe base64 by `binascii` (the `base64` module costs an import before the first frame)."""

_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%"
"""Region labels of a decoded level, by region id (not importing the generator for its
`LABELS` keeps a calendar day off ~0.1 s of imports on the way to the first frame)."""


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


def encode_queens(level: Level) -> str:
    """A Queens level as one calendar line (see the module docstring)."""
    n = level.size
    value = 0
    for row in reversed(level.region_ids):
        for k in reversed(row):
            value = value * n + k
    raw = value.to_bytes(((n ** (n * n) - 1).bit_length() + 7) // 8, "big")
    payload = binascii.b2a_base64(raw, newline=False).decode("ascii").translate(_URLSAFE)
    return f"{n}{_INITIAL.get(level.difficulty or '', '-')} {payload}"


def decode_queens(line: str) -> Level:
    """The level of a calendar line made by `encode_queens` (raises `LevelError` if bad)."""
    try:
        head, payload = line.split()
        n = int(head[:-1])
        difficulty = {v: k for k, v in _INITIAL.items()}.get(head[-1])
        if not set(payload) <= _B64_CHARS:
            raise ValueError("not URL-safe base64")
        padded = payload.translate(_STANDARD) + "=" * (-len(payload) % 4)
        value = int.from_bytes(binascii.a2b_base64(padded), "big")
    except ValueError as err:
        raise LevelError(f"bad calendar line {line[:40]!r}: {err}") from None
    if not 1 <= n <= len(_LABELS):
        raise LevelError(f"bad calendar line {line[:40]!r}: size {n}")
    rows = []
    for _ in range(n):
        row = []
        for _ in range(n):
            value, k = divmod(value, n)
            row.append(_LABELS[k])
        rows.append("".join(row))
    return Level.from_rows(rows, difficulty=difficulty)


def from_calendar(day: date) -> Level | None:
    """`day`'s Queens puzzle from the shipped calendar, or None beyond it (or if damaged)."""
    line = calendar_line("queens", day)
    if line is None:
        return None
    try:
        level = decode_queens(line)
    except LevelError:
        return None
    return dataclasses.replace(
        level, name=f"Daily {day.isoformat()}", date=day.isoformat(), seed=seed_for(day)
    )


def generate_daily(day: date) -> Level:
    """`day`'s puzzle when no file gives it: the shipped calendar's, else generated.

    Both are deterministic in the date alone; the calendar's does not depend
    on this version's generator.
    """
    return from_calendar(day) or generate_by_date(day)


def generate_by_date(day: date) -> Level:
    """`day`'s generated puzzle: deterministic in the date alone.

    The generator is imported here, lazily: it is only needed on days without
    a file. If the wanted difficulty cannot be graded or reached, the level is
    generated ungraded from the same seed (still the same on every machine
    running this version).
    """
    from queens_tui.kinds.queens import generate as gen

    size, difficulty = shape_for(day)
    seed = seed_for(day)
    try:
        level = gen.generate(size, seed, difficulty)
    except gen.GenerateError:
        level = gen.generate(size, seed, None)
    return dataclasses.replace(level, name=f"Daily {day.isoformat()}", date=day.isoformat())


def _cache_path(cache_dir: Path, day: date) -> Path:
    return cache_dir / f"daily-{day.isoformat()}.txt"


def ready(cache_dir: Path, day: date) -> Level | None:
    """`day`'s puzzle if it needs no generating (cached, or in the calendar), else None."""
    cached = _from_cache(cache_dir, day) if _cache_path(cache_dir, day).is_file() else None
    return cached or from_calendar(day)


def _from_cache(cache_dir: Path, day: date) -> Level | None:
    """The cached generated puzzle of `day`, or None if absent or not right."""
    from queens_tui.formats import parse_text
    from queens_tui.store.jsonfile import SchemaError, read_bounded

    try:  # bounded, non-blocking: a FIFO or a link to /dev/zero there must not hang us
        text = read_bounded(_cache_path(cache_dir, day), CACHE_MAX_BYTES).decode("utf-8")
        level = parse_text(text)
    except (OSError, UnicodeDecodeError, SchemaError, LevelError):
        return None
    if level.seed != seed_for(day) or level.date != day.isoformat():
        return None
    return level


def _to_cache(cache_dir: Path, day: date, level: Level) -> None:
    """Keep the generated puzzle (a cache: failures are ignored, old days pruned)."""
    from queens_tui.formats import dump_text
    from queens_tui.store.jsonfile import atomic_write_bytes

    try:
        atomic_write_bytes(_cache_path(cache_dir, day), dump_text(level).encode("utf-8"))
        for p in cache_dir.glob("daily-*.txt"):
            try:
                old = date.fromisoformat(p.name[len("daily-") : -len(".txt")])
            except ValueError:
                continue
            if abs((day - old).days) > CACHE_DAYS:
                p.unlink()
    except OSError:
        pass


def daily_level(
    day: date,
    daily_dir: paths.PathLike | None = None,
    *,
    cache_dir: paths.PathLike | None = None,
) -> Daily:
    """`day`'s puzzle: the daily folder's file for it, else the generated one.

    Raises `LevelError` (located at the file) when the day's file is broken.
    With `cache_dir`, a generated puzzle is kept there as a text file and
    reused (a hard 10x10 takes a second or more to generate; reopening the
    day's puzzle should be instant, and should not change if the generator
    is upgraded mid-day). A bad cache file is simply regenerated.
    """
    path = daily_file(day, daily_dir)
    if path is not None:
        from queens_tui.formats import load

        level = load(path)
        return Daily(_titled(level, day), str(path))
    if cache_dir is not None:
        cached = _from_cache(Path(cache_dir), day)
        if cached is not None:
            return Daily(cached, GENERATED)
    level = generate_daily(day)
    if cache_dir is not None:
        _to_cache(Path(cache_dir), day, level)
    return Daily(level, GENERATED)


__all__ = [
    "EXTENSIONS",
    "GENERATED",
    "WEEK",
    "Daily",
    "LevelError",
    "calendar_line",
    "calendar_path",
    "daily_file",
    "daily_files",
    "daily_level",
    "decode_queens",
    "encode_queens",
    "from_calendar",
    "generate_by_date",
    "generate_daily",
    "parse_day",
    "seed_for",
    "shape_for",
    "write_calendar",
]
