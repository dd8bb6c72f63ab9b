"""The message area under the board: hints and notes, in a fixed number of lines.

Its height never follows the text (the board must not move when a hint appears):
two lines (queens.tcss). A text longer than the area first loses
its closing "Press ..." sentence (the footer shows the key), then the middle of
its reasoning (what follows the last ": " or ", so" is what to do, and stays), else it is
cut at the area's last line with "…".
"""

from __future__ import annotations

import re
import textwrap

from textual.widgets import Static

CONCLUSIONS = ("; that leaves ", ": ", ", so ", "; so ", ". ")
"""Where a hint's reasoning ends and its conclusion begins, tried in this order: a clause
that states the conclusion whole (Patches' "; that leaves the clue ... one rectangle: rows
2-3, columns 1-4."), the conclusion after a colon or "so", at last the final sentence (Zip's
"The next stretch is 3 cells, to the 4 at row 2, column 5.")."""
PRESS = re.compile(r"\s*Press [^.]*\.\s*$")
"""A closing instruction ("Press h again to apply it."): the first thing to go."""


def fit_text(text: str, width: int, lines: int, ellipsis: str = "…") -> str:
    """`text` in at most `lines` lines of `width` (wrapped as words): whole if it fits,
    else without its closing "Press ..." sentence, else with the end of its reasoning cut
    ("…") before the conclusion (after its last ": "), else cut with `ellipsis`."""
    if width <= 0 or not text:
        return text

    def wrap(t: str) -> list[str]:
        return [w for para in t.split("\n") for w in (textwrap.wrap(para, width) or [""])]

    wrapped = wrap(text)
    if len(wrapped) <= lines:
        return text
    shorter = PRESS.sub("", text)
    if shorter != text and len(wrap(shorter)) <= lines:
        return shorter
    for sep in CONCLUSIONS:  # keep the conclusion whole, cut the reasoning before it
        head, found, tail = shorter.rpartition(sep)
        if not found or "\n" in shorter:
            continue
        words = head.split(" ")
        while words:
            words.pop()
            kept_head = " ".join(words).rstrip(",;")
            joint = found if kept_head else found.lstrip(",: ")
            if joint == ". ":  # the last sentence: "…" ends the cut one
                joint = " "
            candidate = kept_head + ellipsis + joint + tail
            if len(wrap(candidate)) <= lines:
                return candidate
    kept = wrap(shorter)[:lines]
    last = kept[-1][: width - len(ellipsis)].rstrip()
    return "\n".join([*kept[:-1], last + ellipsis])


class MessageArea(Static):
    """Hints and notes, fitted to the area (`fit_text`); `text` keeps the whole message."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)  # hint text names regions, not markup
        self.text = ""
        """The whole message (what is shown may be shorter)."""
        self.ascii = ascii

    def say(self, text: str) -> None:
        """Show `text` (empty: nothing), fitted to the area."""
        self.text = text
        self._fit()

    def set_ascii(self, on: bool) -> None:
        """Plain ASCII or not: the message shown is fitted again (its "..." or "…")."""
        self.ascii = on
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        width, lines = self.content_size.width, self.content_size.height
        shown = fit_text(self.text, width, lines, "..." if self.ascii else "…")
        if str(self.content) != shown:
            self.update(shown)
