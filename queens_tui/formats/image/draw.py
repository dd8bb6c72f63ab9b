"""Drawing a solution onto a copy of the picture it was read from.

Each queen is a black disc in a white ring with a gold crown inside: black and
white together stand out on every cell colour, light or dark theme. The copy
keeps the picture's size, so it lines up with the original.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from queens_tui.formats.image import PuzzleReading

GOLD = (255, 196, 0)


def draw_queens(
    source: str | os.PathLike[str],
    reading: PuzzleReading,
    queens: Iterable[tuple[int, int]],
) -> bytes:
    """The PNG bytes of `source` with `queens` (row, column) drawn in their cells.

    Bytes, not a file: the caller replaces its file whole (a full disk must not leave
    half a picture where a good one was)."""
    im, pen = _canvas(source)
    for r, c in queens:
        x0, x1 = reading.xs[c], reading.xs[c + 1]
        y0, y1 = reading.ys[r], reading.ys[r + 1]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        size = min(x1 - x0, y1 - y0)
        outer, inner = 0.36 * size, 0.29 * size
        _disc(pen, cx, cy, outer, (255, 255, 255))
        _disc(pen, cx, cy, inner, (0, 0, 0))
        pen.polygon(_crown(cx, cy, 0.19 * size), fill=GOLD)
    return _png(im)


def _png(im: Any) -> bytes:
    """`im` as PNG bytes: the caller replaces its file whole (never half a picture)."""
    buffer = io.BytesIO()
    im.save(buffer, format="PNG")
    return buffer.getvalue()


def _canvas(source: str | os.PathLike[str]) -> tuple[Any, Any]:
    """A copy of the picture `source` and a pen on it (Pillow imported only here: lazy)."""
    from PIL import ImageDraw

    from queens_tui.formats.image._read import open_picture

    im = open_picture(source)
    return im, ImageDraw.Draw(im)


def _pitch(xs: tuple[float, ...]) -> float:
    """The mean cell width of the grid lines `xs`."""
    return (xs[-1] - xs[0]) / max(1, len(xs) - 1)


def _middle(xs: tuple[float, ...], ys: tuple[float, ...], r: int, c: int) -> tuple[float, float]:
    """The middle of cell (`r`, `c`) between the grid lines `xs` and `ys`."""
    return (xs[c] + xs[c + 1]) / 2, (ys[r] + ys[r + 1]) / 2


def _disc(pen: Any, cx: float, cy: float, radius: float, fill: Any) -> None:
    """A filled disc of `radius` centred on (cx, cy)."""
    pen.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill)


def _crown(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """A five-point crown centred on (cx, cy), `s` from centre to its side."""
    pts = [
        (-1.0, 0.7),
        (-1.0, -0.55),
        (-0.5, -0.05),
        (0.0, -0.8),
        (0.5, -0.05),
        (1.0, -0.55),
        (1.0, 0.7),
    ]
    return [(cx + x * s, cy + y * s) for x, y in pts]


SUN_FILL = (247, 178, 52)
MOON_FILL = (70, 120, 230)
PATH_FILL = (236, 110, 40)


def draw_tango(
    source: str | os.PathLike[str],
    xs: tuple[float, ...],
    ys: tuple[float, ...],
    grid: Iterable[Iterable[int]],
) -> bytes:
    """The PNG bytes of `source` with a solved Tango `grid` (1 sun, 0 moon) drawn in its
    cells. A sun is an orange disc, a moon a blue crescent, each in a white ring so it
    shows on light and dark themes."""
    im, pen = _canvas(source)
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            cx, cy = _middle(xs, ys, r, c)
            size = min(xs[c + 1] - xs[c], ys[r + 1] - ys[r])
            ring, disc = 0.3 * size, 0.25 * size
            _disc(pen, cx, cy, ring, (255, 255, 255))
            fill = SUN_FILL if v == 1 else MOON_FILL
            _disc(pen, cx, cy, disc, fill)
            if v != 1:  # the crescent: a white disc bites the blue one
                bite = 0.2 * size
                bx, by = cx + 0.12 * size, cy - 0.08 * size
                _disc(pen, bx, by, bite, (255, 255, 255))
    return _png(im)


def draw_path(
    source: str | os.PathLike[str],
    xs: tuple[float, ...],
    ys: tuple[float, ...],
    path: Iterable[tuple[int, int]],
    lean: tuple[float, float] = (0.0, 0.0),
) -> bytes:
    """The PNG bytes of `source` with a Zip `path` (cells from 1 to the end) drawn through
    the cell centres: a thick orange line over a white one, under the dots' middles. `lean`
    (shear, y0): the picture leans, a point (x, y) of the cells is at (x + shear (y - y0), y)
    (drawn upright, the path left the leaning board's cells)."""
    im, pen = _canvas(source)
    cells = list(path)
    shear, y0 = lean
    points = [(x + shear * (y - y0), y) for x, y in (_middle(xs, ys, r, c) for r, c in cells)]
    size = _pitch(xs)
    if len(points) >= 2:
        pen.line(points, fill=(255, 255, 255), width=max(3, round(0.34 * size)), joint="curve")
        pen.line(points, fill=PATH_FILL, width=max(2, round(0.26 * size)), joint="curve")
    return _png(im)


INK_FILL = (26, 115, 232)
"""The solution's digits: a blue no LinkedIn theme writes its own digits in."""


def draw_digits(
    source: str | os.PathLike[str],
    xs: tuple[float, ...],
    ys: tuple[float, ...],
    cells: dict[tuple[int, int], int],
) -> bytes:
    """The PNG bytes of `source` with each digit of `cells` ((row, column) -> digit) written
    in the middle of its cell, in blue on a white disc (seen on light and dark themes)."""
    from PIL import ImageFont

    im, pen = _canvas(source)
    size = _pitch(xs)
    font = ImageFont.load_default(max(8, round(0.5 * size)))
    for (r, c), digit in cells.items():
        cx, cy = _middle(xs, ys, r, c)
        ring = 0.34 * size
        _disc(pen, cx, cy, ring, (255, 255, 255))
        pen.text((cx, cy), str(digit), fill=INK_FILL, font=font, anchor="mm")
    return _png(im)


PATCH_LINE = (200, 30, 90)


def draw_rects(
    source: str | os.PathLike[str],
    xs: tuple[float, ...],
    ys: tuple[float, ...],
    rects: Iterable[tuple[int, int, int, int]],
) -> bytes:
    """The PNG bytes of `source` with each rectangle (top, left, bottom, right: cells,
    inclusive) outlined a little inside its cells, white under a dark magenta line."""
    im, pen = _canvas(source)
    size = _pitch(xs)
    inset, width = 0.08 * size, max(2, round(0.06 * size))
    for top, left, bottom, right in rects:
        box = (xs[left] + inset, ys[top] + inset, xs[right + 1] - inset, ys[bottom + 1] - inset)
        pen.rectangle(box, outline=(255, 255, 255), width=width + 2)
        pen.rectangle(box, outline=PATCH_LINE, width=width)
    return _png(im)
