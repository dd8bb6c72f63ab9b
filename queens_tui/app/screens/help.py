"""The help screen: the kind's rules, every key (from `app.actions`), the mouse, the glyphs."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen


def kind_help(kind: str = "queens") -> str:
    """Kind `kind`'s help page, its key table built from the action registry."""
    from queens_tui.app.screens.game import GameScreen

    return GameScreen.help_text_of(kind)


class HelpScreen(ModalScreen[None]):
    """Markdown help over the board; the timer is paused meanwhile."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", "Close help")
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        """The page, in Markdown."""

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # only when asked: keeps start-up light

        with VerticalScroll(id="help-body"):
            yield Markdown(self.text, id="help")

    def action_close(self) -> None:
        self.dismiss(None)
