"""Make the bundled Patches packs in `levels/`: three packs by difficulty, 6x6, 7x7 and 8x8 in each.

Run from the repository root:

    python scripts/make_patches_packs.py          # writes levels/patches-1-easy .. 3-hard
    python scripts/make_patches_packs.py --check  # regenerates and compares, writes nothing

Layout: `levels/patches-<n>-<difficulty>/NNN.txt`, `PER_PACK[size]` levels of
each size, smallest first, so a pack reads as a progression. Each file is
exactly what `queens-tui generate --kind patches --size N --seed S --difficulty D`
prints for the seed in its header (`patches-<difficulty>-<size>-<k>`), so any
level can be made again from the command line. Deterministic: running it twice
gives the same bytes (about 15 s on one core).
"""

from __future__ import annotations

import sys
from pathlib import Path

from queens_tui.core.vocabulary import Difficulty

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from queens_tui.formats.patches import dump_text  # noqa: E402
from queens_tui.kinds.patches.generate import generate  # noqa: E402
from scripts._packs import write_packs  # noqa: E402

PACKS: tuple[str, ...] = (Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD)
PER_PACK = {6: 4, 7: 4, 8: 4}
"""Levels of each size in every pack, smallest first."""


def plan() -> list[tuple[str, int, int, str, str]]:
    """(pack, number, size, seed, difficulty) of every bundled Patches level, in file order."""
    out = []
    for i, difficulty in enumerate(PACKS, start=1):
        number = 0
        for size, count in PER_PACK.items():
            for k in range(1, count + 1):
                number += 1
                seed = f"patches-{difficulty}-{size}-{k}"
                out.append((f"patches-{i}-{difficulty}", number, size, seed, difficulty))
    return out


def level_text(size: int, seed: str, difficulty: str) -> str:
    """What `queens-tui generate --kind patches --size size --seed seed --difficulty d` prints."""
    return dump_text(generate(size, seed, difficulty))


def main() -> int:
    return write_packs(__doc__, plan(), level_text)


if __name__ == "__main__":
    raise SystemExit(main())
