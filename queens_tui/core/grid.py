"""Grid geometry shared by every puzzle kind: cells and their orthogonal neighbours."""

from __future__ import annotations

from collections.abc import Container, Iterator, Sequence

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


Values = Sequence[Sequence[int | None]]
"""A grid of one-digit values by row, None for an empty cell (Tango's symbols, Sudoku's digits)."""


def value_rows(values: Values) -> list[str]:
    """`values` as row strings: each value's digit, `.` for an empty cell."""
    return ["".join("." if v is None else str(v) for v in row) for row in values]


def filled(values: Values, skip: Container[Cell] = ()) -> dict[Cell, int]:
    """The filled cells of `values` and their values, in reading order, but those in `skip`."""
    return {
        (r, c): v
        for r, row in enumerate(values)
        for c, v in enumerate(row)
        if v is not None and (r, c) not in skip
    }
