"""Results per level, the daily streak, and the settings: the small, rarely written state.

stats.json (``format: "queens-tui/stats"``, ``version: 1``)::

    {
      "format": "queens-tui/stats", "version": 1,
      "levels": {
        "daily:2026-11-21": {
          "solves": 2, "clean_solves": 1,         all solves; those without help
          "first_time": 312.4, "first_date": "2026-11-21", "first_helped": true,
          "best_time": 290.0,  "best_date": "2026-11-22",  "best_helped": false,
          "last_time": 290.0,  "last_date": "2026-11-22",  "last_helped": false,
          "hints": 3, "last_hints": 0,                 hints over all solves; in the last one
          "last_undos": 1, "last_mistakes": 1,         the last solve's undos, mistakes and
          "last_backtracks": 0,                        backtracks (written only when not 0)
          "mistakes": 2, "solver_solves": 1            over all solves: mistakes, and solves
        }                                              the solver helped (`S`; only when not 0)
      },
      "streak_days": ["2026-11-20", "2026-11-21"],   days whose daily was solved that day
      "best_streak": 2,
      "kind_streaks": {"zip": {"days": ["2026-11-21"], "best": 1}}
    }

Each kind has its own daily and its own streak: ``streak_days`` and
``best_streak`` are Queens' (as in every older file), ``kind_streaks`` the
other kinds' (absent while none has one; an older file loads with none).

The best time prefers solves without help: a helped solve sets it only while
the level has no clean solve (``best_helped`` says which). A solve "with help"
means the player used a hint or let the solver reveal or solve.

The streak counts consecutive calendar days (local time) whose daily puzzle
was solved *on that day*, with or without help: playing the daily is what the
streak rewards, and a hint should not punish that. Solving an older day's
puzzle later (``play --date``) records its stats but does not repair a broken
streak. The current streak is still alive on a day whose puzzle is not solved
yet, if yesterday's was.

settings.json (``format: "queens-tui/settings"``, ``version: 1``)::

    {"format": "queens-tui/settings", "version": 1,
     "auto_cross": true, "live_check": true, "theme": "textual-dark"}

Missing keys take their defaults (so older files keep working); unknown keys
are ignored and dropped on the next write.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, TypedDict

from queens_tui.kinds import DEFAULT_KIND
from queens_tui.store.jsonfile import SchemaError, check_header, expect, get

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11; only for mypy here

FIRST_DAY = date(1970, 1, 1)
LAST_DAY = date(2999, 12, 31)
"""The days a solve can have been made on: dates outside them (0001-01-01, 9999-12-31)
come from a broken clock or a hand-edited file, and the file is set aside."""
MAX_SECONDS = 1e9
"""A recorded time is a finite number of seconds, 0 to about 31 years."""
MAX_LEVELS = 50_000
"""More solved levels than a player makes in decades of every kind's daily (about 2,000 a
year): a file holding more is not ours (and reading it would hold up the game's start)."""

STATS_FORMAT = "queens-tui/stats"
SETTINGS_FORMAT = "queens-tui/settings"
VERSION = 1


class Tally(TypedDict, total=False):
    """How one solve went besides its time: passed as is from `Store.record_solve` through
    `Stats.record` to `LevelStats.with_solve`, which reads each (default 0, or False)."""

    hints: int
    """Hints shown; any makes the solve one with help."""
    helped: bool
    """The solver filled the board (`S`) or revealed a step: help, no best time, no streak."""
    undos: int
    mistakes: int
    backtracks: int


@dataclass(frozen=True)
class LevelStats:
    """Everything we remember about one level's solves."""

    solves: int = 0
    clean_solves: int = 0
    first_time: float | None = None
    first_date: str | None = None
    first_helped: bool = False
    best_time: float | None = None
    best_date: str | None = None
    best_helped: bool = False
    last_time: float | None = None
    last_date: str | None = None
    last_helped: bool = False
    hints: int = 0
    last_hints: int = 0
    last_undos: int = 0
    last_mistakes: int = 0
    last_backtracks: int = 0
    mistakes: int = 0
    """Mistakes over all solves (0 in a file older than the field: `last_mistakes` then
    tells the least there were)."""
    solver_solves: int = 0
    """Solves the solver helped (`S`, a reveal), apart from hints (0 in an older file)."""

    @property
    def solved(self) -> bool:
        """Solved at least once."""
        return self.solves > 0

    @property
    def helped(self) -> bool:
        """Solved, but never without help (the browser's "S" mark)."""
        return self.solves > 0 and self.clean_solves == 0

    @property
    def last_flawless(self) -> bool:
        """The last solve had no hint, no help, no undo, no mistake, no backtrack."""
        return not (
            self.last_helped or self.last_undos or self.last_mistakes or self.last_backtracks
        )

    def with_solve(self, seconds: float, day: date, **tally: Unpack[Tally]) -> LevelStats:
        """These stats after one more solve taking `seconds` on `day`; a solve the solver
        helped (`S`) is no best time (issue 35)."""
        unknown = tally.keys() - Tally.__optional_keys__
        if unknown:  # as a misspelt keyword argument would
            raise TypeError(f"unknown tallies: {', '.join(sorted(unknown))}")
        hints, undos = tally.get("hints", 0), tally.get("undos", 0)
        mistakes, backtracks = tally.get("mistakes", 0), tally.get("backtracks", 0)
        solver = 1 if tally.get("helped", False) else 0
        helped = bool(solver) or hints > 0
        t = round(max(0.0, float(seconds)), 3)
        d = day.isoformat()
        s = replace(
            self,
            solves=self.solves + 1,
            clean_solves=self.clean_solves + (0 if helped else 1),
            last_time=t,
            last_date=d,
            last_helped=helped,
            hints=self.hints + max(0, hints),
            last_hints=max(0, hints),
            last_undos=max(0, undos),
            last_mistakes=max(0, mistakes),
            last_backtracks=max(0, backtracks),
            mistakes=self.mistakes + max(0, mistakes),
            solver_solves=self.solver_solves + solver,
        )
        if self.first_time is None:
            s = replace(s, first_time=t, first_date=d, first_helped=helped)
        better = not solver and (
            self.best_time is None
            or (self.best_helped and not helped)
            or (self.best_helped == helped and t < self.best_time)
        )
        if better:
            s = replace(s, best_time=t, best_date=d, best_helped=helped)
        return s


_STATS_TYPES: dict[str, tuple[type, ...]] = {
    "solves": (int,),
    "clean_solves": (int,),
    "first_time": (int, float, type(None)),
    "first_date": (str, type(None)),
    "first_helped": (bool,),
    "best_time": (int, float, type(None)),
    "best_date": (str, type(None)),
    "best_helped": (bool,),
    "last_time": (int, float, type(None)),
    "last_date": (str, type(None)),
    "last_helped": (bool,),
    "hints": (int,),
    "last_hints": (int,),
    "last_undos": (int,),
    "last_mistakes": (int,),
    "last_backtracks": (int,),
    "mistakes": (int,),
    "solver_solves": (int,),
}
_QUIET = ("last_undos", "last_mistakes", "last_backtracks", "mistakes", "solver_solves")
"""Fields added later, written only when not 0: an older file is written back unchanged."""


def _level_obj(s: LevelStats) -> dict[str, Any]:
    return {k: v for k, v in asdict(s).items() if not (k in _QUIET and v == 0)}


_FLOATS = frozenset(k for k, types in _STATS_TYPES.items() if float in types)
_TIMES = ("first_time", "best_time", "last_time")
_DATES = ("first_date", "best_date", "last_date")


def _level_stats(key: str, obj: Any) -> LevelStats:
    """One level's stats, checked (a file holds thousands: the cheap checks come first)."""
    expect(isinstance(obj, dict), f"stats for {key!r} should be an object")
    values: dict[str, Any] = {}
    for name, value in obj.items():
        types = _STATS_TYPES.get(name)
        if types is None:
            continue  # not ours (a newer field): dropped, as ever
        if type(value) not in types:
            value = get(obj, name, types)  # says what is wrong (a bool is no number)
        if type(value) is int and name in _FLOATS:
            value = float(value)
        values[name] = value
    s = _new_level_stats(values)
    counts = (s.hints, s.last_undos, s.last_mistakes, s.last_backtracks, s.mistakes)
    expect(
        s.solves >= s.clean_solves >= 0
        and min(counts) >= 0
        and 0 <= s.solver_solves <= s.solves - s.clean_solves,
        f"bad counters for {key!r}",
    )
    for name, t in zip(_TIMES, (s.first_time, s.best_time, s.last_time), strict=True):
        expect(t is None or 0 <= t < MAX_SECONDS, f"bad {name} for {key!r}")
    for v in (s.first_date, s.best_date, s.last_date):
        if v is not None:
            _day(v)
    return s


_DEFAULTS = asdict(LevelStats())


def _new_level_stats(values: dict[str, Any]) -> LevelStats:
    """`LevelStats(**values)` without its `__init__` (a frozen dataclass sets each of its
    fields through `object.__setattr__`: half the cost of reading a level), `values` being
    fields already checked."""
    s = object.__new__(LevelStats)
    s.__dict__.update(_DEFAULTS)
    s.__dict__.update(values)
    return s


def _day(text: str) -> date:
    """A recorded day; ValueError (the file is not ours) if it is not a plausible one."""
    day = date.fromisoformat(text)
    expect(FIRST_DAY <= day <= LAST_DAY, f"date {text} is out of range")
    return day


def _shift(day: date, days: int) -> date | None:
    """`day` moved by `days`, or None past the calendar's ends (year 1 or 9999)."""
    try:
        return day + timedelta(days=days)
    except OverflowError:
        return None


@dataclass(frozen=True)
class Streak:
    """Consecutive days whose daily puzzle was solved that day."""

    current: int = 0
    best: int = 0
    solved_today: bool = False


@dataclass
class DailyRun:
    """One kind's streak: the days its daily was solved that day, and the best run."""

    days: set[date] = field(default_factory=set)
    best: int = 0


@dataclass
class Stats:
    """All levels' stats plus the days that feed each kind's streak."""

    levels: dict[str, LevelStats] = field(default_factory=dict)
    streaks: dict[str, DailyRun] = field(default_factory=dict)
    """Each kind's daily streak, by kind name. In the file the first kind's sits at the top
    level (`streak_days`, `best_streak`: as before there were kinds) and the others under
    `kind_streaks`."""

    def record(
        self,
        key: str,
        seconds: float,
        today: date,
        *,
        daily: date | None = None,
        kind: str = DEFAULT_KIND,
        **tally: Unpack[Tally],
    ) -> LevelStats:
        """Count a solve of `key` made on `today`; `daily` is the puzzle's date for a daily
        (of `kind`: it feeds that kind's streak, unless the solver solved it: `helped`)."""
        s = self.levels.get(key, LevelStats()).with_solve(seconds, today, **tally)
        self.levels[key] = s
        helped = tally.get("helped", False)
        if daily is not None and daily == today and not helped:  # `S` keeps no streak alive
            run = self.streaks.setdefault(kind, DailyRun())
            run.days.add(today)
            run.best = max(run.best, _longest_run(run.days))
        return s

    def streak(self, today: date, kind: str = DEFAULT_KIND) -> Streak:
        """`kind`'s streak as of `today` (alive if today's or yesterday's daily was solved)."""
        run = self.streaks.get(kind, DailyRun())
        days = run.days
        solved_today = today in days
        day = today if solved_today else _shift(today, -1)
        current = 0
        while day is not None and day in days:
            current += 1
            day = _shift(day, -1)
        best = max(run.best, _longest_run(days))
        return Streak(current, best, solved_today)


def _longest_run(days: set[date]) -> int:
    best = run = 0
    prev = None
    for n in sorted(d.toordinal() for d in days):
        run = run + 1 if prev is not None and n == prev + 1 else 1
        best = max(best, run)
        prev = n
    return best


def encode_stats(stats: Stats) -> dict[str, Any]:
    """The stats.json object (the same keys as before there were kinds, for the first kind)."""
    first = stats.streaks.get(DEFAULT_KIND, DailyRun())
    out: dict[str, Any] = {
        "format": STATS_FORMAT,
        "version": VERSION,
        "levels": {k: _level_obj(v) for k, v in sorted(stats.levels.items())},
        "streak_days": _dates(first.days),
        "best_streak": first.best,
    }
    others = {k: run for k, run in stats.streaks.items() if k != DEFAULT_KIND}
    if others:
        out["kind_streaks"] = {
            k: {"days": _dates(run.days), "best": run.best} for k, run in sorted(others.items())
        }
    return out


def _dates(days: set[date]) -> list[str]:
    return sorted(d.isoformat() for d in days)


def _streak_days(raw: list[Any], skipped: list[str] | None = None) -> set[date]:
    days = set()
    for d in raw:
        try:
            expect(isinstance(d, str), "streak days should be dates")
            days.add(_day(d))
        except ValueError as err:  # SchemaError too
            if skipped is None:
                raise
            skipped.append(f"streak day {d!r}: {err}")
    return days


def decode_stats(obj: Any, skipped: list[str] | None = None) -> Stats:
    """Parse stats.json; SchemaError (or ValueError) if it is not ours.

    With `skipped` (a reader that writes nothing back: `queens-tui stats`), a bad level or
    streak entry is left out and said there instead, so the rest still counts; the header
    and the file's shape must still be ours. The game reads strictly: a file it would write
    back without the bad entries is set aside whole instead, never lost.
    """
    obj = check_header(obj, STATS_FORMAT, VERSION)
    levels = get(obj, "levels", dict, {})
    expect(len(levels) <= MAX_LEVELS, f"it holds {len(levels):,} levels, over {MAX_LEVELS:,}")
    days_raw = get(obj, "streak_days", list, [])
    best = _best(get(obj, "best_streak", int, 0), "best streak", skipped)
    parsed = {}
    for k, v in levels.items():
        try:
            parsed[k] = _level_stats(k, v)
        except (ValueError, TypeError) as err:  # SchemaError too
            if skipped is None:
                raise
            skipped.append(f"level {k!r}: {err}")
    streaks: dict[str, DailyRun] = {}
    for kind, run in get(obj, "kind_streaks", dict, {}).items():
        try:
            expect(isinstance(run, dict), f"the {kind} streak should be an object")
            kind_best = _best(get(run, "best", int, 0), f"best {kind} streak", skipped)
            days = _streak_days(get(run, "days", list, []), skipped)
        except ValueError as err:
            if skipped is None:
                raise
            skipped.append(f"the {kind} streak: {err}")
            continue
        streaks[kind] = DailyRun(days, kind_best)
    days = _streak_days(days_raw, skipped)
    if days or best:
        streaks[DEFAULT_KIND] = DailyRun(days, best)
    return Stats(parsed, streaks)


def _best(value: int, what: str, skipped: list[str] | None) -> int:
    """A recorded best streak: negative is not ours (0 and said, when skipping)."""
    if value >= 0:
        return value
    if skipped is None:
        raise SchemaError(f"negative {what}")
    skipped.append(f"negative {what}")
    return 0


# --- settings ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """What the player chose; the defaults are what a new player gets."""

    auto_cross: bool = True
    """Show the crosses that placed queens rule out."""
    live_check: bool = True
    """Flag conflicting queens as soon as they are placed."""
    theme: str = "textual-dark"
    """A Textual theme name; the app falls back to its default if it does not know it."""
    labels: bool = True
    """Row and column numbers beside the Queens board (where there is room)."""
    letters: bool = False
    """Each region's letter printed in its cells (for players who can't tell the colours)."""
    ascii: bool = False
    """Plain ASCII drawing (as `--ascii`)."""
    palette: str = "standard"
    """The region colours: one of `core.colour.PALETTES` (as `--palette`); another name reads
    as the standard palette."""


def encode_settings(settings: Settings) -> dict[str, Any]:
    """The settings.json object."""
    return {"format": SETTINGS_FORMAT, "version": VERSION, **asdict(settings)}


def decode_settings(obj: Any) -> Settings:
    """Parse settings.json; missing keys take defaults, wrong types make it unreadable."""
    obj = check_header(obj, SETTINGS_FORMAT, VERSION)
    defaults = Settings()
    values = {
        f.name: get(obj, f.name, type(getattr(defaults, f.name)), getattr(defaults, f.name))
        for f in fields(Settings)
    }
    expect(bool(values["theme"].strip()), "'theme' is empty")
    return Settings(**values)


__all__ = [
    "DailyRun",
    "LevelStats",
    "SchemaError",
    "Settings",
    "Stats",
    "Streak",
    "decode_settings",
    "decode_stats",
    "encode_settings",
    "encode_stats",
]
