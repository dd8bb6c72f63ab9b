"""From a located grid to regions: cell colours, border strength, the partition.

Each cell's colour is the median of a ring inside it (away from the grid
lines, and outside the middle where a queen or a cross is drawn), bright
pixels only. Two signals say whether neighbouring cells share a region:
their colour difference (CIE Lab distance) and the thickness of the dark line
between them (thick lines are region borders in every game we know; thin
ones separate cells of one region). The partition is Kruskal's algorithm
over the grid graph: join neighbours in order of (thick border?, colour
distance) until N regions remain. Regions are connected by construction and
two areas of one colour stay apart when a thick border says so. Doubtful
joins (a near tie at the last join) fail instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from queens_tui.formats.image._stats import median, percentile

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from queens_tui.formats.image._grid import Grid

    Rgb = npt.NDArray[np.float32]


class Doubtful(Exception):
    """The picture holds a board but its regions cannot be read with confidence."""


@dataclass(frozen=True)
class Partition:
    """Region id per cell (row by row), and each region's colour as #rrggbb."""

    ids: tuple[tuple[int, ...], ...]
    colors: tuple[str, ...]


def to_lab(rgb: Rgb) -> Rgb:
    """sRGB (0..255) to CIE Lab (D65), any leading shape."""
    import numpy as np

    c = rgb / 255.0
    c = np.where(c > 0.04045, ((c + 0.055) / 1.055) ** 2.4, c / 12.92)
    m = np.array(
        [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]],
        dtype=np.float64,
    )
    xyz = c @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    lab = np.stack(
        [116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])],
        axis=-1,
    )
    return lab.astype(np.float32)


def cell_colors(rgb: Rgb, gray: npt.NDArray[np.float32], grid: Grid) -> Rgb:
    """The N x N x 3 colour of each cell: the most common colour of its ring (see `_mode`)."""
    import numpy as np

    n = grid.n
    out = np.zeros((n, n, 3), dtype=np.float32)
    for r in range(n):
        y0, y1 = grid.ys[r], grid.ys[r + 1]
        for c in range(n):
            x0, x1 = grid.xs[c], grid.xs[c + 1]
            w, h = x1 - x0, y1 - y0
            ya, yb = round(y0 + 0.14 * h), round(y1 - 0.14 * h)
            xa, xb = round(x0 + 0.14 * w), round(x1 - 0.14 * w)
            if yb <= ya or xb <= xa:
                ya, yb, xa, xb = (
                    round(y0),
                    max(round(y1), round(y0) + 1),
                    round(x0),
                    max(round(x1), round(x0) + 1),
                )
            box = rgb[ya:yb, xa:xb].reshape(-1, 3)
            lum = gray[ya:yb, xa:xb].reshape(-1)
            # the ring: drop the middle, where marks are drawn
            hh, ww = yb - ya, xb - xa
            yy, xx = np.mgrid[0:hh, 0:ww]
            ring = (
                (np.abs(yy - (hh - 1) / 2) > 0.3 * hh) | (np.abs(xx - (ww - 1) / 2) > 0.3 * ww)
            ).reshape(-1)
            if ring.sum() >= 4:
                box, lum = box[ring], lum[ring]
            color, support = _mode(box)
            if support < MODE_SUPPORT or len(box) < MODE_PIXELS:
                # no colour dominates, or too few pixels to count: the median of the bright part
                keep = lum >= percentile(lum, 60) - 25
                color = median(box[keep] if keep.sum() >= 4 else box, axis=0)
            out[r, c] = color
    return out


MODE_SUPPORT = 0.4
"""Share of a cell's ring its most common colour must cover to be taken as the cell's."""

MODE_PIXELS = 150
"""Fewest ring pixels to count colours in (cells under ~20 pixels are blurred mixtures)."""


def _mode(px: Rgb) -> tuple[Rgb, float]:
    """The most common colour among `px` (M x 3): the fullest 24-unit RGB box, then the median
    of the pixels within 24 of its centre. Marks drawn over the cell (a crown, a cross, JPEG
    ringing at the lines) are several smaller colour groups; the cell's own colour is one.
    Also returns the share of pixels in that group."""
    import numpy as np

    q = np.clip((px // 24).astype(np.int64), 0, 10)
    counts = np.bincount(q[:, 0] * 121 + q[:, 1] * 11 + q[:, 2], minlength=1331)
    best = int(counts.argmax())
    centre = (np.array([best // 121, (best // 11) % 11, best % 11], dtype=np.float32) + 0.5) * 24
    near = np.abs(px - centre).max(axis=1) <= 24
    med: Rgb = median(px[near] if near.any() else px, axis=0)
    return med, float(near.mean())


def border_strength(gray: npt.NDArray[np.float32], grid: Grid) -> tuple[Rgb, Rgb]:
    """Darkness thickness of the line right of each cell (N x N-1) and below it (N-1 x N).

    Width of the dark band (pixels darker than halfway between the band's
    darkest and the cells' brightness), averaged along the middle of the edge.
    """
    import numpy as np

    n = grid.n
    right = np.zeros((n, n - 1), dtype=np.float32)
    below = np.zeros((n - 1, n), dtype=np.float32)
    cell = grid.cell
    half = max(2, round(0.2 * cell))
    for r in range(n):
        ya = round(grid.ys[r] + 0.3 * (grid.ys[r + 1] - grid.ys[r]))
        yb = max(ya + 1, round(grid.ys[r + 1] - 0.3 * (grid.ys[r + 1] - grid.ys[r])))
        for c in range(n - 1):
            x = round(grid.xs[c + 1])
            strip = gray[ya:yb, max(0, x - half) : x + half + 1]
            right[r, c] = _band_width(strip)
    for r in range(n - 1):
        y = round(grid.ys[r + 1])
        for c in range(n):
            xa = round(grid.xs[c] + 0.3 * (grid.xs[c + 1] - grid.xs[c]))
            xb = max(xa + 1, round(grid.xs[c + 1] - 0.3 * (grid.xs[c + 1] - grid.xs[c])))
            strip = gray[max(0, y - half) : y + half + 1, xa:xb].T
            below[r, c] = _band_width(strip)
    return right, below


def _band_width(strip: npt.NDArray[np.float32]) -> float:
    """The dark line across `strip` (rows x across) as an equivalent width of black.

    The darkness under each side's cell brightness, summed across the strip and
    divided by that brightness: blurring, JPEG and scaling move darkness around
    but keep its sum, so a thick border stays thicker than a thin line even when
    both are a pixel wide or less.
    """
    import numpy as np

    if strip.size == 0 or strip.shape[1] < 3:
        return 0.0
    prof = median(strip, axis=0)
    m = len(prof)
    q = max(1, m // 5)
    left = float(median(prof[:q]))
    right = float(median(prof[-q:]))
    base = np.where(np.arange(m) < m / 2, left, right)
    dark = np.clip(base - prof, 0, None)
    level = max(40.0, (left + right) / 2)
    return float(dark.sum() / level)


def thick_edges(
    right: Rgb, below: Rgb
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]] | None:
    """Which edges are thick borders, if the widths fall in two clear groups; else None."""
    import numpy as np

    values = np.concatenate([right.ravel(), below.ravel()])
    if len(values) < 4:
        return None
    srt = np.sort(values)
    # best split of the sorted widths into two groups (1-D two-means)
    best = None
    for i in range(1, len(srt)):
        a, b = srt[:i], srt[i:]
        cost = float(((a - a.mean()) ** 2).sum() + ((b - b.mean()) ** 2).sum())
        if best is None or cost < best[0]:
            best = (cost, i)
    assert best is not None
    i = best[1]
    thin, thick = srt[:i], srt[i:]
    # two clear groups: far apart for their spread, and thick clearly thicker than thin
    spread = float(np.sqrt((thin.var() * len(thin) + thick.var() * len(thick)) / len(srt)))
    apart = float(thick.mean() - thin.mean())
    if thick.mean() < 1.5 * max(float(thin.mean()), 0.05) or apart < 4 * max(spread, 0.02):
        return None
    cut = (float(thin.max()) + float(thick.min())) / 2
    return right > cut, below > cut


def borders_agree(lab: Rgb, thick: tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]) -> bool:
    """Do the thick lines mark colour changes? (Some pictures draw every line thick.)

    Most edges between clearly different colours must be thick, and most edges
    inside one colour thin; hover shading or two same-coloured neighbouring
    regions are a few exceptions, not a majority.
    """
    import numpy as np

    d_right = np.linalg.norm(lab[:, 1:] - lab[:, :-1], axis=-1).ravel()
    d_below = np.linalg.norm(lab[1:] - lab[:-1], axis=-1).ravel()
    dist = np.concatenate([d_right, d_below])
    t = np.concatenate([thick[0].ravel(), thick[1].ravel()])
    changed, same = dist >= 12, dist < 4
    if changed.sum() and t[changed].mean() < 0.8:
        return False
    return not (same.sum() and t[same].mean() > 0.2)


def partition(
    lab: Rgb, rgb: Rgb, thick: tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]] | None
) -> Partition:
    """N connected regions by Kruskal over (thick border, colour distance).

    With borders, the colours alone are asked too: when they confidently say
    something else, the picture is doubtful (never a guess); when the borders
    leave a near tie, confident colours decide.
    """
    import numpy as np

    by_color = None
    try:
        by_color = _kruskal(lab, None)
    except Doubtful:
        if thick is None:
            raise
    ids = by_color
    if thick is not None:
        try:
            ids = _kruskal(lab, thick)
        except Doubtful:
            if by_color is None:
                raise
        if by_color is not None and ids != by_color:
            raise Doubtful("the region borders and the colours disagree")
    assert ids is not None
    n = lab.shape[0]
    colors = []
    for reg in range(n):
        cells = [rgb[r, c] for r in range(n) for c in range(n) if ids[r][c] == reg]
        med = median(np.array(cells), axis=0)
        colors.append("#" + "".join(f"{round(float(v)):02x}" for v in med))
    return Partition(ids=ids, colors=tuple(colors))


def _kruskal(
    lab: Rgb, thick: tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]] | None
) -> tuple[tuple[int, ...], ...]:
    """Region ids (numbered by first appearance) from joining neighbours in order of
    (thick border?, colour distance) until N remain; `Doubtful` on a near tie."""
    import numpy as np

    n = lab.shape[0]
    d_right = np.linalg.norm(lab[:, 1:] - lab[:, :-1], axis=-1)
    d_below = np.linalg.norm(lab[1:] - lab[:-1], axis=-1)
    edges: list[tuple[int, float, int, int]] = []
    for r in range(n):
        for c in range(n):
            a = r * n + c
            if c + 1 < n:
                t = int(thick[0][r, c]) if thick is not None else 0
                edges.append((t, float(d_right[r, c]), a, a + 1))
            if r + 1 < n:
                t = int(thick[1][r, c]) if thick is not None else 0
                edges.append((t, float(d_below[r, c]), a, a + n))
    edges.sort()
    parent = list(range(n * n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    groups = n * n
    last: tuple[int, float] | None = None
    nxt: tuple[int, float] | None = None
    for t, d, a, b in edges:
        ra, rb = find(a), find(b)
        if ra == rb:
            continue
        if groups == n:
            nxt = (t, d)
            break
        parent[ra] = rb
        groups -= 1
        last = (t, d)
    if groups != n:  # pragma: no cover - a connected grid always reaches N
        raise Doubtful(f"found {groups} regions where a {n}x{n} board needs {n}")
    _check(last, nxt, thick is not None)
    roots: dict[int, int] = {}
    return tuple(
        tuple(roots.setdefault(find(r * n + c), len(roots)) for c in range(n)) for r in range(n)
    )


def _check(last: tuple[int, float] | None, nxt: tuple[int, float] | None, borders: bool) -> None:
    """Refuse a partition whose last join and first refusal are a near tie."""
    if last is None or nxt is None:
        return
    lt, ld = last
    nt, nd = nxt
    if borders and nt > lt:
        return  # the borders decided: every thin edge joined, every thick one kept apart
    if nd < 2 * ld + 4:
        raise Doubtful(
            f"two colours are too close to tell regions apart (distance {nd:.1f} vs {ld:.1f})"
        )
