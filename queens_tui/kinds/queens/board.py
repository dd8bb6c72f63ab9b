"""The player's board and its move history.

`Board` is an immutable snapshot: the queens and the crosses the player placed
by hand. Automatic crosses are *derived* from the queens, never stored, so
removing a queen takes back exactly the crosses that no other queen still
causes, and a solver thread can read a snapshot while the game goes on.

`History` is `core.history.History` on Queens boards: the current board plus
undo and redo stacks of one-move diffs (`diff`). A gesture, such as a mouse
drag, groups several moves into one undo step.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from queens_tui.core.grid import Cell, CellMove
from queens_tui.core.history import History as _History
from queens_tui.core.history import Step
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.rules import Conflicts, attacked, find_conflicts


class Mark(str, Enum):
    """What the player put on a cell."""

    EMPTY = "."
    CROSS = "x"
    QUEEN = "Q"


CYCLE = {Mark.EMPTY: Mark.CROSS, Mark.CROSS: Mark.QUEEN, Mark.QUEEN: Mark.EMPTY}
"""The order a click or `space` steps through, as in the LinkedIn game."""


@dataclass(frozen=True)
class Move(CellMove[Mark]):
    """Set some cells to some marks: one user action, applied all at once."""


@dataclass(frozen=True, eq=False)
class Board:
    """An immutable position: the level plus the player's queens and manual crosses."""

    level: Level
    queens: frozenset[Cell] = frozenset()
    crosses: frozenset[Cell] = frozenset()
    """Crosses the player placed by hand (automatic ones are derived)."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.level is other.level or self.level == other.level) and (
            self.queens,
            self.crosses,
        ) == (other.queens, other.crosses)

    def __hash__(self) -> int:
        return hash((self.queens, self.crosses))

    def mark(self, cell: Cell) -> Mark:
        """What the player put on `cell`."""
        if cell in self.queens:
            return Mark.QUEEN
        if cell in self.crosses:
            return Mark.CROSS
        return Mark.EMPTY

    def apply(self, move: Move) -> Board:
        """The board after `move` (the same object if nothing changed)."""
        queens = set(self.queens)
        crosses = set(self.crosses)
        n = self.level.size
        for (r, c), mark in move.changes:
            if not (0 <= r < n and 0 <= c < n):
                raise ValueError(f"cell {(r, c)} is off a {n}x{n} board")
            queens.discard((r, c))
            crosses.discard((r, c))
            if mark is Mark.QUEEN:
                queens.add((r, c))
            elif mark is Mark.CROSS:
                crosses.add((r, c))
        if queens == self.queens and crosses == self.crosses:
            return self
        return Board(self.level, frozenset(queens), frozenset(crosses))

    def cleared(self) -> Board:
        """An empty board of the same level."""
        return Board(self.level)

    @cached_property
    def auto_crosses(self) -> frozenset[Cell]:
        """Cells some queen rules out that hold no queen and no manual cross."""
        return attacked(self.level, self.queens) - self.crosses

    @cached_property
    def conflicts(self) -> Conflicts:
        """The rules the queens break."""
        return find_conflicts(self.level, self.queens)

    @property
    def is_solved(self) -> bool:
        """N queens and no conflict."""
        return len(self.queens) == self.level.size and not self.conflicts

    def with_queens(self, queens: Iterable[Cell]) -> Board:
        """This board with `queens` added (crosses on those cells removed)."""
        qs = frozenset(queens)
        return Board(self.level, self.queens | qs, self.crosses - qs)


def diff(a: Board, b: Board) -> Move:
    """The move that turns board `a` into board `b` (cells in reading order)."""
    changed = (a.queens ^ b.queens) | (a.crosses ^ b.crosses)
    return Move(tuple((cell, b.mark(cell)) for cell in sorted(changed)))


class _Rules:
    """`apply` and `diff` for `core.history.History`."""

    @staticmethod
    def apply(state: Board, move: Move) -> Board:
        return state.apply(move)

    @staticmethod
    def diff(a: Board, b: Board) -> Move:
        return diff(a, b)


RULES = _Rules()


class History(_History[Board, Move]):
    """A Queens board with unlimited undo and redo (see `core.history.History`)."""

    def __init__(
        self,
        board: Board,
        past: Sequence[Step[Move]] = (),
        future: Sequence[Step[Move]] = (),
        moves: int = 0,
    ) -> None:
        super().__init__(RULES, board, past, future, moves)

    @classmethod
    def new(cls, level: Level) -> History:
        """A fresh history on an empty board."""
        return cls(Board(level))

    @property
    def board(self) -> Board:
        """The current board."""
        return self.state
