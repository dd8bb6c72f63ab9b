"""Drawing a solution onto a copy of the picture it was read from.

Each queen is a black disc in a white ring with a gold crown inside: black and
white together stand out on every cell colour, light or dark theme. The copy
keeps the picture's size, so it lines up with the original.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from queens_tui.formats.image._read import Reading

GOLD = (255, 196, 0)


def draw_queens(
    source: str | os.PathLike[str],
    reading: Reading,
    queens: Iterable[tuple[int, int]],
    out: str | os.PathLike[str],
) -> None:
    """Write `source` with `queens` (row, column) drawn in their cells to `out` (PNG).

    Raises `OSError` when `out` cannot be written.
    """
    from PIL import ImageDraw

    from queens_tui.formats.image._read import open_picture

    im = open_picture(source)
    pen = ImageDraw.Draw(im)
    for r, c in queens:
        x0, x1 = reading.xs[c], reading.xs[c + 1]
        y0, y1 = reading.ys[r], reading.ys[r + 1]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        size = min(x1 - x0, y1 - y0)
        outer, inner = 0.36 * size, 0.29 * size
        pen.ellipse((cx - outer, cy - outer, cx + outer, cy + outer), fill=(255, 255, 255))
        pen.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=(0, 0, 0))
        pen.polygon(_crown(cx, cy, 0.19 * size), fill=GOLD)
    im.save(out, format="PNG")


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
