"""Reading a drawn board back as a player does: the glyph in a cell, big drawing or character."""

from __future__ import annotations

from typing import Any

from rich.style import Style

from queens_tui.app.glyphs import ART, LARGE


def _line(view: Any, y: int) -> tuple[str, list[Style]]:
    """Line `y` of a board widget: its text and each column's style."""
    text, styles = "", []
    for seg in view.render_line(y):
        text += seg.text
        styles += [seg.style or Style()] * len(seg.text)
    return text, styles


def glyph_at(view: Any, x: int, y: int) -> tuple[str, Style]:
    """The glyph a board draws centred on widget offset (x, y), and the style there: a big
    drawing (`glyphs.ART`, `glyphs.LARGE`) whose middle is at (x, y) reads as its glyph, else
    the character."""
    here, styles = _line(view, y)
    for glyph, drawing in [*LARGE.items(), *ART.items()]:
        w, h = len(drawing[0]), len(drawing)
        left, top = x - w // 2, y - h // 2
        if left < 0 or top < 0 or top + h > view.size.height:
            continue
        if all(_line(view, top + i)[0][left : left + w] == drawing[i] for i in range(h)):
            return glyph, styles[x]
    return here[x], styles[x]


def glyph_of(view: Any, cell: tuple[int, int]) -> tuple[str, Style]:
    """The glyph drawn in `cell` (at the widget's `cell_offset`) and its style."""
    return glyph_at(view, *view.cell_offset(cell))
