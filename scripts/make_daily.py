"""Make the shipped daily calendars in `levels/daily/<kind>/YYYY.days`.

Run from the repository root (the days are made on every core; `--jobs N` to choose):

    python scripts/make_daily.py --year 2027                 # Queens, the whole year
    python scripts/make_daily.py --year 2026 --start 2026-11-23
    python scripts/make_daily.py --year 2027 --check         # regenerate and compare (from
                                                             # the file's first day)
    python scripts/make_daily.py --kind zip --year 2026 --start 2026-11-23   # Tango, Zip alike

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
from queens_tui.kinds import daily_kinds, get_kind  # noqa: E402
from queens_tui.store import daily  # noqa: E402


def line_maker(kind: str) -> Callable[[date], str]:
    """The calendar line of `kind`'s generated puzzle of a day (`store.daily.generate_by_date`)."""
    spec = get_kind(kind).daily
    assert spec is not None

    def line(day: date) -> str:
        return spec.encode(daily.generate_by_date(kind, day))

    return line


KINDS: dict[str, Callable[[date], str]] = {kind: line_maker(kind) for kind in daily_kinds()}
"""One line-maker per kind with a daily."""


def make_line(job: tuple[str, date]) -> str:
    """The calendar line of (kind, day): what a worker process runs."""
    kind, day = job
    return KINDS[kind](day)


def first_day(path: Path, year: int) -> date | None:
    """The first day a shipped calendar holds (`--check` starts there unless told)."""
    lines = [x for x in path.read_text("utf-8").splitlines() if not x.startswith("#")]
    k = next((i for i, x in enumerate(lines) if x.strip() not in ("", "-")), 0)
    return date(year, 1, 1) + timedelta(days=k) if k else None


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--kind", default="queens", choices=sorted(KINDS))
    parser.add_argument("--year", type=int, required=True)
    parser.add_argument("--start", help="first day (YYYY-MM-DD); earlier days get '-'")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument(
        "--jobs", type=int, help="days made at once, one process each (default: one per core)"
    )
    args = parser.parse_args()
    start = date.fromisoformat(args.start) if args.start else None
    shipped = daily.calendar_path(args.kind, args.year)
    assert shipped is not None
    if args.check and start is None and shipped.is_file():
        start = first_day(shipped, args.year)
    began = time.perf_counter()
    days = [date(args.year, 1, 1) + timedelta(days=i) for i in range(366)]
    days = [d for d in days if d.year == args.year and (start is None or d >= start)]
    lines: dict[date, str] = {}
    # each day's puzzle depends on its date alone
    with open_pool(args.jobs, tasks=len(days)) as pool:
        jobs = [(args.kind, day) for day in days]
        made = ordered_map(pool.executor, make_line, jobs, window=4 * pool.workers)
        for day, line in zip(days, made, strict=True):
            lines[day] = line
            print(f"{day}: {line} ({time.perf_counter() - began:.0f} s)", flush=True)

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
