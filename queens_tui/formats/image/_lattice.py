"""Finding a Tango or Zip board: an N x N lattice of evenly spaced cell boundaries.

The Queens finder (`_grid`) wants long unbroken dark lines with one common
extent; Tango and Zip boards do not always have them. Tango's lines are a
few grey levels off white and vanish between two shaded given cells (the
boundary there is a step, not a line), `=` and `×` signs sit on them, and
the dark theme draws them lighter than the cells; a cropped picture may cut
the outer frame off. What every boundary does have is evidence along most
of its length: a thin line darker or lighter than both sides (a top-hat in
either polarity) or a step between two cells.

So: per pixel, "is there a horizontal (vertical) boundary here"; per row
(column), the share of such pixels: a profile with a peak at every boundary.
For each N and step p, the best offset per axis scores the N + 1 boundary
positions against the N cell middles (a finer lattice puts boundaries on
cell middles, where symbols and digits are, and pays for it). The best
candidates per N are scored again in two dimensions, counting evidence only
inside the candidate's own box, so lines of the page around the board
(a desktop, a phone's status bar) do not count. One inner boundary per axis
may be missing (two shaded columns side by side); a boundary that falls on
the picture's edge (a tight crop) counts as seen.

numpy only; the caller passes the luminance as a 2-D float32 array.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from queens_tui.formats.image._grid import tophat

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Gray = npt.NDArray[np.float32]
    Mask = npt.NDArray[np.bool_]
    Profile = npt.NDArray[np.float64]

EDGE_CONTRAST = 6.0
"""Grey levels a thin line must stand out from both sides (a step: twice this across it)."""

PLATEAU = 0.02
"""Shifts of the lattice whose inner boundaries see within this share of the most evidence
tie (a thin line is marked a pixel wide or three): the lattice goes through their middle."""

NEAR = 0.9
"""A larger lattice holding the best one wins when it scores at least this share of it."""

PER_N = 12

LINE_FLOORS = (0.38, 0.15)
"""What a boundary of a candidate lattice must see (share of its length) to add to its score,
tried in turn: a grid line is seen along nearly all of it, a row through a board's digits
about a fifth to a third of it. At 0.15 alone a lattice of half cells (its boundaries on
every line and on every row of digits) outscored the board on 23 of 30 real Mini Sudoku
pictures; at 0.38 none did. A board whose lines are mostly hidden (a solved Zip's path drawn
over them) passes only the lenient floor: it is tried when the strict one finds no board."""

MIN_QUALITY = 0.5
"""A lattice is a board when its boundaries see on average at least this share of their
length more than twice what its cells' middle lines see."""
"""Candidates per N kept from the profiles for the two-dimensional score."""


@dataclass(frozen=True)
class Lattice:
    """N x N square cells: the N + 1 boundaries on each axis (pixels) and a score."""

    n: int
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    score: float
    quality: float = 0.0
    """Mean share seen on a boundary less twice that on a cell's middle line (see
    `MIN_QUALITY`)."""

    @property
    def cell(self) -> float:
        return (self.xs[-1] - self.xs[0]) / self.n


def boundary_masks(gray: Gray, k: int) -> tuple[Mask, Mask]:
    """Pixels on a horizontal boundary, pixels on a vertical one (lines of either polarity
    within `k` pixels' width, and steps)."""
    import numpy as np

    out = []
    for axis in (0, 1):
        dark = tophat(gray, k, axis)
        light = tophat(255 - gray, k, axis)
        mask = (dark > EDGE_CONTRAST) | (light > EDGE_CONTRAST)
        g = gray if axis == 0 else gray.T
        step = np.zeros(g.shape, dtype=bool)
        step[1:-1] = np.abs(g[2:] - g[:-2]) > 2 * EDGE_CONTRAST
        out.append(mask | (step if axis == 0 else step.T))
    return out[0], out[1]


def _axis_offsets(em: Profile, n: int, ps: Profile, top: int = 3) -> list[list[tuple[float, int]]]:
    """Per step p in `ps`: the `top` best (score, offset) of N + 1 boundaries p apart along
    profile `em` (the boundary share per position, already widened by a pixel of jitter).

    Every step at once, as (steps x boundaries x offsets) arrays: a call per step cost 180 ms
    a picture in Python overhead alone (1,900 calls of small numpy operations). For one
    step and one boundary, the offsets read a run of consecutive positions: a row of a
    sliding window over the profile (padded with its end values, as clipping would)."""
    import numpy as np

    size = len(em)
    slack = (0.12 * ps).astype(int)
    first = -slack
    count = np.maximum(0, (size - n * ps + slack).astype(int) - first)  # offsets per step
    width = int(count.max(initial=0))
    if width == 0:
        return [[] for _ in ps]
    bounds = np.round(np.arange(n + 1)[None, :] * ps[:, None]).astype(int)  # (steps, N + 1)
    middles = np.round((np.arange(n)[None, :] + 0.5) * ps[:, None]).astype(int)
    left = int(slack.max())
    right = width + int(bounds[:, -1].max())
    padded = np.pad(em, (left, right), mode="edge")
    rows = np.lib.stride_tricks.sliding_window_view(padded, width)
    lines = rows[first[:, None] + bounds + left]  # (steps, N + 1, offsets)
    mids = rows[first[:, None] + middles + left].sum(axis=1)
    inner = _sorted_rows([lines[:, j] for j in range(1, n)])
    second = inner[1]  # one inner boundary may be missing
    ref = inner[(3 * (n - 2)) // 4]
    # a boundary on the picture's edge (a tight crop) counts as seen: only the outer two can
    # be (an inner one is a cell or more from the ends; cells are 8 pixels or more)
    starts = first[:, None] + np.arange(width)[None, :]  # (steps, offsets)
    total = lines[:, 1:-1].sum(axis=1)
    for j, at in ((0, starts), (n, starts + bounds[:, -1:])):
        edge = (at < 3) | (at >= size - 3)
        total += np.where(edge, np.maximum(lines[:, j], ref), lines[:, j])
    score = total - 2 * mids - 0.1 * ref * (n + 1)
    score = np.where(second >= 0.35 * ref, score, -1.0)
    score = np.where(np.arange(width)[None, :] < count[:, None], score, -np.inf)
    # the best `top` per step, ties to the smaller offset: argmax, taken out, `top` times
    # (a full sort of every step's offsets cost 4 times more)
    steps = np.arange(len(ps))
    best, at = [], []
    for _ in range(top):
        i = score.argmax(axis=1)
        best.append(score[steps, i])
        at.append(starts[steps, i])
        score[steps, i] = -np.inf
    return [
        [(s, o) for s, o in zip(row_s, row_o, strict=True) if s > 0]
        for row_s, row_o in zip(
            np.stack(best, axis=1).tolist(), np.stack(at, axis=1).tolist(), strict=True
        )
    ]


def _sorted_rows(rows: list[Profile]) -> list[Profile]:
    """Arrays of one shape, sorted element by element (the first holds each smallest): an
    odd-even transposition network of `np.minimum` and `np.maximum`. For the 4 to 9 inner
    boundaries of a lattice, 4 times faster than `np.partition` across them (a short,
    strided axis)."""
    import numpy as np

    out = list(rows)
    for rnd in range(len(out)):
        for i in range(rnd % 2, len(out) - 1, 2):
            out[i], out[i + 1] = np.minimum(out[i], out[i + 1]), np.maximum(out[i], out[i + 1])
    return out


def _widen(e: Profile) -> Profile:
    """Each position's best within one pixel (lines land between two rows)."""
    import numpy as np

    out: Profile = np.maximum(e, np.maximum(np.roll(e, 1), np.roll(e, -1)))
    return out


def _shares(cum: npt.NDArray[Any], a: int, b: int) -> list[float]:
    """Per line: the share of boundary pixels on it, or on a line beside it (a pixel of
    jitter), from `a` to `b` (`cum`: the lines' running counts). Every line in three whole-
    array steps: a candidate lattice reads a dozen to twenty of them."""
    import numpy as np

    a = max(0, a)
    b = min(cum.shape[1] - 1, b)
    if b <= a:
        return [0.0] * cum.shape[0]
    seen = cum[:, b] - cum[:, a]
    best = seen.copy()
    np.maximum(best[1:], seen[:-1], out=best[1:])
    np.maximum(best[:-1], seen[1:], out=best[:-1])
    out: list[float] = (best / (b - a)).tolist()
    return out


def find_lattice(gray: Gray, sizes: range, min_cell: float) -> Lattice | None:
    """The most convincing N x N lattice (N in `sizes`, cells of `min_cell` pixels or more)."""
    import numpy as np

    h, w = gray.shape
    if min(h, w) < 2 * min_cell:
        return None
    k = max(3, round(min(h, w) / 60))
    hor, ver = boundary_masks(gray, k)
    ey, ex = _widen(hor.mean(axis=1)), _widen(ver.mean(axis=0))
    cands: list[tuple[float, int, float, int, int]] = []
    for n in sizes:
        found = []
        step = max(0.25, min_cell / 80)
        ps = np.arange(min_cell, min(h, w) * 1.1 / n, step)
        for p, along_y, along_x in zip(
            ps.tolist(), _axis_offsets(ey, n, ps), _axis_offsets(ex, n, ps), strict=True
        ):
            for sa, y0 in along_y:
                for sb, x0 in along_x:
                    found.append((sa + sb, n, p, y0, x0))
        found.sort(reverse=True)
        cands += found[:PER_N]
    cum_h = np.cumsum(hor, axis=1)
    cum_v = np.cumsum(ver.T, axis=1)
    evidence: list[tuple[int, float, int, int, float, float]] = []
    for _s, n, p, y0, x0 in cands:
        x1, y1 = round(x0 + n * p), round(y0 + n * p)
        lines = mids = 0.0
        for cum, o0, a, b, size in ((cum_h, y0, x0, x1, h), (cum_v, x0, y0, y1, w)):
            share = _shares(cum, a, b)
            for j in range(n + 1):
                pos = round(o0 + j * p)
                lines += 0.8 if pos < 3 or pos >= size - 3 else share[pos]
            for j in range(n):
                mids += share[min(max(round(o0 + (j + 0.5) * p), 0), size - 1)]
        evidence.append((n, p, y0, x0, lines, mids))
    if not evidence:
        return None
    best: Lattice | None = None
    for floor in LINE_FLOORS:  # the strict floor first; the lenient one if it finds no board
        scored = []
        for n, p, y0, x0, lines, mids in evidence:
            xs = tuple(x0 + j * p for j in range(n + 1))
            ys = tuple(y0 + j * p for j in range(n + 1))
            score = lines - floor * 2 * (n + 1) - 2 * mids
            quality = (lines - 2 * mids) / (2 * (n + 1))
            scored.append(Lattice(n=n, xs=xs, ys=ys, score=score, quality=quality))
        best = _widest(max(scored, key=lambda lat: lat.score), scored)
        if best.quality >= MIN_QUALITY:
            break
    assert best is not None
    dx, dy = _centre(ex, best.xs), _centre(ey, best.ys)
    return Lattice(
        n=best.n,
        xs=tuple(x + dx for x in best.xs),
        ys=tuple(y + dy for y in best.ys),
        score=best.score,
        quality=best.quality,
    )


def _widest(best: Lattice, scored: list[Lattice]) -> Lattice:
    """`best`, or a larger lattice that holds it (the same cells, more of them around) and
    scores nearly as well: a board's outer cells can hide their lines (a solved Zip's path
    runs along them) and then the board less a row and a column scores about the same."""
    p = best.cell
    bigger = [
        other
        for other in scored
        if other.n > best.n
        and other.score >= NEAR * best.score
        and abs(other.cell - p) <= 0.03 * p
        and other.xs[0] - 0.15 * p <= best.xs[0]
        and best.xs[-1] <= other.xs[-1] + 0.15 * p
        and other.ys[0] - 0.15 * p <= best.ys[0]
        and best.ys[-1] <= other.ys[-1] + 0.15 * p
    ]
    return max(bigger, key=lambda lat: (lat.n, lat.score), default=best)


def _centre(profile: Profile, bounds: tuple[float, ...]) -> int:
    """The shift (pixels) that puts `bounds` in the middle of their lines.

    A thin line is marked on a few rows (its top-hat, the steps on both sides, the pixel of
    jitter), so the scores above tie over shifts of a pixel or two and the best may sit on
    the line's edge: in a reduced copy that is a third of a cell's wall or sign off. The
    middle of the run of shifts that see (nearly) as much evidence on the inner boundaries
    is the lines' middle; the cells' middles, where digits and discs are, have no say."""
    import numpy as np

    p = (bounds[-1] - bounds[0]) / (len(bounds) - 1)
    reach = max(1, round(0.1 * p))
    inner = np.round(np.asarray(bounds[1:-1])).astype(int)
    seen = [
        float(profile[np.clip(inner + d, 0, len(profile) - 1)].sum())
        for d in range(-reach, reach + 1)
    ]
    floor = seen[reach] * (1 - PLATEAU)
    if seen[reach] <= 0:
        return 0
    lo = hi = reach
    while lo > 0 and seen[lo - 1] >= floor:
        lo -= 1
    while hi < len(seen) - 1 and seen[hi + 1] >= floor:
        hi += 1
    return (lo + hi) // 2 - reach
