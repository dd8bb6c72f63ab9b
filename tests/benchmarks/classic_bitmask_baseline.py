"""Baseline: the plain recursive bitmask counter (Jeff Somers' scheme) with the mirror trick.

Usage: python classic_bitmask_baseline.py N   -> prints {"n": N, "solutions": T} on one line.

Three masks (columns and the two diagonal directions attacked in the next
row), the lowest free bit first; row 0's queen only in the left half, counted
twice, and for odd N the middle column with row 1 in the left half, also
twice. The classic fast counter in pure Python; shares no code with queens_tui.
"""

from __future__ import annotations

import json
import sys


def count(n: int) -> int:
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

    total = 0
    for c in range(n // 2):
        bit = 1 << c
        total += 2 * rec(bit, (bit << 1) & full, bit >> 1)
    if n % 2:
        mid = 1 << (n // 2)
        cols, ld, rd = mid, (mid << 1) & full, mid >> 1
        for c in range(n // 2):
            bit = 1 << c
            if bit & (cols | ld | rd):
                continue
            total += 2 * rec(cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1)
    return total if n > 1 else 1


if __name__ == "__main__":
    n = int(sys.argv[1])
    print(json.dumps({"n": n, "solutions": count(n)}))
