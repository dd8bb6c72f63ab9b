"""Reading a Zip board from a located picture: numbered dots and walls.

A dot is a disc in the middle of a cell, far from the cell's own grey (black
on LinkedIn's light theme). Its number is the ink of the other polarity
inside it, cut into digits (connected columns), each compared with digits
drawn by Pillow's own font (so the reader needs no font file): a score per
dot and candidate number. The numbers on a Zip board are exactly 1..K for K
dots, so the reading is an assignment: each dot gets a different number,
the best total wins (a least-cost assignment, `_least_cost`). A dot whose number
is not clearly its best match is refused rather than guessed.

A wall is a thick bar along a boundary, far from both cells' grey over most
of the boundary's length (the grid's own lines are thin and pale), and grey
itself (a solved picture's coloured path crosses boundaries; its dots stay
on top of it, and are read as on an unsolved one).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from queens_tui.formats.image._glyphs import digit_costs, scale
from queens_tui.formats.image._grid import true_runs
from queens_tui.formats.image._stats import median
from queens_tui.kinds.zip.level import ZipLevel

if TYPE_CHECKING:
    from queens_tui.formats.image import PuzzleReading
    from queens_tui.formats.image._board import Board
    from queens_tui.formats.image._glyphs import Glyph

DISC_SHARE = 0.55
"""Share of a cell's middle in the dot's colour that makes it a dot."""

SWAP_MARGIN = 0.02
"""How much worse (mean absolute difference, summed over the two dots) the best assignment
with two numbers swapped must be: closer is refused, not guessed. Measured: the 13 real
screenshots 0.05 and up, 20 synthetic ones 0.024 and up, and a 6 and an 8 read the wrong
way round on a small dark JPEG (cells of 31 pixels) 0.011."""

PART_SHARE = 0.15
"""A cell whose middle is more than this in a dot's colour, but less than `DISC_SHARE`,
holds a dot off its middle: the lattice found is not the board's (a solved picture's path
drew stronger lines than the grid's own)."""


PATH_TINT = 50.0
"""Saturation (max - min of RGB) of the coloured band a solved picture draws its path in."""

MAX_ADDED_WALLS = 30
"""Walls a solved picture's level may gain so that only its drawn path fits (see `_one_path`)."""


class Unsure(Exception):
    """A dot, a number or a wall that cannot be told."""


def read_board(board: Board, name: str | None) -> ZipLevel:
    """The Zip level in `board` (`Unsure` when a number cannot be read)."""
    from queens_tui.formats.image._board import background, disc_share

    n = board.n
    dots: list[tuple[int, int]] = []
    glyphs: list[list[Glyph]] = []
    for r in range(n):
        for c in range(n):
            bg = background(board, r, c)
            share = disc_share(board, r, c, bg)
            if PART_SHARE < share < DISC_SHARE:
                raise Unsure(f"r{r + 1}c{c + 1} holds part of a dot: the cells found do not fit")
            if share < DISC_SHARE:
                continue
            dots.append((r, c))
            glyphs.append(_digits(board, r, c, bg))
    if len(dots) < 2:
        raise Unsure(f"{len(dots)} numbered dots on a {n}x{n} grid")
    drawn = _drawn_cells(board)
    numbers = _numbers_along(drawn, dots, _table(glyphs)) if drawn is not None else None
    if numbers is None:
        numbers = _assign(glyphs, dots)
    grid = [[0] * n for _ in range(n)]
    for (r, c), k in zip(dots, numbers, strict=True):
        grid[r][c] = k
    walls = []
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0)):
                if r + dr < n and c + dc < n and _is_wall(board, r, c, dr, dc):
                    walls.append(((r, c), (r + dr, c + dc)))
    level = ZipLevel(n, n, tuple(tuple(row) for row in grid), tuple(walls), source=name)
    number_at = dict(zip(dots, numbers, strict=True))
    if drawn is not None and number_at.get(drawn[0]) != 1:
        drawn = drawn[::-1]  # from 1 to the end
    if drawn is None or (number_at.get(drawn[0]), number_at.get(drawn[-1])) != (1, len(dots)):
        return level  # no path drawn (or not one from 1 to the end): the numbers stand alone
    return _one_path(level, drawn)


def _numbers_along(
    drawn: list[tuple[int, int]], dots: list[tuple[int, int]], table: list[list[float]]
) -> list[int] | None:
    """The dots' numbers as the drawn path meets them (1 where it starts, the last where it
    ends: a solved picture shows their order), the path's direction the one its digits read
    best; None when the path does not start and end on a dot."""
    index = {cell: i for i, cell in enumerate(dots)}
    if drawn[0] not in index or drawn[-1] not in index:
        return None
    best: tuple[float, list[int]] | None = None
    for way in (drawn, drawn[::-1]):
        order = [index[cell] for cell in way if cell in index]
        numbers = [0] * len(dots)
        for k, i in enumerate(order, start=1):
            numbers[i] = k
        cost = sum(table[i][k - 1] for i, k in enumerate(numbers))
        if best is None or cost < best[0]:
            best = (cost, numbers)
    assert best is not None
    return best[1]


def _drawn_cells(board: Board) -> list[tuple[int, int]] | None:
    """The path a solved picture draws (cells from one end to the other), or None when the
    picture shows no whole path: two neighbours are joined when the path's coloured band
    runs across the middle of their common side (beside parallel runs of the path, that
    middle is the page between them)."""
    import numpy as np

    n = board.n
    links: dict[tuple[int, int], list[tuple[int, int]]] = {
        (r, c): [] for r in range(n) for c in range(n)
    }
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0)):
                if r + dr >= n or c + dc >= n:
                    continue
                rows, cols = board.box(r + 0.5 + 0.5 * dr, c + 0.5 + 0.5 * dc, 0.08)
                coloured = board.sat[rows, cols] >= PATH_TINT
                if np.count_nonzero(coloured) > 0.6 * coloured.size:
                    links[(r, c)].append((r + dr, c + dc))
                    links[(r + dr, c + dc)].append((r, c))
    ends = [cell for cell, nbrs in links.items() if len(nbrs) == 1]
    if len(ends) != 2:
        return None
    path, prev = [ends[0]], None
    while len(path) <= n * n:
        here = path[-1]
        onward = [cell for cell in links[here] if cell != prev]
        if len(links[here]) > 2 or len(onward) > 1:
            return None
        if not onward:
            break
        prev = here
        path.append(onward[0])
    if len(path) != n * n or len(set(path)) != n * n:
        return None
    return path


def _one_path(level: ZipLevel, drawn: list[tuple[int, int]]) -> ZipLevel:
    """`level` with the walls it needs for the drawn path to be its only one.

    A solved picture on a plain page may not show the puzzle's walls (a dark wall on the
    dark page): another path may then fit the numbers. While one does, a wall goes on the
    first side it crosses that the drawn path does not: the level read is the puzzle the
    picture solves, with exactly that path."""
    from dataclasses import replace

    from queens_tui.kinds import get_kind

    kind = get_kind("zip")
    used = {frozenset(pair) for pair in itertools.pairwise(drawn)}
    for _ in range(MAX_ADDED_WALLS):
        other = next((p for p in kind.solutions(level, 2) if list(p) != drawn), None)
        if other is None:
            return level
        cells = list(other)
        step = next((a, b) for a, b in itertools.pairwise(cells) if frozenset((a, b)) not in used)
        level = replace(level, walls=(*level.walls, (min(step), max(step))))
    raise Unsure("the numbers fit paths other than the one drawn")


def draw(
    source: str | os.PathLike[str],
    reading: PuzzleReading,
    solution: Iterable[tuple[int, int]],
) -> bytes:
    """The PNG bytes of `source` with the solution's path (cells from 1 to the end) drawn
    through the cells."""
    from queens_tui.formats.image.draw import draw_path

    return draw_path(source, reading.xs, reading.ys, solution, reading.lean)


def _digits(board: Board, r: int, c: int, bg: float) -> list[Glyph]:
    """The digits drawn in the dot of cell (r, c), left to right, each scaled to `GLYPH`."""
    import numpy as np

    rows, cols = board.box(r + 0.5, c + 0.5, 0.42)
    g = board.gray[rows, cols]
    h, w = g.shape
    yy, xx = np.mgrid[0:h, 0:w]
    near = (yy - (h - 1) / 2) ** 2 + (xx - (w - 1) / 2) ** 2 <= (0.4 * board.cell) ** 2
    grey = board.sat[rows, cols] < 60  # (not a solved picture's path)
    disc = (np.abs(g - bg) > 100) & near & grey  # (not a wall along the cell's side)
    if not disc.any():
        return []
    dot = float(median(g[disc]))
    # the dot's extent (its bounding box: digits inside leave its outline whole)
    ys, xs = np.nonzero(disc)
    cy, cx = (ys.min() + ys.max()) / 2, (xs.min() + xs.max()) / 2
    radius = min(ys.max() - ys.min(), xs.max() - xs.min()) / 2
    # inside the dot: pixels nearer the cell's grey than the dot's
    inner = (yy - cy) ** 2 + (xx - cx) ** 2 <= (0.82 * radius) ** 2
    ink = (np.abs(g - dot) > np.abs(g - bg)) & inner
    parts = []
    for start, end in true_runs(ink.any(axis=0)):
        part = ink[:, start:end]
        ys = np.flatnonzero(part.any(axis=1))
        if len(ys) == 0 or len(ys) < 0.08 * board.cell:
            continue  # a speck
        parts.append(part[ys[0] : ys[-1] + 1])
    # a digit is at least two thirds as tall as the tallest (a cursor's edge, a ring's rim is not)
    tallest = max((part.shape[0] for part in parts), default=0)
    return [scale(part.astype(np.float32)) for part in parts if part.shape[0] >= tallest / 1.5]


def _table(glyphs: list[list[Glyph]]) -> list[list[float]]:
    """Per dot, per number 1..K: how unlike the dot's digits the number is (10: another count
    of digits)."""
    k = len(glyphs)
    costs = [[digit_costs(g) for g in digits] for digits in glyphs]
    table: list[list[float]] = []
    for per_digit in costs:
        row = []
        for number in range(1, k + 1):
            text = str(number)
            if len(text) != len(per_digit):
                row.append(10.0)  # wrong count of digits
            else:
                row.append(sum(per_digit[i][int(ch)] for i, ch in enumerate(text)) / len(text))
        table.append(row)
    return table


def _assign(glyphs: list[list[Glyph]], dots: list[tuple[int, int]]) -> list[int]:
    """Numbers 1..K for the K dots: the assignment of least total unlikeness."""
    table = _table(glyphs)
    numbers = [j + 1 for j in _least_cost([[round(c * 10_000) for c in row] for row in table])]
    for i, number in enumerate(numbers):
        if table[i][number - 1] >= 10.0:
            r, c = dots[i]
            raise Unsure(f"the number on r{r + 1}c{c + 1} has {len(glyphs[i])} digits")
    i, j, margin = _closest_swap(table, numbers)
    if margin < SWAP_MARGIN:
        (r1, c1), (r2, c2) = dots[i], dots[j]
        raise Unsure(
            f"the numbers on r{r1 + 1}c{c1 + 1} and r{r2 + 1}c{c2 + 1} could be "
            f"{numbers[i]} and {numbers[j]} or the other way round"
        )
    return numbers


def _least_cost(cost: list[list[int]]) -> list[int]:
    """The column of each row in the assignment of a square cost table of least total (the
    Hungarian method with potentials, O(K^3): K is at most a board's cells). In Python, not
    OR-Tools' linear sum assignment, whose import alone cost a Zip picture 0.1 s."""
    k = len(cost)
    inf = float("inf")
    u, v = [0.0] * (k + 1), [0.0] * (k + 1)
    row_of = [0] * (k + 1)  # row_of[j]: the row (1-based) given column j; 0: none yet
    for i in range(1, k + 1):
        row_of[0] = i
        j0 = 0
        low = [inf] * (k + 1)
        back = [0] * (k + 1)
        used = [False] * (k + 1)
        while row_of[j0] != 0:
            used[j0] = True
            i0, delta, j1 = row_of[j0], inf, 0
            for j in range(1, k + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < low[j]:
                        low[j], back[j] = cur, j0
                    if low[j] < delta:
                        delta, j1 = low[j], j
            for j in range(k + 1):
                if used[j]:
                    u[row_of[j]] += delta
                    v[j] -= delta
                else:
                    low[j] -= delta
            j0 = j1
        while j0:
            j1 = back[j0]
            row_of[j0] = row_of[j1]
            j0 = j1
    column = [0] * k
    for j in range(1, k + 1):
        column[row_of[j] - 1] = j - 1
    return column


def _closest_swap(table: list[list[float]], numbers: list[int]) -> tuple[int, int, float]:
    """The two dots whose numbers, swapped, cost the least more (and how much more): the
    assignment's nearest rival, since every other one differs by a swap or more."""
    best = (0, 0, float("inf"))
    for i, a in enumerate(numbers):
        for j in range(i + 1, len(numbers)):
            b = numbers[j]
            extra = table[i][b - 1] + table[j][a - 1] - table[i][a - 1] - table[j][b - 1]
            if extra < best[2]:
                best = (i, j, extra)
    return best


def _is_wall(board: Board, r: int, c: int, dr: int, dc: int) -> bool:
    """Is there a thick bar on the boundary between (r, c) and (r + dr, c + dc)?"""
    import numpy as np

    from queens_tui.formats.image._board import background

    bg = (background(board, r, c) + background(board, r + dr, c + dc)) / 2
    p = board.cell
    thick = max(2, round(0.05 * p))
    samples = []
    for t in np.linspace(-0.3, 0.3, 9):
        y = r + 0.5 + 0.5 * dr + (t if dc else 0.0)
        x = c + 0.5 + 0.5 * dc + (0.0 if dc else t)
        rows, cols = board.box(y, x, 0.12)
        strip = board.gray[rows, cols]
        # grey, black or white: a solved picture's coloured path crosses boundaries too
        dark = (np.abs(strip - bg) > 100) & (board.sat[rows, cols] < 60)
        run = dark.sum(axis=1 if dc else 0)  # across the boundary
        samples.append(int(run.max()) >= thick if run.size else False)
    return sum(samples) >= 7
