"""Your record as figures: the stats screen's and `queens-tui stats`' numbers, as plain data.

Everything is computed from stats.json as saved (`store.stats`), so it reads the same after a
relaunch, and nothing here writes. `Record.of(stats, today)` reads every solved level once:
its kind, its daily puzzle's day, its size and difficulty (a daily's from its weekday, or its
file in the daily folder; a bundled level's from its file), and `Record.figures(kind)` gives one
kind's `Figures`, or every kind's with `kind=None`:

- the calendar of the last `WEEKS` weeks, a day's daily puzzle solved clean, with help, or not;
- the current and longest streak (the days each kind's daily was solved that day; for every
  kind together, the days any daily was);
- the daily puzzles' times over the last `TIME_DAYS` days, the median per weekday, the median
  and best per size and difficulty;
- the totals: levels solved, clean, with hints, with `S`; hints and mistakes per solve.

What counts as clean is the *first* solve: a level first solved with a hint or `S` stays helped
whatever a replay does (a replay of a solution seen is no clean solve), and every time figure
counts first solves without help only (a hint's or `S`'s time says nothing of the player's).
For every kind together a day is clean only when every daily solved that day was.

A record dated after today (a clock set wrong, a hand-edited file) is left out and said once in
`Record.notices`; `read_record` reads stats.json for the command line without setting a bad file
aside (the game does that when it starts) and skips bad entries, each said in the one notice.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Literal

from queens_tui.core.vocabulary import DIFFICULTIES, mmss
from queens_tui.kinds import KINDS, board_kinds, daily_kinds, get_kind
from queens_tui.store.stats import DailyRun, LevelStats, Stats, Streak

WEEKS = 53
"""The calendar's weeks: a year and the week of today, as a contributions graph."""
TIME_DAYS = 90
"""The days of daily times kept (the screen shows the last 30 or all 90)."""
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

State = Literal["clean", "helped", "none", "out"]
"""A calendar day: its daily solved without help, with help (a hint or `S`), not solved, or
outside the figures (after today, before `--since`)."""

GLYPHS: dict[State, str] = {"clean": "█", "helped": "▒", "none": "·", "out": " "}
ASCII_GLYPHS: dict[State, str] = {"clean": "#", "helped": "+", "none": ".", "out": " "}
"""A calendar day's glyph (a shape per state: the colour is a second channel, never the only
one), and in plain ASCII."""
STATE_WORDS: dict[State, str] = {"clean": "clean", "helped": "with help", "none": "not solved"}

RAMP = "▁▂▃▄▅▆▇█"
ASCII_RAMP = "_.-=+*#@"
"""A sparkline's eight heights, shortest first."""


def median(values: Sequence[float]) -> float:
    """The median of `values` (not empty); `statistics` costs more to import than to use."""
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


# --- one solved level -------------------------------------------------------------------------


@dataclass(frozen=True)
class Solved:
    """One solved level as the figures read it."""

    key: str
    kind: str | None
    """Its puzzle kind, None for a key of no kind we know (counted with every kind only)."""
    day: date | None
    """A daily puzzle's day (its weekday, its calendar cell), else None."""
    first: date
    """The day of the first solve (`--since` compares it; a daily's day for a daily)."""
    size: int | None
    difficulty: str | None
    stats: LevelStats
    clean: bool = field(init=False)
    """First solved with no hint and no `S` (an old file's `first_helped` may be missing: a
    level never solved clean is helped whatever it says)."""
    time: float | None = field(init=False)
    """The first solve's time when it was clean, else None (no time to compare)."""

    def __post_init__(self) -> None:
        # Read for every figure of thousands of levels: worked out once.
        clean = not self.stats.first_helped and self.stats.clean_solves > 0
        object.__setattr__(self, "clean", clean)
        object.__setattr__(self, "time", self.stats.first_time if clean else None)

    @property
    def state(self) -> State:
        """Its calendar state."""
        return "clean" if self.clean else "helped"


def _week(kind: str) -> tuple[tuple[int, str | None], ...]:
    spec = get_kind(kind).daily
    return spec.week if spec is not None else ()


class _Places:
    """(kind, daily day, size, difficulty) of stats keys: a daily's from its weekday (or its
    file in the daily folder), a bundled level's from its file, a board's from its key; a
    level file's key (a fingerprint) tells only its kind. Thousands of keys: what they share
    is looked up once."""

    def __init__(self, daily_dir: Path | None) -> None:
        from queens_tui.store.progress import parse_daily_key

        self.parse_daily_key = parse_daily_key
        self.files: dict[str, dict[date, Path]] = {}
        if daily_dir is not None and daily_dir.is_dir():
            from queens_tui.store.daily import daily_files

            self.files = {k: daily_files(k, daily_dir) for k in daily_kinds()}
        self.shapes = {
            (k, w): shape for k in daily_kinds() for w, shape in enumerate(_week(k))
        }  # a generated daily's (size, difficulty) by weekday (`store.daily.shape_for`)
        self.prefixes = {get_kind(k).save_prefix or k: k for k in KINDS}
        self.boards = set(board_kinds())

    def __call__(self, key: str) -> tuple[str | None, date | None, int | None, str | None]:
        dated = self.parse_daily_key(key)
        if dated is not None:
            kind, day = dated
            path = self.files.get(kind, {}).get(day)
            if path is None:
                return (kind, day, *self.shapes[kind, day.weekday()])
            from queens_tui.formats.meta import read_meta

            meta = read_meta(path)
            return kind, day, meta.size, meta.difficulty
        head, _, rest = key.partition(":")
        if head == "pack":
            from queens_tui.formats.bundled import bundled_path, pack_kind
            from queens_tui.formats.meta import read_meta

            found = bundled_path(rest)
            if found is None:
                return pack_kind(rest), None, None, None
            meta = read_meta(found)
            return pack_kind(rest), None, meta.size, meta.difficulty
        named = self.prefixes.get(head)
        board = int(rest) if named in self.boards and rest.isdigit() else None
        return named, None, board, None


# --- the record -------------------------------------------------------------------------------


@dataclass
class Record:
    """Every solved level and every kind's streak days, ready for `figures`."""

    today: date
    solved: list[Solved] = field(default_factory=list)
    streaks: dict[str, DailyRun] = field(default_factory=dict)
    since: date | None = None
    notices: list[str] = field(default_factory=list)
    """What was left out, for the player: one sentence at most per cause."""
    _grouped: dict[str | None, list[Solved]] | None = field(default=None, repr=False)

    @classmethod
    def of(
        cls,
        stats: Stats,
        today: date,
        *,
        since: date | None = None,
        daily_dir: Path | None = None,
    ) -> Record:
        """The record of `stats` as of `today`; `since`: only what was solved from that day on
        (a daily: from its day); `daily_dir`: the daily folder, whose files name their size."""
        place = _Places(daily_dir)
        record = cls(today, since=since)
        iso_today = today.isoformat()
        late = 0
        for key, s in stats.levels.items():
            if not s.solved or s.first_date is None:
                continue
            kind, day, size, difficulty = place(key)
            first = day or date.fromisoformat(s.first_date)
            dates = (s.first_date, s.best_date or "", s.last_date or "")
            if first > today or max(dates) > iso_today:  # ISO days sort as text
                late += 1
                continue
            if since is not None and first < since:
                continue
            record.solved.append(Solved(key, kind, day, first, size, difficulty, s))
        for kind, run in stats.streaks.items():
            days = {d for d in run.days if d <= today}
            late += len(run.days) - len(days)
            if since is not None:
                days = {d for d in days if d >= since}
            record.streaks[kind] = DailyRun(days, run.best if since is None else 0)
        if late:
            record.notices.append(
                f"{late} {'record is' if late == 1 else 'records are'} dated after today "
                f"({today.isoformat()}): left out of the figures."
            )
        return record

    def kinds(self) -> list[str]:
        """The kinds with a solved level or a streak, in `KINDS` order."""
        have = {s.kind for s in self.solved} | {k for k, r in self.streaks.items() if r.days}
        return [k for k in KINDS if k in have]

    def figures(self, kind: str | None = None) -> Figures:
        """`kind`'s figures, or every kind's together (None)."""
        by_kind = self._by_kind()
        mine = self.solved if kind is None else by_kind.get(kind, [])
        played = self.kinds()
        dailies = [k for k in daily_kinds() if k == kind or (kind is None and k in played)]
        first = _monday(self.today) - timedelta(weeks=WEEKS - 1)
        return Figures(
            kind=kind,
            today=self.today,
            since=self.since,
            first=first,
            days=_calendar(mine, first, self.today, self.since),
            streak=self._streak(kind),
            times={k: _times(by_kind.get(k, []), k, self.today, self.since) for k in dailies},
            weekdays={k: _weekdays(by_kind.get(k, []), k) for k in dailies},
            shapes=_shapes(mine),
            totals=Totals.of(mine),
        )

    def _by_kind(self) -> dict[str | None, list[Solved]]:
        """The solved levels by kind (worked out once: every figure asks)."""
        if self._grouped is None or sum(map(len, self._grouped.values())) != len(self.solved):
            self._grouped = defaultdict(list)
            for s in self.solved:
                self._grouped[s.kind].append(s)
        return self._grouped

    def _streak(self, kind: str | None) -> Streak:
        """`kind`'s streak (`Stats.streak`: one home for what a streak is); every kind's: the
        days any kind's daily was solved that day."""
        if kind is not None:
            run = self.streaks.get(kind, DailyRun())
        else:
            days = set().union(*(r.days for r in self.streaks.values()))
            run = DailyRun(days, max((r.best for r in self.streaks.values()), default=0))
        return Stats(streaks={"": run}).streak(self.today, "")


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def _calendar(
    solved: Iterable[Solved], first: date, today: date, since: date | None
) -> tuple[State, ...]:
    """Each day's state from `first` to the Sunday of today's week: a day of several kinds is
    helped if any daily solved that day was."""
    state: dict[date, State] = {}
    for s in solved:
        if s.day is not None and s.day >= first:
            state[s.day] = "helped" if state.get(s.day) == "helped" else s.state
    out: list[State] = []
    for n in range(WEEKS * 7):
        day = first + timedelta(days=n)
        if day > today or (since is not None and day < since):
            out.append("out")
        else:
            out.append(state.get(day, "none"))
    return tuple(out)


def _times(
    solved: Iterable[Solved], kind: str, today: date, since: date | None = None
) -> tuple[float | State, ...]:
    """`kind`'s daily over the last `TIME_DAYS` days, oldest first: the clean first solve's
    seconds, else its state ("helped", "none"; "out" before `--since`)."""
    first = today - timedelta(days=TIME_DAYS - 1)
    by_day: dict[date, Solved] = {
        s.day: s for s in solved if s.kind == kind and s.day is not None and s.day >= first
    }
    out: list[float | State] = []
    for n in range(TIME_DAYS):
        day = first + timedelta(days=n)
        s = by_day.get(day)
        t = None if s is None else s.time
        if t is not None:
            out.append(t)
        elif s is not None:
            out.append(s.state)
        else:
            out.append("out" if since is not None and day < since else "none")
    return tuple(out)


def _weekdays(solved: Iterable[Solved], kind: str) -> tuple[float | None, ...]:
    """The median clean time of `kind`'s daily per weekday, Monday first (None: no time)."""
    by: dict[int, list[float]] = defaultdict(list)
    for s in solved:
        t = s.time
        if s.kind == kind and s.day is not None and t is not None:
            by[s.day.weekday()].append(t)
    return tuple(median(by[d]) if by[d] else None for d in range(7))


@dataclass(frozen=True)
class Shape:
    """A kind's levels of one size and difficulty: how many, and their times."""

    kind: str
    size: int
    difficulty: str | None
    levels: int
    """Solved levels."""
    timed: int
    """Of those, first solved clean (the median's count)."""
    median: float | None
    """Median of the clean first solves' times."""
    best: float | None
    """Best time of a solve without help (a replay's too)."""

    def as_json(self) -> dict[str, Any]:
        """The `stats --json` object: the fields, in order."""
        return asdict(self)


def _shapes(solved: Iterable[Solved]) -> tuple[Shape, ...]:
    """One `Shape` per (kind, size, difficulty) solved, in kind, size, difficulty order."""
    groups: dict[tuple[str, int, str | None], list[Solved]] = defaultdict(list)
    for s in solved:
        if s.kind is not None and s.size is not None:
            groups[s.kind, s.size, s.difficulty].append(s)
    rank = {d: i for i, d in enumerate(DIFFICULTIES)}

    def order(g: tuple[str, int, str | None]) -> tuple[int, int, int, str]:
        kind, size, diff = g
        return KINDS.index(kind), size, rank.get(diff or "", len(rank)), diff or ""

    out = []
    for g in sorted(groups, key=order):
        levels = groups[g]
        times = [t for s in levels if (t := s.time) is not None]
        bests = [
            s.stats.best_time
            for s in levels
            if s.stats.best_time is not None and not s.stats.best_helped
        ]
        out.append(
            Shape(
                *g,
                levels=len(levels),
                timed=len(times),
                median=median(times) if times else None,
                best=min(bests) if bests else None,
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class Totals:
    """Levels and solves, with and without help."""

    levels: int = 0
    solves: int = 0
    clean: int = 0
    """Levels first solved with no hint and no `S`."""
    with_hints: int = 0
    """Levels solved with a hint, at least once."""
    with_solver: int = 0
    """Levels solved with `S` (or a reveal), at least once. A file older than the count of
    them tells only the levels helped without a hint: a lower bound."""
    hints: int = 0
    mistakes: int = 0
    """Over every solve (an older file kept the last solve's only: a lower bound)."""

    @classmethod
    def of(cls, solved: Sequence[Solved]) -> Totals:
        """The totals of `solved`."""
        solves = clean = with_hints = with_solver = hints = mistakes = 0
        for level in solved:
            s = level.stats
            solves += s.solves
            clean += level.clean
            with_hints += s.hints > 0
            with_solver += s.solver_solves > 0 or (s.hints == 0 and s.solves > s.clean_solves)
            hints += s.hints
            mistakes += max(s.mistakes, s.last_mistakes)
        return cls(len(solved), solves, clean, with_hints, with_solver, hints, mistakes)

    @property
    def hints_per_solve(self) -> float:
        """Hints used per solve (0 with no solve)."""
        return self.hints / self.solves if self.solves else 0.0

    @property
    def mistakes_per_solve(self) -> float:
        """Mistakes made per solve (0 with no solve)."""
        return self.mistakes / self.solves if self.solves else 0.0

    def as_json(self) -> dict[str, Any]:
        """The `stats --json` object: the fields, in order, then the rates per solve."""
        return {
            **asdict(self),
            "hints_per_solve": round(self.hints_per_solve, 3),
            "mistakes_per_solve": round(self.mistakes_per_solve, 3),
        }


# --- the figures ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figures:
    """One kind's figures (`kind` None: every kind's together)."""

    kind: str | None
    today: date
    since: date | None
    first: date
    """The calendar's first day: a Monday, `WEEKS` - 1 weeks before today's week's."""
    days: tuple[State, ...]
    """The calendar, a state per day from `first` to the Sunday of today's week."""
    streak: Streak
    times: dict[str, tuple[float | State, ...]]
    """Per kind with a daily: the last `TIME_DAYS` days, oldest first (`_times`)."""
    weekdays: dict[str, tuple[float | None, ...]]
    """Per kind with a daily: the median clean time per weekday, Monday first."""
    shapes: tuple[Shape, ...]
    totals: Totals

    @property
    def empty(self) -> bool:
        """Nothing solved and no streak: the screen says so instead of drawing zeros."""
        return not self.totals.levels and not self.streak.best

    def week_rows(self) -> list[list[State]]:
        """The calendar as 7 rows (Monday first) of `WEEKS` columns (a week each)."""
        return [list(self.days[d::7]) for d in range(7)]

    def months(self) -> list[tuple[int, str]]:
        """(column, month abbreviation) of each week column where a month begins (its first
        day falls in that week), for the calendar's heading."""
        out = []
        for col in range(WEEKS):
            sunday = self.first + timedelta(weeks=col, days=6)
            if sunday.day <= 7:
                out.append((col, sunday.strftime("%b")))
        if not out or out[0][0] >= 4:  # room for the first month's name before the next
            out.insert(0, (0, self.first.strftime("%b")))
        return out

    def daily_times(self, kind: str, days: int = TIME_DAYS) -> tuple[float | State, ...]:
        """`kind`'s last `days` days of `times` (at most `TIME_DAYS`)."""
        return self.times.get(kind, ())[-days:]

    def median_time(self, kind: str, days: int = TIME_DAYS) -> float | None:
        """The median clean time of `kind`'s daily over the last `days` days."""
        times = [t for t in self.daily_times(kind, days) if isinstance(t, float | int)]
        return median(times) if times else None

    def as_json(self) -> dict[str, Any]:
        """The `stats --json` object of these figures (times in seconds, days ISO)."""
        dated = [(self.first + timedelta(days=n), st) for n, st in enumerate(self.days)]
        first_time = self.today - timedelta(days=TIME_DAYS - 1)
        return {
            "streak": {
                "current": self.streak.current,
                "longest": self.streak.best,
                "solved_today": self.streak.solved_today,
            },
            "calendar": {
                "from": self.first.isoformat(),
                "to": self.today.isoformat(),
                **{
                    state: [d.isoformat() for d, st in dated if st == state]
                    for state in ("clean", "helped")
                },
            },
            "daily_times": {
                kind: {
                    "median_30": self.median_time(kind, 30),
                    "median_90": self.median_time(kind, 90),
                    "days": [
                        [(first_time + timedelta(days=n)).isoformat(), t]
                        for n, t in enumerate(times)
                        if not isinstance(t, str)
                    ],
                    "weekday_medians": dict(zip(WEEKDAYS, self.weekdays[kind], strict=True)),
                }
                for kind, times in self.times.items()
            },
            "shapes": [s.as_json() for s in self.shapes],
            "totals": self.totals.as_json(),
        }


# --- drawing in text (the command line's, and the screen's before its colours) ----------------


def spark(values: Sequence[float | State], *, ascii: bool = False, top: float | None = None) -> str:
    """One character a value: a time as a bar of eight heights (scaled to `top`, default the
    largest), a day without a time as its calendar glyph (helped ``▒``, not solved ``·``)."""
    ramp, glyphs = (ASCII_RAMP, ASCII_GLYPHS) if ascii else (RAMP, GLYPHS)
    times = [v for v in values if not isinstance(v, str)]
    high = top if top is not None else max(times, default=0.0)
    out = []
    for v in values:
        if isinstance(v, str):
            out.append(glyphs[v])
        else:
            level = round(v / high * (len(ramp) - 1)) if high > 0 else 0
            out.append(ramp[max(0, min(len(ramp) - 1, level))])
    return "".join(out)


def buckets(values: Sequence[float | State], width: int) -> list[float | State]:
    """`values` in at most `width` columns: consecutive days share a column when there are
    more days than columns (its median time; else helped if any day was, else its state)."""
    per = max(1, -(-len(values) // max(1, width)))
    out: list[float | State] = []
    for i in range(0, len(values), per):
        part = values[i : i + per]
        times = [v for v in part if not isinstance(v, str)]
        if times:
            out.append(median(times))
        elif "helped" in part:
            out.append("helped")
        else:
            out.append("none" if "none" in part else "out")
    return out


def bar_rows(
    values: Sequence[float | State], height: int, *, ascii: bool = False, top: float | None = None
) -> list[str]:
    """A bar chart `height` rows tall, a column a value, top row first: a time as a bar in
    eighths of a row (at least one eighth, scaled to `top`, default the largest); a day
    without a time as its calendar glyph on the bottom row."""
    ramp, glyphs = (ASCII_RAMP, ASCII_GLYPHS) if ascii else (RAMP, GLYPHS)
    high = top if top is not None else max((v for v in values if not isinstance(v, str)), default=0)
    rows = [[" "] * len(values) for _ in range(height)]
    for col, v in enumerate(values):
        if isinstance(v, str):
            rows[-1][col] = glyphs[v]
            continue
        eighths = max(1, round(v / high * height * 8)) if high > 0 else 1
        for level in range(height):
            fill = eighths - level * 8
            if fill > 0:
                rows[height - 1 - level][col] = ramp[min(fill, 8) - 1]
    return ["".join(r) for r in rows]


def hbar(value: float | None, top: float, width: int, *, ascii: bool = False) -> str:
    """A horizontal bar `value / top` of `width` cells, in eighths (``#`` cells in ASCII)."""
    if value is None or top <= 0:
        return ""
    eighths = max(1, round(value / top * width * 8))
    if ascii:
        return "#" * max(1, round(eighths / 8))
    full, part = divmod(eighths, 8)
    return "█" * full + (" ▏▎▍▌▋▊▉"[part] if part else "")


def time_text(seconds: float | None) -> str:
    """A time as the figures write it: `m:ss`, or an en dash when there is none."""
    return "–" if seconds is None else mmss(seconds, short=True)


def month_heading(figures: Figures) -> str:
    """The calendar's heading: each month's name over the week it begins in (when it fits)."""
    heading = [" "] * WEEKS
    end = -1
    for col, name in figures.months():
        if col > end and col + len(name) <= WEEKS:
            heading[col : col + len(name)] = name
            end = col + len(name)
    return "".join(heading).rstrip()


def calendar_lines(figures: Figures, *, ascii: bool = False) -> list[str]:
    """The heat map as text: a month heading, then a row per weekday (Mon, Wed, Fri named)."""
    glyphs = ASCII_GLYPHS if ascii else GLYPHS
    lines = ["    " + month_heading(figures)]
    for d, row in enumerate(figures.week_rows()):
        lines.append(f"{weekday_label(d):<4}" + "".join(glyphs[s] for s in row).rstrip())
    return lines


def weekday_label(day: int) -> str:
    """A calendar row's label: every other weekday named (Mon, Wed, Fri, Sun), as GitHub's."""
    return WEEKDAYS[day] if day % 2 == 0 else ""


def weekday_table(weekdays: dict[str, tuple[float | None, ...]]) -> list[str]:
    """The median per weekday, a kind a row: a heading of weekdays, then each kind's times."""
    label = max((len(kind_title(k)) for k in weekdays), default=0) + 1
    lines = [" " * label + "".join(f"{w:>6}" for w in WEEKDAYS)]
    for kind, medians in weekdays.items():
        lines.append(
            f"{kind_title(kind):<{label}}" + "".join(f"{time_text(m):>6}" for m in medians)
        )
    return lines


def legend(*, ascii: bool = False) -> str:
    """What the calendar's glyphs mean."""
    glyphs = ASCII_GLYPHS if ascii else GLYPHS
    return "   ".join(f"{glyphs[s]} {w}" for s, w in STATE_WORDS.items())


def kind_title(kind: str | None) -> str:
    """A kind's name as a heading ("Queens", "Mini Sudoku"), or "All kinds"."""
    return "All kinds" if kind is None else get_kind(kind).title


def streak_text(figures: Figures) -> str:
    """ "Streak 4 days (longest 12), today's solved"."""
    s = figures.streak
    days = "day" if s.current == 1 else "days"
    today = ", today's solved" if s.solved_today else ""
    return f"Streak {s.current} {days} (longest {s.best}){today}"


def totals_lines(t: Totals) -> list[str]:
    """The totals, a line each."""
    return [
        f"Levels solved   {t.levels}  ({t.solves} {'solve' if t.solves == 1 else 'solves'})",
        f"  clean         {t.clean}",
        f"  with hints    {t.with_hints}",
        f"  with S        {t.with_solver}",
        f"Hints per solve     {t.hints_per_solve:.2f}",
        f"Mistakes per solve  {t.mistakes_per_solve:.2f}",
    ]


def shape_lines(shapes: Sequence[Shape], *, kinds: bool) -> list[str]:
    """The table per size and difficulty (with the kind's name when `kinds`)."""
    lines = []
    for s in shapes:
        head = f"{get_kind(s.kind).title:<12}" if kinds else ""
        diff = s.difficulty or ""
        lines.append(
            f"{head}{s.size:>2}×{s.size:<2} {diff:<7} {s.levels:>4} solved  median "
            f"{time_text(s.median):>6}  best {time_text(s.best):>6}"
        )
    return lines


def text_report(figures: Figures, *, ascii: bool = False) -> list[str]:
    """The figures as lines of text (`queens-tui stats`)."""
    title = kind_title(figures.kind)
    since = f" since {figures.since.isoformat()}" if figures.since else ""
    lines = [f"{title}: your record{since} as of {figures.today.isoformat()}"]
    if figures.empty:
        return [*lines, "  nothing solved yet", ""]
    if figures.times:
        lines += [f"  {streak_text(figures)}", ""]
        lines += ["  " + line for line in calendar_lines(figures, ascii=ascii)]
        lines += ["      " + legend(ascii=ascii), ""]
        lines.append("  Daily times, clean first solves, last 30 days (median 30 / 90 days):")
        for kind in figures.times:
            name = get_kind(kind).title
            row = spark(figures.daily_times(kind, 30), ascii=ascii)
            medians = f"{time_text(figures.median_time(kind, 30))} / "
            medians += time_text(figures.median_time(kind, 90))
            lines.append(f"    {name:<12}{row}  {medians}")
        lines.append("  Median per weekday:")
        lines += ["    " + line for line in weekday_table(figures.weekdays)]
        lines.append("")
    if figures.shapes:
        lines.append("  By size and difficulty:")
        lines += ["    " + line for line in shape_lines(figures.shapes, kinds=figures.kind is None)]
        lines.append("")
    lines += ["  " + line for line in totals_lines(figures.totals)]
    return [*lines, ""]


# --- reading stats.json without writing it ----------------------------------------------------


def read_record(
    path: Path, today: date, *, since: date | None = None, daily_dir: Path | None = None
) -> tuple[Record, str | None]:
    """The record in stats file `path`, read only: (record, None), or (an empty record, why)
    when the file cannot be used at all. Bad entries are skipped and said in the record's
    notices (one sentence); the file is never moved nor written (the game sets a bad one
    aside when it starts)."""
    from queens_tui.store.jsonfile import loads, read_bounded
    from queens_tui.store.stats import decode_stats
    from queens_tui.store.store import STATS_MAX_BYTES

    skipped: list[str] = []
    try:
        stats = decode_stats(loads(read_bounded(path, STATS_MAX_BYTES)), skipped)
    except FileNotFoundError:
        stats = Stats()
    except (OSError, ValueError, TypeError, KeyError, RecursionError) as err:
        why = getattr(err, "strerror", None) or str(err) or type(err).__name__
        return Record(today, since=since), f"{path}: {why}"
    record = Record.of(stats, today, since=since, daily_dir=daily_dir)
    if skipped:
        n = len(skipped)
        what = "a bad entry" if n == 1 else f"{n} bad entries"
        more = f" (and {n - 1} more)" if n > 1 else ""
        record.notices.insert(0, f"{path}: {what} left out: {skipped[0]}{more}.")
    return record, None


__all__ = [
    "ASCII_GLYPHS",
    "GLYPHS",
    "STATE_WORDS",
    "TIME_DAYS",
    "WEEKDAYS",
    "WEEKS",
    "Figures",
    "Record",
    "Shape",
    "Solved",
    "State",
    "Totals",
    "calendar_lines",
    "legend",
    "read_record",
    "spark",
    "text_report",
    "time_text",
]
