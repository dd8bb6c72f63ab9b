"""`queens-tui stats [--kind K] [--json] [--since DATE]`: your record, as text or one JSON object.

The figures of the stats screen (`catalog.figures`), read from the data folder's stats.json
without writing anything: not the file, not its lock, not a corrupt file set aside (the game
does that when it starts). A file that cannot be used at all gets one line on stderr and exit
2; bad entries are left out and said in one line, and the rest is counted.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from typing import Any

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def today() -> date:
    """Today's date (the tests fix it)."""
    return date.today()


def register(sub: Any) -> None:
    """Add the `stats` subcommand to the `queens-tui` parser."""
    from queens_tui.kinds import KINDS

    p = sub.add_parser(
        "stats",
        help="your record: streaks, a year's calendar, times, totals (reads, never writes)",
        description="Your record from the saved stats: the daily streak, a calendar of the "
        "last 53 weeks, the daily times, medians and bests per size and difficulty, totals. "
        "Every kind together, then each kind played.",
    )
    p.add_argument("--kind", choices=KINDS, metavar="K", help="one kind only: " + ", ".join(KINDS))
    p.add_argument("--json", action="store_true", help="one JSON object (times in seconds)")
    p.add_argument(
        "--since", metavar="YYYY-MM-DD", help="only levels first solved from that day on"
    )
    p.set_defaults(func=cmd_stats)


def cmd_stats(args: argparse.Namespace) -> int:
    """Print the figures; exit 2 on a bad --since or a stats file that cannot be read."""
    from queens_tui.catalog.figures import read_record, text_report
    from queens_tui.store import paths
    from queens_tui.store.daily import parse_day

    now = today()
    since = None
    if args.since is not None:
        try:
            since = parse_day(args.since)
        except ValueError as err:
            print(f"queens-tui stats: --since: {err}", file=sys.stderr)
            return EXIT_BAD_INPUT
    root = paths.data_dir()
    record, why = read_record(
        root / "stats.json", now, since=since, daily_dir=paths.daily_dir(data=root)
    )
    if why is not None:
        print(f"{why} (left as it is: the game sets it aside when it next starts)", file=sys.stderr)
        return EXIT_BAD_INPUT
    for notice in record.notices:
        print(notice, file=sys.stderr)
    kinds = [args.kind] if args.kind else [None, *record.kinds()]
    if args.json:
        out: dict[str, Any] = {
            "today": now.isoformat(),
            "since": since and since.isoformat(),
            "kinds": {k or "all": record.figures(k).as_json() for k in kinds},
        }
        print(json.dumps(out, ensure_ascii=False))
    else:
        for k in kinds:
            print("\n".join(text_report(record.figures(k))))
    return EXIT_OK
