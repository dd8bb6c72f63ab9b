"""Make the bundled Tango packs in `levels/`: four packs by difficulty, 6x6 then a few 8x8.

Run from the repository root:

    python scripts/make_tango_packs.py            # writes levels/tango-1-easy ... tango-4-expert
    python scripts/make_tango_packs.py --check    # regenerates and compares, writes nothing

Layout: `levels/tango-<n>-<difficulty>/NNN.txt`, `PER_PACK[6]` 6x6 levels then
`PER_PACK[8]` 8x8 ones (LinkedIn's bonus size) in each pack, so a pack reads
as a progression. Each file is exactly what
`queens-tui generate --kind tango --size N --seed S --difficulty D` prints for
the seed in its header (`tango-<difficulty>-<size>-<k>`), so any level can be
made again from the command line. Deterministic: running it twice gives the
same bytes (about 20 s on one core).
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from queens_tui.core.vocabulary import DIFFICULTIES  # noqa: E402
from queens_tui.formats.tango import dump_text  # noqa: E402
from queens_tui.kinds.tango.generate import generate  # noqa: E402
from scripts._packs import write_packs  # noqa: E402

PER_PACK = {6: 25, 8: 5}
"""Levels of each size in every pack, smallest first."""


def level_text(size: int, seed: str, difficulty: str) -> str:
    """What `queens-tui generate --kind tango --size size --seed seed --difficulty d` prints."""
    return dump_text(generate(size, seed, difficulty))


def plan() -> list[tuple[str, int, int, str, str]]:
    """(pack, number, size, seed, difficulty) of every bundled Tango level, in file order."""
    out = []
    for i, difficulty in enumerate(DIFFICULTIES, start=1):
        pack = f"tango-{i}-{difficulty}"
        number = 0
        for size, count in PER_PACK.items():
            for k in range(1, count + 1):
                number += 1
                out.append((pack, number, size, f"tango-{difficulty}-{size}-{k}", difficulty))
    return out


def main() -> int:
    return write_packs(__doc__, plan(), level_text)


if __name__ == "__main__":
    raise SystemExit(main())
