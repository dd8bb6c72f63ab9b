"""Issue 36 item 1: solved Zip pictures with no grid line, walls unseen, the page leaning.

Sites that post each day's solution draw the path on a plain page: no line, no wall.
The board is found by its dots and the path (`formats.image._discs`), and the level read
is the puzzle the picture solves: its numbers, and the walls it needs for the drawn
path to be its only one. Slow step: the real Zip pictures (`picture_rates`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels
from queens_tui.kinds import get_kind
from tests.benchmarks import picture_rates
from tests.unit import puzzle_pictures as pp

REAL = picture_rates.pictures("zip")


@pytest.mark.parametrize(("index", "dark", "shear"), [(3, True, 0.0), (17, False, 0.06)])
def test_a_solved_picture_on_a_plain_page_reads_to_a_level_whose_one_path_is_drawn(
    tmp_path: Path, index: int, dark: bool, shear: float
) -> None:
    kind = get_kind("zip")
    level = load_puzzle(bundled_levels("zip")[index][1])
    path = list(kind.solutions(level, 1)[0])
    board = pp.zip_board(level, 60, dark=dark, path=path, plain=True)
    if shear:  # a picture taken while the page slid sideways
        data = (1.0, -shear, shear * board.height / 2, 0.0, 1.0, 0.0)
        board = board.transform(
            board.size, Image.Transform.AFFINE, data, fillcolor=board.getpixel((0, 0))
        )
    picture = pp.picture(board, dark=dark)
    file = tmp_path / f"solved{picture.suffix}"
    file.write_bytes(picture.data)
    got = load_puzzle(file)
    assert got.kind == "zip"
    assert got.numbers == level.numbers
    assert [list(p) for p in kind.solutions(got, 2)] == [path]
    # `solve --draw`: the path drawn through the middles of the picture's own cells, leaning
    # with the page (drawn upright, it left the cells at the board's top and bottom)
    import io

    from queens_tui.formats.image import draw_solution, read_puzzle
    from queens_tui.formats.image.draw import PATH_FILL

    reading = read_puzzle(file)
    drawn = Image.open(io.BytesIO(draw_solution(file, "zip", path))).convert("RGB")
    lean, y0 = reading.lean
    for r, c in path[1:-1]:  # (the line ends at the end cells' middles)
        x = (reading.xs[c] + reading.xs[c + 1]) / 2
        y = (reading.ys[r] + reading.ys[r + 1]) / 2
        pixel = drawn.getpixel((round(x + lean * (y - y0)), round(y)))
        assert max(abs(a - b) for a, b in zip(pixel, PATH_FILL, strict=True)) <= 12, (r, c)


@pytest.mark.slow  # 33 real pictures, ~40 s of CPU
@pytest.mark.skipif(not REAL, reason="../shared/screens/zip is not here")
def test_real_zip_pictures_read_right() -> None:
    misses = [p.name for p in REAL if picture_rates.judge("zip", p)[0] is not None]
    assert len(misses) <= 0.05 * len(REAL), misses


def test_the_dots_numbers_are_the_assignment_of_least_total_cost() -> None:
    """The reader's own assignment (no OR-Tools import for one small table): on random
    tables up to 7 x 7, its total is the least over every permutation."""
    import itertools
    import random

    from queens_tui.formats.image.zip import _least_cost

    rng = random.Random(36)
    for _ in range(200):
        k = rng.randint(1, 7)
        cost = [[rng.randint(0, 40) for _ in range(k)] for _ in range(k)]
        got = _least_cost(cost)
        assert sorted(got) == list(range(k))
        least = min(sum(cost[i][p[i]] for i in range(k)) for p in itertools.permutations(range(k)))
        assert sum(cost[i][got[i]] for i in range(k)) == least
