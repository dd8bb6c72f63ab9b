"""The result card: "Solved", the time, the hints, the streak, the share line, what next.

A card at the side of the board, not a dialog over it: the finished board stays in
view. Nothing on it is focused, and keys pressed within `GUARD` seconds of the win
do nothing, so the winning Enter pressed twice cannot choose anything.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from queens_tui.core.vocabulary import mmss, to_ascii
from queens_tui.midend.game import Result

if TYPE_CHECKING:
    from queens_tui.midend.door import Win

GUARD = 0.5
"""Seconds after the card opens during which keys and clicks on it do nothing."""
TEXT_WIDTH = 30
"""Columns of text on the card (queens.tcss: 34 wide, less its border and padding)."""
BELOW = 2
"""Rows under the card left to the game screen: its status line and its key line."""
SEPARATORS = (" · ", " | ")
"""Where a card line may break: between its phrases, never inside one."""


def lay_out(text: str, width: int = TEXT_WIDTH) -> str:
    """`text` with each line broken between its phrases (at " · " or " | ") so that no
    phrase is cut ("moves 10 · 2" / "hints" was), measured in terminal cells; a phrase wider
    than the card is broken between its words, the separator kept on its last word (the `|`
    of a share line never stands alone on a line). A variation selector (U+FE0F, the emoji
    form of "☀️") is dropped on screen: terminals disagree on its width and the border moved."""
    from rich.cells import cell_len

    out: list[str] = []
    for line in text.replace("\ufe0f", "").split("\n"):
        parts = re.split("(" + "|".join(re.escape(sep) for sep in SEPARATORS) + ")", line)
        pieces = [a + b for a, b in zip(parts[::2], [*parts[1::2], ""], strict=True)]
        current = ""
        for piece in pieces:
            if current and cell_len((current + piece).rstrip()) > width:
                out.append(current.rstrip())  # the phrase goes to the next line
                current = ""
            if cell_len((current + piece).rstrip()) <= width:
                current += piece
                continue
            for word in _words(piece):  # a phrase wider than the card: by words
                if current and cell_len(current + word) > width:
                    out.append(current.rstrip())
                    current = ""
                current += word + " "
            current = current[:-1]
        out.append(current.rstrip())
    return "\n".join(out)


def _words(phrase: str) -> list[str]:
    """The words of a phrase, a separator ("|", "·") glued to the word before it."""
    words: list[str] = []
    for word in phrase.split(" "):
        if word in {sep.strip() for sep in SEPARATORS} and words:
            words[-1] += " " + word
        else:
            words.append(word)
    return words


class WinScreen(ModalScreen[str]):
    """Dismisses with "next", "replay", "quit", "close" (just look at the board), "undo"
    (take `S`'s solution back) or "levels" (the level browser)."""

    AUTO_FOCUS = ""
    """No button is focused: Enter chooses nothing (a second winning Enter must not replay)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", "Next level"),
        Binding("r", "choose('replay')", "Replay"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("c", "copy", "Copy share line"),
        Binding("escape", "choose('close')", "Look at the board"),
        Binding("u", "choose('undo')", "Take the solution back", show=False),
        Binding("l", "choose('levels')", "Levels", show=False),
    ]

    def __init__(self, win: Win, *, ascii: bool = False) -> None:
        super().__init__()
        self.result: Result = win.result
        self.has_next = win.has_next
        self.stats = win.stats
        """Best time, solves, daily streak (from the store; empty when nothing is kept)."""
        self.replay = win.replay
        """This was a replay of a solved daily: its first result is kept."""
        self.undoable = win.undoable
        """The board is `S`'s solution: `u` takes it back (dismisses with "undo")."""
        self.nowhere = win.nowhere
        """Why `n` has nowhere to go (today's daily: when the next one comes)."""
        self.ascii = ascii
        """Every text on the card in plain ASCII (`--ascii`); the copied text keeps its emoji."""
        self.now = win.now
        self.opened = win.now()

    def compose(self) -> ComposeResult:
        r = self.result
        hints = r.help_text
        with Vertical(id="dialog"):
            mark = r.mark or r.emoji  # the kind's (`KIND.card_mark`): ♛ Queens, 🏁 Zip
            # Nothing on the card is markup: a level's name ("[/]") must not crash the win.
            yield Label(self._text(f"{mark}  Solved  {mark}").strip(), id="title", markup=False)
            yield Static(
                self._card(
                    f"{r.name}\n"
                    f"time {mmss(r.seconds)} · moves {r.moves} · {hints}"
                    + (f"\n{self.stats}" if self.stats else "")
                    + ("\nreplay: your first result is kept" if self.replay else "")
                    + ("\nu: take the solution back and play on" if self.undoable else "")
                ),
                id="figures",
                markup=False,
            )
            yield Static(self._card(r.share_line()), id="share", markup=False)
            yield Static("c: copy the share text", id="copy-hint", markup=False)
            with Horizontal(id="buttons"):
                yield Button(
                    "Next level (n)",
                    id="next",
                    variant="success",
                    disabled=not self.has_next,
                    compact=True,
                )
                yield Button("Replay (r)", id="replay", variant="primary", compact=True)
                yield Button("Quit (q)", id="quit", variant="error", compact=True)

    def on_mount(self) -> None:
        self.opened = self.now()
        self._fit(self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.height)

    def _fit(self, height: int) -> None:
        """The card ends above the status line and the key line (at 80x24 it covered the
        status line); what does not fit scrolls."""
        self.query_one("#dialog").styles.max_height = max(height - BELOW, 6)

    def _text(self, text: str) -> str:
        return to_ascii(text) if self.ascii else text

    def _card(self, text: str) -> str:
        """A text of the card, laid out by cell width (`lay_out`)."""
        return lay_out(self._text(text))

    def guarded(self) -> bool:
        """True within `GUARD` seconds of opening: a key meant for the board, not the card."""
        return self.now() - self.opened < GUARD

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not self.guarded()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if not self.guarded():
            self.dismiss(event.button.id or "close")

    def action_choose(self, choice: str) -> None:
        if choice == "undo" and not self.undoable:
            return
        if choice == "next" and not self.has_next:
            self.notify(self.nowhere or "This was the last level.", timeout=6)
            return
        self.dismiss(choice)

    def action_copy(self) -> None:
        """Copy the spoiler-free share text: OSC 52 (works over SSH too) and, when one is at
        hand, the desktop's clipboard tool, whose exit status confirms the copy. "copied" is
        said only when confirmed; otherwise the text stays on the card to copy by hand."""
        text = self.result.share_line()
        self.app.copy_to_clipboard(text)
        hint = self.query_one("#copy-hint", Static)
        if self.app.is_web or copy_with_tool(text):
            hint.update(self._text("copied to the clipboard ✔"))
            self.notify("Share text copied to the clipboard")
        else:
            hint.update(
                "sent to the terminal's clipboard, but it can't confirm it: "
                "if pasting gives nothing, select the text above and copy it"
            )


CLIPBOARD_TOOLS = (
    ("WAYLAND_DISPLAY", ("wl-copy",)),
    ("DISPLAY", ("xclip", "-selection", "clipboard")),
    ("DISPLAY", ("xsel", "--clipboard", "--input")),
    ("", ("pbcopy",)),
)
"""(environment variable that must be set, command) of the clipboard tools we try."""


def copy_with_tool(text: str) -> bool:
    """True if a local clipboard tool took `text` (exit status 0 within a second)."""
    import os
    import shutil
    import subprocess

    for env, command in CLIPBOARD_TOOLS:
        if (env and not os.environ.get(env)) or shutil.which(command[0]) is None:
            continue
        try:
            done = subprocess.run(
                command, input=text.encode(), timeout=1.0, capture_output=True, check=False
            )
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0:
            return True
    return False
