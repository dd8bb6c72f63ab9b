"""Finding the board in a picture: its box and its N x N grid of cells.

Grid lines are thin dark bands with brighter pixels on both sides. A black
top-hat along one axis (how much darker a pixel is than the brighter of its
surroundings within `k` pixels on each side) marks them; runs of marked
pixels along the other axis, long enough to be a board's edge, are line
pieces. Pieces in consecutive rows (columns) with the same extent are one
line. The board is a set of horizontal lines with one common extent and a
set of vertical lines with one common extent, each axis spanning the other,
evenly spaced: the longest such chain wins, N = cells between its lines,
the same on both axes. This finds a board inside a phone screen, a browser
window or a whole desktop, in light and dark themes (the lines are dark
against the cells, whatever the page around them).

numpy only; the caller passes the luminance as a 2-D array of bytes or float32.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from queens_tui.formats.image._stats import median

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Gray = npt.NDArray[np.float32] | npt.NDArray[np.uint8]

MIN_N = 5
MAX_N = 24
"""Board sizes we look for (the game has 5..18 in practice; a little margin each side)."""

MIN_CELL = 6
"""Smallest cell we accept, in pixels (a 25 % screenshot of a small board has 8)."""

MIN_STRENGTH = 15.0
"""Weakest median line strength of a board (real ones: 50 and up, even at 25 % scale;
JPEG's 8-pixel block edges, which can look like a grid, about 4)."""


@dataclass(frozen=True)
class Line:
    """A dark line found along one axis: its centre, thickness and extent across."""

    pos: float
    thick: int
    start: int
    end: int
    strength: float = 0.0
    """Median over its length of how much darker the line is than its surroundings."""

    @property
    def length(self) -> int:
        return self.end - self.start


@dataclass(frozen=True)
class Grid:
    """Where the cells are: N + 1 boundary positions on each axis (pixels)."""

    n: int
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    matched: float
    """Share of the N + 1 + N + 1 expected lines actually seen (confidence)."""
    strength: float = 0.0
    """Median strength of the lines seen inside the board (see `Line.strength`)."""

    @property
    def cell(self) -> float:
        return ((self.xs[-1] - self.xs[0]) + (self.ys[-1] - self.ys[0])) / (2 * self.n)


def _window_max(a: npt.NDArray[Any], k: int) -> npt.NDArray[Any]:
    """out[i] = max(a[i : i + k]) along axis 0 (a has at least k rows more than wanted).

    Doubling: log2(k) passes of `np.maximum` instead of k.
    """
    import numpy as np

    m = a
    p = 1
    while 2 * p <= k:
        m = np.maximum(m[:-p], m[p:])
        p *= 2
    rows = a.shape[0] - k + 1
    out: npt.NDArray[Any] = np.maximum(m[:rows], m[k - p : k - p + rows])
    return out


def tophat(gray: Gray, k: int, axis: int) -> Gray:
    """How much darker each pixel is than the brighter pixels within `k` on both sides (in
    `gray`'s own type: grey levels as bytes are 4 times faster than as floats)."""
    import numpy as np

    g = gray if axis == 0 else np.ascontiguousarray(gray.T)  # (strided: 2.5 times slower)
    h = g.shape[0]
    pad = np.pad(g, ((k, k), (0, 0)), mode="edge")
    wmax = _window_max(pad, k)  # wmax[i] = max(pad[i : i + k])
    before = wmax[0:h]  # rows y - k .. y - 1
    after = wmax[k + 1 : k + 1 + h]  # rows y + 1 .. y + k
    out = np.minimum(before, after)
    np.maximum(out, g, out=out)  # then no negative (an unsigned byte would wrap)
    out -= g
    res: Gray = out if axis == 0 else out.T
    return res


def _close_gaps(mask: npt.NDArray[np.bool_], gap: int) -> npt.NDArray[np.bool_]:
    """Fill gaps of up to `gap` pixels along each row (a line crossing a thick border).

    A morphological closing (dilate, then erode) with a window of `gap` + 1, along the rows
    as they lie in memory, in booleans (in bytes on the transposed mask it cost a strided
    copy of the picture each time).
    """
    import numpy as np

    if gap <= 0:
        return mask
    h = (gap + 1) // 2
    size = 2 * h + 1
    grown = _window_any(np.pad(mask, ((0, 0), (h, h))), size)
    shrunk = ~_window_any(np.pad(~grown, ((0, 0), (h, h)), constant_values=True), size)
    closed: npt.NDArray[np.bool_] = shrunk | mask
    return closed


def _window_any(a: npt.NDArray[np.bool_], k: int) -> npt.NDArray[np.bool_]:
    """out[:, i] = any(a[:, i : i + k]) (by doubling, as `_window_max`)."""
    m = a
    p = 1
    while 2 * p <= k:
        m = m[:, :-p] | m[:, p:]
        p *= 2
    cols = a.shape[1] - k + 1
    out: npt.NDArray[np.bool_] = m[:, :cols] | m[:, k - p : k - p + cols]
    return out


def _rows_with_run(mask: npt.NDArray[np.bool_], length: int) -> npt.NDArray[np.bool_]:
    """Per row: has it a run of at least `length` True? (An erosion along the rows by
    doubling: log2(length) whole-array ANDs; listing every run and sorting them by length
    cost three times more.)"""
    import numpy as np

    rows, w = mask.shape
    if w < length or length < 1:
        return np.zeros(rows, dtype=bool)
    m = np.ascontiguousarray(mask)
    p = 1
    while 2 * p <= length:  # m[:, i]: all of mask[:, i : i + p]
        m = m[:, :-p] & m[:, p:]
        p *= 2
    rest = length - p
    return np.asarray((m[:, : m.shape[1] - rest] & m[:, rest:]).any(axis=1), dtype=bool)


def _long_rows(
    mask: npt.NDArray[np.bool_], gap: int, min_len: int
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """(`mask` with gaps of up to `gap` closed along the rows that can hold a long run, which
    rows have a run of `min_len` once closed). A closed run of length L holds a marked pixel
    at least every `2 ((gap + 1) // 2) + 1` pixels, so a row with fewer marks has none: most
    rows of a picture (85 % of a phone screenshot's) are never closed."""
    import numpy as np

    reach = 2 * ((gap + 1) // 2) + 1
    rows = np.flatnonzero(np.count_nonzero(mask, axis=1) * reach >= min_len)
    good = np.zeros(mask.shape[0], dtype=bool)
    if len(rows):
        closed = _close_gaps(mask[rows], gap)
        mask = mask.copy()
        mask[rows] = closed
        good[rows] = _rows_with_run(closed, min_len)
    return mask, good


def true_runs(flags: npt.ArrayLike) -> list[tuple[int, int]]:
    """The maximal runs of True in a 1-D boolean array, each `(start, end)` with `end`
    excluded, left to right."""
    import numpy as np

    edges = np.diff(np.concatenate(([0], np.asarray(flags, dtype=np.int8), [0])))
    starts, ends = np.nonzero(edges == 1)[0], np.nonzero(edges == -1)[0]
    return list(zip(starts.tolist(), ends.tolist(), strict=True))


def line_pieces(gray: Gray, k: int, thresh: float, min_len: int, axis: int) -> list[Line]:
    """Dark lines along `axis` (0: horizontal lines): bands of rows with a long dark run."""
    import numpy as np

    resp = tophat(gray, k, axis)
    mask = resp > thresh
    if axis == 1:
        mask = mask.T
        resp = resp.T
    mask, good = _long_rows(mask, 2 * k + 2, min_len)
    lines = []
    for first, r in true_runs(good):
        band = mask[first:r]
        for s0, e0 in true_runs(band.any(axis=0)):
            if e0 - s0 < min_len:
                continue
            # the centre: the rows that cover (nearly) the most of this run
            cover = band[:, s0:e0].sum(axis=1)
            top = np.nonzero(cover >= 0.9 * cover.max())[0]
            pos = first + (top[0] + top[-1]) / 2
            power = float(median(resp[first:r, s0:e0].max(axis=0)))
            lines.append(Line(float(pos), r - first, s0, e0, power))
    return lines


def _overlap(a0: int, a1: int, b0: int, b1: int) -> float:
    inter = min(a1, b1) - max(a0, b0)
    return inter / max(1, min(a1 - a0, b1 - b0))


def _group(lines: list[Line], seed: Line) -> list[Line]:
    """Lines with about the same extent as `seed`, one per position."""
    tol = max(3.0, 0.04 * seed.length)
    same = [ln for ln in lines if ln.start <= seed.start + tol and ln.end >= seed.end - tol]
    return sorted(same, key=lambda ln: ln.pos)


def _fit(positions: list[float], lo: float, hi: float, n: int) -> tuple[int, list[float]]:
    """How many of the n + 1 evenly spaced boundaries from lo to hi have a line near them
    (`positions`, ascending: the lines' centres).

    Returns the count and the boundaries, snapped to the lines seen.
    """
    step = (hi - lo) / n
    tol = max(1.5, 0.12 * step)
    out = []
    hits = 0
    for j in range(n + 1):
        want = lo + j * step
        best = _nearest(positions, want)
        if best is not None and abs(best - want) <= tol:
            hits += 1
            out.append(best)
        else:
            out.append(want)
    return hits, out


def _nearest(positions: list[float], want: float) -> float | None:
    """The position nearest `want` in `positions` (ascending), the first of a tie; None when
    there is none. By bisection: a scan of every line for every boundary of every size
    tried was a third of reading a board with many lines."""
    import bisect

    i = bisect.bisect_left(positions, want)
    best = positions[i - 1] if i > 0 else None
    if i < len(positions) and (best is None or abs(positions[i] - want) < abs(best - want)):
        best = positions[i]
    return best


def find_grid(gray: Gray, k: int, thresh: float = 18.0) -> Grid | None:
    """The most convincing N x N grid in `gray`, or None."""
    found = find_grids(gray, k, thresh)
    return found[0] if found else None


def find_grids(gray: Gray, k: int, thresh: float = 18.0, most: int = 3) -> list[Grid]:
    """Up to `most` N x N grids in `gray` that do not overlap, most convincing first.

    The next ones are for the caller to try when the first turns out not to be a
    board (a grid of same-coloured cells: a table, a calendar, a spreadsheet).
    """
    h, w = gray.shape
    min_len = max(24, min(h, w) // 12)
    hor = line_pieces(gray, k, thresh, min_len, axis=0)
    ver = line_pieces(gray, k, thresh, min_len, axis=1)
    if len(hor) < 2 or len(ver) < 2:
        return []
    hor_groups = _groups(hor)
    ver_groups = _groups(ver)
    scored: list[tuple[tuple[float, ...], Grid]] = []
    for hseed, hg in hor_groups:
        hx0, hx1 = hseed.start, hseed.end
        for vseed, vg in ver_groups:
            vy0, vy1 = vseed.start, vseed.end
            width, height = hx1 - hx0, vy1 - vy0
            if not 0.8 <= width / max(1, height) <= 1.25:
                continue
            # only the lines within the other axis's extent can be the board's
            tol = 0.05 * max(width, height)
            inside_v = [ln for ln in vg if hx0 - tol <= ln.pos <= hx1 + tol]
            inside_h = [ln for ln in hg if vy0 - tol <= ln.pos <= vy1 + tol]
            vx = [ln.pos for ln in inside_v]
            hy = [ln.pos for ln in inside_h]
            if len(vx) < 3 or len(hy) < 3:
                continue
            power = _median([ln.strength for ln in inside_v + inside_h])
            if power < MIN_STRENGTH:
                continue  # faint, broken lines: JPEG blocks or texture, not a board
            for n in range(MIN_N, MAX_N + 1):
                if width / n < MIN_CELL or height / n < MIN_CELL:
                    break
                # every inner line must be there (allow one missed per axis on big boards)
                allow = 0 if n < 9 else 1
                if min(len(vx), len(hy)) < n - 1 - allow:
                    break  # too few lines for n cells, or more (a line is near one boundary)
                hits_x, xs = _fit(vx, hx0, hx1, n)
                hits_y, ys = _fit(hy, vy0, vy1, n)
                inner_x = hits_x - _ends(vx, hx0, hx1, n)
                inner_y = hits_y - _ends(hy, vy0, vy1, n)
                if inner_x < n - 1 - allow or inner_y < n - 1 - allow:
                    continue
                # lines seen that are not on the grid make it doubtful
                stray = _stray(vx, xs) + _stray(hy, ys)
                if stray > max(2, n // 3):
                    continue  # full-length lines between the cell lines: not this grid
                matched = (hits_x + hits_y) / (2 * (n + 1))
                key = (hits_x + hits_y - 2 * stray, width * height, n)
                grid = Grid(n=n, xs=tuple(xs), ys=tuple(ys), matched=matched, strength=power)
                scored.append((key, grid))
    scored.sort(key=lambda item: item[0], reverse=True)
    out: list[Grid] = []
    for _key, grid in scored:
        if not any(_overlaps(grid, kept) for kept in out):
            out.append(grid)
            if len(out) == most:
                break
    return out


def _median(values: list[float]) -> float:
    """The median (importing `statistics` for this one function would cost more than it)."""
    srt = sorted(values)
    mid = len(srt) // 2
    return srt[mid] if len(srt) % 2 else (srt[mid - 1] + srt[mid]) / 2


def _overlaps(a: Grid, b: Grid) -> bool:
    """Do the boxes of two grids intersect?"""
    return a.xs[0] < b.xs[-1] and b.xs[0] < a.xs[-1] and a.ys[0] < b.ys[-1] and b.ys[0] < a.ys[-1]


def _ends(positions: list[float], lo: float, hi: float, n: int) -> int:
    """How many of the two outer boundaries have a line near them."""
    step = (hi - lo) / n
    tol = max(1.5, 0.12 * step)
    return sum(1 for want in (lo, hi) if any(abs(p - want) <= tol for p in positions))


def _stray(positions: list[float], grid: list[float]) -> int:
    """Lines strictly inside the grid that are far from every boundary."""
    step = (grid[-1] - grid[0]) / (len(grid) - 1)
    tol = 0.2 * step
    return sum(
        1
        for p in positions
        if grid[0] + tol < p < grid[-1] - tol and min(abs(p - g) for g in grid) > tol
    )


def _groups(lines: list[Line]) -> list[tuple[Line, list[Line]]]:
    """Candidate sets of parallel lines sharing one extent (at least 3 lines), distinct."""
    seen: set[tuple[int, ...]] = set()
    out = []
    for seed in sorted(lines, key=lambda ln: -ln.length):
        group = _group(lines, seed)
        if len(group) < 3:
            continue
        key = (seed.start, seed.end, *(id(ln) for ln in group))
        if key in seen:
            continue
        seen.add(key)
        out.append((seed, group))
    return out
