"""Make the shipped daily calendars in `levels/daily/<kind>/YYYY.days`.

Run from the repository root (the days are made on every core; `--jobs N` to choose):

    python scripts/make_daily.py --year 2027                 # Queens, the whole year
    python scripts/make_daily.py --year 2026 --start 2026-11-23
    python scripts/make_daily.py --year 2027 --check         # regenerate and compare (from
                                                             # the file's first day)
    python scripts/make_daily.py --kind zip --year 2026 --start 2026-11-23   # Tango, Zip alike
    python scripts/make_daily.py --kind tango --rising 2026 2027 2028   # arrange, in place

From `RISING_FROM` on (issue 41), each week rises from Monday to Sunday by score (`grade`'s,
`core.effort`), as LinkedIn's week does: the days of a week that share a shape (the same
size and difficulty in the kind's `DailySpec.week`: Mini Sudoku's and Tango's Monday and
Tuesday, Zip's 7x7 Wednesday to Friday, ...) hold their generated puzzles sorted by score,
easiest first (ties: the earlier day's first). So every day keeps its weekday's shape, and
a day's line is still made from the dates alone. `--rising` arranges shipped calendars so
in place, without generating anything (their lines are the generator's, as
`tests/unit/test_kind_calendar.py` checks; arranging twice changes nothing). The days
before `RISING_FROM` were shipped, and perhaps played: they never move.

Each line is the puzzle that `store.daily.generate_by_date(kind, day)` makes with
this version's generator, encoded by the kind's encoder (one line a day; see
the docstring of `queens_tui/store/daily.py`). Once shipped, a calendar is
frozen: the daily of those days stays the same whatever the generator becomes.
Calendars cover at least two years ahead; add the next year well before the
last one runs out. Every kind with a daily (`KIND.daily`) has one.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from queens_tui.cli.executors import open_pool, ordered_map  # noqa: E402
from queens_tui.core.effort import spearman  # noqa: E402
from queens_tui.kinds import daily_kinds, get_kind  # noqa: E402
from queens_tui.store import daily  # noqa: E402

RISING_FROM = date(2026, 11, 28)
"""The first day whose week rises by score (the day after the calendars were arranged)."""


def mates(kind: str, day: date) -> list[date]:
    """The days of `day`'s Monday-to-Sunday week that share its shape (size, difficulty),
    from `RISING_FROM` on: those whose puzzles `rising` may swap with `day`'s."""
    if day < RISING_FROM:
        return [day]
    week = daily.spec(kind).week
    monday = day - timedelta(days=day.weekday())
    days = [monday + timedelta(days=k) for k in range(7)]
    return [d for d in days if d >= RISING_FROM and week[d.weekday()] == week[day.weekday()]]


def rising(kind: str, lines: dict[date, str]) -> dict[date, str]:
    """`lines` (by day) with each group of `mates` holding its puzzles by score, easiest
    first (ties: the earlier day's first); a day whose mates are not all there stays."""
    out = dict(lines)
    done: set[date] = set()
    for day in sorted(lines):
        group = mates(kind, day)
        if day in done or any(d not in lines for d in group):
            continue
        done.update(group)
        ranked = sorted(group, key=lambda d: (score_of(kind, lines[d]), d))
        for d, source in zip(group, ranked, strict=True):
            out[d] = lines[source]
    return out


def generated(kind: str, day: date) -> str:
    """The calendar line of `kind`'s generated puzzle of `day` (`store.daily.generate_by_date`)."""
    spec = get_kind(kind).daily
    assert spec is not None
    return spec.encode(daily.generate_by_date(kind, day))


def line_maker(kind: str) -> Callable[[date], str]:
    """The calendar line of a day: the generated puzzles of its `mates`, `rising`."""

    def line(day: date) -> str:
        return rising(kind, {d: generated(kind, d) for d in mates(kind, day)})[day]

    return line


KINDS: dict[str, Callable[[date], str]] = {kind: line_maker(kind) for kind in daily_kinds()}
"""One line-maker per kind with a daily."""


def make_line(job: tuple[str, date]) -> str:
    """The generated calendar line of (kind, day): what a worker process runs."""
    kind, day = job
    return generated(kind, day)


def first_day(path: Path, year: int) -> date | None:
    """The first day a shipped calendar holds (`--check` starts there unless told)."""
    lines = [x for x in path.read_text("utf-8").splitlines() if not x.startswith("#")]
    k = next((i for i, x in enumerate(lines) if x.strip() not in ("", "-")), 0)
    return date(year, 1, 1) + timedelta(days=k) if k else None


def score_of(kind: str, line: str) -> float:
    """The score (`KindBase.score`) of a calendar line's puzzle (-1 if the rules cannot
    finish it: the calendar's puzzles are fair by construction, so none is)."""
    spec = get_kind(kind).daily
    assert spec is not None
    score = get_kind(kind).score(spec.decode(line))
    return -1.0 if score is None else score


def read_days(kind: str, year: int) -> dict[date, str]:
    """The lines of `kind`'s shipped calendar for `year`, by day ("-" days left out)."""
    path = daily.calendar_path(kind, year)
    assert path is not None
    lines = [x for x in path.read_text("utf-8").splitlines() if not x.startswith("#")]
    out = {}
    for k, line in enumerate(lines):
        day = date(year, 1, 1) + timedelta(days=k)
        if line.strip() not in ("", "-"):
            out[day] = line.strip()
    return out


def rise(kind: str, years: list[int]) -> int:
    """`--rising`: arrange `kind`'s shipped calendars of `years` in place (`rising`)."""
    days: dict[date, str] = {}
    for year in years:
        days.update(read_days(kind, year))
    new = rising(kind, days)
    for year in years:
        mine = sorted(d for d in new if d.year == year and d >= RISING_FROM)
        if mine and mine[0] == date(year, 1, 1):  # a whole year arranged
            scores = [score_of(kind, new[d]) for d in mine]
            rho = spearman(scores, [d.isoweekday() for d in mine])
            print(f"{kind} {year}: Spearman's rho of score against weekday {rho:.3f}")
        first = min(d for d in new if d.year == year)
        print(f"wrote {daily.write_calendar(kind, year, new.__getitem__, start=first)}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--kind", default="queens", choices=sorted(KINDS))
    parser.add_argument(
        "--rising", type=int, nargs="+", metavar="YEAR", help="arrange shipped years, in place"
    )
    parser.add_argument("--year", type=int)
    parser.add_argument("--start", help="first day (YYYY-MM-DD); earlier days get '-'")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument(
        "--jobs", type=int, help="days made at once, one process each (default: one per core)"
    )
    args = parser.parse_args()
    if args.rising:
        return rise(args.kind, args.rising)
    if args.year is None:
        parser.error("--year is required")
    start = date.fromisoformat(args.start) if args.start else None
    shipped = daily.calendar_path(args.kind, args.year)
    assert shipped is not None
    if args.check and start is None and shipped.is_file():
        start = first_day(shipped, args.year)
    began = time.perf_counter()
    days = [date(args.year, 1, 1) + timedelta(days=i) for i in range(366)]
    days = [d for d in days if d.year == args.year and (start is None or d >= start)]
    lines: dict[date, str] = {}
    # each day's puzzle depends on its date alone (and its mates', for a rising week)
    needed = sorted({mate for day in days for mate in mates(args.kind, day)})
    with open_pool(args.jobs, tasks=len(needed)) as pool:
        jobs = [(args.kind, day) for day in needed]
        made = ordered_map(pool.executor, make_line, jobs, window=4 * pool.workers)
        for day, line in zip(needed, made, strict=True):
            lines[day] = line
            print(f"{day}: {line} ({time.perf_counter() - began:.0f} s)", flush=True)
    lines = rising(args.kind, lines)

    target = shipped.with_suffix(".new") if args.check else shipped
    daily.write_calendar(args.kind, args.year, lines.__getitem__, start=start, path=target)
    if args.check:
        same = shipped.read_bytes() == target.read_bytes()
        target.unlink()
        print(f"{shipped}: {'same' if same else 'DIFFERENT'}")
        return 0 if same else 1
    print(f"wrote {shipped}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
