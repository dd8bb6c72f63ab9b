"""The status line: level, size, queens placed, timer, moves, auto-cross, progress check.

Every field is a reactive, so the screen just assigns values and the line
redraws itself. `extra` is a free segment at the end for later features (the
solver's verdict, hints used) without touching the layout.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from queens_tui.app.clock import mmss

CHECK_STYLES = {"on track": "bold #3fb950", "mistake": "bold #ff5f5f"}
"""How the progress check's verdicts stand out (anything else is italic)."""


class StatusBar(Widget):
    """One line of game facts, separated by dots."""

    level_name: reactive[str] = reactive("")
    board_size: reactive[int] = reactive(0)
    queens: reactive[int] = reactive(0)
    seconds: reactive[int] = reactive(0)
    moves: reactive[int] = reactive(0)
    auto_cross: reactive[bool] = reactive(True)
    solved: reactive[bool] = reactive(False)
    paused: reactive[bool] = reactive(False)
    check: reactive[str] = reactive("")
    """The live progress check: "on track", "mistake", ... or "" (off, or not known yet)."""
    extra: reactive[str] = reactive("")
    """A free segment for later features (solver status, hints used)."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        """`--ascii`: Q, x and a plain x in the size, for terminals without those glyphs."""

    def segments(self) -> list[Text]:
        """The pieces of the line, in order (tests read these)."""
        n = self.board_size
        clock = mmss(self.seconds)
        if self.solved:
            clock += " ✔"
        elif self.paused:
            clock += " (paused)"
        queen, cross = ("Q", "x") if self.ascii else ("♛", "×")
        parts = [
            Text(self.level_name, style="bold"),
            Text(f"{n}{cross}{n}"),
            Text(f"{queen} {self.queens}/{n}", style="bold" if self.queens == n else ""),
            Text(clock),
            Text(f"moves {self.moves}"),
            Text(f"auto-{cross} {'on' if self.auto_cross else 'off'}"),
        ]
        if self.solved:
            parts.append(Text("Solved", style="bold"))
        if self.check:
            parts.append(Text(self.check, style=CHECK_STYLES.get(self.check, "italic")))
        if self.extra:
            parts.append(Text(self.extra))
        return parts

    def render(self) -> Text:
        return Text(" · ").join(self.segments())

    @property
    def plain(self) -> str:
        """The line as plain text."""
        return self.render().plain
