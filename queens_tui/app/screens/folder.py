"""Ask for a folder (the level browser's "open folder": a LinkedIn archive library)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class FolderPrompt(ModalScreen["str | None"]):
    """A one-line question: which folder? Dismisses with the text typed, or None on escape."""

    DEFAULT_CSS = """
    FolderPrompt {
        align: center middle;
    }
    FolderPrompt #dialog {
        width: 70;
        height: auto;
        padding: 1 2;
        border: round $primary;
        background: $surface;
    }
    FolderPrompt #hint {
        color: $text-muted;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Open a folder of LinkedIn's archive days:", markup=False)
            yield Input(placeholder="~/linkedin-archive", id="folder")
            yield Label(
                "YYYY-MM-DD_<game>.json or YYYY-MM-DD/<game>.json (also under outputs/); "
                "enter opens, esc cancels",
                id="hint",
                markup=False,
            )

    def on_mount(self) -> None:
        self.query_one("#folder", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


__all__ = ["FolderPrompt"]
