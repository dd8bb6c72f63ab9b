"""An exact search for Queens solutions, in pure Python with bitmasks.

Measured on the 1,124-level community corpus it solves and proves uniqueness
faster than CP-SAT (no 0.4 s OR-Tools import, no model building), so the CLI
and the generator use it; the CP-SAT service in `queens_tui.solver` stays the
engine for the app's background worker and as an independent cross-check.

The board is one integer with a bit per cell. Each step places a queen in the
region with the fewest open cells (fail-first), and prunes as soon as any row,
column or region is left with no open cell.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from queens_tui.core.level import Cell, Level


class Cancelled(Exception):
    """Raised inside a search when its cancel event is set."""


@dataclass(frozen=True)
class Masks:
    """Bitmask tables of one level (bit r*N+c is cell (r, c))."""

    size: int
    attack: tuple[int, ...]
    """Per cell: the cell itself plus every cell a queen there rules out."""
    regions: tuple[int, ...]
    rows: tuple[int, ...]
    cols: tuple[int, ...]

    @classmethod
    def of(cls, level: Level) -> Masks:
        n = level.size
        row0 = (1 << n) - 1
        rows = tuple(row0 << (r * n) for r in range(n))
        col0 = sum(1 << (r * n) for r in range(n))
        cols = tuple(col0 << c for c in range(n))
        regions = [0] * n
        ids = level.region_ids
        for r in range(n):
            for c in range(n):
                regions[ids[r][c]] |= 1 << (r * n + c)
        attack = []
        for r in range(n):
            # the 3-wide band of columns around c, in rows r-1..r+1
            for c in range(n):
                band = (0b111 << c >> 1) & row0
                near = 0
                for rr in (r - 1, r, r + 1):
                    if 0 <= rr < n:
                        near |= band << (rr * n)
                attack.append(rows[r] | cols[c] | regions[ids[r][c]] | near)
        return cls(n, tuple(attack), tuple(regions), rows, cols)

    def bit(self, cell: Cell) -> int:
        return 1 << (cell[0] * self.size + cell[1])

    def cell(self, bit_index: int) -> Cell:
        return divmod(bit_index, self.size)

    @cached_property
    def lines(self) -> tuple[int, ...]:
        """Every row, column and region mask: each needs exactly one queen."""
        return self.rows + self.cols + self.regions


def _masks(level: Level) -> Masks:
    # Cached on the level object itself: Level is immutable, so the tables are too.
    cached = level.__dict__.get("_search_masks")
    if cached is None:
        cached = Masks.of(level)
        level.__dict__["_search_masks"] = cached
    return cached


def solutions(
    level: Level,
    *,
    queens: Iterable[Cell] = (),
    forbidden: Iterable[Cell] = (),
    cancel: threading.Event | None = None,
) -> Iterator[tuple[Cell, ...]]:
    """Yield every solution (queens sorted by row) that keeps `queens` and avoids `forbidden`.

    Lazy: take as many as you need. Raises `Cancelled` if `cancel` is set.
    """
    m = _masks(level)
    n = m.size
    full = (1 << (n * n)) - 1
    open_ = full
    for cell in forbidden:
        open_ &= ~m.bit(cell)
    placed = 0
    for cell in queens:
        b = m.bit(cell)
        if not open_ & b:
            return  # a given queen sits on a ruled-out cell: no completion
        open_ &= ~m.attack[cell[0] * n + cell[1]]
        placed |= b
    lines = m.lines
    # Lines still needing a queen: those not already holding a given queen.
    todo = tuple(line for line in lines if not line & placed)
    attack = m.attack
    steps = 0

    def rec(open_: int, todo: tuple[int, ...], placed: int) -> Iterator[int]:
        nonlocal steps
        if not todo:
            yield placed
            return
        steps += 1
        if cancel is not None and not steps & 1023 and cancel.is_set():
            raise Cancelled
        best = 0
        best_count = n * n + 1
        for line in todo:
            cand = open_ & line
            if not cand:
                return
            k = cand.bit_count()
            if k < best_count:
                best, best_count = cand, k
                if k == 1:
                    break
        cand = best
        while cand:
            low = cand & -cand
            cand ^= low
            idx = low.bit_length() - 1
            nxt = open_ & ~attack[idx]
            rest = tuple(line for line in todo if not line & low)
            yield from rec(nxt, rest, placed | low)

    for found in rec(open_, todo, placed):
        cells = []
        while found:
            low = found & -found
            found ^= low
            cells.append(m.cell(low.bit_length() - 1))
        yield tuple(sorted(cells))


def count(level: Level, limit: int = 2, **kwargs: object) -> int:
    """How many solutions, counting no further than `limit`."""
    k = 0
    for _ in solutions(level, **kwargs):  # type: ignore[arg-type]
        k += 1
        if k >= limit:
            break
    return k


def first(level: Level, **kwargs: object) -> tuple[Cell, ...] | None:
    """One solution, or None."""
    return next(iter(solutions(level, **kwargs)), None)  # type: ignore[arg-type]
