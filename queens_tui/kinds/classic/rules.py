"""The rules of the classic board: a queen attacks its row, its column and both full diagonals.

(In the coloured-region game a queen only blocks the cells touching it
diagonally; here the diagonals run to the edges of the board.) Cells are
`(row, col)` pairs, 0-based.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain

from queens_tui.kinds.classic import Solution

Cell = tuple[int, int]


def attacks(a: Cell, b: Cell) -> bool:
    """True when queens on `a` and `b` (different cells) attack each other."""
    (r1, c1), (r2, c2) = a, b
    return r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def attacked_cells(n: int, queen: Cell) -> set[Cell]:
    """Every other cell of the n x n board on `queen`'s row, column or diagonals."""
    r, c = queen
    out: set[Cell] = set()
    for i in range(n):
        out.add((r, i))
        out.add((i, c))
        for dc in (i - r, r - i):
            if 0 <= c + dc < n:
                out.add((i, c + dc))
    out.discard(queen)
    return out


def auto_crosses(n: int, queens: Iterable[Cell]) -> set[Cell]:
    """The cells the game crosses out by itself: attacked by some queen, not holding one."""
    qs = set(queens)
    out: set[Cell] = set()
    for q in qs:
        out |= attacked_cells(n, q)
    return out - qs


def clashes(queens: Iterable[Cell]) -> set[Cell]:
    """The queens that attack another queen (drawn red)."""
    qs = sorted(set(queens))
    bad: set[Cell] = set()
    for i, a in enumerate(qs):
        for b in qs[i + 1 :]:
            if attacks(a, b):
                bad.add(a)
                bad.add(b)
    return bad


def is_solution(q: Solution) -> bool:
    """True when `q` (column per row) is a full placement with no two queens attacking."""
    n = len(q)
    return (
        sorted(q) == list(range(n))
        and len({r + c for r, c in enumerate(q)}) == n
        and len({r - c for r, c in enumerate(q)}) == n
    )


def as_solution(n: int, queens: Iterable[Cell]) -> Solution | None:
    """The solution the queens on the board form, or None when they are not one."""
    qs = set(queens)
    if len(qs) != n:
        return None
    q = [-1] * n
    for r, c in qs:
        if not (0 <= r < n and 0 <= c < n) or q[r] != -1:
            return None
        q[r] = c
    sol = tuple(q)
    return sol if is_solution(sol) else None


def queens_of(q: Solution) -> list[Cell]:
    """The cells of a solution's queens, row by row."""
    return list(enumerate(q))


@dataclass(frozen=True)
class Forced:
    """A move the rules force: the only free cell of a row or column.

    `line` names it for the hint text ("row 3", "column 5", 1-based).
    """

    cell: Cell
    line: str


@dataclass(frozen=True)
class DeadEnd:
    """A row or column where no queen can go any more: the board cannot be completed."""

    line: str


def forced_move(
    n: int, queens: Iterable[Cell], crosses: Iterable[Cell] = ()
) -> Forced | DeadEnd | None:
    """The next move the rules force, a dead end, or None when every open line has a choice.

    A cell is free when no queen attacks it and the player has not crossed it
    out. Rows are tried before columns, top to bottom, left to right.
    """
    qs = set(queens)
    blocked = auto_crosses(n, qs) | set(crosses) | qs
    rows_done = {r for r, _c in qs}
    cols_done = {c for _r, c in qs}
    rows = ((f"row {i + 1}", [(i, j) for j in range(n)]) for i in range(n) if i not in rows_done)
    cols = ((f"column {j + 1}", [(i, j) for i in range(n)]) for j in range(n) if j not in cols_done)
    for line, cells in chain(rows, cols):
        free = [cell for cell in cells if cell not in blocked]
        if not free:
            return DeadEnd(line)
        if len(free) == 1:
            return Forced(free[0], line)
    return None
