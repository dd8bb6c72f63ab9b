"""Finding a solved Zip board by its numbered dots and the path drawn through every cell.

A solved Zip picture may show no grid line at all: the path, a broad coloured
band, runs through the middle of every cell and hides the lines, and sites
that post each day's solution draw it on a plain page. What is left to see
is the dots, discs of one size in the cell middles, and the band itself. So:
the discs are round blobs of one neutral colour far from the page's (black
on the light theme, light grey on the dark one); the distances between their
centres are whole numbers of cells, which gives the cell's side; the cells
run on from the discs' rows and columns as far as the path (or a disc) is in
their middles, since the path visits every cell of a solved board.

numpy only (and Pillow for the reduced copy the discs are looked for in).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from queens_tui.formats.image._stats import median

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Mask = npt.NDArray[np.bool_]

WORK_SIDE = 360
"""The discs are looked for in a copy whose longer side is at most this many pixels."""

FAR = 90.0
"""Grey levels a disc differs from the page by (black on white, light grey on near black)."""

NEUTRAL = 50.0
"""Saturation (max - min of RGB) under which a pixel is grey, not the path's colour."""

TOLERANCE = 0.18
"""Share of a cell by which a disc may sit off its cell's middle (pictures stretched a little)."""

MAX_N = 12

SOLVED = 0.95
"""Share of the cells' middles the path (or a dot) must cover: a solved board's path visits
every cell; an unsolved board's dots alone do not say where its edges are."""


def find_by_discs(im: Any) -> tuple[list[float], list[float], float, float] | None:
    """(xs, ys, shear, y0): the cell boundaries of a solved Zip board in picture `im` once
    it is unsheared (a pixel (x, y) of the board is at x + shear * (y - y0) in `im`), or
    None when its discs and path do not make one."""
    import numpy as np

    from queens_tui.formats.image._board import saturation

    w, h = im.size
    factor = max(1, -(-max(w, h) // WORK_SIDE))
    work = im.reduce(factor) if factor > 1 else im
    rgb = np.asarray(work, dtype=np.float32)
    gray = rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114
    sat = saturation(rgb)
    page = float(median(gray[sat < NEUTRAL])) if np.any(sat < NEUTRAL) else 128.0
    discs = _discs((np.abs(gray - page) > FAR) & (sat < NEUTRAL))
    if len(discs) < 3:
        return None
    size = float(median([d for _y, _x, d in discs]))
    centres = [(y, x) for y, x, d in discs if 0.7 * size <= d <= 1.4 * size]
    if len(centres) < 3:
        return None
    ys_ = [y for y, _x in centres]
    pitch = _pitch(_diffs(ys_, size), size)
    if pitch is None:
        return None
    shear = _shear(centres, pitch, size)
    if shear is None:
        return None
    yref = float(np.mean(ys_))
    centres = [(y, x - shear * (y - yref)) for y, x in centres]
    path = (sat >= NEUTRAL) & (np.abs(gray - page) > 25)
    for y, x in centres:
        x += shear * (y - yref)
        path[max(0, round(y - 0.3 * size)) : round(y + 0.3 * size) + 1,
             max(0, round(x - 0.3 * size)) : round(x + 0.3 * size) + 1] = True  # fmt: skip
    fits = []
    for axis in (1, 0):
        fit = _fit(np.array([c[axis] for c in centres]), pitch)
        if fit is None:
            return None
        fits.append(fit)
    axes = []
    for axis in (1, 0):  # columns (x), then rows (y)
        origin, step, lo, hi = fits[0] if axis == 1 else fits[1]
        other = fits[1] if axis == 1 else fits[0]
        # run on while the path is in the middles of the cells of the next column (row)
        while lo - 1 > -MAX_N and _visited(
            path, axis, origin + (lo - 1) * step, other, shear, yref
        ):
            lo -= 1
        while hi + 1 < MAX_N and _visited(path, axis, origin + (hi + 1) * step, other, shear, yref):
            hi += 1
        axes.append((origin, step, lo, hi))
    (ox, sx, lx, hx), (oy, sy, ly, hy) = axes
    if hx - lx != hy - ly or not 3 <= hx - lx + 1 <= MAX_N:
        return None
    n = hx - lx + 1
    middles = [
        path[round(oy + j * sy), round(ox + i * sx + shear * (oy + j * sy - yref))]
        for j in range(ly, hy + 1)
        for i in range(lx, hx + 1)
        if 0 <= round(oy + j * sy) < path.shape[0]
        and 0 <= round(ox + i * sx + shear * (oy + j * sy - yref)) < path.shape[1]
    ]
    if len(middles) < n * n or sum(middles) < SOLVED * n * n:
        return None  # the path does not visit every cell: not a solved board (or not all of it)
    xs = [((ox + (lx - 0.5 + i) * sx) + 0.5) * factor - 0.5 for i in range(n + 1)]
    ys = [((oy + (ly - 0.5 + i) * sy) + 0.5) * factor - 0.5 for i in range(n + 1)]
    return xs, ys, shear, (yref + 0.5) * factor - 0.5


def _diffs(values: list[float], size: float) -> Any:
    """The distances between every two of `values` longer than half a disc."""
    import numpy as np

    d = np.abs(np.subtract.outer(values, values))[np.triu_indices(len(values), 1)]
    return d[d > 0.5 * size]


def _shear(centres: list[tuple[float, float]], pitch: float, size: float) -> float | None:
    """The horizontal shear (x moves by shear * y) that puts the discs' centres on columns a
    whole number of cells apart: 0 on a plain screenshot; a picture taken while the page
    slid sideways leans by up to a tenth."""
    import numpy as np

    best: tuple[float, float] | None = None
    for shear in np.arange(-0.15, 0.1501, 0.0025):
        xs = [x - shear * y for y, x in centres]
        d = _diffs(xs, size)
        off = float(np.abs(d / pitch - np.round(d / pitch)).max()) if len(d) else 0.0
        if (
            best is None
            or off < best[1] - 1e-9
            or (off <= best[1] + 1e-9 and abs(shear) < abs(best[0]))
        ):
            best = (float(shear), off)
    if best is None or best[1] > TOLERANCE:
        return None
    return best[0]


def _discs(mask: Mask) -> list[tuple[float, float, float]]:
    """(centre y, centre x, diameter) of each round blob of `mask` (a disc, its digits' holes
    filled by its box): about square, filling most of its box, not on the picture's edge."""
    import numpy as np

    h, w = mask.shape
    seen = np.zeros_like(mask)
    out = []
    for y0, x0 in zip(*np.nonzero(mask), strict=True):
        if seen[y0, x0]:
            continue
        seen[y0, x0] = True
        todo = [(int(y0), int(x0))]
        ys, xs = [], []
        while todo:
            y, x = todo.pop()
            ys.append(y)
            xs.append(x)
            for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                if 0 <= ny < h and 0 <= nx < w and mask[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    todo.append((ny, nx))
        top, bottom, left, right = min(ys), max(ys), min(xs), max(xs)
        tall, wide = bottom - top + 1, right - left + 1
        if min(tall, wide) < 5 or not 0.75 <= tall / wide <= 1.33:
            continue
        if top == 0 or left == 0 or bottom == h - 1 or right == w - 1:
            continue
        if len(ys) < 0.45 * tall * wide or len(ys) > 0.9 * tall * wide:
            continue  # a disc fills about 0.785 of its box, less its digits
        out.append(((top + bottom) / 2, (left + right) / 2, (tall + wide) / 2))
    return out


def _pitch(diffs: Any, size: float) -> float | None:
    """The cell's side: the largest step (more than a disc) of which every distance between
    two discs' centres down the picture is a whole number of steps."""
    import numpy as np

    if len(diffs) == 0:
        return None
    top = float(diffs.min()) * 1.05
    for p in np.arange(top, 1.05 * size, -0.1):
        off = np.abs(diffs / p - np.round(diffs / p))
        if np.all(off <= TOLERANCE):  # then the step that fits them all best
            k = np.round(diffs / p)
            return float((diffs * k).sum() / (k * k).sum())
    return None


def _fit(coords: Any, pitch: float) -> tuple[float, float, int, int] | None:
    """(origin, step, first index, last index): the discs' coordinates along one axis as
    origin + index * step, step refined by least squares (a picture scaled unevenly)."""
    import numpy as np

    base = float(coords.min())
    index = np.round((coords - base) / pitch).astype(int)
    if np.any(np.abs((coords - base) / pitch - index) > TOLERANCE):
        return None
    if index.max() > 0:
        step, origin = np.polyfit(index, coords, 1)
    else:
        step, origin = pitch, base
    if not 0.85 * pitch <= step <= 1.15 * pitch:
        return None
    return float(origin), float(step), 0, int(index.max())


def _visited(
    path: Mask,
    axis: int,
    at: float,
    other: tuple[float, float, int, int],
    shear: float,
    yref: float,
) -> bool:
    """Does the path (or a disc) cover the middles of most cells of the column (axis 1) or
    row (axis 0) whose middle is at `at`, across the extent the discs span?"""
    h, w = path.shape
    limit = w if axis == 1 else h
    if not 0 <= at < limit:
        return False
    origin, step, lo, hi = other
    hits = total = 0
    for i in range(lo, hi + 1):
        pos = origin + i * step
        y, x = (pos, at) if axis == 1 else (at, pos)
        yi, xi = round(y), round(x + shear * (y - yref))
        if 0 <= yi < h and 0 <= xi < w:
            total += 1
            hits += bool(path[yi, xi])
    return total > 0 and hits >= 0.8 * total
