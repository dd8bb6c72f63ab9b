"""Every solution of N-queens, streamed in lexicographic order (for `--all` and `--fundamental`).

A plain depth-first bitmask search with an explicit stack, so the first
solutions come out at once and a consumer can stop any time (a pipe to
`head`). Counting does not go through here: see `count`, which is much
faster but yields no placements.
"""

from __future__ import annotations

from collections.abc import Iterator

from queens_tui.kinds.classic import Solution
from queens_tui.kinds.classic.symmetry import is_canonical


def solutions(n: int) -> Iterator[Solution]:
    """Every solution of n-queens, lexicographically (row 0's column first)."""
    if n < 1:
        return
    full = (1 << n) - 1
    q = [0] * n
    # stack of (row, free bits still to try, cols, ld, rd) for the rows being tried
    cols = ld = rd = 0
    stack: list[tuple[int, int, int, int]] = []
    free = full
    row = 0
    while True:
        if free:
            bit = free & -free
            free ^= bit
            q[row] = bit.bit_length() - 1
            if row == n - 1:
                yield tuple(q)
                continue
            stack.append((free, cols, ld, rd))
            cols |= bit
            ld = ((ld | bit) << 1) & full
            rd = (rd | bit) >> 1
            row += 1
            free = full & ~(cols | ld | rd)
        else:
            if not stack:
                return
            free, cols, ld, rd = stack.pop()
            row -= 1


def fundamental_solutions(n: int) -> Iterator[Solution]:
    """One solution per class under the 8 symmetries: its lexicographically smallest member."""
    for q in solutions(n):
        if is_canonical(q):
            yield q
