"""`generate`: COUNT unique-solution levels of any kind, to DIR (one file each) or stdout.

Level i (from 1) gets the seed S for i = 1 and "S+<i-1>" after, and its file
says that seed, its size and its difficulty, so any level can be made again
alone, byte for byte. Exit codes: 0 done, 1 a wanted difficulty was not
reached (or the time limit ran out), 2 bad arguments or an unwritable DIR.
"""

from __future__ import annotations

import argparse
import re
import sys
from functools import partial
from typing import Any

from queens_tui.cli.batch import EXIT_BAD_INPUT, EXIT_NOT_UNIQUE, EXIT_OK, err, out
from queens_tui.core.errors import SizeError, printable
from queens_tui.core.vocabulary import DIFFICULTIES
from queens_tui.kinds import KINDS, get_kind


def _slug(text: str) -> str:
    """`text` safe as part of a file name on every platform."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("._") or "seed"


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
    p.add_argument("--size", type=int, metavar="N", help="board size (Queens: 4 to 64, required)")
    p.add_argument(
        "--format",
        choices=("text", "json"),
        help="text (the default), or json (one level per line)",
    )
    p.add_argument(
        "--walls", action="store_true", help="Zip: walls as well as numbers keep the path unique"
    )
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
        help="give up on a level after this long (default for Queens with --difficulty: "
        "10 + size²/8, 12 s at 4x4; otherwise no limit)",
    )
    p.set_defaults(func=cmd_generate)


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate `--count` levels of `--kind` (see the module docstring)."""
    from queens_tui.cli.deadline import OutOfTime, within
    from queens_tui.cli.generate_args import out_folder, seed_base
    from queens_tui.formats import reader
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
    dump = reader(kind.name).dump
    fmt = args.format or "text"
    options = {k: getattr(args, k) for k in kind.generate_options if hasattr(args, k)}
    width = max(3, len(str(args.count)))
    for i in range(1, args.count + 1):
        seed = base if i == 1 else f"{base}+{i - 1}"
        make = partial(kind.generate, args.size, seed, args.difficulty, **options)
        try:
            level = within(limit, make)
        except SizeError as e:
            err(f"queens-tui generate: {e}")
            return EXIT_BAD_INPUT
        except ValueError as e:  # the kind's GenerateError: a difficulty not reached
            err(f"queens-tui generate: {e}")
            return EXIT_NOT_UNIQUE
        except OutOfTime:
            shape = f"{size}x{size}" if size is not None else kind.title
            what = f"{args.difficulty} {shape}" if args.difficulty else shape
            err(
                f"queens-tui generate: gave up after {limit:g} s: no {what} level found from "
                f"seed {seed!r} (small boards rarely reach the hardest grades: try a bigger "
                "--size, another --difficulty, or a longer --time-limit)"
            )
            return EXIT_NOT_UNIQUE
        text = kind.dump_generated(level, fmt, dump)
        if out_dir is None:
            if fmt == "text" and i > 1:
                sys.stdout.write("\n")
            sys.stdout.write(text)
            sys.stdout.flush()
            continue
        stem = kind.generated_stem(size) if size is not None else kind.name
        path = out_dir / f"{stem}-{_slug(base)}-{i:0{width}d}.{'json' if fmt == 'json' else 'txt'}"
        try:
            atomic_write_bytes(path, text.encode("utf-8"), sync=False)  # no partial file
        except OSError as e:
            err(f"{printable(str(path))}: cannot write: {e.strerror or e}")
            return EXIT_BAD_INPUT
        out(str(path))
    return EXIT_OK
