"""The status line: level, size, the kind's progress, timer, moves, options, the live check.

Every field is a reactive, so the screen just assigns values and the line
redraws itself. What is kind-specific ("♛ 3/8", "auto-× on") arrives as text
from the kind (`PlayRules.progress_text`, `KindUI.options`).
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from queens_tui.app.clock import mmss
from queens_tui.core.vocabulary import to_ascii

CHECK_STYLES = {
    "can still be finished": "bold #3fb950",
    "can't be finished any more: press m to see why": "bold #ff5f5f",
}
"""How the progress check's verdicts stand out (anything else is italic)."""
CHECK_SHORT = {"can't be finished any more: press m to see why": "can't be finished: press m"}
"""A verdict's shorter form, for a line too narrow for the whole sentence."""


class StatusBar(Widget):
    """One line of game facts, separated by dots."""

    level_name: reactive[str] = reactive("")
    size_text: reactive[str] = reactive("")
    """ "8×8" ("8x8" with `--ascii`)."""
    progress: reactive[str] = reactive("")
    """The kind's progress: "♛ 3/8"."""
    progress_done: reactive[bool] = reactive(False)
    """Everything placed (the progress is shown bold)."""
    seconds: reactive[int] = reactive(0)
    moves: reactive[int] = reactive(0)
    options: reactive[tuple[str, ...]] = reactive(())
    """The kind's option segments: ("auto-× on",)."""
    solved: reactive[bool] = reactive(False)
    paused: reactive[bool] = reactive(False)
    check: reactive[str] = reactive("")
    """The live check in words ("can still be finished", ...) or "" (off, or not known yet)."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii

    def segments(self) -> list[Text]:
        """The pieces of the line, in order (tests read these)."""
        clock = mmss(self.seconds)
        if self.solved:
            clock += " (done)" if self.ascii else " ✔"
        elif self.paused:
            clock += " (paused)"
        size = self.size_text.replace("×", "x") if self.ascii else self.size_text
        parts = [
            Text(self.level_name, style="bold"),
            Text(size),
            Text(self.progress, style="bold" if self.progress_done else ""),
            Text(clock),
            Text(f"moves {self.moves}"),
            *(Text(option) for option in self.options if option),
        ]
        if self.solved:
            parts.append(Text("Solved", style="bold"))
        if self.check:
            parts.append(Text(self.check, style=CHECK_STYLES.get(self.check, "italic")))
        if self.ascii:
            parts = [Text(to_ascii(part.plain), style=part.style) for part in parts]
        return parts

    @property
    def sep(self) -> Text:
        """Between the pieces: a middle dot, or " | " with `--ascii`."""
        return Text(" | " if self.ascii else " · ")

    def render(self) -> Text:
        line = self.sep.join(self.segments())
        width = self.content_size.width
        if not self.check or width <= 0 or line.cell_len <= width:
            return line
        # Too narrow: the verdict matters more than the move count and the options.
        parts = self.segments()
        check = parts.pop()
        drop = 1 + len([o for o in self.options if o]) + (1 if self.solved else 0)
        keep = parts[: len(parts) - drop] if len(parts) > drop else parts
        short = CHECK_SHORT.get(self.check)
        for verdict in (check, Text(short, style=check.style) if short else check):
            line = self.sep.join([*keep, verdict])
            if line.cell_len <= width:
                break
        return line

    @property
    def plain(self) -> str:
        """The line as plain text."""
        return self.render().plain
