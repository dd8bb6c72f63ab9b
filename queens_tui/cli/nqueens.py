"""`queens-tui nqueens N`: count, list and construct classic N-queens solutions.

Engines: `fast` (the numpy breadth-first counter and a bitmask lister, pure
Python + numpy), `cpsat` and `cp` (the seed write-ups' OR-Tools models, as
cross-checks). Output streams: each solution line is written as it is found
and flushed at least every 0.1 s, so `| head` returns at once; a closed pipe
ends the command quietly. Runs over a second show progress on stderr (a bar
on a terminal, a line every few seconds otherwise); ctrl+c stops with what
was found so far (exit 130).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from queens_tui.cli.progress import Progress, count_json

if TYPE_CHECKING:
    from queens_tui.kinds.classic import Solution

EXIT_OK, EXIT_NONE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
ENGINES = ("fast", "cpsat", "cp")
MAX_COUNT_N = 20
MAX_FIRST_N = 1_000_000
"""Largest N `--first` writes: a line of 6.9 MB, built and checked in about a second (10^9
would need ~100 GB of memory and ~10 GB of output)."""
MAX_BOARD_N = 10_000
"""Largest N `--first --boards` draws: 200 MB of text, written row by row."""
SMALL_N = 14
"""Up to this N a count runs in this process unless --jobs or --scheduler say otherwise: it
takes less time than starting workers."""


class Out:
    """Buffered stdout: the first line at once, then a flush at least every 0.1 s of output,
    so a pipe sees lines promptly without a system call per line."""

    def __init__(self) -> None:
        self.last = 0.0  # the first line goes out at once

    def line(self, text: str) -> None:
        sys.stdout.write(text + "\n")
        now = time.perf_counter()
        if now - self.last > 0.1:
            sys.stdout.flush()
            self.last = now


def _board_rows(q: Solution) -> Iterator[str]:
    """The rows of `q` drawn as `. Q . .`, one at a time (a big board is never held whole)."""
    n = len(q)
    for c in q:
        yield ". " * c + "Q" + " ." * (n - 1 - c)


def _solution_text(q: Solution, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(list(q))
    if fmt == "boards":
        return "\n".join(_board_rows(q)) + "\n"
    return " ".join(str(c + 1) for c in q)


def _stream(n: int, engine: str, fundamental: bool) -> Iterator[Solution]:
    if engine == "fast":
        from queens_tui.kinds.classic import listing

        yield from (listing.fundamental_solutions(n) if fundamental else listing.solutions(n))
        return
    from queens_tui.kinds.classic.symmetry import is_canonical
    from queens_tui.solver import classic

    for q in classic.solutions(n, engine):
        if not fundamental or is_canonical(q):
            yield q


def _count(n: int, engine: str, progress: Progress) -> tuple[int, int]:
    """(solutions, fundamental) by `engine`; progress updated as it goes."""
    if engine == "fast":
        from queens_tui.kinds.classic import count

        c = count.counts(n, progress.update)
        return c.solutions, c.fundamental
    from queens_tui.kinds.classic.count import fundamental_from
    from queens_tui.solver import classic

    found = 0
    for _q in classic.solutions(n, engine):
        found += 1
        if found % 1024 == 0:
            progress.update(None, found)
    progress.update(None, found)
    q90 = classic.count(n, engine, "quarter")
    h180 = classic.count(n, engine, "half")
    return found, fundamental_from(n, found, q90, h180)


def _do_count(n: int, engine: str, as_json: bool) -> int:
    progress = Progress(f"nqueens {n}")
    try:
        total, fundamental = _count(n, engine, progress)
    except KeyboardInterrupt:
        progress.done()
        seconds = round(progress.elapsed(), 3)
        partial = progress.found
        if as_json:
            print(count_json(n, partial, None, seconds, interrupted=True), flush=True)
        else:
            pct = "" if progress.fraction is None else f" ({progress.fraction * 100:.0f}% searched)"
            print(
                f"{n}-queens: interrupted after {seconds:.2f} s: at least {partial:,} "
                f"solutions{pct}",
                flush=True,
            )
        return EXIT_INTERRUPTED
    progress.done()
    seconds = round(progress.elapsed(), 3)
    if as_json:
        print(count_json(n, total, fundamental, seconds), flush=True)
    else:
        print(
            f"{n}-queens: {total:,} solutions, {fundamental:,} fundamental "
            f"({seconds:.2f} s, engine {engine})",
            flush=True,
        )
    return EXIT_OK


def _do_list(n: int, engine: str, fundamental: bool, fmt: str) -> int:
    out = Out()
    progress = Progress(f"nqueens {n}")
    listed = 0
    try:
        for q in _stream(n, engine, fundamental):
            out.line(_solution_text(q, fmt))
            listed += 1
            if listed % 256 == 0:
                progress.update(None, listed)
        sys.stdout.flush()
    except KeyboardInterrupt:
        progress.done()
        sys.stdout.flush()
        print(f"interrupted: {listed:,} solutions listed", file=sys.stderr, flush=True)
        return EXIT_INTERRUPTED
    progress.done()
    return EXIT_OK if listed else EXIT_NONE


def _do_first(n: int, engine: str, fmt: str) -> int:
    q: Solution | None
    if engine == "fast":
        from queens_tui.kinds.classic.construct import first_solution

        q = first_solution(n)
    else:
        q = next(_stream(n, engine, False), None)
    if q is None:
        print(f"{n}-queens has no solution", file=sys.stderr)
        return EXIT_NONE
    if fmt == "boards":
        for row in _board_rows(q):
            sys.stdout.write(row + "\n")
        sys.stdout.write("\n")
    else:
        sys.stdout.write(_solution_text(q, fmt) + "\n")
    sys.stdout.flush()
    return EXIT_OK


def _parse_range(text: str) -> tuple[int, int]:
    lo, sep, hi = text.partition("..")
    try:
        a, b = int(lo), int(hi if sep else lo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected FROM..TO such as 1..12, got {text!r}") from None
    if not 1 <= a <= b:
        raise argparse.ArgumentTypeError(f"expected 1 <= FROM <= TO, got {text!r}")
    return a, b


def _parse_engines(text: str) -> list[str]:
    names = [e.strip() for e in text.split(",") if e.strip()]
    bad = [e for e in names if e not in ENGINES]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"unknown engine {', '.join(bad) or text!r} (known: {', '.join(ENGINES)})"
        )
    return names


def _do_table(lo: int, hi: int, engines: Sequence[str], as_json: bool) -> int:
    worst = EXIT_OK
    if not as_json:
        heads = "".join(f"{e + ' s':>10}" for e in engines)
        print(f"{'N':>3} {'solutions':>12} {'fundamental':>12}{heads}", flush=True)
    for n in range(lo, hi + 1):
        results = []
        for engine in engines:
            progress = Progress(f"nqueens {n} ({engine})")
            t, f = _count(n, engine, progress)
            progress.done()
            results.append((engine, t, f, round(progress.elapsed(), 3)))
        if len({(t, f) for _e, t, f, _s in results}) > 1:
            print(f"nqueens {n}: engines disagree: {results}", file=sys.stderr)
            worst = EXIT_NONE
        if as_json:
            for engine, t, f, s in results:
                print(
                    json.dumps(
                        {"n": n, "solutions": t, "fundamental": f, "seconds": s, "engine": engine}
                    ),
                    flush=True,
                )
        else:
            times = "".join(f"{s:>10.3f}" for _e, _t, _f, s in results)
            _e, t, f, _s = results[0]
            print(f"{n:>3} {t:>12,} {f:>12,}{times}", flush=True)
    return worst


def _short(n: int) -> str:
    """N as typed, or shortened when it is absurdly long (`1000...000 (27 digits)`)."""
    text = str(n)
    return text if len(text) <= 20 else f"{text[:6]}...{text[-3:]} ({len(text)} digits)"


def _split(args: argparse.Namespace, n: int) -> bool:
    """Whether a count runs as a split on an executor rather than today's single loop: with
    --scheduler, --checkpoint or --resume, with --jobs of 2 or more, and by default past
    `SMALL_N`."""
    if args.scheduler is not None or args.checkpoint is not None or args.resume is not None:
        return True
    return n > SMALL_N if args.jobs is None else args.jobs > 1


def _parallel_flags(args: argparse.Namespace) -> list[str]:
    flags = ("jobs", "scheduler", "checkpoint", "resume")
    return [f"--{f}" for f in flags if getattr(args, f) is not None]


def cmd_nqueens(args: argparse.Namespace) -> int:
    """Dispatch on the mode flags; see `register` for what each does."""
    engines: list[str] = args.engine
    n: int | None = args.n
    parallel = _parallel_flags(args)
    counting = not (args.first or args.all or args.fundamental or args.table is not None)
    from queens_tui.cli.executors import MAX_JOBS

    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        print(
            f"queens-tui nqueens: --jobs must be 1 to {MAX_JOBS}, got {args.jobs}", file=sys.stderr
        )
        return EXIT_USAGE
    if parallel and (not counting or engines != ["fast"]):
        print(
            f"queens-tui nqueens: {', '.join(parallel)}: only for a count (by the fast engine)",
            file=sys.stderr,
        )
        return EXIT_USAGE
    if n is None and args.resume is not None and args.table is None:
        from queens_tui.cli import nqueens_split

        try:
            n = nqueens_split.n_of(args.resume)  # `nqueens --resume FILE`: the N it counts
        except ValueError as err:
            print(f"queens-tui nqueens: {err}", file=sys.stderr)
            return EXIT_USAGE
    if args.table is None and n is None:
        print("queens-tui nqueens: give N (or --table FROM..TO)", file=sys.stderr)
        return EXIT_USAGE
    if n is not None and n < 1:
        print(f"queens-tui nqueens: N must be at least 1, got {n}", file=sys.stderr)
        return EXIT_USAGE
    if len(engines) > 1 and args.table is None:
        print("queens-tui nqueens: several engines only with --table", file=sys.stderr)
        return EXIT_USAGE
    fmt = "json" if args.json else "boards" if args.boards else "text"
    try:
        if args.table is not None:
            lo, hi = args.table
            if hi > MAX_COUNT_N:
                print(f"queens-tui nqueens: --table goes up to N={MAX_COUNT_N}", file=sys.stderr)
                return EXIT_USAGE
            return _do_table(lo, hi, engines, args.json)
        assert n is not None
        if args.first:
            limit, what = (MAX_BOARD_N, "draw") if fmt == "boards" else (MAX_FIRST_N, "write")
            if n > limit:
                print(
                    f"queens-tui nqueens: N={_short(n)} is too large to {what} a solution of "
                    f"(at most {limit:,} with --first{' --boards' if fmt == 'boards' else ''})",
                    file=sys.stderr,
                )
                return EXIT_USAGE
            return _do_first(n, engines[0], fmt)
        if args.all or args.fundamental:
            return _do_list(n, engines[0], args.fundamental, fmt)
        if n > MAX_COUNT_N:
            print(
                f"queens-tui nqueens: N={_short(n)} is too large to count (at most "
                f"{MAX_COUNT_N}); --first works up to N={MAX_FIRST_N:,}",
                file=sys.stderr,
            )
            return EXIT_USAGE
        if engines[0] == "fast" and _split(args, n):
            from queens_tui.cli import nqueens_split

            return nqueens_split.count(
                n,
                jobs=args.jobs,
                scheduler=args.scheduler,
                checkpoint=args.checkpoint,
                resume=args.resume,
                as_json=args.json,
            )
        return _do_count(n, engines[0], args.json)
    except BrokenPipeError:
        # the reader went away (`| head`): stop quietly, and keep Python's exit flush quiet too
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `nqueens` to the `queens-tui` command."""
    p = sub.add_parser(
        "nqueens",
        help="classic N-queens: count, list or construct solutions",
        description="Classic N-queens (no two queens on a row, column or diagonal). "
        "Default: --count.",
    )
    p.add_argument("n", nargs="?", type=int, metavar="N", help="board size")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--count",
        action="store_true",
        help="number of solutions and of fundamental ones (the default)",
    )
    mode.add_argument(
        "--all",
        action="store_true",
        help="every solution, one per line, as found (1-based columns per row)",
    )
    mode.add_argument(
        "--fundamental",
        action="store_true",
        help="one solution per class under rotations and mirrors",
    )
    mode.add_argument(
        "--first",
        action="store_true",
        help="one solution at once, for any N (by construction with --engine fast)",
    )
    mode.add_argument(
        "--table",
        type=_parse_range,
        metavar="FROM..TO",
        help="N, solutions, fundamental and seconds per engine for each N",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="JSON: one object per count, one array of 0-based columns per solution",
    )
    p.add_argument("--boards", action="store_true", help="draw each solution as a small board")
    p.add_argument(
        "--engine",
        type=_parse_engines,
        default=["fast"],
        metavar="ENGINE",
        help="fast (default), cpsat or cp; a comma list with --table (fast,cp,cpsat)",
    )
    scale = p.add_argument_group(
        "counting at scale",
        "A count past N=14 is split into tasks run on every core (one process per core), or on "
        "a Dask cluster; a long one can be stopped and continued.",
    )
    scale.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="worker processes (default: one per core; 1: this process alone)",
    )
    scale.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="count on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), or "
        "'local' for a cluster of --jobs workers on this machine; needs "
        "pip install 'queens-tui[cluster]'; a scheduler that does not answer within 10 s is "
        "one line, exit 2",
    )
    scale.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="record each finished task in FILE (a new file), so the count can be continued",
    )
    scale.add_argument(
        "--resume",
        metavar="FILE",
        help="continue the count recorded in FILE (and keep recording there, unless "
        "--checkpoint names another file)",
    )
    p.set_defaults(func=cmd_nqueens)
