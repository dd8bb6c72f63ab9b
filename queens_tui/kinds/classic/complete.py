"""Finish a partly filled classic board by exact search (the game's pure-search engine).

Row by row with bitmasks; a row that already holds the player's queen takes
it, crossed-out cells are skipped. `stop` (anything with `is_set()`, such as
`core.play.Deadline`) is polled every 4,096 steps; when it fires the search
raises `OutOfTime` (no answer, which is not "no solution").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from queens_tui.kinds.classic import Solution

Cell = tuple[int, int]


class Stop(Protocol):
    def is_set(self) -> bool: ...


class OutOfTime(Exception):
    """The search was stopped before it could answer."""


def complete(
    n: int, queens: Iterable[Cell] = (), crosses: Iterable[Cell] = (), stop: Stop | None = None
) -> Solution | None:
    """A solution containing every queen and no crossed cell, lexicographically first; None if
    there is none. Raises `OutOfTime` when `stop` fires first."""
    full = (1 << n) - 1
    fixed: dict[int, int] = {}
    for r, c in queens:
        if r in fixed and fixed[r] != c:
            return None
        fixed[r] = c
    banned = [0] * n
    for r, c in crosses:
        banned[r] |= 1 << c
    q = [0] * n
    steps = 0

    def rec(row: int, cols: int, ld: int, rd: int) -> bool:
        nonlocal steps
        if row == n:
            return True
        steps += 1
        if stop is not None and steps & 4095 == 0 and stop.is_set():
            raise OutOfTime
        free = full & ~(cols | ld | rd | banned[row])
        if row in fixed:
            free &= 1 << fixed[row]
        while free:
            bit = free & -free
            free ^= bit
            q[row] = bit.bit_length() - 1
            if rec(row + 1, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1):
                return True
        return False

    return tuple(q) if rec(0, 0, 0, 0) else None
