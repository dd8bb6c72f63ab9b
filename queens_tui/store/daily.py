"""The daily puzzle: a file for the day if the player has one, else generated from the date.

Lookup order for day D in the daily folder: ``D.txt``, ``D.ts``, ``D.json``, then a
screenshot ``D.png`` (``.jpg``, ``.jpeg``, ``.webp``, ``.bmp``, ``.gif``)
(the first that exists wins). A file that exists but is broken raises
`LevelError` (the caller prints its one line); we never silently fall back to
the generated puzzle, because the player put that file there on purpose.

Without a file, the puzzle is generated with the seed ``daily-YYYY-MM-DD`` and
a size and difficulty that follow the week, gentle on Monday and hardest on
Sunday; the generator is deterministic, so everyone gets the same puzzle on
the same day, offline.
"""

from __future__ import annotations

import dataclasses
import os
import re
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


def step_day(day: date, step: int) -> date | None:
    """The day `step` days after `day` (before, if negative), or None past the calendar's
    ends: `n` on 9999-12-31 or `p` on 0001-01-01 has nowhere to go (no OverflowError)."""
    try:
        return day + timedelta(days=step)
    except OverflowError:
        return None


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


def generate_daily(day: date) -> Level:
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
    "daily_file",
    "daily_files",
    "daily_level",
    "generate_daily",
    "parse_day",
    "seed_for",
    "shape_for",
    "step_day",
]
