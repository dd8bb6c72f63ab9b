"""The game session: one level being played, with no Textual in sight.

`Game` turns what the player means ("cycle this cell", "paint crosses along
this drag") into core `Move`s on a core `History`, and keeps the stopwatch and
the auto-cross setting. Every rule (what attacks what, what conflicts, what
counts as solved) is asked of `core.Board`; widgets only draw a `Game` and
call its methods, which is why all of this can be unit-tested without a screen.
"""

from __future__ import annotations

import time
from enum import Enum
from typing import NamedTuple

from queens_tui.app.clock import Clock, Stopwatch
from queens_tui.kinds.queens.board import CYCLE, Board, History, Mark, Move
from queens_tui.kinds.queens.level import Cell, Level


class Paint(str, Enum):
    """What a mouse drag does to the cells it crosses."""

    CROSS = "cross"
    """Started on a cell without a cross: put crosses on empty cells."""
    ERASE = "erase"
    """Started on a manual cross: take crosses away."""


class Result(NamedTuple):
    """A solved level, as the win screen shows it and the share line says it.

    A NamedTuple, not a dataclass: it is built at import, before the first frame, and
    a frozen dataclass costs about seven times as much to create.
    """

    level_name: str
    size: int
    seconds: float
    moves: int
    hints: int = 0
    helped: bool = False
    """The solver filled in the board (`S`) or revealed a queen: "solved with help"."""

    @property
    def help_text(self) -> str:
        """ "no hints", "1 hint", "3 hints", or "solved with help" (plus hints, if any)."""
        hints = "no hints" if self.hints == 0 else f"{self.hints} hint" + "s" * (self.hints > 1)
        if self.helped:
            return "solved with help" + (f", {hints}" if self.hints else "")
        return hints

    def share_line(self) -> str:
        """A spoiler-free line in the style of LinkedIn's share text."""
        from queens_tui.app.clock import mmss

        hints = self.help_text
        return (
            f"Queens · {self.level_name} ({self.size}×{self.size}) · "
            f"{mmss(self.seconds)} · {hints} 👑"
        )


def level_title(level: Level, fallback: str = "Untitled") -> str:
    """The name to show for a level."""
    return level.name or fallback


class Game:
    """A level in play: history of boards, stopwatch, settings."""

    def __init__(
        self, level: Level, *, title: str | None = None, now: Clock = time.monotonic
    ) -> None:
        self.level = level
        self.title = title or level_title(level)
        self.history = History.new(level)
        self.stopwatch = Stopwatch(now)
        self.auto_cross = True
        """Show the crosses the queens imply (they are always derived by core)."""
        self.hints_used = 0
        """Hints shown so far (each explained step or pointed-out mistake counts once)."""
        self.helped = False
        """The solver solved the level (`S`) or revealed a queen for it."""
        self.live_check = True
        """Check after every move whether the board can still be completed."""
        self._paint: Paint | None = None

    # --- what the screen reads -------------------------------------------------

    @property
    def board(self) -> Board:
        """The current position."""
        return self.history.board

    @property
    def solved(self) -> bool:
        """True once N queens stand without conflict."""
        return self.board.is_solved

    @property
    def moves(self) -> int:
        """Steps the player made (a drag counts once; undo and redo don't count)."""
        return self.history.moves

    def result(self) -> Result:
        """The figures of a finished game."""
        return Result(
            self.title,
            self.level.size,
            self.stopwatch.elapsed,
            self.moves,
            self.hints_used,
            self.helped,
        )

    # --- moves -------------------------------------------------------------------

    def _set(self, cell: Cell, mark: Mark) -> bool:
        if self.solved:
            return False
        changed = self.history.apply(Move.set(cell, mark))
        if changed and self.solved:
            self.stopwatch.stop()
        return changed

    def cycle(self, cell: Cell) -> bool:
        """Empty -> cross -> queen -> empty, like a click on LinkedIn."""
        return self._set(cell, CYCLE[self.board.mark(cell)])

    def toggle_queen(self, cell: Cell) -> bool:
        """Queen on, or queen off (allowed on an auto-crossed cell too)."""
        mark = Mark.EMPTY if self.board.mark(cell) is Mark.QUEEN else Mark.QUEEN
        return self._set(cell, mark)

    def toggle_cross(self, cell: Cell) -> bool:
        """Manual cross on, or off."""
        mark = Mark.EMPTY if self.board.mark(cell) is Mark.CROSS else Mark.CROSS
        return self._set(cell, mark)

    def clear(self, cell: Cell) -> bool:
        """Take whatever the player put on the cell away."""
        return self._set(cell, Mark.EMPTY)

    def apply_help(self, board: Board, *, helped: bool = False) -> bool:
        """Put a board from a hint or the solver in place, as one undo step.

        `helped` marks the game as solved with help (the solver did the work).
        """
        if self.solved:
            return False
        self._paint = None
        before = self.history.board
        self.history.reset(board)
        changed = self.history.board is not before
        if changed and helped:
            self.helped = True
        if changed and self.solved:
            self.stopwatch.stop()
        return changed

    # --- drags (one drag = one undo step) ------------------------------------------

    def begin_drag(self, cell: Cell) -> Paint:
        """Start a drag on `cell`; its mark decides whether it paints or erases."""
        self._paint = Paint.ERASE if self.board.mark(cell) is Mark.CROSS else Paint.CROSS
        self.history.begin_gesture()
        self.drag_over(cell)
        return self._paint

    def drag_over(self, cell: Cell) -> bool:
        """Paint (or erase) one more cell of the current drag; queens are left alone."""
        if self._paint is None:
            return False
        mark = self.board.mark(cell)
        if self._paint is Paint.CROSS and mark is Mark.EMPTY:
            return self._set(cell, Mark.CROSS)
        if self._paint is Paint.ERASE and mark is Mark.CROSS:
            return self._set(cell, Mark.EMPTY)
        return False

    def end_drag(self) -> None:
        """Close the drag: everything it did becomes one undo step."""
        self._paint = None
        self.history.end_gesture()

    @property
    def dragging(self) -> bool:
        """True between `begin_drag` and `end_drag`."""
        return self._paint is not None

    # --- history -------------------------------------------------------------------

    def undo(self) -> bool:
        """Step back (not once solved: a win is final)."""
        if self.solved:
            return False
        self._paint = None
        return self.history.undo()

    def redo(self) -> bool:
        """Step forward again."""
        if self.solved:
            return False
        changed = self.history.redo()
        if changed and self.solved:
            self.stopwatch.stop()
        return changed

    def restart(self) -> None:
        """An empty board, a fresh history, the clock back at zero."""
        self.history = History.new(self.level)
        self._paint = None
        self.hints_used = 0
        self.helped = False
        self.stopwatch.reset()
        self.stopwatch.start()
