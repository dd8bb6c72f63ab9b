"""Counting N-queens solutions exactly, fast, and the fundamental count by Burnside's lemma.

`total(n)`: the number of solutions. The search starts from the placements
of `starts` (one class of boards under the 8 symmetries of the square each,
weighted by how many boards it stands for; some cells of each row closed,
`blocked`), about a quarter of what the mirror alone leaves to search. Below
that, partial placements are expanded breadth-first as
numpy arrays of bitmasks (`cols`, `ld`, `rd`: the columns and the two
diagonal directions attacked in the next row), chunk by chunk so memory
stays bounded. Where the time goes decides the design: a whole-array bit
operation costs a state far less than anything that moves states around (a
sort, a gather, a filter), so the counter does many cheap bit tests to move
few states (the figures: docs/performance.md):

- the board sits at the top of a 16-bit word (32-bit past N=16) and the bits
  below it are columns taken from the start, so "no free cell" is just
  `cols | ld | rd == all ones`, with no masking anywhere;
- children come in slots: slot j holds every parent's j-th free cell
  (parents run out at different slots; their empty children are dropped by
  the filter below, and the parents are compacted when half have run out),
  which needs no sort (the sort by free-cell count it replaced cost more
  than everything else together);
- a look-ahead filter keeps only the children that could still be
  completed as far as the queens already placed show: every row left has a
  free cell and every column left is free in some row left (whole-array bit
  tests over the last `LOOK_AHEAD` rows). It removes most of the states at the deep
  rows, where most of the work was;
- survivors are compacted by `flatnonzero` + `take` (cheaper than boolean
  indexing with unpredictable masks);
- the last three rows are closed directly: for each of the three remaining
  columns in row N-3, the two left columns either fit rows N-2 and N-1 in
  one order, the other, or not at all, all as whole-array bit tests.

How fast, against the plain recursive bitmask counter with the mirror trick:
docs/performance.md and tests/benchmarks/test_bench_nqueens.py. numpy is
imported inside the counting functions only (the game never loads it).

`symmetric(n)`: S90 and S180, the solutions unchanged by a quarter turn and
by a half turn, by small searches that place queens in orbits (pairs for
S180, fours for S90). Then Burnside: F = (T + 2*S90 + S180) / 8 for N >= 2
(no mirror fixes a solution: two queens mirrored in a diagonal share the
other diagonal).
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from queens_tui.kinds.classic.starts import Prefix, starts

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Masks = npt.NDArray[np.integer[Any]]  # unsigned; numpy's stubs call a shifted one signed
    Shut = tuple[Any, ...]  # numpy scalars: each row's closed cells, the board padded

Blocked = Sequence[int]
"""Per row, the cells the search may not use (bit c: column c)."""

CHUNK = 131072
"""Parents expanded together: large enough that numpy's per-call cost (~1 us, about 30 calls a
level) stays small beside the work; the arrays (256 KB each) still sit in the L3 cache."""

LOOK_AHEAD = 8
"""With at most this many rows left, the look-ahead filter checks every row and column left;
with more, only the next row (higher up, the full check removes almost nothing). 5 was best
with the mirror alone; with the closed cells of the starts, 7-10 are (N=16, CPU: 1.13 s at 5,
1.03 at 8; docs/performance.md)."""

MAX_N = 32
"""Largest N the numpy counter takes (32-bit masks); far beyond what finishes anyway."""

PYTHON_N = 10
"""Up to this N the plain search beats importing numpy (~0.1 s)."""

Progress = Callable[[float, int], None]
"""Called after each finished batch with (fraction of the search done, solutions so far)."""


@dataclass(frozen=True)
class Counts:
    """All solutions, fundamental ones, and the symmetric ones Burnside's lemma needs."""

    n: int
    solutions: int
    fundamental: int
    s90: int
    s180: int


def _complete_python(n: int, row: int, state: tuple[int, int, int], blocked: Blocked) -> int:
    """Completions of one partial placement (rows 0..row-1 filled; `state` = (cols, ld, rd),
    the masks of row `row`) by the plain recursive search, within the `blocked` cells."""
    full = (1 << n) - 1

    def rec(r: int, cols: int, ld: int, rd: int) -> int:
        if r == n:
            return 1
        total = 0
        free = full & ~(cols | ld | rd | blocked[r])
        while free:
            bit = free & -free
            free ^= bit
            total += rec(r + 1, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1)
        return total

    return rec(row, *state)


_malloc_tuned = False


def keep_freed_memory() -> None:
    """Ask glibc to keep freed arrays in the process instead of giving them back to the kernel.

    The counter allocates and frees numpy arrays of 30-200 KB all the time; by
    default glibc maps each one over 128 KB afresh and unmaps it when freed,
    which costs a page fault per page and system time the count then waits
    for (docs/performance.md). Called by the numpy counter itself, once per process,
    so every worker of a split count gets it too. Best effort: a no-op off
    glibc. The one process-wide side effect of this module.
    """
    global _malloc_tuned
    if _malloc_tuned or not sys.platform.startswith("linux"):
        return
    _malloc_tuned = True
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
        m_trim_threshold, m_mmap_threshold = -1, -3
        libc.mallopt(m_mmap_threshold, 1 << 26)
        libc.mallopt(m_trim_threshold, 1 << 27)
    except (OSError, AttributeError):
        pass


def prefixes(n: int, depth: int) -> list[Prefix]:
    """The partial placements of rows 0..depth-1 (or more) that stand for the whole search.

    The starts of `starts.starts` (rows 0 and 1, or row 0 only), each extended
    row by row within its `blocked` cells (placements that die on the way are
    dropped) until `depth` rows are filled or the board is, in breadth-first
    order; each keeps its start's weight and closed cells.
    """
    full = (1 << n) - 1
    level: deque[Prefix] = deque(starts(n))
    out: list[Prefix] = []
    while level:
        p = level.popleft()
        if p.row >= depth or p.row == n:
            out.append(p)
            continue
        free = full & ~(p.cols | p.ld | p.rd | p.blocked[p.row])
        while free:
            b = free & -free
            free ^= b
            level.append(
                p._replace(
                    row=p.row + 1,
                    cols=p.cols | b,
                    ld=((p.ld | b) << 1) & full,
                    rd=(p.rd | b) >> 1,
                )
            )
    return out


def _close2(cols: Masks, ld: Masks, rd: Masks, shut: Shut, valid: Any = None) -> int:
    """Completions of states with two rows left (`shut`: their closed cells): both columns
    left, in either order."""
    import numpy as np

    rem = ~cols
    hi = rem & (rem - 1)
    lo = rem ^ hi
    att = ld | rd
    first, second = shut
    if first:
        att |= first
    down1 = ((ld | hi) << 1) | ((rd | hi) >> 1)
    down2 = ((ld | lo) << 1) | ((rd | lo) >> 1)
    if second:
        down1 |= second
        down2 |= second
    ok1 = ((hi & att) | (lo & down1)) == 0
    ok2 = ((lo & att) | (hi & down2)) == 0
    if valid is not None:
        ok1 &= valid
        ok2 &= valid
    return int(np.count_nonzero(ok1)) + int(np.count_nonzero(ok2))


def _close3(cols: Masks, ld: Masks, rd: Masks, shut: Shut) -> int:
    """Completions of states with three rows left: each remaining column first, then
    `_close2`."""
    rem = ~cols
    att = ld | rd
    if shut[0]:
        att |= shut[0]
    total = 0
    for _ in range(3):
        rest = rem & (rem - 1)
        bit = rem ^ rest
        rem = rest
        total += _close2(cols | bit, (ld | bit) << 1, (rd | bit) >> 1, shut[1:], (bit & att) == 0)
    return total


def _children(cols: Masks, ld: Masks, rd: Masks, shut: Shut) -> tuple[Masks, Masks, Masks]:
    """The states one row down that pass the look-ahead filter, compacted. `shut`: the closed
    cells of this row and of each row below it (numpy scalars, 0 when none)."""
    import numpy as np

    full = np.iinfo(cols.dtype).max
    free = cols | ld
    free |= rd
    if shut[0]:
        free |= shut[0]
    np.invert(free, out=free)
    size = len(free) * max(1, int(np.bitwise_count(free).max()))  # room for every child
    c, lft, rgt, bit = (np.empty(size, cols.dtype) for _ in range(4))
    end = 0
    while True:  # slot j: each parent's j-th free cell (0 once it has run out)
        start, end = end, end + len(free)
        low = bit[start:end]
        np.negative(free, out=low)
        low &= free
        free ^= low
        np.bitwise_or(cols, low, out=c[start:end])
        x = lft[start:end]
        np.bitwise_or(ld, low, out=x)
        x <<= 1
        x = rgt[start:end]
        np.bitwise_or(rd, low, out=x)
        x >>= 1
        alive = free != 0
        still = int(np.count_nonzero(alive))
        if still == 0:
            break
        if 2 * still < len(free):  # drop the parents that have run out
            keep = np.flatnonzero(alive)
            cols, ld, rd, free = cols.take(keep), ld.take(keep), rd.take(keep), free.take(keep)
    c, lft, rgt, bit = c[:end], lft[:end], rgt[:end], bit[:end]
    ok = bit != 0
    t = c | lft
    t |= rgt
    left = len(shut) - 1  # rows left below this one
    if shut[1]:
        t |= shut[1]
    ok &= t != full  # the next row has a free cell
    if left <= LOOK_AHEAD:
        everywhere = t  # cells attacked in every row left
        for j in range(1, left):
            t = lft << j
            t |= c
            t |= rgt >> j
            if shut[j + 1]:
                t |= shut[j + 1]
            ok &= t != full  # row j below has a free cell
            everywhere &= t
        everywhere &= ~c
        ok &= everywhere == 0  # each column left is free in some row left
    keep = np.flatnonzero(ok)
    return c.take(keep), lft.take(keep), rgt.take(keep)


def _expand(cols: Masks, ld: Masks, rd: Masks, shut: Shut) -> int:
    """Completions of the states (`shut`: the closed cells of their next row and every row
    below), chunk by chunk, depth-first over chunks."""
    c, lft, rgt = _children(cols, ld, rd, shut)
    if len(shut) == 4:
        return _close3(c, lft, rgt, shut[1:])
    total = 0
    for s in range(0, len(c), CHUNK):
        total += _expand(c[s : s + CHUNK], lft[s : s + CHUNK], rgt[s : s + CHUNK], shut[1:])
    return total


def completions(
    n: int,
    row: int,
    states: Sequence[tuple[int, int, int]],
    blocked: Blocked | None = None,
    bits: int = 0,
) -> int:
    """The solutions that complete the partial placements `states`, each with rows 0..row-1
    filled and given as (cols, ld, rd), the masks of row `row` (bit c: column c attacked),
    with no queen on the `blocked` cells (bit c of `blocked[r]`: row r, column c).

    What one task of a split count does (`split.count_task`): the numpy counter where there
    is room for it (n > 10, four rows or more left), else the plain search per state.
    `bits` (16 or 32) asks for the numpy counter on words of that width (0: the narrowest
    that holds the board, and the plain search where it is faster).
    """
    closed = blocked or (0,) * n
    if not states:
        return 0
    if row >= n:
        return len(states)
    if n - row < 4 or (n <= PYTHON_N and not bits):
        return sum(_complete_python(n, row, state, closed) for state in states)
    import numpy as np

    keep_freed_memory()
    bits = bits or (16 if n <= 16 else 32)
    dtype = np.uint16 if bits == 16 else np.uint32
    pad = bits - n  # the board's columns sit at the top of the word
    taken = (1 << pad) - 1  # the bits below the board: columns taken from the start
    cols: Masks = np.array([c << pad | taken for c, _, _ in states], dtype=dtype)
    ld: Masks = np.array([lft << pad for _, lft, _ in states], dtype=dtype)
    rd: Masks = np.array([rgt << pad for _, _, rgt in states], dtype=dtype)
    shut = tuple(dtype(x << pad) for x in closed[row:])
    return _expand(cols, ld, rd, shut)


def total(n: int, progress: Progress | None = None) -> int:
    """The number of solutions of n-queens (A000170), exactly.

    `progress(fraction, count_so_far)` is called after each part of the search (one per
    search of `starts`, ~50 at N=16: uneven, those nearest to a corner cost most); the count
    it gets is exact for the parts finished, so an interrupted run can report it as a lower
    bound.
    """
    if n < 1:
        return 0
    if n > MAX_N:
        raise ValueError(f"n={n} is too large to count (at most {MAX_N})")
    groups = _groups(prefixes(n, 3))
    done = 0
    for i, ((row, weight, blocked), states) in enumerate(groups.items()):
        done += weight * completions(n, row, states, blocked)
        if progress is not None:
            progress((i + 1) / len(groups), done)
    return done


def _groups(
    found: Sequence[Prefix],
) -> dict[tuple[int, int, tuple[int, ...]], list[tuple[int, int, int]]]:
    """The prefixes' masks by row, weight and closed cells: each group is one search (one
    array for numpy)."""
    groups: dict[tuple[int, int, tuple[int, ...]], list[tuple[int, int, int]]] = {}
    for p in found:
        groups.setdefault((p.row, p.weight, p.blocked), []).append((p.cols, p.ld, p.rd))
    return groups


def count_prefixes(n: int, found: Sequence[Prefix]) -> int:
    """Each prefix's completions times its weight, the prefixes of one search together."""
    return sum(
        weight * completions(n, row, states, blocked)
        for (row, weight, blocked), states in _groups(found).items()
    )


def s180(n: int) -> int:
    """Solutions unchanged by a half turn: queens placed in pairs (r, c) and (n-1-r, n-1-c).

    The pairs of rows go from the middle outwards: near the middle a queen and
    its partner are close, so their diagonals cut the search early (fewer
    steps than top-down).
    """
    if n == 1:
        return 1
    half = n // 2
    full = (1 << n) - 1
    cols0 = d1_0 = d2_0 = 0
    if n % 2:  # the middle row's queen is its own partner: the centre
        m = half
        cols0, d1_0, d2_0 = 1 << m, 1 << (n - 1), 1 << (2 * m)
    rows = list(range(half - 1, -1, -1))

    def rec(i: int, cols: int, d1: int, d2: int) -> int:
        if i == half:
            return 1
        r = rows[i]
        r2 = n - 1 - r
        total = 0
        free = full & ~cols
        while free:
            bit = free & -free
            free ^= bit
            c = bit.bit_length() - 1
            c2 = n - 1 - c
            a1, b1 = r - c + n - 1, r2 - c2 + n - 1
            a2, b2 = r + c, r2 + c2
            if a1 == b1 or a2 == b2 or (d1 >> a1 | d1 >> b1 | d2 >> a2 | d2 >> b2) & 1:
                continue
            total += rec(
                i + 1,
                cols | bit | 1 << c2,
                d1 | 1 << a1 | 1 << b1,
                d2 | 1 << a2 | 1 << b2,
            )
        return total

    return rec(0, cols0, d1_0, d2_0)


def s90(n: int) -> int:
    """Solutions unchanged by a quarter turn: queens placed in orbits of four cells.

    Only n = 0 or 1 mod 4 can have any (the queens off the centre come in fours).
    """
    if n == 1:
        return 1
    if n % 4 not in (0, 1):
        return 0
    rows0 = cols0 = d1_0 = d2_0 = 0
    if n % 2:
        m = n // 2
        rows0, cols0, d1_0, d2_0 = 1 << m, 1 << m, 1 << (n - 1), 1 << (2 * m)

    def rec(rows: int, cols: int, d1: int, d2: int) -> int:
        r = 0
        while r < n and rows >> r & 1:
            r += 1
        if r == n:
            return 1
        total = 0
        for c in range(n):
            cells = {(r, c), (c, n - 1 - r), (n - 1 - r, n - 1 - c), (n - 1 - c, r)}
            if len(cells) != 4:
                continue
            nr, nc, n1, n2 = rows, cols, d1, d2
            for rr, cc in cells:
                a1, a2 = rr - cc + n - 1, rr + cc
                if (nr >> rr | nc >> cc | n1 >> a1 | n2 >> a2) & 1:
                    break
                nr, nc, n1, n2 = nr | 1 << rr, nc | 1 << cc, n1 | 1 << a1, n2 | 1 << a2
            else:
                total += rec(nr, nc, n1, n2)
        return total

    return rec(rows0, cols0, d1_0, d2_0)


def fundamental_from(n: int, t: int, q90: int, h180: int) -> int:
    """Burnside's lemma: classes under the 8 symmetries, from T, S90 and S180."""
    if n == 1:
        return 1
    f, rest = divmod(t + 2 * q90 + h180, 8)
    if rest:
        raise ArithmeticError(f"Burnside's sum for n={n} is not a multiple of 8")
    return f


def counts(n: int, progress: Progress | None = None) -> Counts:
    """T, F, S90 and S180 for n-queens by the fast counter and the symmetric searches."""
    t = total(n, progress)
    q90, h180 = s90(n), s180(n)
    return Counts(n, t, fundamental_from(n, t, q90, h180), q90, h180)
