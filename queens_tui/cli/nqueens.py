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
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from queens_tui.kinds.classic import Solution

EXIT_OK, EXIT_NONE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
ENGINES = ("fast", "cpsat", "cp")
MAX_COUNT_N = 20


class Progress:
    """Progress on stderr once a run has lasted a second: a bar on a terminal, else a line
    then and every 5 s after. `done()` clears the bar."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.tty = self.stream.isatty()
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False
        self.fraction: float | None = None
        self.found = 0

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def update(self, fraction: float | None, found: int) -> None:
        """Record the state; draw it when a second has passed and the last drawing is old."""
        self.fraction, self.found = fraction, found
        now = self.elapsed()
        if now < 1.0 or (self.shown and now - self.last < (0.2 if self.tty else 5.0)):
            return
        self.last = now
        self.shown = True
        if self.tty:
            if fraction is None:
                bar = ""
            else:
                filled = int(fraction * 30)
                bar = f"[{'#' * filled}{'.' * (30 - filled)}] {fraction * 100:3.0f}%  "
            self.stream.write(f"\r{self.label}: {bar}{found:,} solutions  {now:.1f} s\x1b[K")
        else:
            pct = "" if fraction is None else f"{fraction * 100:.0f}% done, "
            self.stream.write(f"{self.label}: {pct}{found:,} solutions so far, {now:.1f} s\n")
        self.stream.flush()

    def done(self) -> None:
        if self.shown and self.tty:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


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


def _solution_text(q: Solution, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(list(q))
    if fmt == "boards":
        n = len(q)
        return "\n".join(" ".join("Q" if c == col else "." for col in range(n)) for c in q) + "\n"
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


def _keep_freed_memory() -> None:
    """Ask glibc to keep freed arrays in the process instead of giving them back to the kernel.

    The counter allocates and frees numpy arrays of 30-200 KB all the time; by
    default glibc maps each one over 128 KB afresh and unmaps it when freed,
    which costs a page fault per page and system time the count then waits
    for (docs/performance.md). Best effort: a no-op off glibc.
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
        m_trim_threshold, m_mmap_threshold = -1, -3
        libc.mallopt(m_mmap_threshold, 1 << 26)
        libc.mallopt(m_trim_threshold, 1 << 27)
    except (OSError, AttributeError):
        pass


def _count(n: int, engine: str, progress: Progress) -> tuple[int, int]:
    """(solutions, fundamental) by `engine`; progress updated as it goes."""
    if engine == "fast":
        from queens_tui.kinds.classic import count

        if n > 10:
            _keep_freed_memory()

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
            obj = {"n": n, "solutions": partial, "fundamental": None, "seconds": seconds}
            print(json.dumps({**obj, "interrupted": True}), flush=True)
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
        print(
            json.dumps(
                {"n": n, "solutions": total, "fundamental": fundamental, "seconds": seconds}
            ),
            flush=True,
        )
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


def cmd_nqueens(args: argparse.Namespace) -> int:
    """Dispatch on the mode flags; see `register` for what each does."""
    engines: list[str] = args.engine
    n: int | None = args.n
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
            return _do_first(n, engines[0], fmt)
        if args.all or args.fundamental:
            return _do_list(n, engines[0], args.fundamental, fmt)
        if n > MAX_COUNT_N:
            print(
                f"queens-tui nqueens: N={n} is too large to count (at most {MAX_COUNT_N}); "
                "--first works for any N",
                file=sys.stderr,
            )
            return EXIT_USAGE
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
    p.set_defaults(func=cmd_nqueens)
