"""The exact pure search: every solution of a Tango level, row by row over precomputed rows.

A row of N cells is an N-bit integer (bit c set = a sun in column c). Only
`valid_rows(N)` can appear at all (balanced, no three alike: 14 of the 64
rows at 6x6); each row's candidates are those agreeing with its givens and
its `=`/`×` signs. The search stacks candidate rows, checking against the two
rows above the column rules (no three alike, at most N/2 of a symbol so far)
and the vertical signs. 6x6 levels take well under a millisecond.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import islice

from queens_tui.core.play import CancelFlag, Cancelled
from queens_tui.kinds.tango.level import EQUAL, SUN, Level

Solution = tuple[tuple[int, ...], ...]
"""A full grid: `SUN` or `MOON` per cell, row by row."""


def _no_three(bits: int, n: int) -> bool:
    full = (1 << n) - 1
    ones = bits & (bits >> 1) & (bits >> 2)
    inv = ~bits & full
    zeros = inv & (inv >> 1) & (inv >> 2)
    return not ones and not zeros


@cache
def valid_rows(n: int) -> tuple[int, ...]:
    """Every row of `n` cells with n/2 suns and no three alike, as bit masks."""
    return tuple(
        bits for bits in range(1 << n) if bits.bit_count() == n // 2 and _no_three(bits, n)
    )


def _row_masks(level: Level) -> list[tuple[int, int, int, int, int, int]]:
    """Per row: (given mask, given suns, = mask above, × mask above, = within, × within).

    Masks above have bit c when a sign joins (r-1, c) and (r, c); masks within
    have bit c when a sign joins (r, c) and (r, c+1).
    """
    n = level.size
    out = []
    for r in range(n):
        gm = gs = 0
        for c, v in enumerate(level.givens[r]):
            if v is not None:
                gm |= 1 << c
                if v == SUN:
                    gs |= 1 << c
        eq_up = op_up = eq_in = op_in = 0
        for (a, b), kind in level.signs.items():
            if b[0] == r and a[0] == r - 1:
                if kind == EQUAL:
                    eq_up |= 1 << a[1]
                else:
                    op_up |= 1 << a[1]
            elif a[0] == r and b[0] == r:
                if kind == EQUAL:
                    eq_in |= 1 << a[1]
                else:
                    op_in |= 1 << a[1]
        out.append((gm, gs, eq_up, op_up, eq_in, op_in))
    return out


def candidates(level: Level) -> list[list[int]]:
    """The rows each row of `level` can hold, judged by that row's own givens and signs."""
    rows = valid_rows(level.size)
    out = []
    for gm, gs, _eu, _ou, eq_in, op_in in _row_masks(level):
        keep = []
        for bits in rows:
            if bits & gm != gs:
                continue
            diff = bits ^ (bits >> 1)  # bit c set: cells c and c+1 differ
            if diff & eq_in or (~diff) & op_in:
                continue
            keep.append(bits)
        out.append(keep)
    return out


POLL = 255
"""The cancel flag is asked once every `POLL + 1` rows tried (cheap, and still fast enough:
an empty 14x14 board tries millions)."""


def solutions(level: Level, cancel: CancelFlag | None = None) -> Iterator[Solution]:
    """Every solution of `level`, lazily, in a fixed order (take two to test uniqueness).
    Raises `core.play.Cancelled` once `cancel` is set (an open big board runs for minutes)."""
    n = level.size
    half = n // 2
    masks = _row_masks(level)
    cands = candidates(level)
    chosen: list[int] = []
    suns = [0] * n
    tried = [0]

    def rec(r: int) -> Iterator[Solution]:
        tried[0] += 1
        if cancel is not None and tried[0] & POLL == 1 and cancel.is_set():  # 1st, 257th, ..
            raise Cancelled
        if r == n:
            yield tuple(tuple((bits >> c) & 1 for c in range(n)) for bits in chosen)
            return
        _gm, _gs, eq_up, op_up, _ei, _oi = masks[r]
        p1 = chosen[r - 1] if r >= 1 else None
        p2 = chosen[r - 2] if r >= 2 else None
        left = n - r - 1  # rows still to fill after this one
        for bits in cands[r]:
            if p1 is not None:
                diff = bits ^ p1
                if diff & eq_up or (~diff) & op_up:
                    continue
                if p2 is not None:
                    full = (1 << n) - 1
                    if bits & p1 & p2 or (~bits & ~p1 & ~p2) & full:
                        continue
            ok = True
            for c in range(n):
                s = suns[c] + ((bits >> c) & 1)
                if s > half or (r + 1 - s) > half or s + left < half:
                    ok = False
                    break
            if not ok:
                continue
            for c in range(n):
                suns[c] += (bits >> c) & 1
            chosen.append(bits)
            yield from rec(r + 1)
            chosen.pop()
            for c in range(n):
                suns[c] -= (bits >> c) & 1

    yield from rec(0)


def count(level: Level, limit: int = 2) -> int:
    """How many solutions `level` has, counting no further than `limit`."""
    return sum(1 for _ in islice(solutions(level), limit))
