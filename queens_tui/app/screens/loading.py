"""What the player sees while a daily puzzle is being generated (a second or more on Sundays).

The first frame of a bare `queens-tui` never waits for the generator: this
screen is drawn at once, the puzzle is made in a thread worker, and the game
replaces this screen when it is ready. Opened over a game (browser, `n`, `p`),
`escape` goes back to that game and the result is dropped.
"""

from __future__ import annotations

from datetime import date
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import LoadingIndicator, Static

_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def loading_text(day: date, today: date, kind: str) -> str:
    """ "Generating today's puzzle (Sunday, 10×10 expert)…" and the like."""
    from queens_tui.midend.session import daily_shape

    size, difficulty = daily_shape(kind, day)
    which = "today's puzzle" if day == today else f"the puzzle of {day.isoformat()}"
    shape = f"{size}×{size} {difficulty}" if difficulty else f"{size}×{size}"
    return f"Generating {which} ({_WEEKDAYS[day.weekday()]}, {shape})…"


class LoadingScreen(Screen[None]):
    """A centred line and a spinner; `escape` cancels (over a game), `q` quits."""

    DEFAULT_CSS = """
    LoadingScreen {
        align: center middle;
    }
    LoadingScreen #loading-text {
        width: auto;
        padding: 0 2;
        color: $foreground;
    }
    LoadingScreen LoadingIndicator {
        height: 3;
        width: 12;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="loading.cancel"),
        Binding("q", "app.quit", "Quit", id="loading.quit"),
    ]

    def __init__(self, text: str, *, cancellable: bool) -> None:
        super().__init__()
        self.text = text
        self.cancellable = cancellable

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self.text, id="loading-text", markup=False)  # may name a file
            with Center():
                yield LoadingIndicator()

    def action_cancel(self) -> None:
        """Back to the game underneath (the puzzle being made is dropped)."""
        if self.cancellable:
            self.dismiss(None)
