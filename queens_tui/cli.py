"""The `queens-tui` command: play (the default), and the puzzle makers' tools.

Each subcommand imports what it needs inside its handler, so `queens-tui solve`
never loads Textual and `queens-tui` (play) never loads OR-Tools before the
first frame.

Exit codes for `solve` and `check`: 0 every file is a well-formed level with
exactly one solution; 1 some level has none or several; 2 some file could not
be read or parsed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from queens_tui import __version__

EXIT_OK, EXIT_NOT_UNIQUE, EXIT_BAD_INPUT = 0, 1, 2


def _err(message: object) -> None:
    print(message, file=sys.stderr, flush=True)


def _levels(files: Sequence[str]):
    """Yield (path, level or None) for each file, reporting unreadable ones on stderr."""
    from queens_tui.formats import LevelError, load

    for path in files:
        try:
            yield path, load(path)
        except LevelError as err:
            _err(err)
            yield path, None


def _grid_with_queens(level, queens) -> str:
    """The region letters, with `Q`-bracketed queen cells, one row a line."""
    qs = set(queens)
    lines = []
    for r, row in enumerate(level.grid):
        cells = [f"[{lab}]" if (r, c) in qs else f" {lab} " for c, lab in enumerate(row)]
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve each level; count solutions up to 2."""
    from queens_tui.core import search

    worst = EXIT_OK
    for path, level in _levels(args.files):
        if level is None:
            worst = max(worst, EXIT_BAD_INPUT)
            if args.json:
                print(json.dumps({"file": path, "error": "unreadable"}), flush=True)
            continue
        sols = []
        for sol in search.solutions(level):
            sols.append(sol)
            if len(sols) == 2:
                break
        if len(sols) != 1:
            worst = max(worst, EXIT_NOT_UNIQUE)
        queens = [list(q) for q in sols[0]] if sols else []
        if args.json:
            print(
                json.dumps(
                    {"file": path, "size": level.size, "solutions": len(sols), "queens": queens}
                )
            )
        else:
            verdict = {0: "no solution", 1: "unique solution", 2: "several solutions"}[len(sols)]
            print(f"{path}: {level.size}x{level.size}, {verdict}")
            if sols:
                print(_grid_with_queens(level, sols[0]))
            print()
    return worst


def cmd_check(args: argparse.Namespace) -> int:
    """Validate each level file: shape, regions, connectivity, uniqueness."""
    from queens_tui.core import search

    worst = EXIT_OK
    for path, level in _levels(args.files):
        if level is None:
            worst = max(worst, EXIT_BAD_INPUT)
            continue
        n = search.count(level, limit=2)
        if n != 1:
            worst = max(worst, EXIT_NOT_UNIQUE)
        broken = list(level.disconnected_regions)
        ok = n == 1
        if args.json:
            print(
                json.dumps(
                    {
                        "file": path,
                        "size": level.size,
                        "solutions": n,
                        "disconnected": broken,
                        "ok": ok,
                    }
                )
            )
        else:
            verdict = {0: "no solution", 1: "unique solution", 2: "several solutions"}[n]
            note = f"; regions in pieces: {' '.join(broken)}" if broken else ""
            print(f"{path}: {'ok' if ok else 'FAIL'}: {level.size}x{level.size}, {verdict}{note}")
    return worst


def cmd_play(args: argparse.Namespace) -> int:
    """Start the game."""
    _err("queens-tui: the game is not built yet (see the game issue)")
    return EXIT_BAD_INPUT


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="queens-tui",
        description="Queens in the terminal. With no command, play today's puzzle.",
    )
    parser.add_argument("--version", action="version", version=f"queens-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("play", help="play a level (default: today's puzzle)")
    p.add_argument("level", nargs="?", help="a level file or a bundled level's id")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("solve", help="solve level files and print the solutions")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per file per line")
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("check", help="validate level files (shape, regions, unique solution)")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per file per line")
    p.set_defaults(func=cmd_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `queens-tui` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or sys.argv[1:])])
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
