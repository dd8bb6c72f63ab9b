"""The player's Tango grid: an immutable position and the moves between positions.

`Board` holds one value per cell (`SUN`, `MOON` or None), givens included;
a given cell never changes, whatever a move says. A `Move` sets some cells
(None empties one); `diff(a, b)` is the move from `a` to `b`, which is what
undo and redo keep. What the grid breaks (`faults`) is derived and cached,
so the game can mark broken lines and a worker thread can read a snapshot
while the game goes on.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from queens_tui.core.grid import CellMove, GivenBoard
from queens_tui.core.play import read_value_rows
from queens_tui.kinds.tango import rules
from queens_tui.kinds.tango.level import MOON, SUN, Level

Value = int | None
"""`SUN`, `MOON` or None (empty)."""

CYCLE: dict[Value, Value] = {None: SUN, SUN: MOON, MOON: None}
"""What a click or `space` does, as on LinkedIn: empty -> sun -> moon -> empty."""


@dataclass(frozen=True)
class Move(CellMove[Value]):
    """Set some cells: one player action (or one undo step), applied at once."""


@dataclass(frozen=True, eq=False)
class Board(GivenBoard):
    """An immutable position: the level and every cell's value, row by row."""

    level: Level
    cells: tuple[tuple[Value, ...], ...]

    def apply(self, move: Move) -> Board:
        """The position after `move` (the same object if nothing changed).

        Raises `ValueError` for a cell off the grid or a value that is not a
        symbol; changes to given cells are ignored.
        """
        n = self.level.size
        rows = [list(row) for row in self.cells]
        for (r, c), v in move.changes:
            if not (0 <= r < n and 0 <= c < n):
                raise ValueError(f"cell {(r, c)} is off a {n}x{n} grid")
            if v not in (None, SUN, MOON):
                raise ValueError(f"{v!r} is not a sun, a moon or empty")
            if (r, c) not in self.level.given_cells:
                rows[r][c] = v
        cells = tuple(tuple(row) for row in rows)
        return self if cells == self.cells else Board(self.level, cells)

    def cleared(self) -> Board:
        return Board.new(self.level)

    @cached_property
    def faults(self) -> tuple[rules.Fault, ...]:
        """Every rule the grid breaks (three alike, too many, a broken sign)."""
        return tuple(rules.faults(self.level, self.cells))

    @property
    def is_full(self) -> bool:
        return self.filled == self.level.size**2

    @property
    def is_solved(self) -> bool:
        """Every cell filled and no rule broken."""
        return self.is_full and not self.faults

    @property
    def is_blank(self) -> bool:
        """Nothing placed beyond the givens."""
        return self.cells == self.level.givens

    @classmethod
    def from_rows(cls, level: Level, rows: object) -> Board:
        """Read `rows_text` back onto `level`; `ValueError` when it does not fit."""
        table: dict[str, Value] = {".": None, "1": SUN, "0": MOON}
        cells = read_value_rows(rows, level.size, table, "Tango", "1, 0 and .")
        for (r, c), v in level.given_cells.items():
            if cells[r][c] != v:
                raise ValueError(f"r{r + 1}c{c + 1} is given as {v}")
        return cls(level, tuple(cells))


def diff(a: Board, b: Board) -> Move:
    """The move that turns `a` into `b` (cells in reading order)."""
    n = a.level.size
    return Move(
        tuple(
            ((r, c), b.cells[r][c])
            for r in range(n)
            for c in range(n)
            if a.cells[r][c] != b.cells[r][c]
        )
    )
