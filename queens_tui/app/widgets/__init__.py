"""The game's widgets: each kind's board (`widgets/<kind>.py`, imported when its first board
is made), what the grid boards share (`grid`), and the status bar."""

from queens_tui.app.widgets.status import StatusBar

__all__ = ["StatusBar"]
