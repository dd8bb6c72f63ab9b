"""Issue 11: reading Queens boards from pictures, step by step, on pictures we draw.

The pictures come from `picture_maker` (Pillow): random connected regions in
LinkedIn's colours, thin cell lines and thick region borders, light and dark
pages, queens and crosses drawn, a larger noisy "screen" around the board,
scaled to 25 % and JPEG-compressed. Each must read to exactly its partition,
or fail with the one clean line, never a wrong level.
"""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from queens_tui.core.errors import LevelError
from queens_tui.formats.image import (
    _grid,
    _read,
    _regions,
    is_image,
    picture_kind,
    read,
    read_image,
)
from queens_tui.formats.queens import load
from queens_tui.kinds.queens import search
from tests.unit.picture_maker import PALETTE, board_picture, draw_board, random_regions


def canon(rows: object) -> tuple[tuple[int, ...], ...]:
    """A partition with regions numbered by first appearance (labels don't matter)."""
    seen: dict[object, int] = {}
    return tuple(tuple(seen.setdefault(x, len(seen)) for x in row) for row in rows)  # type: ignore[attr-defined]


def write(tmp_path: Path, data: bytes, name: str) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _gray(data: bytes) -> tuple[np.ndarray, np.ndarray]:
    im = _read.open_picture(data)
    rgb = np.asarray(im, dtype=np.float32)
    return rgb, rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114


# -- the whole reader over sizes 5..18, both themes, every kind of damage --------------------


VARIANTS = ("plain", "queens+jpeg", "screen+25%", "screen+25%+jpeg")
CASES = [(n, (n // 4) % 2 == 1, VARIANTS[n % 4]) for n in range(5, 19)]
"""Every size; themes alternate and the kinds of damage rotate (every size x theme x damage:
tests/benchmarks/test_bench_image.py reads 224 pictures). Sizes past 12 (every theme and
damage already met) run in the slow step."""


@pytest.mark.parametrize(
    ("n", "dark", "variant"),
    [
        pytest.param(*case, id=f"{case[0]}-{'dark' if case[1] else 'light'}-{case[2]}")
        if case[0] <= 12
        else pytest.param(
            *case,
            id=f"{case[0]}-{'dark' if case[1] else 'light'}-{case[2]}",
            marks=pytest.mark.slow,
        )
        for case in CASES
    ],
)
@pytest.mark.slow  # 10 s at load 12 on 2 cores: run by `pytest -m slow`
def test_synthetic_pictures_read_to_their_exact_partition(
    tmp_path: Path, n: int, dark: bool, variant: str
) -> None:
    pic = board_picture(
        n,
        seed=100 * n + dark,
        dark=dark,
        queens=n // 2 if "queens" in variant or "screen" in variant else 0,
        crosses=n if "screen" in variant else 0,
        screen="screen" in variant,
        scale=0.25 if "25%" in variant else 1.0,
        jpeg="jpeg" in variant,
    )
    path = write(tmp_path, pic.data, f"board{pic.suffix}")
    level = load(path)
    assert level.size == n
    assert canon(level.grid) == canon(pic.regions)
    assert level.source == path.name


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_tiles_with_gaps_and_no_lines_read_too(dark: bool) -> None:
    # some games draw rounded tiles on the page instead of cells between dark lines
    pic = board_picture(9, seed=11, dark=dark, gaps=True, jpeg=True)
    level = read_image_bytes(pic.data)
    assert canon(level.grid) == canon(pic.regions)


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
def test_a_small_board_on_a_4k_desktop() -> None:
    pic = board_picture(14, seed=4, cell=28, queens=3, crosses=5)
    desktop = Image.new("RGB", (3840, 2160), (236, 236, 236))
    desktop.paste(Image.open(io.BytesIO(pic.data)), (2500, 900))
    level = read_image_bytes(_png(desktop))
    assert canon(level.grid) == canon(pic.regions)


def test_a_bigger_table_beside_the_board_is_passed_over() -> None:
    # a spreadsheet of plain white cells has more lines than the board: it is tried first,
    # its cells cannot be told apart, and the next grid (the board) is read
    pic = board_picture(7, seed=2, cell=40)
    screen = Image.new("RGB", (1400, 700), (250, 250, 250))
    pen = ImageDraw.Draw(screen)
    for i in range(13):
        pen.line((40 + 40 * i, 40, 40 + 40 * i, 520), fill=(90, 90, 90), width=2)
        pen.line((40, 40 + 40 * i, 520, 40 + 40 * i), fill=(90, 90, 90), width=2)
    screen.paste(Image.open(io.BytesIO(pic.data)), (800, 100))
    level = read_image_bytes(_png(screen))
    assert canon(level.grid) == canon(pic.regions)


def test_jpeg_blocks_are_not_a_grid() -> None:
    # this picture once read as a 9x9 "board" of JPEG's 8-pixel blocks inside one big region
    pic = board_picture(12, seed=36, scale=0.5, jpeg=True, gaps=True)
    level = read_image_bytes(pic.data)
    assert canon(level.grid) == canon(pic.regions)


def test_colours_are_the_pictures() -> None:
    pic = board_picture(8, seed=3)
    level = read_image_bytes(pic.data)
    for label, cells in zip(level.labels, level.region_cells, strict=True):
        r, c = cells[0]
        want = PALETTE[pic.regions[r][c]]
        got = level.colors[label]
        assert max(abs(int(want[i : i + 2], 16) - int(got[i : i + 2], 16)) for i in (1, 3, 5)) <= 3


def read_image_bytes(data: bytes) -> object:
    return _read.read_picture(data).level


# -- each step ----------------------------------------------------------------------------


def test_grid_finds_n_and_the_cell_lines_inside_a_screen() -> None:
    pic = board_picture(11, seed=5, screen=True, queens=4)
    _rgb, gray = _gray(pic.data)
    grid = _read._find(gray)[0]
    assert grid.n == 11
    steps = np.diff(grid.xs)
    # inner lines exactly 48 apart; the outer ones sit in the thick frame
    assert np.ptp(steps[1:-1]) <= 1 and abs(steps[1:-1].mean() - 48) <= 1
    assert abs(steps[0] - 48) <= 4 and abs(steps[-1] - 48) <= 4
    assert np.ptp(np.diff(grid.ys)[1:-1]) <= 1


def test_tophat_marks_thin_dark_lines_not_steps() -> None:
    gray = np.full((40, 10), 200.0, dtype=np.float32)
    gray[20:, :] = 120.0  # a step between two cell colours
    gray[10, :] = 30.0  # a thin dark line
    resp = _grid.tophat(gray, 4, axis=0)
    assert resp[10].min() >= 150
    assert resp[18:23].max() == 0


def test_border_widths_split_thin_from_thick_and_match_the_regions() -> None:
    regions = random_regions(9, random.Random(4))
    for scale in (1.0, 0.25):
        pic = board_picture(9, regions=regions, scale=scale, jpeg=scale < 1)
        _rgb, gray = _gray(pic.data)
        grid = _read._find(gray)[0]
        right, below = _regions.border_strength(gray, grid)
        thick = _regions.thick_edges(right, below)
        assert thick is not None
        want_right = np.array([[row[c] != row[c + 1] for c in range(8)] for row in regions])
        want_below = np.array(
            [[regions[r][c] != regions[r + 1][c] for c in range(9)] for r in range(8)]
        )
        assert (thick[0] == want_right).all() and (thick[1] == want_below).all()


def test_cell_colours_ignore_queens_and_crosses() -> None:
    regions = random_regions(7, random.Random(1))
    every = [(r, c) for r in range(7) for c in range(7)]
    im = draw_board(regions, 60, queens=every[::2], crosses=every[1::2])
    buf = io.BytesIO()
    im.save(buf, format="PNG")
    rgb, gray = _gray(buf.getvalue())
    grid = _read._find(gray)[0]
    assert grid.n == 7
    colors = _regions.cell_colors(rgb, gray, grid)
    for r in range(7):
        for c in range(7):
            want = PALETTE[regions[r][c]]
            rgb_want = [int(want[i : i + 2], 16) for i in (1, 3, 5)]
            assert np.abs(colors[r, c] - rgb_want).max() <= 3


@pytest.mark.parametrize("ink", [(0, 0, 0), (240, 190, 30), (255, 255, 255)])
def test_big_crowns_on_half_the_cells(ink: tuple[int, int, int]) -> None:
    # crowns 76 % of a cell wide, black, gold or white, on every other cell
    n, cell = 8, 48
    regions = random_regions(n, random.Random(8))
    im = draw_board(regions, cell)
    pen = ImageDraw.Draw(im)
    frame = max(3, cell // 14) + 2
    for r in range(n):
        for c in range(n):
            if (r + c) % 2 == 0:
                cx, cy, s = frame + (c + 0.5) * cell, frame + (r + 0.5) * cell, 0.38 * cell
                pts = [(-1, 0.7), (-1, -0.5), (-0.5, 0), (0, -0.8), (0.5, 0), (1, -0.5), (1, 0.7)]
                pen.polygon([(cx + x * s, cy + y * s) for x, y in pts], fill=ink)
    level = read_image_bytes(_png(im))
    assert canon(level.grid) == canon(regions)


def test_two_areas_of_one_colour_are_two_regions_when_the_borders_say_so() -> None:
    n = 6
    regions = [[0, 0, 0, 1, 1, 1]] * 3 + [[2, 2, 3, 3, 4, 5]] * 3
    # regions 0 and 1 share a colour; so do 3 and 5 (not neighbours)
    colors = ("#96beff", "#96beff", "#ffc992", "#b3dfa0", "#dfdfdf", "#b3dfa0")
    pic = board_picture(n, regions=regions, colors=colors)
    level = read_image_bytes(pic.data)
    assert canon(level.grid) == canon(regions)


def test_close_colours_without_borders_fail_instead_of_guessing() -> None:
    n = 6
    regions = [[0, 0, 0, 1, 1, 1]] * 3 + [[2, 2, 3, 3, 4, 5]] * 3
    colors = ("#96beff", "#98bdfd", "#ffc992", "#b3dfa0", "#dfdfdf", "#ff7b60")
    pic = board_picture(n, regions=regions, colors=colors, borders=False)
    with pytest.raises(LevelError, match=r"cannot read a Queens board: .*too close"):
        _read.read_picture(pic.data)


def test_borders_that_contradict_the_colours_fail_instead_of_guessing() -> None:
    columns = [list(range(6)) for _ in range(6)]
    moved = [row[:] for row in columns]
    moved[0][0] = 1  # the borders put the top-left cell with the second column
    im = draw_board(columns, 50, outline=moved)
    with pytest.raises(LevelError, match="the region borders and the colours disagree"):
        _read.read_picture(_png(im))


def test_borders_that_mark_no_colour_change_are_ignored() -> None:
    columns = [list(range(6)) for _ in range(6)]
    rows = [[r] * 6 for r in range(6)]  # every thick line crosses a region: not region borders
    level = _read.read_picture(_png(draw_board(columns, 50, outline=rows))).level
    assert canon(level.grid) == canon(columns)


def test_a_board_with_fewer_regions_than_rows_fails() -> None:
    regions = [[0, 0, 0, 1, 1, 1]] * 3 + [[2, 2, 3, 3, 4, 4]] * 3  # five regions on 6x6
    pic = board_picture(6, regions=regions)
    with pytest.raises(LevelError, match="cannot read a Queens board"):
        _read.read_picture(pic.data)


def test_an_unsolvable_board_reads_and_has_no_solution() -> None:
    rng = random.Random(0)
    while True:
        regions = random_regions(6, rng)
        colors = tuple(PALETTE[:6])
        pic = board_picture(6, regions=regions, colors=colors)
        level = read_image_bytes(pic.data)
        if not list(search.solutions(level)):
            break
    assert canon(level.grid) == canon(regions)


# -- failures: one clean line ----------------------------------------------------------------


def _png(im: Image.Image) -> bytes:
    buf = io.BytesIO()
    im.save(buf, format="PNG")
    return buf.getvalue()


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (_png(Image.new("RGB", (400, 300), (250, 250, 250))), "no grid of N x N cells found"),
        (
            _png(Image.frombytes("RGB", (300, 300), random.Random(2).randbytes(300 * 300 * 3))),
            "no grid of N x N cells found",
        ),
        (_png(Image.new("RGB", (10, 10))), "the picture is too small"),
        (b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "not a picture Pillow can open"),
    ],
    ids=["blank", "noise", "tiny", "damaged"],
)
def test_pictures_without_a_board_give_one_line(tmp_path: Path, data: bytes, why: str) -> None:
    path = write(tmp_path, data, "shot.png")
    with pytest.raises(LevelError) as info:
        read_image(path)
    assert str(info.value).startswith(f"{path}: cannot read a Queens board: {why}")
    assert "\n" not in str(info.value)


def test_pictures_are_known_by_content_and_extension(tmp_path: Path) -> None:
    pic = board_picture(6, seed=1)
    odd = write(tmp_path, pic.data, "board.level")
    assert is_image(odd) and load(odd).size == 6
    assert is_image(tmp_path / "missing.webp")
    assert not is_image(write(tmp_path, b"AB\nBA\n", "x.txt"))
    im = _read.open_picture(pic.data)
    for fmt, kind in (("JPEG", "JPEG"), ("GIF", "GIF"), ("WEBP", "WEBP"), ("BMP", "BMP")):
        buf = io.BytesIO()
        im.save(buf, format=fmt)
        assert picture_kind(buf.getvalue()[:16]) == kind
        path = write(tmp_path, buf.getvalue(), f"board.{fmt.lower()}")
        assert canon(read_image(path).grid) == canon(pic.regions)
    assert picture_kind(b"BM is not a bitmap") is None


def test_sixteen_bit_grey_png_reads(tmp_path: Path) -> None:
    # no colours left: the borders alone give the regions
    pic = board_picture(8, seed=1)
    grey = np.asarray(Image.open(io.BytesIO(pic.data)).convert("L")).astype(np.uint16) * 257
    path = tmp_path / "grey16.png"
    Image.fromarray(grey).save(path)
    assert Image.open(path).mode.startswith("I")
    assert canon(read_image(path).grid) == canon(pic.regions)


def test_transparent_png_reads_on_white(tmp_path: Path) -> None:
    pic = board_picture(7, seed=8)
    im = Image.open(io.BytesIO(pic.data)).convert("RGBA")
    px = np.asarray(im).copy()
    px[:20, :, 3] = 0  # a transparent band at the top (outside the board)
    path = tmp_path / "alpha.png"
    Image.fromarray(px, "RGBA").save(path)
    assert canon(read_image(path).grid) == canon(pic.regions)


def test_reading_twice_uses_the_cache_and_notices_a_new_file(tmp_path: Path) -> None:
    a, b = board_picture(6, seed=1), board_picture(7, seed=2)
    path = write(tmp_path, a.data, "day.png")
    first = read(path)
    assert read(path) is first
    path.write_bytes(b.data)
    import os

    os.utime(path, ns=(1, 1))
    assert read(path).level.size == 7


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
def test_numpy_is_imported_for_pictures_without_blas_threads_or_a_trace() -> None:
    """A picture read pays for no OpenBLAS thread pool (no matrix is multiplied), and no
    process started afterwards inherits the setting that avoided it."""
    import subprocess
    import sys

    code = (
        "import os, sys\n"
        "from queens_tui.formats.image._read import import_numpy\n"
        "import_numpy()\n"
        "print('numpy' in sys.modules, 'OPENBLAS_NUM_THREADS' in os.environ,"
        " len(os.listdir('/proc/self/task')))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert out.stdout.split() == ["True", "False", "1"]


def test_the_readers_median_and_percentile_are_numpys() -> None:
    """`_stats.median` and `percentile` (cheaper, no `numpy.ma` import) give `np.median`'s
    and `np.percentile`'s values and types, on floats and bytes, whole and along an axis."""
    from queens_tui.formats.image._stats import median, percentile

    rng = np.random.default_rng(36)
    for dtype in (np.float32, np.float64, np.uint8):
        for _ in range(200):
            shape = tuple(int(x) for x in rng.integers(1, 9, size=int(rng.integers(1, 3))))
            a = (rng.random(shape) * 255).astype(dtype)
            for axis in (None, *range(a.ndim)):
                want, got = np.median(a, axis=axis), median(a, axis=axis)
                assert np.asarray(got).dtype == np.asarray(want).dtype
                assert np.array_equal(got, want)
            if dtype != np.uint8:
                for q in (0, 37.5, 60, 80, 90, 100):
                    want, got = np.percentile(a, q), percentile(a, q)
                    assert np.asarray(got).dtype == np.asarray(want).dtype
                    assert got == want


def test_only_rows_that_can_hold_a_long_line_are_closed_and_the_same_rows_are_found() -> None:
    """The grid finder closes gaps only on rows with marks enough for a long run: the rows
    found with a long run, and their closed pixels, are those of closing every row."""
    from queens_tui.formats.image._grid import _close_gaps, _long_rows, _rows_with_run

    rng = np.random.default_rng(36)
    for _ in range(500):
        shape = (int(rng.integers(1, 10)), int(rng.integers(1, 120)))
        mask = rng.random(shape) < rng.random() * rng.random()
        gap, length = int(rng.integers(0, 30)), int(rng.integers(1, 100))
        closed = _close_gaps(mask, gap)
        kept, good = _long_rows(mask, gap, length)
        assert np.array_equal(good, _rows_with_run(closed, length))
        assert np.array_equal(kept[good], closed[good])
