"""Make the bundled Zip packs in `levels/`: three packs by size, with and without walls.

Run from the repository root:

    python scripts/make_zip_packs.py            # writes levels/zip-1-6x6, zip-2-7x7, zip-3-8x8
    python scripts/make_zip_packs.py --check    # regenerates and compares, writes nothing

Layout: `levels/zip-<n>-<size>/NNN.txt`, `PER_PACK` levels each; odd numbers
have numbers only, even numbers walls too (LinkedIn has walls on many days).
Each file is exactly what `queens-tui generate --kind zip --size N --seed S
[--walls]` prints for the seed in its header (`zip-<size>-<k>`), graded by
the deduction engine (its `# difficulty:`), so any level can be made again
from the command line. Deterministic: running it twice gives the same bytes
(about 30 s on one core).
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from queens_tui.formats.zip import dump_text  # noqa: E402
from queens_tui.kinds.zip.generate import generate  # noqa: E402
from scripts._packs import write_packs  # noqa: E402

SIZES = (6, 7, 8)
PER_PACK = 20
"""Levels in every pack."""


def plan() -> list[tuple[str, int, int, str, bool]]:
    """(pack, number, size, seed, walls) of every bundled Zip level, in file order."""
    out = []
    for i, size in enumerate(SIZES, start=1):
        pack = f"zip-{i}-{size}x{size}"
        for k in range(1, PER_PACK + 1):
            out.append((pack, k, size, f"zip-{size}-{k}", k % 2 == 0))
    return out


def level_text(size: int, seed: str, walls: bool) -> str:
    """What `queens-tui generate --kind zip --size size --seed seed [--walls]` prints."""
    return dump_text(generate(size, seed, walls=walls))


def main() -> int:
    return write_packs(__doc__, plan(), level_text)


if __name__ == "__main__":
    raise SystemExit(main())
