"""The message area under the board: hints and notes, in a fixed number of lines.

Its height never follows the text (the board must not move when a hint appears):
two lines (queens.tcss). A text longer than the area first loses its closing
"Press ..." sentence (the footer shows the key), then its asides in parentheses (the
sentence reads whole without them), then the steps chained after its first ("; then
..." up to its last sentence: the first step names the rule, the last sentence says
what to do), then the end of its reasoning before the conclusion (what follows the
last ": " or ", so" is what to do, and stays; cut at a clause's end where one fits,
"…"), else it is cut at the area's last line with "…".
"""

from __future__ import annotations

import re
import textwrap

from textual.reactive import var
from textual.widgets import Static

CONCLUSIONS = ("; that leaves ", ": ", ", so ", "; so ", ". ")
"""Where a hint's reasoning ends and its conclusion begins, tried in this order: a clause
that states the conclusion whole (Patches' "; that leaves the clue ... one rectangle: rows
2-3, columns 1-4."), the conclusion after a colon or "so", at last the final sentence (Zip's
"The next stretch is 3 cells, to the 4 at row 2, column 5.")."""
WHOLE = CONCLUSIONS[0]
"""The conclusion that names its subject ("that leaves the clue at row 5, column 3 one
rectangle: ..."): kept whenever it fits, before a longer cut that keeps more reasoning but
leaves only "…: rows 4-7, columns 2-3.", which then reads as said of the wrong clue."""
PRESS = re.compile(r"\s*Press [^.]*\.\s*$")
"""A closing instruction ("Press h again to apply it."): the first thing to go."""
ASIDE = re.compile(r" ?\([^()]*\)(?!\.?$)")
"""An aside in parentheses (the innermost first, so nested ones go whole): the second thing
to go; not one that ends the text (Tango's "are suns (no three alike)." ends its conclusion)."""
THEN = "; then "
"""Where a hint chains the steps that follow its first (Zip: the probe, then the rule that
draws the link): those steps are the third thing to go, the last sentence stays."""


def _clause_end(word: str, following: str) -> bool:
    """True when a cut after `word` (then `following`) ends a clause: a comma, semicolon or
    colon (after a rule's name: "Cut off otherwise:"), not the comma inside a cell's name
    ("row 2, column 5") or a list of numbers or letters ("columns 7, 8 and 9", "regions B, C
    and H": "columns 7…" named no column)."""
    listed = following[:1].isdigit() or (following[:1].isupper() and len(following) == 1)
    return word.endswith((",", ";", ":")) and following not in ("column", "columns") and not listed


def without_asides(text: str) -> str:
    """`text` without its parentheses and what they hold (nested ones too), but the one that
    ends it."""
    while True:
        shorter = ASIDE.sub("", text)
        if shorter == text:
            return text
        text = shorter


def without_chain(text: str) -> str:
    """`text` without the steps chained after its first ("A; then B. C." -> "A. C."), when
    a last sentence follows them; else `text`."""
    first, found, rest = text.partition(THEN)
    _, dot, last = rest.rpartition(". ")
    if not found or not dot:
        return text
    return f"{first}. {last}"


def fit_text(text: str, width: int, lines: int, ellipsis: str = "…") -> str:
    """`text` in at most `lines` lines of `width` (wrapped as words): whole if it fits,
    else without its closing "Press ..." sentence, else without its asides, else without
    its chained steps, else with the end of its reasoning cut (`ellipsis`) before the
    conclusion: at a clause's end (the whole conclusion `WHOLE` when it fits, else the
    candidate that keeps most, over every place a conclusion may start), else at any word;
    else cut at the last line with `ellipsis`."""
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
    if "\n" not in shorter:
        for shorten in (without_asides, without_chain):
            shorter = shorten(shorter)
            if len(wrap(shorter)) <= lines:
                return shorter
    for clauses in (True, False):  # a clause's end first (the most kept), else any word
        fits: list[str] = []
        for sep in CONCLUSIONS:  # keep the conclusion whole, cut the reasoning before it
            head, found, tail = shorter.rpartition(sep)
            if not found or "\n" in shorter:
                continue
            words = head.split(" ")
            while words:
                cut = words.pop()
                if clauses and not (words and _clause_end(words[-1], cut)):
                    continue  # a whole clause kept, never none (the rule's name stays)
                kept_head = " ".join(words).rstrip(",;:")
                joint = found if kept_head else found.lstrip(",: ")
                if joint == ". ":  # the last sentence: "…" ends the cut one
                    joint = " "
                candidate = kept_head + ellipsis + joint + tail
                if len(wrap(candidate)) <= lines:
                    fits.append(candidate)
                    break
            if fits and (not clauses or sep == WHOLE):
                return fits[0]
        if fits:
            return max(fits, key=len)
    kept = wrap(shorter)[:lines]
    last = kept[-1][: width - len(ellipsis)].rstrip()
    return "\n".join([*kept[:-1], last + ellipsis])


class MessageArea(Static):
    """Hints and notes, fitted to the area (`fit_text`) whenever the message, the ASCII switch
    or the area's size changes."""

    text = var("")
    """The whole message (what is shown may be shorter); empty: nothing."""
    ascii = var(False)
    """Plain ASCII: a cut message ends in "..." (else "…")."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)  # hint text names regions, not markup
        self.set_reactive(MessageArea.ascii, ascii)

    def _fit(self) -> None:
        width, lines = self.content_size.width, self.content_size.height
        shown = fit_text(self.text, width, lines, "..." if self.ascii else "…")
        if str(self.content) != shown:
            self.update(shown)

    watch_text = watch_ascii = on_resize = _fit
