"""The `queens-tui` command: play (the default), and the puzzle makers' tools.

Each subcommand imports what it needs inside its handler, so `queens-tui solve`
never loads Textual and `queens-tui` (play) never loads OR-Tools before the
first frame.

Exit codes for `solve`, `check`, `explain` and `grade`: 0 every file is a well-formed level with
exactly one solution; 1 some level has none or several; 2 some file could not
be read or parsed; 3 (`explain`, `grade`) some level was given up after
`--time-limit` seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from queens_tui import __version__
from queens_tui.core.errors import printable
from queens_tui.kinds import KINDS

if TYPE_CHECKING:
    from queens_tui.core.kind import PuzzleLevel
    from queens_tui.kinds.queens.deduce import Step
    from queens_tui.kinds.queens.level import Level

EXIT_OK, EXIT_NOT_UNIQUE, EXIT_BAD_INPUT, EXIT_GAVE_UP = 0, 1, 2, 3

TIME_LIMIT = 10.0
"""Seconds `explain` and `grade` spend on one level before giving up (`--time-limit`)."""

SEVERAL_RULES_LIMIT = 1.0
"""Seconds of rules on a level with several solutions before the solver completes it."""

T = TypeVar("T")

COMMAND_MODULES: tuple[str, ...] = (
    "queens_tui.cli.image",
    "queens_tui.cli.serve",
    "queens_tui.cli.nqueens",
    "queens_tui.cli.edit",
)
"""Modules of further subcommands (`queens_tui.cli.nqueens`, ...): each has
`register(sub)` that adds its parser with `set_defaults(func=...)`. Keep their
top-level imports light: every command's parser is built on every run."""


def _err(message: object) -> None:
    print(message, file=sys.stderr, flush=True)


def _levels(files: Sequence[str]) -> Iterator[tuple[str, PuzzleLevel | None, str | None]]:
    """Yield (path, level, None) per readable file or bundled id, of any kind, or (path, None,
    error line) after printing that `FILE:LINE:COL: message` line on stderr. Never raises for a
    file. Commands keep their own code for Queens levels and hand others to `cli.kinds`."""
    from queens_tui.catalog import open_arg
    from queens_tui.formats import LevelError

    for path in files:
        try:
            _ref, level = open_arg(path)  # a file, a bundled id such as 3-hard/017, daily:DATE
        except LevelError as err:
            line = str(err if err.path is not None else err.located(path))
        except (RecursionError, MemoryError) as err:  # parsers bound their work; belt and braces
            line = f"{printable(path)}: cannot read: {type(err).__name__}"
        else:
            yield path, level, None
            continue
        _err(line)
        yield path, None, line


def _queens(level: PuzzleLevel) -> Level | None:
    """`level` if it is a Queens level (the commands' own code path), else None."""
    from queens_tui.kinds.queens.level import Level

    return level if isinstance(level, Level) else None


def _solve(level: Level, limit: int = 2) -> list[tuple[tuple[int, int], ...]]:
    """Up to `limit` solutions, by the bitmask search (no OR-Tools import, ~0.3 ms a level)."""
    from itertools import islice

    from queens_tui.kinds.queens import search

    return list(islice(search.solutions(level), limit))


_VERDICT = {0: "no solution", 1: "unique solution", 2: "several solutions"}


def _grid_with_queens(level: Level, queens: Iterable[tuple[int, int]]) -> str:
    """The region letters, queen cells in brackets, one row a line."""
    qs = set(queens)
    lines = []
    for r, row in enumerate(level.grid):
        cells = [f"[{lab}]" if (r, c) in qs else f" {lab} " for c, lab in enumerate(row)]
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


def _out(text: str) -> None:
    sys.stdout.write(text + "\n")


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve each level, counting solutions up to 2 (2 means two or more).

    With --json every file gets exactly one line, so output lines match the
    arguments one to one; an unreadable file's line has `"solutions": null`
    and an `"error"` (the same line as on stderr).
    """
    worst = EXIT_OK
    for path, any_level, error in _levels(args.files):
        if any_level is None:
            worst = max(worst, EXIT_BAD_INPUT)
            if args.json:
                obj: dict[str, object] = {
                    "file": path,
                    "size": None,
                    "solutions": None,
                    "queens": [],
                    "error": error,
                }
                _out(json.dumps(obj, ensure_ascii=False))
            continue
        level = _queens(any_level)
        if level is None:
            from queens_tui.cli import kinds

            worst = max(worst, kinds.solve(path, any_level, args.json))
            continue
        sols = _solve(level)
        if len(sols) != 1:
            worst = max(worst, EXIT_NOT_UNIQUE)
        queens = [list(q) for q in sols[0]] if sols else []
        if args.json:
            obj = {"file": path, "size": level.size, "solutions": len(sols), "queens": queens}
            _out(json.dumps(obj, ensure_ascii=False))
        else:
            _out(f"{printable(path)}: {level.size}x{level.size}, {_VERDICT[len(sols)]}")
            if sols:
                _out(_grid_with_queens(level, sols[0]))
            _out("")
        sys.stdout.flush()
        if args.draw is not None and not _draw(path, sols, args.draw, len(args.files) > 1):
            worst = max(worst, EXIT_BAD_INPUT)
    return worst


def _draw(path: str, sols: Sequence[tuple[tuple[int, int], ...]], out: str, many: bool) -> bool:
    """`solve --draw`: the picture `path` with the first solution's queens, written to `out`
    (a file for one picture; a folder, `<out>/<stem>.png`, for several or when it is one).
    False, after one line on stderr, when it is not a picture or cannot be written."""
    from pathlib import Path

    from queens_tui.formats.image import is_image, read
    from queens_tui.formats.image.draw import draw_queens

    if not is_image(path):
        _err(f"{path}: --draw needs a picture of a board, not a level file")
        return False
    if not sols:
        _err(f"{path}: no solution to draw")
        return True  # exit 1 already says so; the picture itself was fine
    target = Path(out)
    if many or target.is_dir():
        try:
            target.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            _err(f"{out}: cannot create the folder: {err.strerror or err}")
            return False
        target = target / f"{Path(path).stem}.png"
    try:
        draw_queens(path, read(path), sols[0], target)
    except OSError as err:
        _err(f"{target}: cannot write: {err.strerror or err}")
        return False
    return True


def cmd_check(args: argparse.Namespace) -> int:
    """Validate each level file: size, regions, connectivity, number of solutions.

    A region in several pieces is a warning (real levels have them), not a
    failure; only an unreadable file (2) or a level without exactly one
    solution (1) fails.
    """
    worst = EXIT_OK
    for path, any_level, error in _levels(args.files):
        if any_level is None:
            worst = max(worst, EXIT_BAD_INPUT)
            if args.json:
                obj = {"file": path, "ok": False, "verdict": "unreadable", "error": error}
                _out(json.dumps(obj, ensure_ascii=False))
            continue
        level = _queens(any_level)
        if level is None:
            from queens_tui.cli import kinds

            worst = max(worst, kinds.check(path, any_level, args.json))
            continue
        sols = _solve(level)
        n = len(sols)
        ok = n == 1
        if not ok:
            worst = max(worst, EXIT_NOT_UNIQUE)
        broken = list(level.disconnected_regions)
        warnings = [f"region {lab} is in several pieces" for lab in broken]
        if args.json:
            obj = {
                "file": path,
                "ok": ok,
                "verdict": _VERDICT[n],
                "size": level.size,
                "regions": len(level.labels),
                "disconnected": broken,
                "solutions": n,
                "queens": [list(q) for q in sols[0]] if sols else [],
                "warnings": warnings,
            }
            _out(json.dumps(obj, ensure_ascii=False))
        else:
            note = f" (warning: regions in several pieces: {' '.join(broken)})" if broken else ""
            _out(
                f"{printable(path)}: {'ok' if ok else 'FAIL'}: {level.size}x{level.size}, "
                f"{len(level.labels)} regions, {_VERDICT[n]}{note}"
            )
        sys.stdout.flush()
    return worst


def _cell1(cell: tuple[int, int]) -> str:
    """A 1-based compact cell name for text output: (0, 4) -> "r1c5"."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


class _Deadline:
    """A cancel flag (see `search.CancelFlag`) set once `seconds` have passed."""

    def __init__(self, seconds: float) -> None:
        import time

        self._clock = time.monotonic
        self.end = time.monotonic() + seconds

    def is_set(self) -> bool:
        return self._clock() >= self.end


def _explained(path: str, level: Level, limit: float = TIME_LIMIT) -> tuple[list[Step], int]:
    """(steps, exit code) for one level; an unsolvable level prints its error and gives no steps.

    Bounded: the solver first counts solutions up to two; on a level with
    several the rules get `SEVERAL_RULES_LIMIT` seconds and the solver
    completes one solution (huge open boards would keep the probes busy for
    minutes). Past `limit` seconds in all, it prints "gave up" and gives no steps.
    """
    from itertools import islice

    from queens_tui.kinds.queens import deduce, search

    deadline = _Deadline(limit)
    try:
        sols = list(islice(search.solutions(level, cancel=deadline), 2))
        if not sols:
            _err(f"{printable(path)}: no solution")
            return [], EXIT_NOT_UNIQUE
        rules = _Deadline(min(limit, SEVERAL_RULES_LIMIT)) if len(sols) > 1 else None
        steps = deduce.solve_logically(level, cancel=deadline, rules=rules)
    except search.Cancelled:
        _err(f"{printable(path)}: gave up after {limit:g} s (--time-limit raises it)")
        return [], EXIT_GAVE_UP
    return steps, EXIT_OK if len(sols) == 1 else EXIT_NOT_UNIQUE


def cmd_explain(args: argparse.Namespace) -> int:
    """Print the logical solution of each level, one numbered step a line.

    Text rows and columns are 1-based (r2c5 = row 2, column 5); with --json
    one object per step, cells 0-based. When the rules run out, the rest
    comes in one step whose rule is "solver". Exit codes as for `solve`.
    """
    worst = EXIT_OK
    for path, any_level, _error in _levels(args.files):
        if any_level is None:
            worst = max(worst, EXIT_BAD_INPUT)
            continue
        level = _queens(any_level)
        if level is None:
            from queens_tui.cli import kinds

            worst = max(worst, kinds.explain(path, any_level, args.json))
            continue
        steps, code = _explained(path, level, args.time_limit)
        worst = max(worst, code)
        if not steps:
            continue
        if not args.json:
            several = ", several solutions" if code == EXIT_NOT_UNIQUE else ""
            _out(f"{printable(path)}: {level.size}x{level.size}, {len(steps)} steps{several}")
        for k, step in enumerate(steps, start=1):
            if args.json:
                obj = {
                    "file": path,
                    "step": k,
                    "rule": step.rule,
                    "place": [list(c) for c in step.place],
                    "cross": [list(c) for c in step.cross],
                    "text": step.text,
                }
                _out(json.dumps(obj, ensure_ascii=False))
            else:
                what = [f"queen {_cell1(c)}" for c in step.place]
                if step.cross:
                    what.append("cross " + " ".join(_cell1(c) for c in step.cross))
                _out(f"{k:3}. {step.rule}: {'; '.join(what)}. {step.text}")
        if not args.json:
            _out("")
        sys.stdout.flush()
    return worst


def cmd_grade(args: argparse.Namespace) -> int:
    """Print each level's difficulty (easy, medium, hard, expert) and what it rests on.

    With --json every file gets one line; an unreadable or unsolvable level
    has `"difficulty": null`. Exit codes as for `solve`.
    """
    from queens_tui.kinds.queens import deduce

    worst = EXIT_OK
    for path, any_level, error in _levels(args.files):
        if any_level is None:
            worst = max(worst, EXIT_BAD_INPUT)
            if args.json:
                obj: dict[str, object] = {"file": path, "size": None, "difficulty": None}
                obj["error"] = error
                _out(json.dumps(obj, ensure_ascii=False))
            continue
        level = _queens(any_level)
        if level is None:
            from queens_tui.cli import kinds

            worst = max(worst, kinds.grade(path, any_level, args.json))
            continue
        steps, code = _explained(path, level, args.time_limit)
        worst = max(worst, code)
        if not steps:
            if args.json:
                obj = {"file": path, "size": level.size, "difficulty": None}
                obj["error"] = "gave up" if code == EXIT_GAVE_UP else "no solution"
                _out(json.dumps(obj, ensure_ascii=False))
            continue
        g = deduce.grade_steps(steps)
        by_rules = steps[-1].rule != "solver"
        if args.json:
            obj = {
                "file": path,
                "size": level.size,
                "difficulty": g.difficulty,
                "steps": g.steps,
                "hardest_rule": g.hardest_rule,
                "rules": g.rules,
                "rules_alone": by_rules,
                "unique": code == EXIT_OK,
            }
            _out(json.dumps(obj, ensure_ascii=False))
        else:
            note = "" if by_rules else ", needs the solver"
            if code == EXIT_NOT_UNIQUE:
                note += ", several solutions"
            _out(
                f"{printable(path)}: {level.size}x{level.size}, {g.difficulty} "
                f"({g.steps} steps, hardest rule {g.hardest_rule}{note})"
            )
        sys.stdout.flush()
    return worst


def cmd_play(args: argparse.Namespace) -> int:
    """Start the game on LEVEL (a file or a bundled id), else on a daily puzzle.

    Without LEVEL: today's puzzle, or `--date`'s; the daily folder's file for
    that day if there is one, else the puzzle generated from the date (after
    the first frame). The level (or the day's file) is read before the UI
    starts, so a bad one gets the same one line as `check`, and a bad --date
    one line too, with exit 2 and the terminal untouched.
    """
    from datetime import date

    from queens_tui.catalog import parse_ref
    from queens_tui.kinds.queens.level import LevelError

    if args.date is not None and args.level is not None:
        _err("queens-tui play: give a LEVEL or --date, not both")
        return EXIT_BAD_INPUT
    kind = "queens" if args.kind == "classic" else args.kind  # the daily's kind
    day = None
    level_arg: Any = None
    try:  # one reading of LEVEL and --date: the catalog's (a daily is refused if in the future)
        if args.kind == "classic":
            from queens_tui.cli.nqueens import classic_ref

            level_arg = classic_ref(args)
            if level_arg is None:
                return EXIT_BAD_INPUT
        elif args.date is not None:
            day = parse_ref(f"daily:{kind}:{args.date}", today=date.today()).day
        elif args.level is not None:
            ref = parse_ref(args.level, today=date.today())
            if ref.day is not None:  # daily:DATE or daily:KIND:DATE: through the store, as --date
                day = ref.day  # daily:DATE is --kind's daily (Queens'); daily:KIND:DATE is KIND's
                kind = kind if ref.kind == "queens" else ref.kind or kind
            else:
                from queens_tui.app.levels import open_ref

                level_arg = open_ref(ref)
    except LevelError as err:
        _err(f"queens-tui play: {err.message}" if args.date is not None else err)
        return EXIT_BAD_INPUT
    from queens_tui.app import create_app
    from queens_tui.store import Store

    store = Store(daily_dir=args.daily_dir)
    engine = "search" if args.engine == "search" else "cpsat"
    try:
        app = create_app(
            level_arg,
            ascii=args.ascii,
            store=store,
            daily=day,
            engine=engine,
            kind=kind,
        )
    except LevelError as err:
        _err(err)
        return EXIT_BAD_INPUT
    try:
        app.run()
    finally:
        store.close()  # every move reaches the disk, whatever ended the app
        restore_cursor(sys.stdout)
    return app.return_code or EXIT_OK  # 1 after a crash (Textual printed the traceback)


CURSOR_RESTORE = "\x1b[0 q\x1b[?25h"
"""The terminal's default cursor shape (DECSCUSR 0) and a visible cursor."""


def restore_cursor(stream: Any) -> None:
    """Leave the player's cursor as the terminal draws it by default, on a terminal only."""
    try:
        if stream.isatty():
            stream.write(CURSOR_RESTORE)
            stream.flush()
    except (OSError, ValueError, AttributeError):
        pass


def _slug(text: str) -> str:
    """`text` safe as part of a file name on every platform."""
    import re

    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("._") or "seed"


def default_time_limit(size: int, difficulty: str | None) -> float | None:
    """Seconds `generate` tries per level before giving up, None for no limit.

    With a wanted grade: 10 s plus size²/8 (12 s at 4x4, 60 s at 20x20), a few
    times what such a level usually takes here; a grade a board cannot reach
    (expert at 4x4) would otherwise take minutes of 400 sub-seeds. Without one
    the first try almost always does, and a big board legitimately takes minutes.
    """
    return None if difficulty is None else 10.0 + size * size / 8


class _OutOfTime(Exception):
    """`_within`'s time ran out."""


REINTERRUPT = 0.5
"""Seconds between interrupts while `_within`'s main thread has not stopped."""


def _within(seconds: float | None, make: Callable[[], T]) -> T:
    """`make()`, interrupted after `seconds` (None: never) with `_OutOfTime`; a ctrl+c stays
    a ctrl+c.

    The pure generator has no cancel hook: a watcher thread interrupts the main
    thread (`_thread.interrupt_main`, portable), and the KeyboardInterrupt it
    raises is told apart from the player's by a flag set under a lock. An
    interrupt can be lost: one that lands in a garbage-collector callback or a
    finalizer is only printed by Python, and `make()` runs on (a test run once
    saw `generate --time-limit 1` take 312 s). So it is sent again every
    `REINTERRUPT` seconds until the main thread has stopped.
    """
    if seconds is None:
        return make()
    import _thread
    import threading

    lock = threading.Lock()
    done = threading.Event()
    fired = threading.Event()

    def watch() -> None:
        wait = seconds
        while not done.wait(wait):
            with lock:
                if done.is_set():
                    return
                fired.set()
                _thread.interrupt_main()
            wait = REINTERRUPT

    threading.Thread(target=watch, name="queens-time-limit", daemon=True).start()
    try:
        try:
            return make()
        finally:
            with lock:
                done.set()
    except KeyboardInterrupt:
        if fired.is_set():
            raise _OutOfTime from None
        raise


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate COUNT unique-solution levels, to DIR (one file each) or stdout.

    Level i (from 1) gets the seed S for i = 1 and "S+<i-1>" after, and its
    file says that seed, its size and its difficulty: `generate --size N
    --seed <that seed> [--difficulty D]` makes it again, byte for byte. Exit
    codes: 0 done, 1 a wanted difficulty was not reached, 2 bad arguments or
    an unwritable DIR.
    """
    from functools import partial

    if args.kind != "queens":
        from queens_tui.cli import kinds

        return kinds.generate(args)
    from queens_tui.formats import dump_text
    from queens_tui.kinds.queens import generate as gen
    from queens_tui.store.jsonfile import atomic_write_bytes

    size = args.size
    if size is None:
        _err("queens-tui generate: --size is required for Queens levels")
        return EXIT_BAD_INPUT
    if not gen.MIN_SIZE <= size <= gen.MAX_SIZE:
        _err(
            f"queens-tui generate: --size must be between {gen.MIN_SIZE} and {gen.MAX_SIZE} "
            f"(got {size}; 2x2 and 3x3 boards have no solution)"
        )
        return EXIT_BAD_INPUT
    if args.count < 1:
        _err(f"queens-tui generate: --count must be at least 1 (got {args.count})")
        return EXIT_BAD_INPUT
    limit = args.time_limit
    if limit is None:
        limit = default_time_limit(size, args.difficulty)
    elif not 0 < limit <= 1e6:  # also refuses nan and inf
        _err("queens-tui generate: --time-limit must be a number of seconds, 0 to 1000000")
        return EXIT_BAD_INPUT
    from queens_tui.cli.generate_args import out_folder, seed_base

    try:
        base = seed_base(args.seed)
        out_dir = out_folder(args.out)
    except ValueError as err:
        _err(err)
        return EXIT_BAD_INPUT
    width = max(3, len(str(args.count)))
    for i in range(1, args.count + 1):
        seed = base if i == 1 else f"{base}+{i - 1}"
        try:
            level = _within(limit, partial(gen.generate, size, seed, args.difficulty))
        except gen.GenerateError as err:
            _err(f"queens-tui generate: {err}")
            return EXIT_NOT_UNIQUE
        except _OutOfTime:
            what = f"{args.difficulty} {size}x{size}" if args.difficulty else f"{size}x{size}"
            _err(
                f"queens-tui generate: gave up after {limit:g} s: no {what} level found from "
                f"seed {seed!r} (small boards rarely reach the hardest grades: try a bigger "
                "--size, another --difficulty, or a longer --time-limit)"
            )
            return EXIT_NOT_UNIQUE
        text = f"# size: {size}\n" + dump_text(level)
        if out_dir is None:
            if i > 1:
                sys.stdout.write("\n")
            sys.stdout.write(text)
            sys.stdout.flush()
        else:
            path = out_dir / f"q{size:02d}-{_slug(base)}-{i:0{width}d}.txt"
            try:
                atomic_write_bytes(path, text.encode("utf-8"), sync=False)  # no partial file
            except OSError as err:
                _err(f"{printable(str(path))}: cannot write: {err.strerror or err}")
                return EXIT_BAD_INPUT
            _out(str(path))
    return EXIT_OK


def _time_limit_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--time-limit",
        type=float,
        default=TIME_LIMIT,
        metavar="S",
        help=f"give up on a level after S seconds, exit code 3 ({TIME_LIMIT:g})",
    )


def build_parser(*, play_only: bool = False) -> argparse.ArgumentParser:
    """The command line's parser; `play_only`: with only the `play` command (the game's start)."""
    parser = argparse.ArgumentParser(
        prog="queens-tui",
        description="Queens in the terminal. With no command, play today's puzzle.",
    )
    parser.add_argument("--version", action="version", version=f"queens-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("play", help="play a level (default: today's puzzle)")
    p.add_argument("level", nargs="?", help="a level file or a bundled level's id")
    p.add_argument("--ascii", action="store_true", help="draw Q and x instead of ♛ and ×")
    p.add_argument(
        "--engine",
        choices=("auto", "cpsat", "search"),
        default="auto",
        help="solver of the live check, mistakes, hints and S, run in the background: "
        "cpsat (OR-Tools CP-SAT, loaded after the first frame), search (the exact pure "
        "search), auto (cpsat, or search if OR-Tools cannot load; the default)",
    )
    p.add_argument(
        "--kind",
        choices=("queens", "classic", "zip", "tango"),
        default="queens",
        help="queens (the default); classic: the empty N-queens board of --size; "
        "zip, tango: without LEVEL, today's (or --date's) Zip or Tango",
    )
    p.add_argument("--size", type=int, metavar="N", help="with --kind classic: 4 to 16 (8)")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="play that day's daily puzzle")
    p.add_argument(
        "--daily-dir",
        metavar="DIR",
        help="folder of daily puzzle files named YYYY-MM-DD.txt/.ts/.json "
        "(default: <user data dir>/daily)",
    )
    p.set_defaults(func=cmd_play)
    if play_only:
        return parser

    p = sub.add_parser("solve", help="solve level files (or screenshots) and print the solutions")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per file per line")
    p.add_argument(
        "--draw",
        metavar="OUT",
        help="write the picture with the solution's queens drawn: OUT.png for one picture, "
        "a folder OUT for several",
    )
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("check", help="validate level files (shape, regions, unique solution)")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per file per line")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("explain", help="print the logical solution of levels, step by step")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per step per line")
    _time_limit_option(p)
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("grade", help="rate levels easy, medium, hard or expert")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per file per line")
    _time_limit_option(p)
    p.set_defaults(func=cmd_grade)

    p = sub.add_parser("generate", help="make new levels with exactly one solution")
    p.add_argument(
        "--kind",
        default="queens",
        choices=[k for k in KINDS if k != "classic"],  # classic: one empty board per size
        help="puzzle kind (queens); others use the kind's usual size when --size is not given",
    )
    p.add_argument("--size", type=int, metavar="N", help="board size (Queens: 4 to 64, required)")
    p.add_argument(
        "--format",
        choices=("text", "json"),
        help="output for kinds other than Queens: text, or json (one level per line)",
    )
    p.add_argument(
        "--walls", action="store_true", help="Zip: walls as well as numbers keep the path unique"
    )
    p.add_argument("--count", type=int, default=1, metavar="K", help="how many levels (1)")
    p.add_argument(
        "--seed", metavar="S", help="seed text: same seed and options, same levels (random)"
    )
    p.add_argument(
        "--difficulty",
        choices=("easy", "medium", "hard", "expert"),
        help="keep only levels of this grade",
    )
    p.add_argument(
        "--out", metavar="DIR", help="write one file per level into DIR (default: stdout)"
    )
    p.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        help="give up on a level after this long (default with --difficulty: 10 + size²/8, "
        "12 s at 4x4; without: no limit)",
    )
    p.set_defaults(func=cmd_generate)
    for name in COMMAND_MODULES:
        import_module(name).register(sub)
    return parser


def plays(argv: Sequence[str]) -> bool:
    """True when `argv` certainly starts the game: no arguments, `play`, an option, or a
    level (a path or bundled id: a command name holds no `/` or `.`). Then only play's
    parser is built: the other commands' modules stay unimported before the first frame."""
    if not argv or argv[0] == "play":
        return True
    first = argv[0]
    if first in ("-h", "--help", "--version"):
        return False
    return first.startswith("-") or "/" in first or "." in first or os.sep in first


def run() -> NoReturn:
    """The console script and `python -m queens_tui`: `main()`, then leave at once.

    When a command is done, nothing of ours is left to do: the game's store has
    flushed every save (`cmd_play` closes it) and output is flushed here. What
    remains is the interpreter tearing down OR-Tools, numpy and pandas (~0.8 s
    measured after `q`), which the player would wait through at the prompt, so
    the process ends with `os._exit`. Only when no other thread is alive: a
    thread still running might be writing something, and then the normal exit
    waits for it. Tests call `main()`, which returns.
    """
    code = main()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing more to say
            stream.flush()
    if threading.active_count() == 1:
        os._exit(code)
    sys.exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `queens-tui` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(play_only=plays(argv))
    commands = next(
        (a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)), {}
    )
    if not argv or (argv[0] not in commands and argv[0] not in ("-h", "--help", "--version")):
        argv = ["play", *argv]  # bare `queens-tui [LEVEL] [--ascii]` plays
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
