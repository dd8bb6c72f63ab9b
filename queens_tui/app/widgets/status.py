"""The status line: level, size, the kind's progress, timer, moves, options, the live check.

Every field is a reactive, so the screen just assigns values and the line
redraws itself. What is kind-specific ("♛ 3/8", "auto-× on") arrives as text
from the kind (`PlayRules.progress_text`, `KindUI.options`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from queens_tui.app.theme import CHECK_CAN, CHECK_CANNOT
from queens_tui.core.vocabulary import mmss, to_ascii
from queens_tui.midend.actions import default_words
from queens_tui.midend.assistant import CAN, CANNOT, CANNOT_SHORT

CHECK_STYLES = {CAN: f"bold {CHECK_CAN}", CANNOT: f"bold {CHECK_CANNOT}"}
"""How the progress check's verdicts stand out (anything else is italic)."""
CHECK_SHORT = {CANNOT: CANNOT_SHORT}
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
    helped: reactive[str] = reactive("")
    """The help used so far, as the win card will say it ("1 hint"); "" for none."""
    options: reactive[tuple[str, ...]] = reactive(())
    """The kind's option segments: ("auto-× on",)."""
    solved: reactive[bool] = reactive(False)
    paused: reactive[bool] = reactive(False)
    check: reactive[str] = reactive("")
    """The live check in words ("can still be finished", ...) or "" (off, or not known yet)."""

    def __init__(
        self, *, ascii: bool = False, id: str | None = None, say: Callable[[str], str] | None = None
    ) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.say = say or default_words
        """Fills the keys the verdicts name (`{key:mistakes}`) as the assistant's `say` does, so
        the verdict it is handed is recognised (its colour, its short form)."""

    def _check_style(self) -> str:
        return next(
            (style for v, style in CHECK_STYLES.items() if self.say(v) == self.check), "italic"
        )

    def _fields(self) -> dict[str, list[Text]]:
        """The line's pieces by what they say, in order. The kind's progress is split at its
        own " · " so each piece is a segment (" | " between them with `--ascii` too)."""
        clock = mmss(self.seconds)
        if self.solved:
            clock += " (done)" if self.ascii else " ✔"
        elif self.paused:
            clock += " (paused)"
        size = self.size_text.replace("×", "x") if self.ascii else self.size_text
        bold = "bold" if self.progress_done else ""
        fields = {
            "name": [Text(self.level_name, style="bold")],
            "size": [Text(size)],
            "progress": [Text(piece, style=bold) for piece in self.progress.split(" · ")],
            "clock": [Text(clock)],
            "moves": [Text(f"moves {self.moves}")],
            "helped": [Text(self.helped, style="italic")] if self.helped else [],
            "options": [Text(option) for option in self.options if option],
            "solved": [Text("Solved", style="bold")] if self.solved else [],
            "check": [Text(self.check, style=self._check_style())] if self.check else [],
        }
        if self.ascii:
            for key, parts in fields.items():
                fields[key] = [Text(to_ascii(part.plain), style=part.style) for part in parts]
        return fields

    def segments(self) -> list[Text]:
        """The pieces of the line, in order (tests read these)."""
        return [part for parts in self._fields().values() for part in parts]

    @property
    def sep(self) -> Text:
        """Between the pieces: a middle dot, or " | " with `--ascii`."""
        return Text(" | " if self.ascii else " · ")

    def render(self) -> Text:
        fields = self._fields()
        line = self.sep.join([part for parts in fields.values() for part in parts])
        width = self.content_size.width
        if width <= 0 or line.cell_len <= width:
            return line
        for narrow in self._narrower(fields):
            line = self.sep.join([part for parts in narrow.values() for part in parts])
            if line.cell_len <= width:
                return line
            fields = narrow
        return self._cut_name(fields, width)

    def _narrower(self, fields: dict[str, list[Text]]) -> Iterator[dict[str, list[Text]]]:
        """Ever shorter lines that keep the meaning: the live check's verdict and the clock
        stay whole to the end (the verdict in its short words); the move count, the options,
        the size, the word "Solved" (the clock's tick says it), then the kind's progress from
        its last piece go first (the level's name is cut last, `_cut_name`)."""
        fields = {**fields, "moves": [], "options": []}
        yield fields
        short = next((self.say(s) for v, s in CHECK_SHORT.items() if self.say(v) == self.check), "")
        if short:
            style = fields["check"][0].style
            fields = {**fields, "check": [Text(to_ascii(short), style=style)]}
            yield fields
        fields = {**fields, "size": []}
        yield fields
        if fields["solved"]:  # the clock's tick says it too
            fields = {**fields, "solved": []}
            yield fields
        progress = fields["progress"]
        while len(progress) > 1:
            progress = progress[:-1]
            fields = {**fields, "progress": progress}
            yield fields

    def _cut_name(self, fields: dict[str, list[Text]], width: int) -> Text:
        """The shortest line with the level's name cut to what is left, or without it. A
        name that ends in what tells it apart (a daily's date, a level's number: a last word
        with a digit) loses its first words ("Daily Mini Sudoku 2026-11-23" -> "Sudoku
        2026-11-23"); any other loses its end ("…")."""
        rest = self.sep.join(
            [part for key, parts in fields.items() if key != "name" for part in parts]
        )
        room = width - rest.cell_len - self.sep.cell_len
        name = fields["name"][0] if fields["name"] else Text("")
        words = name.plain.split(" ")
        if any(ch.isdigit() for ch in words[-1]) and len(words[-1]) <= room:
            while len(" ".join(words)) > room:
                words.pop(0)
            return self.sep.join([Text(" ".join(words), style=name.style), rest])
        if room < 4 or not name.plain:
            return rest
        dots = "..." if self.ascii else "…"
        cut = Text(name.plain[: room - len(dots)] + dots, style=name.style)
        return self.sep.join([cut, rest])

    @property
    def plain(self) -> str:
        """The line as plain text."""
        return self.render().plain
