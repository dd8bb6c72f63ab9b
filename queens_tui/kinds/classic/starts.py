"""Where a count of N-queens starts: one search per class of boards under the 8 symmetries.

A solution has four edge queens: row 0's at column `t`, row N-1's at column
`u`, column 0's in row `L`, column N-1's in row `R` (a corner queen is two of
them). Its 8 images (turns and mirrors of the square) put in row 0 the queens
at the 8 distances `t, m-t, u, m-u, L, m-L, R, m-R` (m = N-1) from the left
corner; so each class has an image whose row-0 queen is nearest to a corner
(`t` the least of the 8) and on the left. The count searches only those:

- `t` = 0, a corner queen (then `L` = 0 too, and no other queen can sit in a
  corner): the class's two images with a queen at (0, 0) differ by the mirror
  in the main diagonal, which swaps row 1's queen (column `t1`) with column
  1's (row `L1`): count the one with `t1 < L1` (column 1 closed in rows
  2..t1-1), weight 8 (no such board is symmetric).
- `t` >= 1 and each of `u, L, R` strictly between `t` and `m-t`: the row-0
  queen is the only one at distance `t` from a corner, so the class has 8
  boards and this one stands for them all: weight 8. In the search: columns
  0 and N-1 closed in rows 1..t and m-t..m, row N-1 open only between.
- exactly one of `u, L, R` at distance `t` (equal to `t` or `m-t`): two
  images have their row-0 queen at distance `t` on the left, and both are
  counted, weight 4 each (8 per class; a class of 4 symmetric boards has
  both images equal: 4 then, its size). The tied queen is placed in the
  search as a forced cell.
- two or three of them at distance `t`: few boards (two of the edge queens
  fixed, one edge cell free), counted frame by frame: the four edge queens
  whose frame is the least of its 8 images, weighted by the size of the
  frame's orbit (2, 4 or 8), which is the number of solutions of the class
  completing one of those frames.

Each start is a placement of rows 0..row-1 (the masks the search carries)
and the cells of each row the search must leave empty (`blocked`); its
completions times its weight, summed over the starts, is the number of
solutions (the unit tests check it against every solution for N <= 12, class
by class). Compared with the mirror alone (each solution searched for in
half of the board's classes' members), this searches about a quarter as
many boards; how much faster that is: docs/performance.md.
"""

from __future__ import annotations

from typing import NamedTuple


class Prefix(NamedTuple):
    """A partial placement that stands for `weight` of the search: rows 0..row-1 filled,
    (`cols`, `ld`, `rd`) the columns and diagonals they attack in row `row`, and bit c of
    `blocked[r]` set when the search may not put row r's queen in column c."""

    row: int
    cols: int
    ld: int
    rd: int
    weight: int
    blocked: tuple[int, ...]


def _attacks(n: int, qr: int, qc: int, r: int) -> int:
    """The cells of row r a queen on (qr, qc) attacks (its own column included)."""
    d = abs(r - qr)
    cells = 1 << qc
    if qc + d < n:
        cells |= 1 << (qc + d)
    if qc - d >= 0:
        cells |= 1 << (qc - d)
    return cells


def _blocked(n: int, forced: dict[int, int], allowed: dict[int, int]) -> tuple[int, ...]:
    """Per row, the cells closed: in row r of `forced` every cell but `forced[r]` (the search
    must put that row's queen there), elsewhere the cells the forced queens attack (closing
    them early prunes the search; the forced row would refuse them anyway), and the cells
    outside `allowed[r]`."""
    full = (1 << n) - 1
    out = []
    for r in range(n):
        if r in forced:
            cells = full & ~(1 << forced[r])
        else:
            cells = 0
            for qr, qc in forced.items():
                cells |= _attacks(n, qr, qc, r)
        out.append(cells | (full & ~allowed.get(r, full)))
    return tuple(out)


def _place(n: int, start: tuple[int, int, int, int], c: int) -> tuple[int, int, int, int]:
    """(row, cols, ld, rd) after putting row `row`'s queen in column c."""
    row, cols, ld, rd = start
    b = 1 << c
    return row + 1, cols | b, ((ld | b) << 1) & ((1 << n) - 1), (rd | b) >> 1


def frame_images(m: int, frame: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
    """The 8 images of the edge queens (t, u, L, R) of a board of side m+1 (some equal when
    the frame is symmetric): the four turns, then the four turns of the left-right mirror."""
    out = []
    t, u, left, right = frame
    for mirror in (False, True):
        if mirror:
            t, u, left, right = m - t, m - u, right, left
        for _ in range(4):
            out.append((t, u, left, right))
            t, u, left, right = m - left, m - right, u, t  # a quarter turn
    return out


def _valid_frame(m: int, frame: tuple[int, int, int, int]) -> bool:
    """Whether the edge queens (none in a corner) can stand together: one per row and
    column, no two on a diagonal."""
    t, u, left, right = frame
    cells = [(0, t), (m, u), (left, 0), (right, m)]
    if len({r for r, _ in cells}) < 4 or len({c for _, c in cells}) < 4:
        return False
    return all(abs(a[0] - b[0]) != abs(a[1] - b[1]) for i, a in enumerate(cells) for b in cells[:i])


def _viable(n: int, s: Prefix) -> bool:
    """False when some row is closed already: the start's queens and `blocked` leave it no
    cell (a forced cell attacked by row 0's queen, say)."""
    full = (1 << n) - 1
    for r in range(s.row, n):
        d = r - s.row
        if (s.cols | (s.ld << d) | (s.rd >> d) | s.blocked[r]) & full == full:
            return False
    return True


def _corner(n: int) -> list[Prefix]:
    m = n - 1
    out = []
    for t1 in range(2, m):
        placed = _place(n, _place(n, (0, 0, 0, 0), 0), t1)
        closed = tuple(0b10 if 2 <= r < t1 else 0 for r in range(n))
        out.append(Prefix(*placed, 8, closed))
    return out


def _nearest(n: int, t: int) -> list[Prefix]:
    """The starts whose row-0 queen is at column t, nearest to a corner of the four."""
    m = n - 1
    full = (1 << n) - 1
    lo, hi = t, m - t
    between = sum(1 << c for c in range(lo + 1, hi))
    edge_rows = [r for r in range(1, n) if r <= lo or r >= hi]
    first = _place(n, (0, 0, 0, 0), t)
    out = []
    for ends in ((), ("u", lo), ("u", hi), ("L", lo), ("L", hi), ("R", lo), ("R", hi)):
        forced: dict[int, int] = {}
        allowed: dict[int, int] = {}
        for name, col in (("L", 0), ("R", m)):
            if ends and ends[0] == name:
                forced[ends[1]] = col
            else:
                for r in edge_rows:
                    allowed[r] = allowed.get(r, full) & ~(1 << col)
        if ends and ends[0] == "u":
            forced[m] = ends[1]
        else:
            allowed[m] = allowed.get(m, full) & between
        out.append(Prefix(*first, 8 if not ends else 4, _blocked(n, forced, allowed)))
    # two or three edge queens at distance t: frame by frame (the row-N-1 queens of frames
    # that share L, R and weight in one start)
    rows_u: dict[tuple[int, int, int], int] = {}
    for u in range(lo, hi + 1):
        for left in range(lo, hi + 1):
            for right in range(lo, hi + 1):
                if (u in (lo, hi)) + (left in (lo, hi)) + (right in (lo, hi)) < 2:
                    continue
                frame = (t, u, left, right)
                if not _valid_frame(m, frame):
                    continue
                images = frame_images(m, frame)
                if min(images) != frame:
                    continue
                key = (left, right, len(set(images)))
                rows_u[key] = rows_u.get(key, 0) | 1 << u
    for (left, right, weight), us in sorted(rows_u.items()):
        out.append(Prefix(*first, weight, _blocked(n, {left: 0, right: m}, {m: us})))
    return out


def starts(n: int) -> list[Prefix]:
    """Every start of an n-queens count (see the module's docstring), those that cannot be
    completed at once left out; for n = 1 the lone queen."""
    if n < 1:
        return []
    if n == 1:
        return [Prefix(1, 1, 0, 0, 1, (0,))]
    found = _corner(n)
    for t in range(1, (n - 2) // 2 + 1):
        found.extend(_nearest(n, t))
    return [s for s in found if _viable(n, s)]
