"""`solve`, `check`, `explain`, `grade` and `generate`: one path for every kind.

Nothing here names a kind: each level goes to its kind's `KIND`
(`core.kind.KindBase`), which solves, explains and grades it and shapes its
output lines. Output is flushed after each file, so a long run shows progress
and a killed one keeps what it printed.

Exit codes: 0 every file is a well-formed level with exactly one solution; 1
some level has none or several; 2 some file could not be read or parsed; 3
some level was given up after `--time-limit` seconds (every command has one).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from queens_tui.core.errors import json_line, printable
from queens_tui.core.kind import VERDICTS

if TYPE_CHECKING:
    from queens_tui.core.kind import Kind, PuzzleLevel

EXIT_OK, EXIT_NOT_UNIQUE, EXIT_BAD_INPUT, EXIT_GAVE_UP = 0, 1, 2, 3

TIME_LIMIT = 10.0
"""Seconds `explain` and `grade` spend on one level before giving up (`--time-limit`)."""

SOLVE_TIME_LIMIT = 60.0
"""Seconds `solve` and `check` spend on one level before giving up (`--time-limit`): a
real level takes milliseconds, but a crafted one (16x16, regions `(r + c) mod 16`) ran
past 15 minutes."""

T = TypeVar("T")


def err(message: object) -> None:
    """One line on stderr, at once."""
    print(message, file=sys.stderr, flush=True)


def out(obj: object) -> None:
    """One line on stdout: text as it is, anything else as JSON."""
    text = obj if isinstance(obj, str) else json_line(obj)  # escapes what is not printable
    sys.stdout.write(text + "\n")


def levels(
    files: Sequence[str], picture_kind: str | None = None
) -> Iterator[tuple[str, PuzzleLevel | None, str | None]]:
    """Yield (path, level, None) per readable file or bundled id, of any kind, or (path, None,
    error line) after printing that `FILE:LINE:COL: message` line on stderr. Never raises for a
    file. `picture_kind` reads pictures as that kind instead of letting their cells decide."""
    from queens_tui.catalog import open_arg
    from queens_tui.core.errors import LevelError
    from queens_tui.formats.collection import read_collection
    from queens_tui.formats.image import is_image, read_puzzle

    for path in files:
        try:
            pack = read_collection(path) if not is_image(path) else None
        except LevelError as e:
            pack, line = None, str(e if e.path is not None else e.located(path))
            err(line)
            yield path, None, line
            continue
        if pack is not None:  # a collection: one line per level, named FILE#ID
            yield from _members(path, pack, picture_kind)
            continue
        try:
            if picture_kind is not None and is_image(path):
                level: PuzzleLevel = read_puzzle(path, picture_kind).level
            else:  # a file, a bundled id such as 3-hard/017, daily:DATE
                _ref, level = open_arg(path)
                if picture_kind is not None and level.kind != picture_kind:
                    raise LevelError(mismatch(level, picture_kind), path=path)
        except LevelError as e:
            line = str(e if e.path is not None else e.located(path))
        except (RecursionError, MemoryError) as e:  # parsers bound their work; belt and braces
            line = f"{printable(path)}: cannot read: {type(e).__name__}"
        else:
            yield path, level, None
            continue
        err(line)
        yield path, None, line


def _members(
    path: str, pack: Any, wanted: str | None
) -> Iterator[tuple[str, PuzzleLevel | None, str | None]]:
    """The levels of collection `pack` read from `path`, each named `path#id` (and the lines
    of its members that could not be read)."""
    for line in pack.errors:
        err(line)
        yield path, None, line
    for level_id, level in pack.items:
        name = f"{path}#{level_id}"
        if wanted is not None and level.kind != wanted:
            line = f"{name}: {mismatch(level, wanted)}"
            err(line)
            yield name, None, line
            continue
        yield name, level, None


def mismatch(level: PuzzleLevel, wanted: str) -> str:
    """The line for a level of another kind than `--kind` asked for: what it is."""
    from queens_tui.kinds import get_kind

    what = get_kind(level.kind).title
    number = level.metadata.get("number")
    whose = f" (LinkedIn's {what} #{number})" if number else ""
    return f"a {what} level{whose}, not {get_kind(wanted).title} (--kind {wanted})"


def linkedin_difficulty(level: PuzzleLevel) -> str | None:
    """LinkedIn's own difficulty of one of its archive days ("hard"), shown beside our grade;
    None for a level of ours (its `difficulty` is ours) or a day without one."""
    meta = level.metadata
    if meta.get("source") != "linkedin":
        return None
    found = meta.get("difficulty")
    return found if isinstance(found, str) and found else None


def kind_of(level: PuzzleLevel) -> Kind:
    """The `KIND` of `level`'s kind."""
    from queens_tui.kinds import get_kind

    return get_kind(level.kind)


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve each level, counting solutions up to 2 (2 means two or more).

    With --json every file gets exactly one line, so output lines match the
    arguments one to one; an unreadable file's line has `"solutions": null`
    and an `"error"` (the same line as on stderr).
    """
    worst = Worst()
    unsolved: dict[str, object] = {"size": None, "solutions": None}
    unreadable = {**unsolved, "queens": []}  # the first kind's key, as such lines always had
    for path, level, kind, sols in _counted(args, worst, unreadable, unsolved):
        if len(sols) != 1:
            worst.add(EXIT_NOT_UNIQUE)
        if args.json:
            out({"file": path, **kind.solve_json(level, sols)})
        else:
            out(f"{printable(path)}: {kind.heading(level)}, {VERDICTS[len(sols)]}")
            if sols:
                out(kind.solution_text(level, sols[0]))
            out("")
        sys.stdout.flush()
        many = len(args.files) > 1
        if args.draw is not None and not _draw(path, sols, args.draw, many, level.kind):
            worst.add(EXIT_BAD_INPUT)
    return worst.code


def _draw(path: str, sols: Sequence[Any], target_arg: str, many: bool, kind: str) -> bool:
    """`solve --draw`: the picture `path` with the first solution drawn (queens, suns and
    moons, or Zip's path), written to `target_arg` (a file for one picture; a folder,
    `<out>/<stem>.png`, for several or when it is one). False, after one line on stderr, when
    it is not a picture or cannot be written. The new picture replaces the file whole (a
    temporary file, then a rename): a full disk leaves the old one as it was."""
    from pathlib import Path

    from queens_tui.formats.image import draw_solution, is_image
    from queens_tui.store.jsonfile import atomic_write_bytes

    if not is_image(path):
        err(f"{printable(path)}: --draw needs a picture of a board, not a level file")
        return False
    if not sols:
        err(f"{printable(path)}: no solution to draw")
        return True  # exit 1 already says so; the picture itself was fine
    target = Path(target_arg)
    if many or target.is_dir():
        try:
            target.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            err(f"{printable(target_arg)}: cannot create the folder: {e.strerror or e}")
            return False
        target = target / f"{Path(path).stem}.png"
    try:
        png = draw_solution(path, kind, sols[0])  # by the kind's picture module
        atomic_write_bytes(target, png, sync=False, public=True)
    except OSError as e:
        err(f"{printable(str(target))}: cannot write: {e.strerror or e}")
        return False
    return True


def cmd_check(args: argparse.Namespace) -> int:
    """Validate each level file: its shape and its number of solutions.

    A warning (a Queens region in several pieces: real levels have them) is
    not a failure; only an unreadable file (2) or a level without exactly one
    solution (1) fails.
    """
    worst = Worst()
    unreadable = {"ok": False, "verdict": "unreadable"}
    gave_up = {"ok": False, "verdict": "gave up"}
    for path, level, kind, sols in _counted(args, worst, unreadable, gave_up):
        ok = len(sols) == 1
        if not ok:
            worst.add(EXIT_NOT_UNIQUE)
        if args.json:
            head = {"file": path, **kind.json_head(), "ok": ok, "verdict": VERDICTS[len(sols)]}
            out({**head, **kind.check_report(level, sols)})
        else:
            out(f"{printable(path)}: {'ok' if ok else 'FAIL'}: {kind.check_text(level, sols)}")
        sys.stdout.flush()
    return worst.code


class Worst:
    """A command's exit code: the worst of its files' (0 until one fails)."""

    def __init__(self) -> None:
        self.code = EXIT_OK

    def add(self, code: int) -> None:
        self.code = max(self.code, code)


def _counted(
    args: argparse.Namespace,
    worst: Worst,
    unreadable: Mapping[str, object],
    gave_up: Mapping[str, object],
) -> Iterator[tuple[str, PuzzleLevel, Kind, Sequence[Any]]]:
    """The work `solve` and `check` share: each level of `args.files` with its kind and its
    solutions counted to 2 within `--time-limit`. A file that cannot be read, or whose count
    runs out of time, is left out after its `--json` line (`{"file", **unreadable or gave_up,
    "error"}`) and its exit code."""
    for path, level, error in levels(args.files, args.kind):
        if level is None:
            worst.add(EXIT_BAD_INPUT)
            if args.json:
                out({"file": path, **unreadable, "error": error})
            continue
        kind = kind_of(level)
        sols, why = _within_time(path, args.time_limit, partial(kind.solutions, level, 2))
        if sols is None:
            worst.add(EXIT_GAVE_UP)
            if args.json:
                out({"file": path, **gave_up, "error": why})
            continue
        yield path, level, kind, sols


def _within_time(path: str, limit: float, work: Callable[[Any], T]) -> tuple[T | None, str | None]:
    """(`work(deadline)`, None), or (None, "gave up") after saying so once the deadline passed.

    A kind's search that polls the deadline stops by itself (`Cancelled`); one that does not
    (Tango's and Zip's exact searches and rules) is interrupted at the same moment
    (`deadline.within`), so every kind gives up on time."""
    from queens_tui.cli.deadline import OutOfTime, within
    from queens_tui.core.play import Cancelled, Deadline

    try:
        return within(limit, lambda: work(Deadline(limit))), None
    except (Cancelled, OutOfTime):
        err(f"{printable(path)}: gave up after {limit:g} s (--time-limit raises it)")
        return None, "gave up"


def _by_rules(
    path: str, limit: float, kind: Kind, level: Any, then: Callable[[Any, Any], T]
) -> tuple[int, T | None, str | None]:
    """(solutions counted to 2, `then(level, deadline)` when there is one, None or "gave up"
    when the time ran out): the work of `explain` and `grade` on one level."""

    def work(deadline: Any) -> tuple[int, T | None]:
        n = kind.count_solutions(level, 2, deadline)
        return n, (then(level, deadline) if n else None)

    result, why = _within_time(path, limit, work)
    return (0, None, why) if result is None else (*result, None)


def _stuck_position(kind: Kind, level: Any, limit: float) -> str | None:
    """Why the position `level`'s file sets up cannot be finished (the worker's `m` words),
    or None: no position, one that can be finished, or no answer within `limit`."""
    if getattr(level, "position", None) is None:
        return None
    from queens_tui.core.play import NEVER, Verdict
    from queens_tui.solver import play_solver

    solver, state = play_solver(kind.name), kind.play.new_state(level)
    if solver.check(state, engine="search", time_limit=limit, cancel=NEVER) is not (
        Verdict.CANNOT_FINISH
    ):
        return None
    found = solver.mistake(state, engine="search", time_limit=limit, cancel=NEVER)
    return found.text if found is not None else "no solution goes through it"


def _hint_text(step: dict[str, Any]) -> str:
    """A step of `explain_play` from a position as text: its rule and words."""
    return f"{step['rule']}: {step['text']}"


def cmd_explain(args: argparse.Namespace) -> int:
    """Print the logical solution of each level, one numbered step a line.

    Text rows and columns are 1-based (r2c5 = row 2, column 5); with --json
    one object per step, cells 0-based. When the rules run out, the rest
    comes in one step whose rule is "solver". A file that sets a position up
    (a lesson's board) is explained from there, hint by hint (`explain_play`);
    a position that cannot be finished is said in one line, exit 1. Exit codes as
    for `solve`.
    """
    worst = Worst()
    for path, level, _error in levels(args.files, args.kind):
        if level is None:
            worst.add(EXIT_BAD_INPUT)
            continue
        kind = kind_of(level)
        stuck = _stuck_position(kind, level, args.time_limit)
        if stuck is not None:  # its hints would reason from a board with no way on
            err(f"{printable(path)}: the position it sets up cannot be finished: {stuck}")
            worst.add(EXIT_NOT_UNIQUE)
            continue
        n, explanation, why = _by_rules(path, args.time_limit, kind, level, kind.explain_play)
        if why is not None:
            worst.add(EXIT_GAVE_UP)
            continue
        if explanation is None:
            err(f"{printable(path)}: no solution")
            worst.add(EXIT_NOT_UNIQUE)
            continue
        code = EXIT_OK if n == 1 else EXIT_NOT_UNIQUE
        worst.add(code)
        steps = explanation.steps
        if not args.json:
            several = ", several solutions" if code == EXIT_NOT_UNIQUE else ""
            out(f"{printable(path)}: {kind.heading(level)}, {len(steps)} steps{several}")
        # steps from a position are hints (rule, words, move): the plain words, any kind
        show = kind.step_text if getattr(level, "position", None) is None else _hint_text
        for k, step in enumerate(steps, start=1):
            out({"file": path, "step": k, **step} if args.json else f"{k:3}. {show(step)}")
        if not args.json:
            out("")
        sys.stdout.flush()
    return worst.code


def cmd_grade(args: argparse.Namespace) -> int:
    """Print each level's score (`core.effort`), its word (easy .. expert) and what it rests on.

    With --json every file gets one line. A level with no score (several solutions or none,
    or one the rules alone cannot finish) says so in its word, "not gradable: several
    solutions", with `"score": null`; a LinkedIn archive day that carries LinkedIn's own
    difficulty shows it beside ours (`"linkedin_difficulty"`); an unreadable file's line has
    `"difficulty": null` and an `"error"`. Exit codes as for `solve`.
    """
    from queens_tui.core.effort import not_gradable

    worst = Worst()
    for path, level, error in levels(args.files, args.kind):
        if level is None:
            worst.add(EXIT_BAD_INPUT)
            if args.json:
                out({"file": path, "size": None, "difficulty": None, "error": error})
            continue
        kind = kind_of(level)
        n, g, why = _by_rules(path, args.time_limit, kind, level, kind.grade)
        head = {"file": path, **kind.json_head(), "size": kind.grade_size(level)}
        if g is None:
            if why is None:
                err(f"{printable(path)}: no solution")
            worst.add(EXIT_NOT_UNIQUE if why is None else EXIT_GAVE_UP)
            if args.json:
                word = not_gradable(None) if why is None else None
                out({**head, "difficulty": word, "score": None, "error": why or "no solution"})
            continue
        unique = n == 1
        worst.add(EXIT_OK if unique else EXIT_NOT_UNIQUE)
        word = g.difficulty or not_gradable(replace(g, unique=g.unique and unique))
        theirs = linkedin_difficulty(level)
        if args.json:
            out(
                {
                    **head,
                    "difficulty": word,
                    **({"linkedin_difficulty": theirs} if theirs else {}),
                    "score": g.score,
                    "steps": g.steps,
                    "hardest_rule": g.hardest_rule,
                    "rules": dict(g.rules),
                    "rules_alone": g.rules_alone,
                    "unique": unique,
                }
            )
        else:
            parts = [f"score {g.score:.2f}"] if g.score is not None else []
            parts += [f"{g.steps} steps"] if g.steps else []
            parts += [f"hardest rule {g.hardest_rule}"] if g.hardest_rule else []
            detail = f" ({', '.join(parts)})" if parts else ""
            beside = f" · LinkedIn: {printable(theirs)}" if theirs else ""
            out(f"{printable(path)}: {kind.heading(level)}, {word}{detail}{beside}")
        sys.stdout.flush()
    return worst.code


def picture_kind_option(p: argparse.ArgumentParser) -> None:
    """`--kind`: the kind pictures are read as, and every other file must be."""
    from queens_tui.formats.image import picture_kinds

    p.add_argument(
        "--kind",
        choices=picture_kinds(),
        help="read pictures as this kind (default: the picture's cells decide); "
        "a level file of another kind is refused",
    )


def time_limit_option(p: argparse.ArgumentParser, default: float = TIME_LIMIT) -> None:
    """`--time-limit S` (a finite number of seconds) for every batch command."""
    from queens_tui.cli.deadline import seconds

    p.add_argument(
        "--time-limit",
        type=seconds,
        default=default,
        metavar="S",
        help=f"give up on a level after S seconds, exit code 3 ({default:g})",
    )


COMMANDS: tuple[tuple[str, str, str, Callable[[argparse.Namespace], int], float], ...] = (
    ("solve", "solve level files (or screenshots) and print the solutions", "file",
     cmd_solve, SOLVE_TIME_LIMIT),
    ("check", "validate level files (shape, regions, unique solution)", "file",
     cmd_check, SOLVE_TIME_LIMIT),
    ("explain", "print the logical solution of levels, step by step", "step",
     cmd_explain, TIME_LIMIT),
    ("grade", "score levels (1 Monday .. 7 Sunday): easy, medium, hard or expert", "file",
     cmd_grade, TIME_LIMIT),
)  # fmt: skip
"""(name, help, what one JSON line is, handler, default time limit) of each batch command."""


def register(sub: Any) -> None:
    """Add `solve`, `check`, `explain` and `grade`."""
    for name, what, line, handler, limit in COMMANDS:
        p = sub.add_parser(name, help=what)
        p.add_argument(
            "files",
            nargs="+",
            metavar="FILE",
            help="level files of any kind, screenshots, collections or folders of them, "
            "bundled ids, daily:DATE, or - for standard input (a collection's levels are "
            "named FILE#ID)",
        )
        p.add_argument("--json", action="store_true", help=f"one JSON object per {line} per line")
        if handler is cmd_solve:
            p.add_argument(
                "--draw",
                metavar="OUT",
                help="write the picture with the solution drawn (queens, suns and moons, Zip's "
                "path): OUT.png for one picture, a folder OUT for several",
            )
        picture_kind_option(p)
        time_limit_option(p, limit)
        p.set_defaults(func=handler)
