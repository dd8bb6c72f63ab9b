"""The rules of Tango, checked on a (partly) filled grid: what a line breaks, and when it is won.

1. No three of the same symbol side by side in a row or a column.
2. Each row and each column holds as many suns as moons (N/2 of each).
3. Cells joined by `=` hold the same symbol; cells joined by `×` differ.
4. Given cells keep their symbol.

`faults` lists every broken rule of a grid, each with the cells that show
it, so the game can mark them the way LinkedIn does (three alike, too many
of one in a line, a broken sign) and a check can say what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from queens_tui.core import grid
from queens_tui.core.grid import Cell
from queens_tui.kinds.tango.level import EQUAL, SYMBOL_NAMES, Level, sign_text

Grid = Sequence[Sequence[int | None]]
"""A grid of `SUN`, `MOON` or None per cell, row by row."""


def cell_name(cell: Cell) -> str:
    """A cell as sentences name it, 1-based, as every kind does: (0, 4) -> "row 1, column 5"."""
    return grid.cell_name(cell)


def lines(n: int) -> list[tuple[str, tuple[Cell, ...]]]:
    """Every line of an N x N grid, rows then columns, as (name, cells): ("row 1", ...)."""
    out = [(f"row {r + 1}", tuple((r, c) for c in range(n))) for r in range(n)]
    out += [(f"column {c + 1}", tuple((r, c) for r in range(n))) for c in range(n)]
    return out


@dataclass(frozen=True)
class Fault:
    """One broken rule: which (`three`, `count`, `sign`, `given`), the cells, a sentence."""

    rule: str
    cells: tuple[Cell, ...]
    text: str


def faults(level: Level, grid: Grid) -> list[Fault]:
    """Every rule `grid` breaks (empty cells break nothing yet)."""
    n = level.size
    out: list[Fault] = []
    for name, cells in lines(n):
        values = [grid[r][c] for r, c in cells]
        for i in range(n - 2):
            v = values[i]
            if v is not None and values[i + 1] == v and values[i + 2] == v:
                three = cells[i : i + 3]
                out.append(
                    Fault(
                        "three",
                        three,
                        f"{name} has three {SYMBOL_NAMES[v]}s side by side "
                        f"({', '.join(cell_name(c) for c in three)})",
                    )
                )
        for v, word in SYMBOL_NAMES.items():
            k = values.count(v)
            if k > n // 2:
                out.append(
                    Fault("count", cells, f"{name} has {k} {word}s; it can hold only {n // 2}")
                )
    for (a, b), kind in level.signs.items():
        va, vb = grid[a[0]][a[1]], grid[b[0]][b[1]]
        if va is None or vb is None:
            continue
        if (va == vb) != (kind == EQUAL):
            want = "the same symbol" if kind == EQUAL else "different symbols"
            out.append(
                Fault(
                    "sign",
                    (a, b),
                    f"the {sign_text(kind)} sign between {cell_name(a)} and {cell_name(b)} "
                    f"asks for {want}",
                )
            )
    for (r, c), v in level.given_cells.items():
        if grid[r][c] is not None and grid[r][c] != v:
            out.append(
                Fault("given", ((r, c),), f"{cell_name((r, c))} is given as a {SYMBOL_NAMES[v]}")
            )
    return out


def is_full(grid: Grid) -> bool:
    """True when no cell is empty."""
    return all(v is not None for row in grid for v in row)


def is_solved(level: Level, grid: Grid) -> bool:
    """True when every cell is filled and no rule is broken."""
    return is_full(grid) and not faults(level, grid)
