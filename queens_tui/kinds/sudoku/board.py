"""The player's Mini Sudoku grid: an immutable position and the moves between positions.

`Board` holds a digit or None per cell (givens included; a given never
changes, whatever a move says), the player's notes (candidate digits pencilled
into a cell, one 6-bit mask per cell) and whether the digit keys write notes
(`notes_mode`). A `Move` sets some cells, some cells' notes and maybe the mode,
all as absolute values, so `diff(a, b)` is the move from `a` to `b` and undo is
the move back. What the grid breaks (`faults`: a digit repeated in a row,
column or box) is derived and cached.

Toggling notes mode is a move like any other: the game's history is the one
place a position changes, so undo steps back over a toggle too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from queens_tui.core.grid import Cell, CellMove, GivenBoard
from queens_tui.kinds.sudoku import rules
from queens_tui.kinds.sudoku.level import DIGITS, SIZE, Level

Value = int | None
"""A digit 1-6 or None (empty)."""
NOTES_ALL = (1 << SIZE) - 1


@dataclass(frozen=True)
class Move(CellMove[Value]):
    """One player action (or one undo step): cells set, notes set, the mode set."""

    changes: tuple[tuple[Cell, Value], ...] = ()
    notes: tuple[tuple[Cell, int], ...] = ()
    """(cell, mask): the cell's notes become `mask` (bit d-1 for digit d)."""
    mode: bool | None = None
    """The notes mode after the move (None: unchanged)."""


@dataclass(frozen=True, eq=False)
class Board(GivenBoard):
    """An immutable position: the level, every cell's digit, the notes, the notes mode."""

    level: Level
    cells: tuple[tuple[Value, ...], ...]
    notes: tuple[int, ...] = (0,) * (SIZE * SIZE)
    notes_mode: bool = False

    def contents(self) -> tuple[object, ...]:
        """The cells, the notes and the notes mode (`GivenBoard.contents`)."""
        return (self.cells, self.notes, self.notes_mode)

    def note(self, cell: Cell) -> int:
        """The notes of `cell` as a mask (bit d-1 for digit d)."""
        return self.notes[cell[0] * SIZE + cell[1]]

    def apply(self, move: Move) -> Board:
        """The position after `move` (the same object if nothing changed).

        Raises `ValueError` for a cell off the grid, a value that is not a
        digit or a notes mask out of range; changes to given cells are ignored.
        """
        rows = [list(row) for row in self.cells]
        notes = list(self.notes)
        for (r, c), v in move.changes:
            _on_grid(r, c)
            if v is not None and (isinstance(v, bool) or v not in DIGITS):
                raise ValueError(f"{v!r} is not a digit 1-6 or empty")
            if (r, c) not in self.level.given_cells:
                rows[r][c] = v
        for (r, c), mask in move.notes:
            _on_grid(r, c)
            if not 0 <= mask <= NOTES_ALL:
                raise ValueError(f"notes mask {mask!r} is out of range")
            if (r, c) not in self.level.given_cells:
                notes[r * SIZE + c] = mask
        cells = tuple(tuple(row) for row in rows)
        mode = self.notes_mode if move.mode is None else move.mode
        new_notes = tuple(notes)
        if cells == self.cells and new_notes == self.notes and mode == self.notes_mode:
            return self
        return Board(self.level, cells, new_notes, mode)

    @cached_property
    def faults(self) -> tuple[rules.Fault, ...]:
        """Every digit repeated in a row, column or box."""
        return tuple(rules.repeats(self.cells))

    @cached_property
    def fault_cells(self) -> frozenset[Cell]:
        """The cells holding a repeated digit."""
        return frozenset(c for f in self.faults for c in f.cells)

    @property
    def is_solved(self) -> bool:
        """Every cell filled and no digit repeated."""
        return self.filled == SIZE * SIZE and not self.faults

    @property
    def is_blank(self) -> bool:
        """Nothing placed beyond the givens and no notes (the mode alone is nothing)."""
        return self.cells == self.level.givens and not any(self.notes)


def _on_grid(r: int, c: int) -> None:
    if not (0 <= r < SIZE and 0 <= c < SIZE):
        raise ValueError(f"cell {(r, c)} is off the 6x6 grid")


def diff(a: Board, b: Board) -> Move:
    """The move that turns `a` into `b` (cells in reading order)."""
    changes = tuple(
        ((r, c), b.cells[r][c])
        for r in range(SIZE)
        for c in range(SIZE)
        if a.cells[r][c] != b.cells[r][c]
    )
    notes = tuple(
        (divmod(i, SIZE), b.notes[i]) for i in range(SIZE * SIZE) if a.notes[i] != b.notes[i]
    )
    mode = b.notes_mode if a.notes_mode != b.notes_mode else None
    return Move(changes, notes, mode)
