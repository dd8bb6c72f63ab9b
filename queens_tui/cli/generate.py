"""`generate`: COUNT unique-solution levels of any kind, to DIR (one file each) or stdout.

Level i (from 1) gets the seed S for i = 1 and "S+<i-1>" after, and its file
says that seed, its size and its difficulty, so any level can be made again
alone, byte for byte. Exit codes: 0 done, 1 a wanted difficulty was not
reached, 2 bad arguments or an unwritable DIR, 3 `--time-limit` ran out (as for every
batch command).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from functools import partial
from itertools import pairwise
from typing import Any

from queens_tui.cli.batch import EXIT_BAD_INPUT, EXIT_GAVE_UP, EXIT_NOT_UNIQUE, EXIT_OK, err, out
from queens_tui.core.errors import SizeError, printable
from queens_tui.core.vocabulary import DIFFICULTIES
from queens_tui.kinds import KINDS, get_kind


def _slug(text: str) -> str:
    """`text` safe as part of a file name on every platform."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("._") or "seed"


def _sizes(kinds: list[str]) -> str:
    """Each kind's sizes, as `--size`'s help says them: from the kind, written nowhere else."""

    def one(name: str) -> str:
        kind = get_kind(name)
        sizes = kind.sizes
        if len(sizes) == 1:
            return f"{kind.title}: {sizes[0]}"
        even = ", even" if {b - a for a, b in pairwise(sizes)} == {2} else ""
        default = "required" if kind.default_size is None else f"default {kind.default_size}"
        return f"{kind.title}: {sizes[0]} to {sizes[-1]}{even}, {default}"

    return "; ".join(one(name) for name in kinds)


def register(sub: Any) -> None:
    """Add the `generate` subcommand: its `--kind` choices and options come from the kinds."""
    kinds = [k for k in KINDS if get_kind(k).generates]
    p = sub.add_parser("generate", help="make new levels with exactly one solution")
    p.add_argument(
        "--kind",
        default=kinds[0],
        choices=kinds,
        help=f"puzzle kind ({kinds[0]}); the others use the kind's usual size when --size "
        "is not given",
    )
    p.add_argument("--size", type=int, metavar="N", help=f"board size ({_sizes(kinds)})")
    p.add_argument(
        "--format",
        choices=("text", "json"),
        help="text (the default), or json (one level per line)",
    )
    for name in kinds:  # the kinds' own switches (Zip's --walls), declared on their KIND
        for option in get_kind(name).generate_options:
            help = f"{get_kind(name).title}: {option.help}"
            p.add_argument(f"--{option.name}", action="store_true", help=help)
    p.add_argument("--count", type=int, default=1, metavar="K", help="how many levels (1)")
    p.add_argument(
        "--seed", metavar="S", help="seed text: same seed and options, same levels (random)"
    )
    p.add_argument("--difficulty", choices=DIFFICULTIES, help="keep only levels of this grade")
    p.add_argument(
        "--out", metavar="DIR", help="write one file per level into DIR (default: stdout)"
    )
    p.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        help="give up on a level after this long (default "
        + "".join(
            f"for {get_kind(k).title} {get_kind(k).time_limit_words}; "
            for k in kinds
            if get_kind(k).time_limit_words
        )
        + "otherwise no limit)",
    )
    p.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="levels made at once, one process each (default: one per core with --count > 1; "
        "1: this process alone); the same levels whatever N",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="make the levels on the Dask cluster at ADDRESS, or 'local' (see nqueens --help)",
    )
    p.set_defaults(func=cmd_generate)


@dataclass(frozen=True)
class _Job:
    """One level to make: everything a worker process needs, picklable."""

    kind: str
    size: int | None
    seed: str
    difficulty: str | None
    options: tuple[tuple[str, Any], ...]
    limit: float | None
    fmt: str


def make_level(job: _Job) -> tuple[str, str]:
    """A level as its file's text, made where the executor runs it: ("ok", text), or
    ("size" | "difficulty", the error's message), or ("time", "") when `job.limit` ran out.

    The time limit interrupts the thread making the level, which must be a process's main
    thread: here in this process or a pool worker (whose ctrl+c is ignored, so it is turned
    back on meanwhile); a Dask worker runs tasks in other threads, so there the command
    bounds its wait instead (`ordered_map`'s timeout).
    """
    import signal
    import threading

    from queens_tui.cli.deadline import OutOfTime, within
    from queens_tui.formats import reader

    kind = get_kind(job.kind)
    make = partial(kind.generate, job.size, job.seed, job.difficulty, **dict(job.options))
    limit = job.limit if threading.current_thread() is threading.main_thread() else None
    previous = signal.getsignal(signal.SIGINT) if limit is not None else None
    try:
        if limit is not None:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        level = within(limit, make)
    except SizeError as e:
        return "size", str(e)
    except ValueError as e:  # the kind's GenerateError: a difficulty not reached
        return "difficulty", str(e)
    except OutOfTime:
        return "time", ""
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    return "ok", kind.dump_generated(level, job.fmt, reader(kind.name).dump)


def _failed(
    tag: str,
    message: str,
    seed: str,
    limit: float | None,
    size: int | None,
    title: str,
    difficulty: str | None,
) -> int:
    """Say why level `seed` could not be made; the exit code."""
    if tag == "size":
        err(f"queens-tui generate: {message}")
        return EXIT_BAD_INPUT
    if tag == "difficulty":
        err(f"queens-tui generate: {message}")
        return EXIT_NOT_UNIQUE
    assert limit is not None  # "time" comes only from a limit
    shape = f"{size}x{size}" if size is not None else title
    what = f"{difficulty} {shape}" if difficulty else shape
    err(
        f"queens-tui generate: gave up after {limit:g} s: no {what} level found from "
        f"seed {seed!r} (small boards rarely reach the hardest grades: try a bigger "
        "--size, another --difficulty, or a longer --time-limit)"
    )
    return EXIT_GAVE_UP


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate `--count` levels of `--kind` (see the module docstring)."""
    from concurrent.futures import TimeoutError as FutureTimeout

    from queens_tui.cli.executors import PoolError, open_pool, ordered_map
    from queens_tui.cli.generate_args import out_folder, seed_base
    from queens_tui.store.jsonfile import atomic_write_bytes

    kind = get_kind(args.kind)
    problem = kind.size_problem(args.size)
    if problem is not None:
        err(f"queens-tui generate: {problem}")
        return EXIT_BAD_INPUT
    if args.count < 1:
        err(f"queens-tui generate: --count must be at least 1 (got {args.count})")
        return EXIT_BAD_INPUT
    if args.difficulty is not None and args.difficulty not in kind.difficulties:
        err(
            f"queens-tui generate: --difficulty for {kind.name} is one of "
            f"{', '.join(kind.difficulties)} (got {args.difficulty})"
        )
        return EXIT_BAD_INPUT
    size = args.size if args.size is not None else kind.default_size
    limit = args.time_limit
    if limit is None and size is not None:
        limit = kind.default_time_limit(size, args.difficulty)
    elif limit is not None and not 0 < limit <= 1e6:  # also refuses nan and inf
        err("queens-tui generate: --time-limit must be a number of seconds, 0 to 1000000")
        return EXIT_BAD_INPUT
    try:
        base = seed_base(args.seed)
        out_dir = out_folder(args.out)
    except ValueError as e:
        err(e)
        return EXIT_BAD_INPUT
    fmt = args.format or "text"
    names = [o.name for o in kind.generate_options]
    options = tuple((k, getattr(args, k)) for k in names if hasattr(args, k))
    width = max(3, len(str(args.count)))
    seeds = [base if i == 1 else f"{base}+{i - 1}" for i in range(1, args.count + 1)]
    todo = (
        _Job(kind.name, args.size, seed, args.difficulty, options, limit, fmt) for seed in seeds
    )
    try:
        with open_pool(args.jobs, args.scheduler, tasks=args.count) as pool:
            wait = None if limit is None else limit + 5  # a Dask worker's own limit
            # Levels differ 10x in cost and come out in order: a few per worker ahead left a
            # worker idle behind one slow level (40 12x12 levels, --jobs 2: 1.47 -> 1.32 s,
            # docs/performance.md). Levels made after a failure are lost; inline keeps 1.
            window = pool.window if pool.workers == 1 else 32 * pool.workers
            made = ordered_map(pool.executor, make_level, todo, window=window, timeout=wait)
            for i, seed in enumerate(seeds, 1):  # open_pool's exit cancels what is left
                try:
                    tag, text = next(made)
                except FutureTimeout:
                    tag, text = "time", ""
                if tag != "ok":
                    return _failed(tag, text, seed, limit, size, kind.title, args.difficulty)
                if out_dir is None:
                    if fmt == "text" and i > 1:
                        sys.stdout.write("\n")
                    sys.stdout.write(text)
                    sys.stdout.flush()
                    continue
                stem = kind.generated_stem(size) if size is not None else kind.name
                suffix = "json" if fmt == "json" else "txt"
                path = out_dir / f"{stem}-{_slug(base)}-{i:0{width}d}.{suffix}"
                try:
                    atomic_write_bytes(path, text.encode("utf-8"), sync=False, public=True)
                except OSError as e:
                    err(f"{printable(str(path))}: cannot write: {e.strerror or e}")
                    return EXIT_BAD_INPUT
                out(printable(str(path)))
    except PoolError as e:
        err(f"queens-tui generate: {e}")
        return EXIT_BAD_INPUT
    return EXIT_OK
