"""A folder of LinkedIn's archive days as a library: every day of every kind, listed at once.

The archive keeps one JSON file per game per day, nested (``YYYY-MM-DD/<game>.json``, often
under ``outputs/``) or flat (``YYYY-MM-DD_<game>.json``). `scan(root)` walks both layouts in
one pass (`os.scandir`, never following a link to a folder: a loop of links cannot trap it)
and reads each day's file once, bounded (`DAY_BYTES`: a real day is 1-3 KB), through the
kind's own reader, so that a day is listed as what it is:

- a clean day: its LinkedIn number, date, LinkedIn's difficulty where the file has one, its
  size (`Day`);
- a day that is not a clean puzzle, with the reason (`Day.problem`): a file that cannot be
  read (too big, not UTF-8, broken JSON, missing fields: the reader's located line), or a
  grid already filled;
- anything else in the folder that is not an archive day is named in one line
  (`Library.lines`): a file name or a folder it does not understand, a link that leads
  nowhere, a game not played here. Thousands of unrelated files make a handful of lines.

Nothing is ever written into the folder. A day's store key is LinkedIn's number
(`store.progress.linkedin_key`), so progress and records stay apart from our own dailies.

Our own grade and the "several solutions" check cost a solve each: `grade_days` computes
them in the background and keeps them in the data folder's cache (`GRADES_FILE`), keyed by
the file's path, size and modification time, so a second listing shows them at once.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from queens_tui.core.errors import LevelError, printable
from queens_tui.kinds import KINDS, get_kind

DAY_BYTES = 1_000_000
"""The most a day's file may hold (a real day is 1-3 KB; a 50 MB file is not a day)."""

NAMED = 5
"""How many names a line of things not understood spells out before "and N more"."""

OUTPUTS = "outputs"
"""Where the best-kept archive keeps its days, under the folder a player points at."""

_ISO = r"(\d{4}-\d{2}-\d{2})"
_FLAT = re.compile(_ISO + r"_([A-Za-z0-9-]{1,40})\.json", re.IGNORECASE)
_NESTED_DAY = re.compile(_ISO)
_GAME_FILE = re.compile(r"([A-Za-z0-9-]{1,40})\.json", re.IGNORECASE)


@dataclass(frozen=True)
class Day:
    """One archive day of one kind: what the browser lists without building the level."""

    kind: str
    day: date
    path: Path
    number: int | None = None
    """LinkedIn's puzzle number (None when the file has none)."""
    difficulty: str | None = None
    """LinkedIn's difficulty, as the file writes it, lower case ("hard")."""
    size: int | None = None
    problem: str | None = None
    """Why this day is not a clean puzzle (None: it is one, as far as reading it tells)."""
    stamp: str = ""
    """Path, size and modification time: the key of its cached grade."""

    @property
    def key(self) -> str:
        """The store key of this day: LinkedIn's number (or date) and the kind."""
        from queens_tui.store.progress import linkedin_key

        return linkedin_key(self.kind, self.number, self.day)

    @property
    def title(self) -> str:
        """ "#806 · 2026-07-15 Wed" (the date alone when the day has no number)."""
        weekday = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")[self.day.weekday()]
        head = f"#{self.number} · " if self.number is not None else ""
        return f"{head}{self.day.isoformat()} {weekday}"


@dataclass
class Library:
    """The days found under `root`, per kind in date order, and one line per thing not read."""

    root: Path
    days: dict[str, list[Day]] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return sum(len(d) for d in self.days.values())

    def all(self) -> Iterator[Day]:
        """Every day, kind by kind (`KINDS` order), oldest first."""
        for kind in KINDS:
            yield from self.days.get(kind, ())

    def neighbour(self, path: Path, step: int) -> Day | None:
        """The day `step` days of the same kind after (before) the one in `path`, or None."""
        target = _same(path)
        for days in self.days.values():
            names = [_same(d.path) for d in days]
            if target in names:
                i = names.index(target) + step
                return days[i] if 0 <= i < len(days) else None
        return None


def _same(path: Path) -> str:
    return os.path.normcase(os.path.abspath(path))


def archive_root(path: Path) -> Path | None:
    """The library folder of an archive day's file (`D_<game>.json` in it, or `D/<game>.json`
    in it or its `outputs/`), or None when `path` is not named as an archive day."""
    if _FLAT.fullmatch(path.name):
        folder = path.parent
    elif _NESTED_DAY.fullmatch(path.parent.name) and _GAME_FILE.fullmatch(path.name):
        folder = path.parent.parent
    else:
        return None
    return folder.parent if folder.name == OUTPUTS else folder


def is_library(folder: str | os.PathLike[str]) -> bool:
    """Does `folder` hold at least one archive day of a kind played here (either layout)?"""
    for base in (Path(folder), Path(folder) / OUTPUTS):
        try:
            with os.scandir(base) as it:
                for entry in it:
                    if _FLAT.fullmatch(entry.name) and _kind(_FLAT.fullmatch(entry.name)):
                        return True
                    if _NESTED_DAY.fullmatch(entry.name) and _is_dir(entry):
                        return True
        except OSError:
            continue
    return False


def _kind(m: re.Match[str] | None) -> str | None:
    from queens_tui.formats.archive import kind_of_game

    return None if m is None else kind_of_game(m.group(2))


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


class _Lines:
    """The lines of what was not understood, grouped by what is wrong (one line a group)."""

    def __init__(self) -> None:
        self.groups: dict[str, list[str]] = {}

    def add(self, what: str, name: str) -> None:
        self.groups.setdefault(what, []).append(name)

    def lines(self, root: Path) -> list[str]:
        out = []
        for what, names in self.groups.items():
            shown = ", ".join(printable(n) for n in names[:NAMED])
            more = f" and {len(names) - NAMED:,} more" if len(names) > NAMED else ""
            out.append(f"{root}: {what}: {shown}{more}")
        return out


def find(root: str | os.PathLike[str]) -> _Found:
    """The day files under `root` by their names, and what is not understood (no file read)."""
    from queens_tui.formats.archive import OTHER_GAMES, game_name, kind_of_game

    top = Path(root)
    odd = _Lines()
    found: list[tuple[str, date, Path, str]] = []  # kind, day, path, shown name
    others: dict[str, int] = {}
    bases = [(top, "")]
    if (top / OUTPUTS).is_dir() and not (top / OUTPUTS).is_symlink():
        bases.append((top / OUTPUTS, f"{OUTPUTS}/"))

    def day_file(name: str, day_text: str, game: str, path: Path, shown: str) -> None:
        try:
            day = date.fromisoformat(day_text)
        except ValueError:
            odd.add("not a date", shown)
            return
        kind = kind_of_game(game)
        if kind is None:
            if game_name(game) in OTHER_GAMES:
                title = OTHER_GAMES[game_name(game)]
                others[title] = others.get(title, 0) + 1
            else:
                odd.add("a game not known", shown)
            return
        found.append((kind, day, path, shown))

    for base, prefix in bases:
        try:
            entries = sorted(os.scandir(base), key=lambda e: e.name)
        except OSError as err:
            odd.add("cannot be listed", f"{prefix or '.'} ({err.strerror or err})")
            continue
        for entry in entries:
            name, shown = entry.name, prefix + entry.name
            if name.startswith(".") or (not prefix and name == OUTPUTS):
                continue
            flat = _FLAT.fullmatch(name)
            if _is_dir(entry):
                if not _NESTED_DAY.fullmatch(name):
                    odd.add("a folder not in an archive layout", shown + "/")
                    continue
                try:
                    inner = sorted(os.scandir(entry.path), key=lambda e: e.name)
                except OSError as err:
                    odd.add("cannot be listed", f"{shown}/ ({err.strerror or err})")
                    continue
                for item in inner:
                    m = _GAME_FILE.fullmatch(item.name)
                    if item.name.startswith("."):
                        continue
                    if m is None:
                        odd.add("a file name not understood", f"{shown}/{item.name}")
                        continue
                    day_file(item.name, name, m.group(1), Path(item.path), f"{shown}/{item.name}")
            elif entry.is_symlink() and not _exists(entry):
                odd.add("a link that leads nowhere (a loop, or a missing target)", shown)
            elif entry.is_symlink() and os.path.isdir(entry.path):
                odd.add("a link to a folder (not followed)", shown)
            elif flat is not None:
                day_file(name, flat.group(1), flat.group(2), Path(entry.path), shown)
            else:
                odd.add("a file name not understood", shown)
    return _Found(top, found, odd, others)


@dataclass
class _Found:
    """What `find` saw: the day files by name (not read yet) and what was not understood."""

    root: Path
    files: list[tuple[str, date, Path, str]]
    odd: _Lines
    others: dict[str, int]


def scan(
    root: str | os.PathLike[str],
    *,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Library:
    """The archive days under `root` (see the module docstring). `progress(done, total)` hears
    how far the reading is; `cancelled()` true stops it (what was read so far is returned)."""
    found = find(root)
    return read(found, progress=progress, cancelled=cancelled)


def names(root: str | os.PathLike[str]) -> int:
    """How many entries `root` and its `outputs/` name (two listings, no file read, no day's
    folder opened): how big a library is, before reading it."""
    total = 0
    for base in (Path(root), Path(root) / OUTPUTS):
        try:
            with os.scandir(base) as it:
                total += sum(1 for _ in it)
        except OSError:
            continue
    return total


def read(
    seen: _Found,
    *,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Library:
    """Read the day files `find` found (a bounded read and a JSON parse each)."""
    top, found, odd, others = seen.root, seen.files, seen.odd, seen.others
    total = len(found)
    days: dict[str, list[Day]] = {}
    for done, (kind, day, path, shown) in enumerate(found):
        if cancelled is not None and cancelled():
            break
        if progress is not None and done % 50 == 0:
            progress(done, total)
        read = _read_day(kind, day, path)
        if read.problem is not None and read.problem.startswith("!"):
            odd.add(read.problem[1:], shown)
            read = replace(read, problem=read.problem[1:])
        days.setdefault(kind, []).append(read)
    if progress is not None:
        progress(total, total)
    lines = odd.lines(top)
    if others:
        what = ", ".join(f"{n} {title}" for title, n in sorted(others.items()))
        lines.append(f"{top}: days of games not played here: {what}")
    for kind, listed in days.items():  # a day in both layouts (or in outputs/ too): once
        by_day: dict[date, Day] = {}
        for d in listed:
            by_day.setdefault(d.day, d)
        days[kind] = sorted(by_day.values(), key=lambda d: d.day)
    return Library(top, {k: days[k] for k in KINDS if k in days}, lines)


_SCANNED: dict[str, tuple[tuple[int, ...], Library]] = {}
"""Libraries read in this process, by folder, with the listing stamps they were read at."""


def cached(root: str | os.PathLike[str]) -> Library:
    """`scan(root)`, kept for the process while the folder's listing (and its `outputs/`'s)
    is unchanged: `n` and `p` step through a library without reading it again."""
    key = _same(Path(root))
    stamps = []
    for base in (Path(root), Path(root) / OUTPUTS):
        try:
            stamps.append(os.stat(base).st_mtime_ns)
        except OSError:
            stamps.append(0)
    hit = _SCANNED.get(key)
    if hit is not None and hit[0] == tuple(stamps):
        return hit[1]
    found = scan(root)
    _SCANNED[key] = (tuple(stamps), found)
    return found


def _exists(entry: os.DirEntry[str]) -> bool:
    try:
        os.stat(entry.path)
    except (OSError, ValueError):
        return False
    return True


def _read_day(kind: str, day: date, path: Path) -> Day:
    """The `Day` of one file. A problem starting with "!" is also a line of its own (the file
    could not be read at all); others (a filled grid, a missing field) are the day's."""
    from queens_tui.store.jsonfile import SchemaError, read_bounded

    try:
        st = os.stat(path)
    except OSError as err:
        return Day(kind, day, path, problem=f"!cannot be read ({err.strerror or err})")
    stamp = f"{path}|{st.st_size}|{st.st_mtime_ns}"
    if not stat.S_ISREG(st.st_mode):
        return Day(kind, day, path, problem="!not a regular file", stamp=stamp)
    if st.st_size > DAY_BYTES:
        return Day(kind, day, path, problem=f"!over {DAY_BYTES:,} bytes: not a day", stamp=stamp)
    try:
        text = read_bounded(path, DAY_BYTES).decode("utf-8-sig")
    except (OSError, SchemaError) as err:
        why = getattr(err, "strerror", None) or str(err)
        return Day(kind, day, path, problem=f"!cannot be read ({why})", stamp=stamp)
    except UnicodeDecodeError:
        return Day(kind, day, path, problem="!not UTF-8 text", stamp=stamp)
    try:
        number, difficulty, size = _header(text, kind)
    except LevelError as err:
        where = f"{err.line}:{err.col}: " if err.line else ""
        return Day(kind, day, path, problem=f"!{where}{err.message}", stamp=stamp)
    return Day(kind, day, path, number, difficulty, size, None, stamp)


def _header(text: str, kind: str) -> tuple[int | None, str | None, int | None]:
    """LinkedIn's number, difficulty and the grid's size from a day's text, as
    `formats.archive.metadata` reads them (a hostile number is no number); `LevelError`
    located when the text is not a JSON object. (The level itself is built by `grade_day`, in
    the background: the readers' checks cost a millisecond a day, too much for a list that
    opens at once.)"""
    from queens_tui.formats._common import load_json
    from queens_tui.formats.archive import metadata

    data = load_json(text)
    if not isinstance(data, dict):
        raise LevelError("not a JSON object: not an archive day", line=1, col=1)
    meta = metadata(data, text, kind)
    number = int(meta["number"]) if "number" in meta and len(meta["number"]) <= 9 else None
    size = data.get("grid_size")
    side = size[0] if isinstance(size, list) and size and isinstance(size[0], int) else None
    side = size if isinstance(size, int) and not isinstance(size, bool) else side
    return number, meta.get("difficulty"), side if isinstance(side, int) and 0 < side < 65 else None


# --- our grade, in the background -------------------------------------------------------------

GRADES_FILE = "library-grades.json"
"""The cache of our grades of archive days, in the data folder's ``cache/``."""

GRADES_VERSION = 2
"""The grading the cache was made with: raised whenever a kind's grade can change (its rules,
its `EFFORT` weights: 2 is Tango's ranking fit, docs/grading.md), so a word kept from an
older grading is made again instead of shown."""

_VERSION_KEY = "#version"


@dataclass(frozen=True)
class Graded:
    """Our grade of a day, and whether its clues allow several solutions."""

    grade: str | None
    several: bool = False
    problem: str | None = None


def load_grades(cache: Path) -> dict[str, Graded]:
    """The cached grades (empty when absent or unreadable: they are made again)."""
    from queens_tui.store.jsonfile import SchemaError, read_bounded

    try:
        body = json.loads(read_bounded(cache / GRADES_FILE, 50_000_000))
    except (OSError, SchemaError, ValueError, RecursionError):
        return {}
    if not isinstance(body, dict) or body.get(_VERSION_KEY) != GRADES_VERSION:
        return {}
    out = {}
    for stamp, item in body.items():
        if isinstance(item, list) and len(item) == 3:
            grade, several, problem = item
            if isinstance(grade, str | None) and isinstance(problem, str | None):
                out[stamp] = Graded(grade, several is True, problem)
    return out


def save_grades(cache: Path, grades: dict[str, Graded]) -> None:
    """Keep `grades` (a cache: a failure to write is ignored)."""
    from queens_tui.store.jsonfile import atomic_write_bytes

    body: dict[str, object] = {_VERSION_KEY: GRADES_VERSION}
    body |= {s: [g.grade, g.several, g.problem] for s, g in grades.items()}
    try:
        cache.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(cache / GRADES_FILE, json.dumps(body).encode(), sync=False)
    except OSError:
        pass


def grade_day(day: Day) -> Graded:
    """Our grade of `day`, whether its clues allow several solutions, or why it is not a clean
    puzzle (it cannot be read, a field is missing, its grid is already filled): a read and a
    solve each."""
    from queens_tui.formats import load_puzzle

    try:
        level = load_puzzle(day.path)
        made = get_kind(day.kind)
        if level.kind != day.kind:
            return Graded(None, False, f"holds a {level.kind} level, not {day.kind}")
        play = made.play
        if play.is_solved(play.new_state(level)):
            return Graded(None, False, "a filled grid: nothing left to play")
        grade = made.grade(level)
    except LevelError as err:
        where = f"{err.line}:{err.col}: " if err.line else ""
        return Graded(None, False, where + err.message)
    except Exception as err:  # a grader's fault is this day's, never the list's
        return Graded(None, False, f"cannot be graded ({type(err).__name__})")
    several = made.unique_solutions and not grade.unique
    return Graded(grade.difficulty, several)


__all__ = [
    "DAY_BYTES",
    "GRADES_FILE",
    "Day",
    "Graded",
    "Library",
    "archive_root",
    "cached",
    "find",
    "grade_day",
    "is_library",
    "load_grades",
    "names",
    "read",
    "save_grades",
    "scan",
]
