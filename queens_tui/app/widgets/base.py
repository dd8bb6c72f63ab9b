"""What the game screen asks of every kind's board widget.

A board widget draws one immutable position and turns the mouse into
`messages.CellAction`s; it decides nothing about the rules. The game screen
owns the cursor moves (`cursor` is a (row, col) reactive the widget draws),
hands every new position to `show`, and tints cells through `set_marks`
(roles such as "evidence", "place", "mistake" come from the kind's hints).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.reactive import reactive
from textual.widget import Widget

from queens_tui.core.grid import Cell


class BoardWidget(Widget):
    """Base class of the kinds' board widgets (see the module docstring)."""

    can_focus = False
    """Keys are bound on the game screen; the board has nothing to focus."""

    cursor: reactive[Cell] = reactive((0, 0), repaint=False)
    """The keyboard cursor. Subclasses repaint what it touches in `watch_cursor`."""

    def show(self, state: Any, options: Mapping[str, bool]) -> None:
        """Draw a new position with the kind's display options."""
        raise NotImplementedError

    def set_marks(self, marks: Mapping[Cell, str]) -> None:
        """Tint cells by role ({} clears every tint)."""
        raise NotImplementedError

    @property
    def marks(self) -> dict[Cell, str]:
        """The tinted cells and their roles."""
        raise NotImplementedError

    def cell_offset(self, cell: Cell) -> tuple[int, int]:
        """The widget offset of the middle of `cell` (tests click there)."""
        raise NotImplementedError


__all__ = ["BoardWidget"]
