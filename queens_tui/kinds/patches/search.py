"""The exact pure search: every tiling of a Patches level, by exact cover of the cells.

Each candidate rectangle (`rules.candidates`) holds its own clue's cell and
no other clue, so covering every cell exactly once already uses each clue
exactly once: the cells are the only constraints. The search (Knuth's
algorithm X on bit masks) takes the uncovered cell with the fewest
candidates still free, tries each, and backtracks on a cell none can cover.
A solution is one rectangle per clue, in `level.clues` order. 7x7 levels take
about a millisecond to count to 2 (tests/benchmarks/test_bench_patches.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from queens_tui.kinds.patches.level import Level, Rect
from queens_tui.kinds.patches.rules import Mask, candidates, full_mask, rect_mask

Solution = tuple[Rect, ...]
"""One rectangle per clue, in the level's clue order."""


def solutions(level: Level, allowed: Sequence[Sequence[Rect]] | None = None) -> Iterator[Solution]:
    """Every solution of `level`, lazily (`islice` it to count to 2).

    `allowed` narrows each clue's candidates (the game's live check passes a
    drawn patch as its clue's only one); default: all of them.
    """
    cands = candidates(level) if allowed is None else allowed
    ncells = level.rows * level.cols
    by_cell: list[list[tuple[Mask, int, Rect]]] = [[] for _ in range(ncells)]
    for k, rects in enumerate(cands):
        for rect in rects:
            m = rect_mask(level, rect)
            rest = m
            while rest:
                low = rest & -rest
                by_cell[low.bit_length() - 1].append((m, k, rect))
                rest ^= low
    full = full_mask(level)
    chosen: list[Rect | None] = [None] * len(cands)

    def walk(covered: Mask) -> Iterator[Solution]:
        if covered == full:
            yield tuple(r for r in chosen if r is not None)
            return
        best: list[tuple[Mask, int, Rect]] | None = None
        free = full & ~covered
        while free:
            low = free & -free
            free ^= low
            opts = [o for o in by_cell[low.bit_length() - 1] if not o[0] & covered]
            if best is None or len(opts) < len(best):
                best = opts
                if len(opts) <= 1:
                    break
        assert best is not None
        for m, k, rect in best:
            chosen[k] = rect
            yield from walk(covered | m)
            chosen[k] = None

    if all(cands):
        yield from walk(0)


def count(level: Level, limit: int = 2) -> int:
    """How many solutions, counted up to `limit`."""
    return sum(1 for _ in islice(solutions(level), limit))
