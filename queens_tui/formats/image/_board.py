"""A board of any kind but Queens located in a picture, and what its cells look like.

`locate` opens the picture, looks for the lattice in a reduced copy (the
longer side at most `FIND_SIDE` pixels: the lattice search is the slow
part) and crops the full-resolution picture to the board, so signs, digits
and walls are read at the picture's own resolution. `guess_kind` says which
puzzle the cells look like, from what sets the kinds apart: Tango's suns
(orange) and moons (blue) on neutral cells, Zip's dark discs, a Mini
Sudoku's digits, Patches' clue shapes (a pastel square, bar or hatched box,
often with a number in it) on a board of plain cells.

Pillow and numpy are imported inside functions, only when a picture is read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from queens_tui.core.errors import LevelError
from queens_tui.formats.image._stats import median
from queens_tui.kinds import KINDS, get_kind

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Arr = npt.NDArray[np.float32]

FIND_SIDE = 640
"""The lattice is looked for in a copy whose longer side is at most this many pixels."""

READ_CELL = 72
"""A board whose cells are at least twice this many pixels wide is read in a copy reduced by
a whole factor (cells of 72 to 143 pixels): digits, signs and walls need no more, and
every cell's reading costs in proportion to its pixels."""

SIZES = range(5, 11)
"""Board sizes looked for: Tango 6 (8 on bonus days), Zip 6 to 10."""


class PictureError(LevelError):
    """A picture that does not give a board of some kind: `cannot read a <Kind> board: why`."""

    def __init__(self, why: str, kind: str | None = None, path: str | None = None) -> None:
        what = (
            f"a {get_kind(kind).title} board"
            if kind is not None and kind in KINDS
            else "a puzzle board"
        )
        super().__init__(f"cannot read {what}: {why}", path=path)


@dataclass(frozen=True)
class Board:
    """The board's part of the picture (RGB and grey, full resolution) and its cells in it."""

    rgb: Arr
    gray: Arr
    n: int
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    offset: tuple[int, int]
    """Where the crop's top-left corner is in the picture (x, y)."""
    scale: int = 1
    """The crop is the picture reduced by this whole factor (cells wider than needed)."""
    lean: tuple[float, float] = (0.0, 0.0)
    """(shear, y0): the board's point (x, y), in picture pixels as `picture_xs` gives them,
    is at (x + shear (y - y0), y) in the picture (a solved Zip photographed leaning)."""

    @property
    def cell(self) -> float:
        return (self.xs[-1] - self.xs[0]) / self.n

    def box(self, r: float, c: float, half: float) -> tuple[slice, slice]:
        """Rows and columns of the square of half-side `half` cells centred on the point
        (r, c) in cell units (cell (r, c)'s centre is (r + 0.5, c + 0.5))."""
        p = self.cell
        y = _at(self.ys, r)
        x = _at(self.xs, c)
        h = max(1.0, half * p)
        h_img, w_img = self.gray.shape
        y0, y1 = max(0, round(y - h)), min(h_img, round(y + h) + 1)
        x0, x1 = max(0, round(x - h)), min(w_img, round(x + h) + 1)
        return slice(y0, max(y0 + 1, y1)), slice(x0, max(x0 + 1, x1))

    @cached_property
    def sat(self) -> Arr:
        """Each pixel's saturation (max - min of its RGB), worked out once: the kinds' tests
        of colour read it cell by cell (a reduction over the 3 channels of every small
        box cost a third of telling a board's kind)."""
        return saturation(self.rgb)

    def picture_xs(self) -> tuple[float, ...]:
        return tuple((x + 0.5) * self.scale - 0.5 + self.offset[0] for x in self.xs)

    def picture_ys(self) -> tuple[float, ...]:
        return tuple((y + 0.5) * self.scale - 0.5 + self.offset[1] for y in self.ys)


def _at(bounds: tuple[float, ...], t: float) -> float:
    """The pixel at `t` cells along boundaries `bounds` (between two, in proportion)."""
    i = min(max(int(t), 0), len(bounds) - 2)
    return bounds[i] + (t - i) * (bounds[i + 1] - bounds[i])


def locate(source: str | os.PathLike[str] | bytes, kind: str | None = None) -> Board:
    """The board in the picture, or `PictureError` (no path yet)."""
    try:
        import numpy as np
    except ImportError:
        raise PictureError("reading pictures needs numpy (pip install numpy)", kind) from None
    from queens_tui.formats.image._lattice import MIN_QUALITY, find_lattice
    from queens_tui.formats.image._read import BoardError, open_picture

    try:
        im = open_picture(source)
    except BoardError as err:
        raise PictureError(err.message.split(": ", 1)[-1], kind) from None
    full_w, full_h = im.size
    if min(full_w, full_h) < 40:
        raise PictureError(f"the picture is too small ({full_w}x{full_h} pixels)", kind)
    factor = max(1, -(-max(full_w, full_h) // FIND_SIDE))
    work = im.reduce(factor) if factor > 1 else im
    gray = _gray(np.asarray(work, dtype=np.float32))
    min_cell = max(8.0, min(gray.shape) / 16)
    found = find_lattice(gray, SIZES, min_cell)
    if found is None or found.quality < MIN_QUALITY:
        raise PictureError("no grid of N x N cells found", kind)
    xs = [(x + 0.5) * factor - 0.5 for x in found.xs]
    ys = [(y + 0.5) * factor - 0.5 for y in found.ys]
    board = _crop(im, xs, ys)
    reach = round(factor / board.scale)  # the lattice's pixel, in the board's
    if reach >= 1 and factor > 1:
        xs, ys = _refine(board.gray, list(board.xs), list(board.ys), reach)
        board = replace(board, xs=tuple(xs), ys=tuple(ys))
    return board


def locate_discs(source: str | os.PathLike[str] | bytes) -> Board | None:
    """A solved Zip board found by its dots and the path drawn through every cell (`_discs`),
    where no grid line shows; None when its dots and path make none. A picture that leans
    (taken while the page slid) is straightened first: the board's cells are upright."""
    from queens_tui.formats.image._discs import find_by_discs
    from queens_tui.formats.image._read import open_picture

    im = open_picture(source)
    found = find_by_discs(im)
    if found is None:
        return None
    xs, ys, shear, y0 = found
    return _crop(im, xs, ys, shear, y0)


def board_at(
    source: str | os.PathLike[str] | bytes, xs: tuple[float, ...], ys: tuple[float, ...]
) -> Board:
    """The board whose boundaries (picture pixels) another reader found."""
    from queens_tui.formats.image._read import open_picture

    return _crop(open_picture(source), list(xs), list(ys))


def _crop(im: Any, xs: list[float], ys: list[float], shear: float = 0.0, y0: float = 0.0) -> Board:
    """The board's part of picture `im` (a quarter cell of margin), boundaries made local.

    `shear`: the picture leans, a pixel (x, y) of the upright picture is at
    (x + shear (y - y0), y) in `im`; only the board's part is straightened (the whole
    picture took 50 ms)."""
    import numpy as np

    full_w, full_h = im.size
    n = len(xs) - 1
    pad = (xs[-1] - xs[0]) / n * 0.25
    left, top = max(0, int(xs[0] - pad)), max(0, int(ys[0] - pad))
    right, bottom = min(full_w, int(xs[-1] + pad) + 1), min(full_h, int(ys[-1] + pad) + 1)
    scale = max(1, int((xs[-1] - xs[0]) / n // READ_CELL))
    if shear:
        part = _straightened(im, (left, top, right, bottom), shear, y0, scale)
    else:
        part = im.crop((left, top, right, bottom))
        if scale > 1:  # cells of hundreds of pixels: read at a half or a third (4-9 times faster)
            part = part.reduce(scale)
    rgb = np.asarray(part, dtype=np.float32)
    return Board(
        rgb=rgb,
        gray=_gray(rgb),
        n=n,
        xs=tuple((x - left + 0.5) / scale - 0.5 for x in xs),
        ys=tuple((y - top + 0.5) / scale - 0.5 for y in ys),
        offset=(left, top),
        scale=scale,
        lean=(shear, y0),
    )


def _straightened(
    im: Any, box: tuple[int, int, int, int], shear: float, y0: float, scale: int
) -> Any:
    """The part `box` of the upright picture, reduced by `scale`, from picture `im` that leans
    (`_crop`'s `shear`): the leaning part is reduced first and straightened at the reduced
    size (a straightening at full size took 36 ms of a solved Zip picture's 0.1 s)."""
    import math

    from PIL import Image

    left, top, right, bottom = box
    ends = (shear * (top - y0), shear * (bottom - y0))
    x0 = max(0, math.floor(left + min(ends)) - scale)
    x1 = min(im.size[0], math.ceil(right + max(ends)) + scale)
    source = im.crop((x0, top, x1, bottom))
    if scale > 1:
        source = source.reduce(scale)
    # an output pixel's centre (u + 1/2, v + 1/2) is the upright point (left + (u + 1/2) s,
    # top + (v + 1/2) s), found in `im` at x + shear (y - y0): in the reduced source,
    # ((x - x0) / s, (y - top) / s)
    data = (1.0, shear, (left - x0 + shear * (top - y0)) / scale, 0.0, 1.0, 0.0)
    size = (-(-(right - left) // scale), -(-(bottom - top) // scale))
    return source.transform(size, Image.Transform.AFFINE, data, Image.Resampling.BILINEAR)


def _refine(gray: Arr, xs: list[float], ys: list[float], factor: int) -> tuple[list[float], ...]:
    """Boundaries found in a reduced copy, moved to the strongest
    boundary evidence within `factor` pixels in the full picture (where one is clearly there)."""
    import numpy as np

    from queens_tui.formats.image._lattice import boundary_masks

    hor, ver = boundary_masks(gray, max(3, round((xs[-1] - xs[0]) / len(xs) / 10)))
    y0, y1 = max(0, round(ys[0])), round(ys[-1])
    x0, x1 = max(0, round(xs[0])), round(xs[-1])
    out = []
    for positions, profile in ((xs, ver[y0:y1].mean(axis=0)), (ys, hor[:, x0:x1].mean(axis=1))):
        moved = []
        for j, pos in enumerate(positions):
            if j in (0, len(positions) - 1):
                moved.append(pos)  # the frame: may be cut off by a tight crop
                continue
            a, b = max(0, round(pos) - factor), min(len(profile), round(pos) + factor + 1)
            window = profile[a:b]
            if len(window) and window.max() > max(0.5, 3 * float(median(window))):
                moved.append(float(a + np.flatnonzero(window == window.max()).mean()))
            else:
                moved.append(pos)
        out.append(moved)
    return out[0], out[1]


def saturation(rgb: Arr) -> Arr:
    """max - min of each pixel's RGB (`rgb`: ... x 3), element-wise: the same as
    `rgb.max(axis=-1) - rgb.min(axis=-1)`, 5 times faster than numpy's reduction over an axis
    of 3."""
    import numpy as np

    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    out: Arr = np.maximum(np.maximum(r, g), b) - np.minimum(np.minimum(r, g), b)
    return out


def _gray(rgb: Arr) -> Arr:
    out: Arr = rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114
    return out


def symbol_shares(board: Board, r: int, c: int) -> tuple[float, float]:
    """Shares of the middle of cell (r, c) that are sun-orange and moon-blue."""
    import numpy as np

    rows, cols = board.box(r + 0.5, c + 0.5, 0.3)
    px = board.rgb[rows, cols].reshape(-1, 3)
    red, green, blue = px[:, 0], px[:, 1], px[:, 2]
    orange = (red > 170) & (red - blue > 90) & (green > 90) & (red >= green)
    moon = (blue - red > 45) & (blue > 130) & (blue >= green)
    total = max(1, len(px))
    return float(np.count_nonzero(orange)) / total, float(np.count_nonzero(moon)) / total


def ring_saturation(board: Board, r: int, c: int) -> float:
    """How coloured the cell's corners are (max - min of RGB, median): Queens cells are
    filled with colour, Tango and Zip cells are white, grey or near black. The corners,
    not the sides: a sun's halo on the dark theme reaches the middle of a cell's sides."""
    import numpy as np

    p = board.cell
    y0, x0 = board.ys[r], board.xs[c]
    parts = []
    for fy in (0.08, 0.78):
        for fx in (0.08, 0.78):
            ya, xa = round(y0 + fy * p), round(x0 + fx * p)
            parts.append(
                board.sat[
                    max(0, ya) : max(0, ya + round(0.14 * p)), max(0, xa) : xa + round(0.14 * p)
                ].reshape(-1)
            )
    px = np.concatenate(parts)
    if len(px) == 0:
        return 0.0
    return float(median(px))


def background(board: Board, r: int, c: int) -> float:
    """The grey level of cell (r, c)'s own surface: the median of its rim."""
    import numpy as np

    p = board.cell
    y0, x0 = board.ys[r], board.xs[c]
    parts = []
    for ya, yb, xa, xb in (
        (0.08, 0.16, 0.1, 0.9),
        (0.84, 0.92, 0.1, 0.9),
        (0.1, 0.9, 0.08, 0.16),
        (0.1, 0.9, 0.84, 0.92),
    ):
        part = board.gray[
            round(y0 + ya * p) : round(y0 + yb * p), round(x0 + xa * p) : round(x0 + xb * p)
        ]
        parts.append(part.reshape(-1))
    flat = np.concatenate(parts)
    return float(median(flat)) if len(flat) else 255.0


def disc_share(board: Board, r: int, c: int, bg: float) -> float:
    """Share of the middle of cell (r, c) far from the cell's surface: a Zip dot fills it."""
    import numpy as np

    rows, cols = board.box(r + 0.5, c + 0.5, 0.22)
    g = board.gray[rows, cols]
    neutral = board.sat[rows, cols] < 60
    return float(np.count_nonzero((np.abs(g - bg) > 100) & neutral)) / max(1, g.size)


TINT = 40.0
"""Saturation (max - min of RGB) of a pixel that is coloured, not grey: Patches' pastel
clue shapes are 50 and up; JPEG fringes around grey ink stay under it."""


SHAPE_CONTRAST = 40.0
"""A clue's shape differs from its cell's surface by at least this much in some channel (a
saturated icon on a pale tint or on white); a Queens cell is one colour to its rim."""


def patch_clue(board: Board, r: int, c: int) -> tuple[bool, bool]:
    """(is the middle of cell (r, c) tinted?, is the tint a Patches clue's shape?).

    A clue's shape is a rectangle (a square, a bar, a hatched box), perhaps with its size
    written on it: the tint fills the corners of its box, or (a hatched box, whose strokes
    leave corners half empty) nearly every row and column of the box has tint near both
    its ends. Tango's suns and moons are tinted too, but round: their boxes' corners are
    empty, and only the rows and columns through their middle reach the box's sides."""
    import numpy as np

    rows, cols = board.box(r + 0.5, c + 0.5, 0.4)
    rgb = board.rgb[rows, cols]
    tinted = board.sat[rows, cols] > TINT
    if np.count_nonzero(tinted) < 0.06 * tinted.size:
        return False, False
    # the shape's box: rows and columns with a fair share of tint (JPEG's colour bleeds a
    # pixel or two beyond a shape's edge, thinly)
    along, across = tinted.sum(axis=1), tinted.sum(axis=0)
    ys = np.flatnonzero(along >= 0.3 * along.max())
    xs = np.flatnonzero(across >= 0.3 * across.max())
    box = tinted[ys[0] : ys[-1] + 1, xs[0] : xs[-1] + 1]
    if min(box.shape) < 0.15 * board.cell:
        return True, False  # a thin stroke: a line, not a shape
    shape = median(rgb[ys[0] : ys[-1] + 1, xs[0] : xs[-1] + 1][box], axis=0)
    if float(np.abs(shape - rim_colour(board, r, c)).max()) < SHAPE_CONTRAST:
        return True, False  # the cell's own colour (a Queens region), not a shape on it
    return True, _square_corners(box) or (_spans(box) and _spans(box.T))


def rim_colour(board: Board, r: int, c: int, corners: bool = False) -> npt.NDArray[np.float32]:
    """The median RGB of cell (r, c)'s rim (its own surface, inside the lines); `corners`:
    of the rim's four corners only (a Patches free clue's pale arms reach the middle of
    every side: on the dark theme, where they are close to the cell's tint, they were half
    the rim and moved its colour towards the icon's, and the icon went unseen)."""
    import numpy as np

    p = board.cell
    y0, x0 = round(board.ys[r]), round(board.xs[c])
    a, b = round(0.08 * p), round(0.16 * p)
    e = round(p)
    if corners:
        k = round(0.25 * p)
        parts = [
            board.rgb[ya : ya + k - a, xa : xa + k - a]
            for ya in (y0 + a, y0 + e - k)
            for xa in (x0 + a, x0 + e - k)
        ]
    else:
        parts = [
            board.rgb[y0 + a : y0 + b, x0 + a : x0 + e - a],
            board.rgb[y0 + e - b : y0 + e - a, x0 + a : x0 + e - a],
            board.rgb[y0 + a : y0 + e - a, x0 + a : x0 + b],
            board.rgb[y0 + a : y0 + e - a, x0 + e - b : x0 + e - a],
        ]
    px = np.concatenate([part.reshape(-1, 3) for part in parts])
    out: npt.NDArray[np.float32] = (
        median(px, axis=0) if len(px) else np.full(3, 255.0, dtype=np.float32)
    )
    return out


def _square_corners(box: npt.NDArray[np.bool_]) -> bool:
    """Is a third or more of each corner (15 % of the side) of `box` tinted? A rectangle's
    corners are (rounded a little); a disc's or a crescent's box has empty corners."""
    import numpy as np

    h, w = box.shape
    dy, dx = max(1, round(0.15 * h)), max(1, round(0.15 * w))
    corners = (box[:dy, :dx], box[:dy, w - dx :], box[h - dy :, :dx], box[h - dy :, w - dx :])
    return all(np.count_nonzero(k) >= 0.33 * k.size for k in corners)


def _spans(box: npt.NDArray[np.bool_]) -> bool:
    """Do 80 % of the rows of `box` have tint within a tenth of its width of both sides?"""
    import numpy as np

    h, w = box.shape
    edge = max(1, round(0.1 * w))
    reach = box[:, :edge].any(axis=1) & box[:, w - edge :].any(axis=1)
    return bool(np.count_nonzero(reach) >= 0.8 * h)


UNLIKE_KIND: dict[str | None, frozenset[str]] = {
    None: frozenset({"disc", "clue", "symbol", "glyph"}),  # Queens (a region may be grey)
    "tango": frozenset({"colour", "disc", "clue", "glyph"}),
    "zip": frozenset({"colour", "glyph"}),  # (a solved Zip's path looks like clues, symbols)
    "sudoku": frozenset({"colour", "disc", "clue", "symbol"}),
    "patches": frozenset({"disc", "symbol", "glyph"}),  # (a solved board is filled in)
}
"""Per kind told (None: the fallback's plain coloured regions), the looks of a cell that
another kind's board has and its own never does."""


@dataclass(frozen=True)
class Look:
    """What a board's cells look like (`look`): the kind they say and how many agree."""

    kind: str | None
    """"tango" | "zip" | "sudoku" | "patches", or None (no other kind's marks: Queens)."""
    seen: str
    """The counts, in words: "a 6x6 grid, 12 cells with a sun or moon, ..."."""
    cells: tuple[frozenset[str], ...]
    """Each cell's looks: "colour", "disc", "clue", "symbol", "glyph" or "plain"."""

    def agreeing(self, kind: str | None) -> int:
        """How many cells show nothing that only another kind's board shows."""
        unlike = UNLIKE_KIND.get(kind, frozenset())
        return sum(1 for looks in self.cells if not looks & unlike)

    def confidence(self, kind: str | None) -> str:
        """ "36 of 36 cells look it (1.00)": the share of cells agreeing with `kind`."""
        agree, total = self.agreeing(kind), len(self.cells)
        return f"{agree} of {total} cells look it ({agree / max(1, total):.2f})"


def guess_kind(board: Board) -> tuple[str | None, str]:
    """("tango" | "zip" | "sudoku" | "patches" | None, what was seen), from the cells."""
    found = look(board)
    return found.kind, found.seen


def look(board: Board) -> Look:
    """Which kind the cells look like, what was seen, and each cell's looks (see `Look`)."""
    n = board.n
    symbols = discs = coloured = glyphs = tinted = clues = 0
    cells: list[frozenset[str]] = []
    for r in range(n):
        for c in range(n):
            bg = background(board, r, c)
            tint, clue = patch_clue(board, r, c)
            tinted += tint
            clues += clue
            here = {"clue"} if clue else set()
            if ring_saturation(board, r, c) > 45:
                coloured += 1
                cells.append(frozenset(here | {"colour"}))
                continue
            share = disc_share(board, r, c, bg)
            if share > 0.55:  # (before the tint: a solved Zip's path runs under its dots)
                discs += 1
                cells.append(frozenset(here | {"disc"}))
                continue
            if clue:
                cells.append(frozenset(here))
                continue
            sun, moon = symbol_shares(board, r, c)
            if max(sun, moon) > 0.12:
                symbols += 1
                here.add("symbol")
            elif share > 0.04:
                glyphs += 1
                here.add("glyph")
            cells.append(frozenset(here or {"plain"}))
    seen = (
        f"a {n}x{n} grid, {symbols} cells with a sun or moon, {discs} with a dark disc, "
        f"{glyphs} with a small mark, {clues} with a clue shape, {coloured} filled with colour"
    )
    return Look(_kind_of(n, symbols, discs, glyphs, clues, coloured), seen, tuple(cells))


def _kind_of(
    n: int, symbols: int, discs: int, glyphs: int, clues: int, coloured: int
) -> str | None:
    """The kind the counts of a board's cells say (None: no other kind's: Queens)."""
    if discs >= 2 and coloured <= n * n // 5:  # grey discs: Zip's dots (a solved Zip's
        return "zip"  # coloured path, under them, looks like clue icons, suns, moons)
    if n - 1 <= clues <= n * n // 2 and symbols < clues:
        # coloured icons unlike their cells' own surface (a Queens cell is one colour to its
        # rim), about one for every five cells (a patch is 2 to 9 cells, rarely more)
        return "patches"
    if coloured > n * n // 5:
        return None
    if symbols >= 2:
        return "tango"
    if glyphs >= n and n in (6, 9):
        return "sudoku"
    return None
