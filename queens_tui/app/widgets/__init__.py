"""The game's widgets: the board (line API) and the status bar."""

from queens_tui.app.widgets.board import BoardView
from queens_tui.app.widgets.status import StatusBar

__all__ = ["BoardView", "StatusBar"]
