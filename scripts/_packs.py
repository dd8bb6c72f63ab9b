"""What the `make_<kind>_packs.py` scripts share: write (or `--check`) the bundled packs.

Each script says which levels a pack holds and how one is made (what
`queens-tui generate` prints for its seed); this writes them to
`levels/<pack>/NNN.txt`, or with `--check` regenerates and compares, writing nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent

Entry = tuple[Any, ...]
"""(pack, number in the pack, then what `make` takes to make that level's text)."""


def write_packs(doc: str | None, plan: Iterable[Entry], make: Callable[..., str]) -> int:
    """The script's `main()`: parse `--check`, then write or compare `make(*inputs)` for every
    `(pack, number, *inputs)` of `plan`; 1 when a file differs (with `--check`), else 0. The
    time taken goes to stderr."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    start = time.perf_counter()
    differ = done = 0
    for pack, number, *inputs in plan:
        path = REPO / "levels" / pack / f"{number:03d}.txt"
        text = make(*inputs)
        done += 1
        if args.check:
            if not path.is_file() or path.read_text("utf-8") != text:
                print(f"differs: {path}")
                differ += 1
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    print(f"{done} levels in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 1 if differ else 0
