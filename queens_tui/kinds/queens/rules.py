"""The rules of Queens, as pure functions of a level and a set of queens.

One queen in every row, column and region; no two queens touching, not even
diagonally. Everything that judges a position (the board, the hint engine, the
generator, the tests) asks these functions, so the rules live in one place.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from queens_tui.core.grid import Cell
from queens_tui.kinds.queens.level import Level


@dataclass(frozen=True)
class Conflicts:
    """Which queens break a rule, and the lines and regions they fight over."""

    queens: frozenset[Cell] = frozenset()
    rows: frozenset[int] = frozenset()
    cols: frozenset[int] = frozenset()
    regions: frozenset[int] = frozenset()
    touching: frozenset[tuple[Cell, Cell]] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.queens)


def touching(a: Cell, b: Cell) -> bool:
    """True when two distinct cells are king-move neighbours."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def find_conflicts(level: Level, queens: Iterable[Cell]) -> Conflicts:
    """Every rule the given queens break, with the queens involved."""
    queens = sorted(set(queens))
    by_row: dict[int, list[Cell]] = defaultdict(list)
    by_col: dict[int, list[Cell]] = defaultdict(list)
    by_region: dict[int, list[Cell]] = defaultdict(list)
    for q in queens:
        by_row[q[0]].append(q)
        by_col[q[1]].append(q)
        by_region[level.region(q)].append(q)
    bad: set[Cell] = set()
    rows = {r for r, qs in by_row.items() if len(qs) > 1}
    cols = {c for c, qs in by_col.items() if len(qs) > 1}
    regions = {g for g, qs in by_region.items() if len(qs) > 1}
    for group in (
        [by_row[r] for r in rows] + [by_col[c] for c in cols] + [by_region[g] for g in regions]
    ):
        bad.update(group)
    pairs = set()
    for i, a in enumerate(queens):
        for b in queens[i + 1 :]:
            if b[0] > a[0] + 1:
                break
            if touching(a, b):
                pairs.add((a, b))
                bad.update((a, b))
    return Conflicts(
        queens=frozenset(bad),
        rows=frozenset(rows),
        cols=frozenset(cols),
        regions=frozenset(regions),
        touching=frozenset(pairs),
    )


def is_solution(level: Level, queens: Iterable[Cell]) -> bool:
    """True when `queens` is a complete, legal placement for `level`."""
    queens = set(queens)
    return len(queens) == level.size and not find_conflicts(level, queens)


def attacked(level: Level, queens: Iterable[Cell]) -> frozenset[Cell]:
    """Cells that some queen rules out (the automatic crosses), queens excluded."""
    qs = set(queens)
    if not qs:
        return frozenset()  # a fresh board: no need to build the level's attack table yet
    out: set[Cell] = set()
    table = level.attacks
    for r, c in qs:
        out |= table[r][c]
    return frozenset(out - qs)
