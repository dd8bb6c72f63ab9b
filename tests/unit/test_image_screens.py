"""Issue 11: the real screenshots in ../shared/screens/queens read to their true boards.

Each picture has a `.txt` beside it with the true grid and solution (from the
puzzle archives). Every one must import to exactly the true partition and
solve to the true queens. Skipped cleanly when the shared data is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from queens_tui.formats.queens import load
from queens_tui.kinds.queens import search

SCREENS = Path(__file__).resolve().parents[2].parent / "shared" / "screens" / "queens"
PICTURES = (
    sorted(p for p in SCREENS.glob("*") if p.suffix.lower() in (".png", ".jpg", ".jpeg"))
    if SCREENS.is_dir()
    else []
)


def truth(picture: Path) -> tuple[list[str], list[int]]:
    """The true grid rows and solution columns written beside `picture`."""
    lines = (picture.parent / (picture.name + ".txt")).read_text().splitlines()
    size = int(next(ln for ln in lines if ln.startswith("size:")).split()[1])
    start = lines.index("grid:") + 1
    grid = lines[start : start + size]
    sol = next(ln for ln in lines if ln.startswith("solution (")).split(":", 1)[1].split()
    return grid, [int(c) for c in sol]


def canon(rows: object) -> tuple[tuple[int, ...], ...]:
    seen: dict[object, int] = {}
    return tuple(tuple(seen.setdefault(x, len(seen)) for x in row) for row in rows)  # type: ignore[attr-defined]


@pytest.mark.slow  # corpus-scale: 50 real pictures, ~5 s of CPU
@pytest.mark.skipif(not PICTURES, reason="../shared/screens/queens is not here")
@pytest.mark.parametrize("picture", PICTURES, ids=[p.name[:60] for p in PICTURES])
def test_real_screenshot_reads_to_its_true_board_and_solution(picture: Path) -> None:
    grid, solution = truth(picture)
    level = load(picture)
    assert canon(level.grid) == canon(grid)
    assert level.source == picture.name
    assert len(level.colors) == level.size
    sols = list(search.solutions(level))
    assert len(sols) == 1
    assert [c for _r, c in sorted(sols[0])] == solution


@pytest.mark.skipif(not PICTURES, reason="../shared/screens/queens is not here")
def test_every_picture_the_manifest_lists_is_here_with_its_truth() -> None:
    """As many as the folder's MANIFEST.csv lists (it grows: counted, never a constant)."""
    import csv

    with (SCREENS / "MANIFEST.csv").open(newline="") as f:
        listed = {row["file"] for row in csv.DictReader(f)}
    assert {p.name for p in PICTURES} == listed
    assert all((p.parent / (p.name + ".txt")).is_file() for p in PICTURES)
