"""The Mini Sudoku level model: the givens of a 6x6 grid in 2x3 boxes, immutable and validated.

A cell holds a digit 1-6 or nothing (`None`). LinkedIn's Mini Sudoku is only
ever 6x6 with boxes of 2 rows by 3 columns, so that is the one size the model
accepts: a 4x4 or 9x9 grid is refused with a sentence that says so, rather
than being misread. Givens that repeat a digit in a row, column or box are a
malformed level (no solution can keep them), reported by the cells at fault.

Metadata: the usual fields (name, author, date, source, seed, difficulty) and
`number`, LinkedIn's puzzle number, which the daily archive carries.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from queens_tui.core.errors import LevelError
from queens_tui.core.grid import Cell, GivenGrid
from queens_tui.core.meta import Metadata

SIZE = 6
"""Rows, columns and digits."""
BOX_ROWS = 2
BOX_COLS = 3
"""A box is 2 rows by 3 columns: six boxes, two across and three down."""
DIGITS: tuple[int, ...] = tuple(range(1, SIZE + 1))

Givens = tuple[tuple[int | None, ...], ...]


def box_of(cell: Cell) -> int:
    """The box holding `cell`, 0-5 in reading order (two boxes a band)."""
    return (cell[0] // BOX_ROWS) * (SIZE // BOX_COLS) + cell[1] // BOX_COLS


def box_cells(box: int) -> tuple[Cell, ...]:
    """The six cells of `box`, in reading order."""
    r0 = (box // (SIZE // BOX_COLS)) * BOX_ROWS
    c0 = (box % (SIZE // BOX_COLS)) * BOX_COLS
    return tuple((r0 + r, c0 + c) for r in range(BOX_ROWS) for c in range(BOX_COLS))


def size_error(rows: int, cols: int) -> str | None:
    """Why a `rows` x `cols` grid is not a Mini Sudoku (None when it is 6x6)."""
    if rows == SIZE and cols == SIZE:
        return None
    return (
        f"this grid is {rows}x{cols}; Mini Sudoku is played on 6x6 only "
        "(six boxes of 2 rows x 3 columns)"
    )


@dataclass(frozen=True)
class Level(Metadata, GivenGrid):
    """A validated Mini Sudoku level: `givens[r][c]` is a digit 1-6 or None."""

    givens: Givens

    kind: ClassVar[str] = "sudoku"
    """This level's puzzle kind (see `queens_tui.kinds.KINDS`)."""

    def __post_init__(self) -> None:
        rows = len(self.givens)
        if rows == 0:
            raise LevelError("the level has no rows")
        widths = {len(row) for row in self.givens}
        cols = max(widths)
        problem = size_error(rows, cols)
        if problem is not None:
            raise LevelError(problem)
        for r, row in enumerate(self.givens):
            if len(row) != SIZE:
                raise LevelError(f"row {r + 1} has {len(row)} cells, not {SIZE}")
            for c, v in enumerate(row):
                if v is not None and (isinstance(v, bool) or v not in DIGITS):
                    raise LevelError(f"row {r + 1}, column {c + 1} holds {v!r}, not a digit 1-6")
        from queens_tui.kinds.sudoku.rules import repeats  # rules imports this module

        clash = repeats(self.givens)
        if clash:
            raise LevelError(f"the givens break a rule: {clash[0].text}")

    @classmethod
    def from_rows(cls, rows: Iterable[str], **meta: str | None) -> Level:
        """A level from rows of digits and `.` (or `0`) for empty cells."""
        givens = []
        for r, row in enumerate(rows):
            cells: list[int | None] = []
            for ch in row:
                if ch in ".0":
                    cells.append(None)
                elif ch in "123456":
                    cells.append(int(ch))
                else:
                    raise LevelError(f"row {r + 1}: {ch!r} is not a digit 1-6, . or 0")
            givens.append(tuple(cells))
        return cls(tuple(givens), **meta)


def draw(grid: Iterable[Iterable[int | None]]) -> list[str]:
    """A grid as text: digits and `.`, a space between cells, `|` between boxes side by side,
    a blank line between bands of boxes (what `solve` prints)."""
    out: list[str] = []
    for r, row in enumerate(grid):
        if r and r % BOX_ROWS == 0:
            out.append("")
        cells = ["." if v is None else str(v) for v in row]
        out.append(" ".join(cells[:BOX_COLS]) + " | " + " ".join(cells[BOX_COLS:]))
    return out
