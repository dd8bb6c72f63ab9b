"""The exact pure search: solutions of a Mini Sudoku level, counted to a limit.

Each row, column and box keeps a 6-bit mask of the digits it already holds
(bit d-1 for digit d); a cell's candidates are the digits none of its three
units holds. The search fills the empty cell with the fewest candidates first
(a cell with none ends the branch at once), which on 6x6 almost never
backtracks: a LinkedIn level is solved and proved unique (the search for a
second solution runs to its end) in about a millisecond.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from queens_tui.kinds.sudoku.level import SIZE, Level, box_of

Solution = tuple[tuple[int, ...], ...]
"""A full grid: a digit 1-6 per cell, row by row."""

FULL = (1 << SIZE) - 1
BOX = tuple(box_of((i // SIZE, i % SIZE)) for i in range(SIZE * SIZE))
"""The box of each cell index `r * 6 + c`."""


def solutions_of(grid: Sequence[Sequence[int | None]]) -> Iterator[Solution]:
    """Every completion of `grid` (None or 0: empty), lazily, in a fixed order.

    Yields nothing when the filled cells already repeat a digit.
    """
    rows = [0] * SIZE
    cols = [0] * SIZE
    boxes = [0] * SIZE
    vals = [0] * (SIZE * SIZE)
    empty: list[int] = []
    for r in range(SIZE):
        for c in range(SIZE):
            v = grid[r][c]
            i = r * SIZE + c
            if not v:  # None (or 0) is an empty cell
                empty.append(i)
                continue
            bit = 1 << (v - 1)
            b = BOX[i]
            if rows[r] & bit or cols[c] & bit or boxes[b] & bit:
                return
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            vals[i] = v
    yield from _fill(rows, cols, boxes, vals, empty)


def _fill(
    rows: list[int], cols: list[int], boxes: list[int], vals: list[int], empty: list[int]
) -> Iterator[Solution]:
    if not empty:
        yield tuple(tuple(vals[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))
        return
    best = -1
    best_free = 0
    best_count = SIZE + 1
    for k, i in enumerate(empty):
        r, c = divmod(i, SIZE)
        free = FULL & ~(rows[r] | cols[c] | boxes[BOX[i]])
        count = free.bit_count()
        if count < best_count:
            best, best_free, best_count = k, free, count
            if count <= 1:
                break
    if best_count == 0:
        return
    i = empty[best]
    rest = empty[:best] + empty[best + 1 :]
    r, c = divmod(i, SIZE)
    b = BOX[i]
    free = best_free
    while free:
        bit = free & -free
        free ^= bit
        rows[r] |= bit
        cols[c] |= bit
        boxes[b] |= bit
        vals[i] = bit.bit_length()
        yield from _fill(rows, cols, boxes, vals, rest)
        rows[r] ^= bit
        cols[c] ^= bit
        boxes[b] ^= bit
    vals[i] = 0


def solutions(level: Level) -> Iterator[Solution]:
    """Every solution of `level`, lazily."""
    return solutions_of(level.givens)


def count(level: Level, limit: int = 2) -> int:
    """How many solutions `level` has, counting no further than `limit`."""
    return sum(1 for _ in islice(solutions(level), limit))
