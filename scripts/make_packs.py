"""Make the bundled level packs in `levels/`: four packs by difficulty, sizes 6 to 14.

Run from the repository root:

    python scripts/make_packs.py            # writes levels/1-easy ... levels/4-expert
    python scripts/make_packs.py --check    # regenerates and compares, writes nothing

Layout: `levels/<n>-<difficulty>/NNN.txt`, PER_SIZE levels of each size from
6 to 14 in each pack, numbered in order of size, so a pack reads as a
progression and a level's id (`2-medium/014`) sorts where it belongs. Each
file is exactly what `queens-tui generate --size N --seed S --difficulty D`
prints for the seed in its header, so any level can be made again from the
command line. Seeds are `<difficulty>-<size>-<k>`, skipping any k whose title
(a function of the seed) is already taken, so every bundled level has its own
name. Deterministic: running it twice gives the same bytes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from queens_tui.core.vocabulary import DIFFICULTIES  # noqa: E402
from queens_tui.formats.queens import dump_text  # noqa: E402
from queens_tui.kinds.queens.generate import generate, title  # noqa: E402

SIZES = range(6, 15)
PER_SIZE = 6


def level_text(size: int, seed: str, difficulty: str) -> str:
    """What `queens-tui generate --size size --seed seed --difficulty difficulty` prints."""
    return f"# size: {size}\n" + dump_text(generate(size, seed, difficulty))


def plan() -> list[tuple[str, int, str, str]]:
    """(pack, size, seed, difficulty) of every bundled level, in file order per pack."""
    taken: set[str] = set()
    out = []
    for i, difficulty in enumerate(DIFFICULTIES, start=1):
        pack = f"{i}-{difficulty}"
        for size in SIZES:
            k = 0
            for _ in range(PER_SIZE):
                while True:
                    k += 1
                    seed = f"{difficulty}-{size:02d}-{k}"
                    if title(seed) not in taken:
                        break
                taken.add(title(seed))
                out.append((pack, size, seed, difficulty))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--out", default=str(REPO / "levels"), help="levels folder")
    args = parser.parse_args()
    root = Path(args.out)
    numbers: dict[str, int] = {}
    bad = 0
    for pack, size, seed, difficulty in plan():
        numbers[pack] = numbers.get(pack, 0) + 1
        path = root / pack / f"{numbers[pack]:03d}.txt"
        start = time.perf_counter()
        text = level_text(size, seed, difficulty)
        took = time.perf_counter() - start
        if args.check:
            same = path.is_file() and path.read_text("utf-8") == text
            bad += not same
            print(f"{path}: {'same' if same else 'DIFFERENT'}", flush=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"{path}: {size}x{size} {difficulty} seed {seed} ({took:.2f} s)", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
