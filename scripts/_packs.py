"""What the `make_<kind>_packs.py` scripts share: write (or `--check`) the bundled packs.

Each script says which levels a pack holds and how one is made (what
`queens-tui generate` prints for its seed); this writes them to
`levels/<pack>/NNN.txt`, or with `--check` regenerates and compares, writing nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

Entry = tuple[str, int, Callable[[], str]]
"""(pack, number in the pack, the level's text when called)."""


def write_packs(doc: str | None, entries: Sequence[Entry]) -> int:
    """The script's `main()`: parse `--check`, write or compare every entry; 1 when a file
    differs (with `--check`), else 0. The time taken goes to stderr."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    start = time.perf_counter()
    differ = 0
    for pack, number, make in entries:
        path = REPO / "levels" / pack / f"{number:03d}.txt"
        text = make()
        if args.check:
            if not path.is_file() or path.read_text("utf-8") != text:
                print(f"differs: {path}")
                differ += 1
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    print(f"{len(entries)} levels in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 1 if differ else 0
