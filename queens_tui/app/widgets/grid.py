"""The geometry of a board drawn as a grid of equal cells one column and one line apart.

Tango, Mini Sudoku and Patches draw their boards this way: cells of
`cell_w` columns by `cell_h` lines with a one-character gap (or rule)
between neighbours, and, with `border`, a rule around the whole grid too. The
widget picks the biggest cell size that fits (`fit`), then maps mouse
positions to cells (`Layout.cell_at`) and cells to the point a tooltip or
the cursor aims at (`Layout.center`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from queens_tui.app.palette import CURSOR_BLOCK, hint_marks
from queens_tui.core.grid import Cell

cached_style = lru_cache(maxsize=4096, typed=True)(Style)
"""`Style(...)`, one shared object for each set of arguments (styles never change once
made). A board drawn with a new `Style` for every cell made the first frame slower: each new
object is hashed, looked up in Textual's colour filter and turned into escape codes once
more; a shared one does that once (docs/performance.md, start-up). Queens' board has its own
(`widgets.queens._style`)."""


class Layout(NamedTuple):
    """Where the grid sits in its widget and how big its cells are."""

    cell_w: int
    cell_h: int
    left: int
    top: int
    width: int
    height: int
    border: int = 0
    """1: a rule around the grid (its cells start one column and one line in); 0: none."""
    labels: int = 0
    """Columns of row numbers left of the grid (0: none; then column numbers go under it)."""

    def cell_at(self, x: int, y: int, rows: int, cols: int) -> Cell | None:
        """The cell under widget position (x, y); None on a gap, a rule or off the grid."""
        dx, dy = x - self.left - self.border, y - self.top - self.border
        if dx < 0 or dy < 0:
            return None
        c, cx = divmod(dx, self.cell_w + 1)
        r, cy = divmod(dy, self.cell_h + 1)
        if r >= rows or c >= cols or cx >= self.cell_w or cy >= self.cell_h:
            return None
        return (r, c)

    def center(self, cell: Cell) -> tuple[int, int]:
        """The widget position of the middle of `cell`."""
        r, c = cell
        return (
            self.left + self.border + c * (self.cell_w + 1) + self.cell_w // 2,
            self.top + self.border + r * (self.cell_h + 1) + self.cell_h // 2,
        )


def extent(cells: int, size: int, border: int) -> int:
    """Columns (or lines) of `cells` cells of `size`, one apart, with `border` rules around."""
    return cells * (size + 1) - 1 + 2 * border


def place(
    scale: tuple[int, int], rows: int, cols: int, width: int, height: int, border: int
) -> Layout:
    """The grid at cell size `scale` (columns, lines), centred in width x height."""
    w, h = scale
    bw, bh = extent(cols, w, border), extent(rows, h, border)
    return Layout(w, h, max((width - bw) // 2, 0), max((height - bh) // 2, 0), bw, bh, border)


def smallest(
    scales: tuple[tuple[int, int], ...], rows: int, cols: int, border: int
) -> tuple[int, int]:
    """(columns, lines) of the grid at the last (smallest) of `scales`: what a board needs."""
    lay = place(scales[-1], rows, cols, 0, 0, border)
    return lay.width, lay.height


@lru_cache(maxsize=256)
def fit(
    scales: tuple[tuple[int, int], ...], rows: int, cols: int, width: int, height: int, border: int
) -> Layout | None:
    """The grid at the first of `scales` (biggest first) that fits in width x height.
    Cached: a board asks it for every line it draws (its layout at its current size)."""
    for scale in scales:
        lay = place(scale, rows, cols, width, height, border)
        if lay.width <= width and lay.height <= height:
            return lay
    return None


def labelled(
    fit_in: Callable[[int, int], Layout | None], rows: int, width: int, height: int, on: bool
) -> Layout | None:
    """The layout `fit_in(width, height)` gives, with room for row numbers at its left and
    column numbers under it when `on` and there is room (the labels setting; the labels are
    the first thing to go on a small terminal)."""
    if on:
        lw = len(str(rows)) + 1
        lay = fit_in(width - 2 * lw, height - 1)  # a margin each side: the grid stays centred
        if lay is not None:
            return lay._replace(left=lay.left + lw, labels=lw)
    return fit_in(width, height)


def row_number(lay: Layout, dy: int, rows: int, base: Style) -> Segment | None:
    """The row number left of line `dy` of the grid (counted from its top), on the middle
    line of each row's cells; None on other lines or without labels."""
    if not lay.labels:
        return None
    r, within = divmod(dy - lay.border, lay.cell_h + 1)
    if dy < lay.border or r >= rows or within != lay.cell_h // 2:
        return None
    return Segment(f"{r + 1:>{lay.labels - 1}} ", base + cached_style(dim=True))


def column_numbers(lay: Layout, cols: int, width: int, base: Style) -> Strip:
    """The line under the grid: each column's number under the middle of its cells."""
    line = [" "] * width
    for c in range(cols):
        x = lay.left + lay.border + c * (lay.cell_w + 1) + lay.cell_w // 2
        for k, digit in enumerate(str(c + 1)):
            if 0 <= x + k < width:
                line[x + k] = digit
    return Strip([Segment("".join(line), base + cached_style(dim=True))], width)


def text_line(text: str, width: int, style: Style) -> Strip:
    """A line of the widget holding only `text` (cut or padded to `width`)."""
    return Strip([Segment(text[:width].ljust(width), style)], width)


def caption_line(caption: str, width: int, style: Style) -> Strip:
    """The board's caption line: `caption` centred, in bold."""
    pad = max((width - len(caption)) // 2, 0)
    return text_line(" " * pad + caption, width, style + cached_style(bold=True))


def too_small(
    y: int, width: int, height: int, style: Style, board: str, need: tuple[int, int]
) -> Strip:
    """Line `y` of a board widget of `width` x `height`, too small for the smallest drawing
    of its `board` ("8×8"), which needs `need` (columns, lines): the same words, centred, on
    every kind, never a board cut at the widget's edge."""
    lines = (
        "Terminal too small",
        f"{board} board: need {need[0]}×{need[1]},",
        f"have {width}×{height}.",
        "Enlarge the window.",
    )
    i = y - max(0, (height - len(lines)) // 2)
    if not 0 <= i < len(lines):
        return text_line("", width, style)
    text = lines[i][:width]
    pad = (width - len(text)) // 2
    words = style + cached_style(bold=i == 0)
    return Strip(
        [
            Segment(" " * pad, style),
            Segment(text, words),
            Segment(" " * (width - pad - len(text)), style),
        ],
        width,
    )


def marked(text: str, role: str | None, ascii: bool) -> str:
    """One line of a cell with a highlight `role`: its first and last columns hold the role's
    marks (`palette.hint_marks`: `›` `‹` what a hint reads, `+` where it places, `*` a wrong
    mark), so the role reads without colour too; unchanged without a role or room (5 columns,
    a glyph and a space each side of it)."""
    marks = hint_marks(role, ascii) if role else None
    if marks is None or len(text) < 5 or text[0] + text[-1] != "  ":
        return text
    return marks[0] + text[1:-1] + marks[1]


def with_bars(text: str, style: Style, bar: Style) -> list[Segment]:
    """One line of a cell under the keyboard cursor: its first and last columns are bars in
    `bar` (`palette.CURSOR_BARS`), the rest keeps the cell's own style, so its colour stays in
    view (a cell narrower than three columns is drawn as it is)."""
    if len(text) < 3:
        return [Segment(text, style)]
    block = cached_style(color=bar.bgcolor, bgcolor=bar.bgcolor)  # a bar without colour too
    return [Segment(CURSOR_BLOCK, block), Segment(text[1:-1], style), Segment(CURSOR_BLOCK, block)]
