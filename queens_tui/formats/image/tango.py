"""Reading a Tango board from a located picture: suns, moons, `=` and `×` signs.

A cell holds a sun when the middle of it is orange enough, a moon when it is
blue enough (light and dark themes draw both in saturated colours; the grid
and the cells are grey). A sign sits on the middle of the boundary between
two neighbours: the ink there is what differs from both cells and from the
line itself. An `=` is two bars, so its middle (the gap between them) is
empty; a `×` crosses in its middle and its ink lies along the diagonals.

A solved picture shows every cell filled: it is read as it is (a full grid,
the givens being what the picture shows); its solution is the same.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from queens_tui.formats.image._stats import median
from queens_tui.kinds.tango.level import MOON, SUN, Level

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from queens_tui.formats.image import PuzzleReading
    from queens_tui.formats.image._board import Board

SYMBOL_SHARE = 0.12
"""Share of a cell's middle in one symbol's colour that makes it that symbol."""

SIGN_HALF = 0.17
"""Half-side of the square read around a boundary's middle, in cells (a sign is ~0.1-0.2
cells wide and may sit a little off the middle found)."""

SEED_HALF = 0.08
"""A sign's ink comes within this many cells of the boundary's middle."""


class Unsure(Exception):
    """A cell or sign that looks like neither what it should nor nothing at all."""


def read_board(board: Board, name: str | None) -> Level:
    """The Tango level in `board` (`Unsure` when a cell or a sign cannot be told)."""
    from queens_tui.formats.image._board import symbol_shares

    n = board.n
    if n % 2:
        raise Unsure(f"a {n}x{n} grid: Tango boards have an even size")
    givens: list[tuple[int | None, ...]] = []
    for r in range(n):
        row: list[int | None] = []
        for c in range(n):
            sun, moon = symbol_shares(board, r, c)
            if max(sun, moon) < SYMBOL_SHARE:
                row.append(None)
            elif sun > 2 * moon:
                row.append(SUN)
            elif moon > 2 * sun:
                row.append(MOON)
            else:
                raise Unsure(f"cell r{r + 1}c{c + 1} looks like both a sun and a moon")
        givens.append(tuple(row))
    equal, opposite = [], []
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                if r2 >= n or c2 >= n:
                    continue
                sign = _sign(board, r, c, dr, dc)
                if sign == "=":
                    equal.append(((r, c), (r2, c2)))
                elif sign == "x":
                    opposite.append(((r, c), (r2, c2)))
    return Level(tuple(givens), tuple(equal), tuple(opposite), source=name)


def draw(
    source: str | os.PathLike[str],
    reading: PuzzleReading,
    solution: Iterable[Iterable[int]],
) -> bytes:
    """The PNG bytes of `source` with the solved grid (1 sun, 0 moon) drawn in its cells."""
    from queens_tui.formats.image.draw import draw_tango

    return draw_tango(source, reading.xs, reading.ys, solution)


def _sign(board: Board, r: int, c: int, dr: int, dc: int) -> str | None:
    """ "=", "x" or None: the sign on the boundary between (r, c) and (r + dr, c + dc)."""
    import numpy as np

    from queens_tui.formats.image._board import background
    from queens_tui.formats.image._glyphs import blob

    # the boundary's middle, in cell units
    cy = r + 0.5 + 0.5 * dr
    cx = c + 0.5 + 0.5 * dc
    rows, cols = board.box(cy, cx, SIGN_HALF)
    g = board.gray[rows, cols]
    if g.size < 9:
        return None
    bg_a = background(board, r, c)
    bg_b = background(board, r + dr, c + dc)
    h, w = g.shape
    line = _line_value(board, cy, cx, dc == 1, (bg_a + bg_b) / 2)
    neutral = board.sat[rows, cols] < 70
    diff = np.minimum(np.minimum(np.abs(g - bg_a), np.abs(g - bg_b)), np.abs(g - line))
    ink = blob((diff > 35) & neutral, max(3, round(SEED_HALF * board.cell)))
    if ink is None:
        return None
    count = int(np.count_nonzero(ink))
    ys, xs = np.nonzero(ink)
    span = max(float(ys.max() - ys.min()), float(xs.max() - xs.min()), 1.0)
    if count < 4 or span < 0.04 * board.cell:
        return None  # a speck: JPEG noise
    if ys.min() == 0 or xs.min() == 0 or ys.max() == h - 1 or xs.max() == w - 1:
        return None  # reaches out of the box: a symbol's halo or a stripe, not a sign
    my, mx = ys.mean(), xs.mean()
    dy, dx = ys - my, xs - mx
    diagonal = float(np.mean(np.abs(np.abs(dx) - np.abs(dy)) <= max(1.0, 0.18 * span)))
    if _two_bars(ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]):
        return "="
    tall, wide = float(ys.max() - ys.min() + 1), float(xs.max() - xs.min() + 1)
    quadrants = {(bool(y), bool(x)) for y, x in zip(dy > 0, dx > 0, strict=True)}
    if diagonal >= 0.45 and len(quadrants) == 4 and 0.5 <= tall / wide <= 2:
        return "x"  # (one bar of an "=" is diagonal enough, but flat)
    raise Unsure(
        f"the mark between r{r + 1}c{c + 1} and r{r + dr + 1}c{c + dc + 1} is neither = nor ×"
    )


def _line_value(board: Board, cy: float, cx: float, vertical: bool, bg: float) -> float:
    """The grey of the grid line through the boundary's middle (cy, cx), read beside the sign:
    the most contrasting row (column) of two strips along the line, away from its middle."""
    import numpy as np

    medians = []
    for along in (-0.3, 0.3):
        y, x = (cy + along, cx) if vertical else (cy, cx + along)
        rows, cols = board.box(y, x, SIGN_HALF)
        strip = board.gray[rows, cols]
        medians.append(median(strip, axis=0 if vertical else 1))
    if len(medians[0]) != len(medians[1]):
        medians[1] = medians[0]
    profile = np.minimum(*medians) if bg > 128 else np.maximum(*medians)
    return float(profile[int(np.argmax(np.abs(profile - bg)))])


def _two_bars(ink: npt.NDArray[np.bool_]) -> bool:
    """Is the ink (cropped to its box) two horizontal bars, one above the other, a gap between?"""
    import numpy as np

    counts = ink.sum(axis=1)
    top = counts.max()
    full = counts >= 0.5 * top
    bands = int(np.count_nonzero(np.diff(full.astype(np.int8)) == 1)) + int(full[0])
    if bands != 2:
        return False
    first, last = np.nonzero(full)[0][[0, -1]]
    between = counts[first : last + 1]
    return bool(between.min() <= 0.25 * top) and ink.shape[1] >= 0.6 * ink.shape[0]
