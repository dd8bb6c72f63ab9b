"""Write each bundled pack's play order by score: `levels/<pack>/ORDER`, easiest first.

Run from the repository root, after the `make_*_packs.py` scripts:

    python scripts/sort_packs.py            # writes every pack's ORDER
    python scripts/sort_packs.py --check    # compares, writes nothing (exit 1 if one differs)

A pack's levels are played in the order of their score (`grade`'s, `core.effort`), ties by
id. The files keep their names (`formats.bundled.ORDER_FILE` says why: the saves are keyed
by them). Deterministic; about half a minute on one core (Zip's grading is most of it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from statistics import median

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from queens_tui.formats import load_puzzle  # noqa: E402
from queens_tui.formats.bundled import ORDER_FILE, bundled_levels  # noqa: E402
from queens_tui.kinds import KINDS, get_kind  # noqa: E402


def orders() -> dict[str, tuple[list[str], list[float]]]:
    """Every bundled pack's level names (file stems) by score, with the scores."""
    packs: dict[str, list[tuple[float, str]]] = {}
    for kind in KINDS:
        for level_id, path in bundled_levels(kind):
            pack, _, name = level_id.rpartition("/")
            score = get_kind(kind).score(load_puzzle(path))
            if score is None:
                raise SystemExit(f"{level_id}: the rules cannot finish it: no score")
            packs.setdefault(pack, []).append((score, name))
    return {
        pack: ([n for _s, n in sorted(rows)], [s for s, _n in sorted(rows)])
        for pack, rows in packs.items()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    differ = 0
    for pack, (names, scores) in orders().items():
        path = REPO / "levels" / pack / ORDER_FILE
        text = "\n".join(names) + "\n"
        middle = round(median(scores), 3)
        print(f"{pack}: {len(names)} levels, scores {scores[0]}..{scores[-1]}, median {middle}")
        if args.check:
            if not path.is_file() or path.read_text("utf-8") != text:
                print(f"differs: {path}")
                differ += 1
            continue
        path.write_text(text, encoding="utf-8", newline="\n")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
