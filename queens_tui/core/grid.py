"""Grid geometry shared by every puzzle kind: cells and their orthogonal neighbours."""

from __future__ import annotations

from collections.abc import Iterator

Cell = tuple[int, int]
"""A (row, column) pair, both 0-based."""

ORTHOGONAL: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
"""The four steps to a cell's orthogonal neighbours: up, down, left, right."""


def neighbours(cell: Cell, rows: int, cols: int) -> Iterator[Cell]:
    """The orthogonal neighbours of `cell` that lie on a `rows` x `cols` grid."""
    r, c = cell
    for dr, dc in ORTHOGONAL:
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            yield (nr, nc)


def are_neighbours(a: Cell, b: Cell) -> bool:
    """True if `a` and `b` share a side."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
