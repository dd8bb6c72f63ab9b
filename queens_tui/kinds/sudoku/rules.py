"""The rules of Mini Sudoku, checked on a (partly) filled grid, and the names sentences use.

1. Every row, every column and every 2x3 box holds each digit 1-6 once.
2. Given cells keep their digit.

`repeats` lists every digit that appears twice in a row, column or box, with
the cells holding it, so the game can mark them red at once (as LinkedIn
does) and a check can say what is wrong. Empty cells break nothing yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from queens_tui.core.grid import Cell
from queens_tui.kinds.sudoku.level import BOX_COLS, BOX_ROWS, SIZE, box_cells, box_of

Grid = Sequence[Sequence[int | None]]
"""A digit 1-6 or None per cell, row by row."""


def cell_name(cell: Cell) -> str:
    """`(2, 0)` -> "row 3, column 1": 1-based, as a player counts (as Queens' hints say it)."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def box_name(box: int) -> str:
    """Box 1 -> "the box of rows 1-2, columns 4-6"."""
    r, c = box_cells(box)[0]
    return f"the box of rows {r + 1}-{r + BOX_ROWS}, columns {c + 1}-{c + BOX_COLS}"


@dataclass(frozen=True)
class Unit:
    """A row, a column or a box: six cells that hold each digit once."""

    kind: str
    """"row", "column" or "box"."""
    index: int
    cells: tuple[Cell, ...]

    @property
    def name(self) -> str:
        """How a sentence names it: "row 3", "column 5", "the box of rows 1-2, columns 1-3"."""
        return box_name(self.index) if self.kind == "box" else f"{self.kind} {self.index + 1}"


@cache
def units() -> tuple[Unit, ...]:
    """The 18 units: rows, then columns, then boxes."""
    out = [Unit("row", r, tuple((r, c) for c in range(SIZE))) for r in range(SIZE)]
    out += [Unit("column", c, tuple((r, c) for r in range(SIZE))) for c in range(SIZE)]
    out += [Unit("box", b, box_cells(b)) for b in range(SIZE)]
    return tuple(out)


@cache
def peers(cell: Cell) -> frozenset[Cell]:
    """The cells that share a row, column or box with `cell` (itself excluded)."""
    r, c = cell
    out = {(r, k) for k in range(SIZE)} | {(k, c) for k in range(SIZE)}
    out |= set(box_cells(box_of(cell)))
    out.discard(cell)
    return frozenset(out)


@dataclass(frozen=True)
class Fault:
    """One broken rule: a digit twice in a unit (the cells holding it), and a sentence."""

    digit: int
    unit: str
    cells: tuple[Cell, ...]
    text: str


def repeats(grid: Grid) -> list[Fault]:
    """Every digit that appears more than once in a row, column or box of `grid`."""
    out: list[Fault] = []
    for unit in units():
        seen: dict[int, list[Cell]] = {}
        for r, c in unit.cells:
            v = grid[r][c]
            if v is not None:
                seen.setdefault(v, []).append((r, c))
        for digit, cells in seen.items():
            if len(cells) > 1:
                where = " and ".join(cell_name(x) for x in cells)
                text = f"{unit.name} holds {digit} twice ({where})"
                out.append(Fault(digit, unit.kind, tuple(cells), text))
    return out


def is_solved(grid: Grid) -> bool:
    """Every cell filled and no digit repeated."""
    return all(v is not None for row in grid for v in row) and not repeats(grid)
