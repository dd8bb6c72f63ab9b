"""The counter before issue 38, kept to measure against: the mirror alone (row 0's queen in
the left half, weight 2), the same numpy breadth-first search, look-ahead over 5 rows.

Copied from `queens_tui/kinds/classic/count.py` as of commit 6cbc8f3^ (its `total`), so
`tests/benchmarks/test_bench_nqueens.py` can time both in one run.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Masks = npt.NDArray[np.integer[Any]]  # unsigned; numpy's stubs call a shifted one signed

CHUNK = 131072
"""Parents expanded together: large enough that numpy's per-call cost (~1 us, about 30 calls a
level) stays small beside the work; the arrays (256 KB each) still sit in the L3 cache."""

LOOK_AHEAD = 5
"""With at most this many rows left, the look-ahead filter checks every row and column left;
with more, only the next row (higher up, the full check removes almost nothing)."""

BATCHES = 16
"""Parts of the search between progress reports."""

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


def _complete_python(n: int, cols: int, ld: int, rd: int) -> int:
    """Completions of one partial placement (`cols`, `ld`, `rd`: the masks of the next row) by
    the plain recursive search."""
    full = (1 << n) - 1

    def rec(cols: int, ld: int, rd: int) -> int:
        if cols == full:
            return 1
        total = 0
        free = full & ~(cols | ld | rd)
        while free:
            bit = free & -free
            free ^= bit
            total += rec(cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1)
        return total

    return rec(cols, ld, rd)


def _total_python(n: int) -> int:
    """Plain recursive count, for boards small enough that importing numpy would cost more."""
    return _complete_python(n, 0, 0, 0) if n >= 1 else 0


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


class Prefix(NamedTuple):
    """A partial placement that stands for `weight` of the search: rows 0..row-1 filled,
    (`cols`, `ld`, `rd`) the columns and diagonals they attack in row `row`."""

    row: int
    cols: int
    ld: int
    rd: int
    weight: int


def prefixes(n: int, depth: int) -> list[Prefix]:
    """The partial placements of rows 0..depth-1 (or more) that stand for the whole search.

    Row 0's queen in the left half, weight 2: the mirror image of each of its
    solutions has row 0's queen in the right half. For odd n, row 0's queen in
    the middle column is its own mirror, so row 1's queen goes in the left
    half instead (it cannot be in the middle too), again weight 2; those start
    two rows down. n = 1 is the lone queen in the middle, weight 1. Each is
    then extended row by row (placements that die on the way are dropped)
    until `depth` rows are filled or the board is, in breadth-first order.
    """
    full = (1 << n) - 1
    half = n // 2
    level: deque[Prefix] = deque()
    for c in range(half):
        b = 1 << c
        level.append(Prefix(1, b, (b << 1) & full, b >> 1, 2))
    if n == 1:
        level.append(Prefix(1, 1, 0, 0, 1))
    elif n % 2:
        m = 1 << half
        for c in range(half):
            b = 1 << c
            if b & (m | m << 1 | m >> 1):
                continue
            level.append(Prefix(2, m | b, (((m << 1) | b) << 1) & full, ((m >> 1) | b) >> 1, 2))
    out: list[Prefix] = []
    while level:
        p = level.popleft()
        if p.row >= depth or p.row == n:
            out.append(p)
            continue
        free = full & ~(p.cols | p.ld | p.rd)
        while free:
            b = free & -free
            free ^= b
            level.append(
                Prefix(p.row + 1, p.cols | b, ((p.ld | b) << 1) & full, (p.rd | b) >> 1, p.weight)
            )
    return out


def _close2(cols: Masks, ld: Masks, rd: Masks, valid: Any = None) -> int:
    """Completions of states with two rows left: both columns left, in either order."""
    import numpy as np

    rem = ~cols
    hi = rem & (rem - 1)
    lo = rem ^ hi
    att = ld | rd
    ok1 = ((hi & att) | (lo & (((ld | hi) << 1) | ((rd | hi) >> 1)))) == 0
    ok2 = ((lo & att) | (hi & (((ld | lo) << 1) | ((rd | lo) >> 1)))) == 0
    if valid is not None:
        ok1 &= valid
        ok2 &= valid
    return int(np.count_nonzero(ok1)) + int(np.count_nonzero(ok2))


def _close3(cols: Masks, ld: Masks, rd: Masks) -> int:
    """Completions of states with three rows left: each remaining column first, then `_close2`."""
    rem = ~cols
    att = ld | rd
    total = 0
    for _ in range(3):
        rest = rem & (rem - 1)
        bit = rem ^ rest
        rem = rest
        total += _close2(cols | bit, (ld | bit) << 1, (rd | bit) >> 1, (bit & att) == 0)
    return total


def _children(cols: Masks, ld: Masks, rd: Masks, left: int) -> tuple[Masks, Masks, Masks]:
    """The states one row down (`left` rows left below them, counting their next row) that
    pass the look-ahead filter, compacted."""
    import numpy as np

    full = np.iinfo(cols.dtype).max
    free = ~(cols | ld | rd)
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
    ok &= t != full  # the next row has a free cell
    if left <= LOOK_AHEAD:
        everywhere = t  # cells attacked in every row left
        for j in range(1, left):
            t = lft << j
            t |= c
            t |= rgt >> j
            ok &= t != full  # row j below has a free cell
            everywhere &= t
        everywhere &= ~c
        ok &= everywhere == 0  # each column left is free in some row left
    keep = np.flatnonzero(ok)
    return c.take(keep), lft.take(keep), rgt.take(keep)


def _expand(cols: Masks, ld: Masks, rd: Masks, row: int, n: int) -> int:
    """Completions of the states (next row `row`), chunk by chunk, depth-first over chunks."""
    c, lft, rgt = _children(cols, ld, rd, n - row - 1)
    if row + 1 == n - 3:
        return _close3(c, lft, rgt)
    total = 0
    for s in range(0, len(c), CHUNK):
        total += _expand(c[s : s + CHUNK], lft[s : s + CHUNK], rgt[s : s + CHUNK], row + 1, n)
    return total


def _total_numpy(n: int, progress: Progress | None = None, bits: int = 0) -> int:
    """`total` by numpy for n >= 7 (`bits`: word width, 16 or 32; 0 picks the narrowest)."""
    import numpy as np

    keep_freed_memory()
    bits = bits or (16 if n <= 16 else 32)
    dtype = np.uint16 if bits == 16 else np.uint32
    pad = bits - n  # the board's columns sit at the top of the word
    taken = (1 << pad) - 1  # the bits below the board: columns taken from the start
    depth = 3
    starts = [(p.cols, p.ld, p.rd) for p in prefixes(n, depth)]  # all weight 2, row 3 here
    size = max(1, -(-len(starts) // BATCHES))
    found = 0
    for i in range(0, len(starts), size):
        part = starts[i : i + size]
        cols: Masks = np.array([s[0] << pad | taken for s in part], dtype=dtype)
        ld: Masks = np.array([s[1] << pad for s in part], dtype=dtype)
        rd: Masks = np.array([s[2] << pad for s in part], dtype=dtype)
        found += 2 * _expand(cols, ld, rd, depth, n)
        if progress is not None:
            progress(min(1.0, (i + len(part)) / len(starts)), found)
    return found


def total(n: int, progress: Progress | None = None) -> int:
    """The number of solutions of n-queens (A000170), exactly.

    `progress(fraction, count_so_far)` is called after each of about
    `BATCHES` parts of the search; the count it gets is exact for the parts
    finished, so an interrupted run can report it as a lower bound.
    """
    if n < 1:
        return 0
    if n > MAX_N:
        raise ValueError(f"n={n} is too large to count (at most {MAX_N})")
    if n <= PYTHON_N:
        result = _total_python(n)
        if progress is not None:
            progress(1.0, result)
        return result
    return _total_numpy(n, progress)
