"""Reading a Patches board from a located picture: each clue's shape and number.

A clue is a saturated icon in the middle of its cell, unlike the cell's own
surface (white, or a pale tint of the icon's colour; on a solved picture the
patch's pastel fill): a filled rounded rectangle, square, tall or wide after
its box, or for a free clue the outlines of a square, a tall and a wide
rectangle laid over each other, whose box's corners stay empty. Its number,
when given, is written on it in white: the light ink inside the icon, cut
into digits and compared with the digits Pillow's font draws (`_glyphs`).
The little size badges a solved picture draws in the middle of each patch are
outlines on the patch's own colour, thin: not icons.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from queens_tui.core.errors import LevelError
from queens_tui.formats.image._stats import median, percentile
from queens_tui.kinds.patches.level import FREE, SQUARE, TALL, WIDE, Clue, Level

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from queens_tui.formats.image import PuzzleReading
    from queens_tui.formats.image._board import Board

MIN_CELL = 48
"""Narrower cells are refused: on synthetic boards of 31-44 pixel cells a free clue's pale
outlines and a one-digit size were lost (read as a square, or as no size) where wider cells
read right; LinkedIn's phone and desktop screenshots have cells of 60 to 180 pixels."""

CELL_PIXELS = 64
"""A cell is read at this many pixels a side."""

UNLIKE = 60.0
"""An icon's pixel differs from its cell's surface by this much in some channel."""

LOOSE = 0.3
"""A free clue's see-through outlines differ from the surface by this share of what its
solid middle does (measured on real pictures, about 35 grey levels: the corners of a filled
icon's box then 0.76-0.94 full, a free icon's empty)."""

ASPECT = 1.25
"""An icon this much taller than wide is a tall clue (wider: wide); between: square."""

MARGIN = 0.05
"""How much better a digit's best match must be than its second: closer is refused."""


MAX_DOUBTS = 4
"""Clues whose size may be read two ways that the rules are asked to settle (16 levels
solved at most); more is refused."""


class Unsure(Exception):
    """A clue whose shape or number cannot be told."""


def read_board(board: Board, name: str | None) -> Level:
    """The Patches level in `board` (`Unsure` when a clue cannot be read).

    A size whose digit is a near tie between two readings keeps both; the board decides:
    of the levels the readings make, the one with exactly one solution (a LinkedIn board
    has one) is the board's. None or several: refused."""
    from itertools import product

    from queens_tui.kinds import get_kind

    n = board.n
    if board.cell < MIN_CELL:
        raise Unsure(
            f"the cells are {board.cell:.0f} pixels wide: too small to tell a clue's shape "
            f"and number apart (at least {MIN_CELL} are needed)"
        )
    readings: list[list[Clue]] = []
    for r in range(n):
        for c in range(n):
            found = _clue(board, r, c)
            if found is not None:
                readings.append(found)
    if not readings:
        raise Unsure("no clue in the cells")
    doubtful = [i for i, options in enumerate(readings) if len(options) > 1]
    if len(doubtful) > MAX_DOUBTS:
        r, c = readings[doubtful[0]][0].cell
        raise Unsure(f"the sizes on {len(doubtful)} clues (r{r + 1}c{c + 1}, ...) are unclear")
    fits = []
    for choice in product(*readings):
        try:
            level = Level(n, n, tuple(choice), source=name)
        except LevelError:
            continue  # a size no rectangle of that shape has
        if len(get_kind("patches").solutions(level, 2)) == 1:
            fits.append(level)
    if len(fits) == 1:
        return fits[0]
    if doubtful:
        options = readings[doubtful[0]]
        r, c = options[0].cell
        sizes = " or ".join(str(clue.size) for clue in options)
        raise Unsure(f"the size on r{r + 1}c{c + 1} could be {sizes}")
    raise Unsure(
        f"the {len(readings)} clues read give no single solution: a clue's shape or size "
        "is not what it looks like"
    )


def draw(
    source: str | os.PathLike[str],
    reading: PuzzleReading,
    solution: Iterable[tuple[int, int, int, int]],
) -> bytes:
    """The PNG bytes of `source` with each patch of the solution outlined."""
    from queens_tui.formats.image.draw import draw_rects

    return draw_rects(source, reading.xs, reading.ys, solution)


def _clue(board: Board, r: int, c: int) -> list[Clue] | None:
    """The clue in cell (r, c), or None: one reading, or two when its size is a near tie."""
    import numpy as np
    from PIL import Image

    from queens_tui.formats.image._board import rim_colour
    from queens_tui.formats.image._glyphs import blob

    rows, cols = board.box(r + 0.5, c + 0.5, 0.42)
    patch = board.rgb[rows, cols]
    if patch.shape[0] < 8 or patch.shape[1] < 8:
        return None
    small = np.asarray(
        Image.fromarray(np.clip(patch, 0, 255).astype(np.uint8)).resize(
            (CELL_PIXELS, CELL_PIXELS), Image.Resampling.BOX
        ),
        dtype=np.float32,
    )
    rim = rim_colour(board, r, c, corners=True)
    sat = small.max(axis=-1) - small.min(axis=-1)
    icon = (np.abs(small - rim).max(axis=-1) > UNLIKE) & (sat > 40)
    found = blob(icon, round(0.2 * CELL_PIXELS))
    if found is None or np.count_nonzero(found) < 0.04 * found.size:
        return None
    ys, xs = np.flatnonzero(found.any(axis=1)), np.flatnonzero(found.any(axis=0))
    if min(ys[-1] - ys[0], xs[-1] - xs[0]) + 1 < 0.2 * CELL_PIXELS:
        return None  # a thin stroke (a size badge's outline, a border): not an icon
    box = found[ys[0] : ys[-1] + 1, xs[0] : xs[-1] + 1]
    inside = small[ys[0] : ys[-1] + 1, xs[0] : xs[-1] + 1]
    h, w = box.shape  # the icon's colour where its number is: around its middle
    middle = np.zeros_like(box)
    middle[round(0.3 * h) : round(0.7 * h) + 1, round(0.3 * w) : round(0.7 * w) + 1] = True
    colour = median(inside[box & middle] if np.any(box & middle) else inside[box], axis=0)
    gray = inside @ np.array([0.299, 0.587, 0.114], dtype=np.float32)
    icon_gray = float(colour @ np.array([0.299, 0.587, 0.114]))
    within = _enclosed(box)
    top = float(gray[within].max()) if np.any(within) else icon_gray
    # the number's white: halfway from the icon to the lightest pixel on it, and clearly so;
    # whiter than the icon or, on a cell darker than its icon (the dark theme), light in
    # every channel: a JPEG smears the icon's colour into its white digits there (their
    # saturation passed half the icon's, and sizes were misread). On the light theme the
    # cell's own pale tint is light in every channel: not there.
    halfway = (icon_gray + top) / 2
    whiter = inside.max(axis=-1) - inside.min(axis=-1) < 0.5 * float(colour.max() - colour.min())
    if float(rim @ np.array([0.299, 0.587, 0.114])) < icon_gray:
        whiter |= inside.min(axis=-1) > halfway
    light = (gray > halfway) & within & whiter & (top - icon_gray > 40)
    # the shape from the icon with its paler parts (a free clue's see-through outlines)
    unlike = np.abs(small - rim).max(axis=-1)
    strong = float(percentile(unlike[found], 90))
    loose = blob((unlike > LOOSE * strong) & (sat > 25), round(0.2 * CELL_PIXELS))
    outline = found if loose is None else loose | found
    ys, xs = np.flatnonzero(outline.any(axis=1)), np.flatnonzero(outline.any(axis=0))
    shape = _shape(outline[ys[0] : ys[-1] + 1, xs[0] : xs[-1] + 1])
    return [Clue(r, c, shape, size) for size in _numbers(light, r, c)]


def _enclosed(box: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """Pixels with the icon on both sides of them across and down (its number's white, not
    the cell's surface around a free icon's arms)."""
    import numpy as np

    across = (
        np.maximum.accumulate(box, axis=1) & np.maximum.accumulate(box[:, ::-1], axis=1)[:, ::-1]
    )
    down = np.maximum.accumulate(box, axis=0) & np.maximum.accumulate(box[::-1], axis=0)[::-1]
    out: npt.NDArray[np.bool_] = across & down
    return out


def _shape(box: npt.NDArray[np.bool_]) -> str:
    """The clue's shape from its icon (cropped to its box): a filled rectangle is square,
    tall or wide by its sides; outlines crossing (a plus, its box's corners empty) free."""
    import numpy as np

    h, w = box.shape
    dy, dx = max(1, round(0.15 * h)), max(1, round(0.15 * w))
    corners = (box[:dy, :dx], box[:dy, w - dx :], box[h - dy :, :dx], box[h - dy :, w - dx :])
    if not all(np.count_nonzero(k) >= 0.4 * k.size for k in corners):
        return FREE
    if h >= ASPECT * w:
        return TALL
    if w >= ASPECT * h:
        return WIDE
    return SQUARE


def _numbers(light: npt.NDArray[np.bool_], r: int, c: int) -> list[int | None]:
    """The number written on the icon (light ink inside it): one reading, two when a digit
    is a near tie; [None] when there is none."""
    import numpy as np

    from queens_tui.formats.image._glyphs import digit_costs, scale
    from queens_tui.formats.image._grid import true_runs

    if np.count_nonzero(light) < 0.005 * light.size:
        return [None]
    parts = []
    for start, end in true_runs(light.any(axis=0)):
        part = light[:, start:end]
        rows = np.flatnonzero(part.any(axis=1))
        if len(rows) < 0.15 * light.shape[0]:
            continue  # a speck, a highlight
        parts.append(part[rows[0] : rows[-1] + 1])
    if not parts:  # ink on the icon that is no digit: refused, never read as no number
        raise Unsure(f"the mark on the clue at r{r + 1}c{c + 1} is not a number")
    if len(parts) > 2:
        raise Unsure(f"the number on r{r + 1}c{c + 1} has {len(parts)} digits")
    texts = [""]
    for i, part in enumerate(parts):
        costs = digit_costs(scale(part.astype(np.float32)))
        # a size is 1 to 64 cells: no leading 0, a first of two digits at most 6
        allowed = range(1, 10) if len(parts) == 1 else range(1, 7) if i == 0 else range(10)
        order = sorted(allowed, key=lambda d: costs[d])
        near = [d for d in order[:2] if costs[d] - costs[order[0]] < MARGIN]
        texts = [text + str(d) for text in texts for d in near]
    return [int(text) for text in texts]
