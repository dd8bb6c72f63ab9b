"""The win screen: "Solved", the time, the moves, and what to do next."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from queens_tui.app.clock import mmss
from queens_tui.app.game import Result


class WinScreen(ModalScreen[str]):
    """Dismisses with "next", "replay", "quit" or "close" (just look at the board)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", "Next level"),
        Binding("r", "choose('replay')", "Replay"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("c", "copy", "Copy share line"),
        Binding("escape", "choose('close')", "Look at the board"),
    ]

    def __init__(self, result: Result, has_next: bool = True, stats: str = "") -> None:
        super().__init__()
        self.result = result
        self.has_next = has_next
        self.stats = stats
        """Best time, solves, daily streak (from the store; empty when nothing is kept)."""

    def compose(self) -> ComposeResult:
        r = self.result
        hints = r.help_text
        with Vertical(id="dialog"):
            mark = "♛" if r.kind_title == "Queens" else r.emoji  # 🏁 for Zip
            yield Label(f"{mark}  Solved  {mark}", id="title")
            yield Static(
                f"{r.level_name} · {r.size}\n"
                f"time {mmss(r.seconds)} · moves {r.moves} · {hints}"
                + (f"\n{self.stats}" if self.stats else ""),
                id="figures",
            )
            yield Static(r.share_line(), id="share")
            yield Static("c: copy this line to the clipboard", id="copy-hint")
            with Horizontal(id="buttons"):
                yield Button(
                    "Next level (n)", id="next", variant="success", disabled=not self.has_next
                )
                yield Button("Replay (r)", id="replay", variant="primary")
                yield Button("Quit (q)", id="quit", variant="error")

    def on_mount(self) -> None:
        first = "#next" if self.has_next else "#replay"
        self.query_one(first, Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "close")

    def action_choose(self, choice: str) -> None:
        if choice == "next" and not self.has_next:
            self.notify("This was the last level.")
            return
        self.dismiss(choice)

    def action_copy(self) -> None:
        """Copy the spoiler-free share line (OSC 52: works over SSH too)."""
        self.app.copy_to_clipboard(self.result.share_line())
        self.query_one("#copy-hint", Static).update("copied to the clipboard ✔")
        self.notify("Share line copied to the clipboard")
