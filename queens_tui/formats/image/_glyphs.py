"""Digits in pictures: glyphs cut from a cell, compared with digits drawn by Pillow's font.

No OCR library: each glyph (its ink cropped to its box) is scaled to `GLYPH` and compared
with the digits 0-9 that Pillow's own font draws, regular and bold (so the reader needs no
font file), by mean absolute difference. The kinds' readers turn these costs into numbers
with what they know of the board (Zip's 1..K each once, a Sudoku's rules).

numpy and Pillow, imported inside functions, only when a picture is read.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Glyph = npt.NDArray[np.float32]
    Mask = npt.NDArray[np.bool_]

GLYPH = (14, 10)
"""Rows and columns every digit is scaled to before comparing."""


def scale(glyph: Glyph) -> Glyph:
    """`glyph` resized to `GLYPH` (rows, columns) by area averaging."""
    import numpy as np
    from PIL import Image

    im = Image.fromarray((glyph * 255).astype(np.uint8))
    small = np.asarray(im.resize(GLYPH[::-1], Image.Resampling.BOX), dtype=np.float32)
    out: Glyph = small / np.float32(255)
    return out


@cache
def templates() -> tuple[tuple[Glyph, ...], ...]:
    """Per digit 0..9, that digit drawn by Pillow's built-in font, regular and bold."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.load_default(48)
    out = []
    for d in range(10):
        shapes = []
        for stroke in (0, 2, 4):
            im = Image.new("L", (80, 80), 0)
            ImageDraw.Draw(im).text(
                (10, 5), str(d), fill=255, font=font, stroke_width=stroke, stroke_fill=255
            )
            a = np.asarray(im, dtype=np.float32) / 255 > 0.5
            ys, xs = np.flatnonzero(a.any(axis=1)), np.flatnonzero(a.any(axis=0))
            shapes.append(scale(a[ys[0] : ys[-1] + 1, xs[0] : xs[-1] + 1].astype(np.float32)))
        out.append(tuple(shapes))
    return tuple(out)


def digit_costs(glyph: Glyph) -> list[float]:
    """Per digit 0..9: how unlike `glyph` it is (mean absolute difference, best drawing)."""
    import numpy as np

    return [min(float(np.abs(glyph - t).mean()) for t in shapes) for shapes in templates()]


def blob(mask: Mask, seed: int) -> Mask | None:
    """The pixels of `mask` connected (8-neighbours) to those within `seed` of its middle,
    or None when none is that near."""
    import numpy as np

    h, w = mask.shape
    cy, cx = h // 2, w // 2
    out = np.zeros_like(mask)
    todo = [
        (y, x)
        for y in range(max(0, cy - seed), min(h, cy + seed + 1))
        for x in range(max(0, cx - seed), min(w, cx + seed + 1))
        if mask[y, x]
    ]
    if not todo:
        return None
    for y, x in todo:
        out[y, x] = True
    while todo:
        y, x = todo.pop()
        for ny in (y - 1, y, y + 1):
            for nx in (x - 1, x, x + 1):
                if 0 <= ny < h and 0 <= nx < w and mask[ny, nx] and not out[ny, nx]:
                    out[ny, nx] = True
                    todo.append((ny, nx))
    return out
