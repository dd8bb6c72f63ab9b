"""Make the bundled Mini Sudoku packs in `levels/`: four packs of 6x6 levels, one per difficulty.

Run from the repository root:

    python scripts/make_sudoku_packs.py            # writes levels/sudoku-1-easy ... sudoku-4-expert
    python scripts/make_sudoku_packs.py --check    # regenerates and compares, writes nothing

Layout: `levels/sudoku-<n>-<difficulty>/NNN.txt`, `PER_PACK` levels each.
Each file is exactly what
`queens-tui generate --kind sudoku --seed S --difficulty D` prints for the
seed in its header (`sudoku-<difficulty>-<k>`), so any level can be made
again from the command line. Deterministic: running it twice gives the same
bytes (about 15 s on one core, most of it the hard levels).
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from queens_tui.core.vocabulary import DIFFICULTIES  # noqa: E402
from queens_tui.formats.sudoku import dump_text  # noqa: E402
from queens_tui.kinds.sudoku.generate import generate  # noqa: E402
from scripts._packs import write_packs  # noqa: E402

PER_PACK = 25
"""Levels in every pack."""


def level_text(seed: str, difficulty: str) -> str:
    """What `queens-tui generate --kind sudoku --seed seed --difficulty d` prints."""
    return dump_text(generate(None, seed, difficulty))


def plan() -> list[tuple[str, int, str, str]]:
    """(pack, number, seed, difficulty) of every bundled Mini Sudoku level, in file order."""
    out = []
    for i, difficulty in enumerate(DIFFICULTIES, start=1):
        pack = f"sudoku-{i}-{difficulty}"
        for k in range(1, PER_PACK + 1):
            out.append((pack, k, f"sudoku-{difficulty}-{k}", difficulty))
    return out


def main() -> int:
    return write_packs(__doc__, plan(), level_text)


if __name__ == "__main__":
    raise SystemExit(main())
