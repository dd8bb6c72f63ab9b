"""The level editor's board: a Queens partition being painted, drawn with the line API.

It reuses the game board's geometry and look (`widgets.queens`: the same
`fit` layouts, box-drawing borders thick between regions and thin inside one,
pastel cells with dark ink, the cursor shade), but draws a `Sketch`, which
may be no level at all (any number of regions, regions in pieces), so it
cannot be the game's `BoardView` (that one draws a valid `Level`). Each cell
shows its region label; marked cells are tinted by role: "broken" (a piece
cut off from its region, red), "suggest" (a make-unique cell, green), and
queens of a shown solution are drawn as ♛.

Mouse (`BoardWidget.MOUSE = "stroke"`): a press posts `CellAction(cell,
"drag-start")`, entering another cell while the button is down
`CellAction(cell, "drag")`, the release `CellAction(None, "drag-end")`; the
screen turns those into one undo step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from queens_tui.app.glyphs import BOX, QUEEN
from queens_tui.app.palette import CURSOR_BARS, blend, highlight
from queens_tui.app.theme import BLACK, INK, NEUTRAL, WHITE
from queens_tui.app.widgets.grid import with_bars
from queens_tui.app.widgets.queens import (
    CURSOR_SHADE,
    Layout,
    SquareBoard,
    border_line,
    border_weight,
    fit,
    neutral_styles,
)
from queens_tui.core.grid import Cell
from queens_tui.kinds.queens.edit import Sketch

TINTS = {"broken": ("clash", 0.55), "suggest": ("place", 0.65), "second": ("cross", 0.35)}
"""Mark role -> (tint, how much of it)."""


class SketchBoard(SquareBoard[Sketch]):
    """Draws a `Sketch` with region colours chosen by the screen (label -> `#rrggbb`)."""

    MOUSE = "stroke"
    RIGHT_CLICK = False

    def __init__(
        self,
        sketch: Sketch,
        colors: Mapping[str, str],
        *,
        ascii: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(sketch, ascii=ascii, id=id)
        self.sketch = sketch
        self.label_colors = dict(colors)
        self._queens: frozenset[Cell] = frozenset()
        self._lines: dict[int, Strip] = {}

    # --- state in -------------------------------------------------------------------

    def show(self, state: Sketch, options: Mapping[str, bool] | None = None) -> None:
        """Draw another sketch (colours are set by `set_colors` before)."""
        if state is self.sketch:
            return
        self.sketch = state
        self._redraw()

    def set_colors(self, colors: Mapping[str, str]) -> None:
        if dict(colors) != self.label_colors:
            self.label_colors = dict(colors)
            self._redraw()

    def marks_changed(self) -> None:
        self._redraw()

    def set_queens(self, queens: Iterable[Cell]) -> None:
        """Queens to draw (a solution shown on demand); empty hides them."""
        q = frozenset(queens)
        if q != self._queens:
            self._queens = q
            self._redraw()

    @property
    def queens(self) -> frozenset[Cell]:
        return self._queens

    def _redraw(self) -> None:
        self._lines.clear()
        self.refresh()

    def watch_cursor(self, old: Cell, new: Cell) -> None:
        self._redraw()

    def on_resize(self) -> None:
        self._lines.clear()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines.clear()

    # --- geometry ---------------------------------------------------------------------

    @property
    def layout_now(self) -> Layout | None:
        return fit(self.sketch.size, self.size.width, self.size.height)

    @property
    def side(self) -> int:
        return self.sketch.size

    # --- drawing ----------------------------------------------------------------------

    def _label_at(self, r: int, c: int) -> str | None:
        n = self.sketch.size
        return self.sketch.grid[r][c] if 0 <= r < n and 0 <= c < n else None

    def _box(self, up: int, right: int, down: int, left: int) -> str:
        if not self.ascii:
            return BOX[up * 27 + right * 9 + down * 3 + left]
        vertical, horizontal = up == 2 or down == 2, left == 2 or right == 2
        if vertical and horizontal:
            return "+"
        return "|" if vertical else "-" if horizontal else " "

    def _bg(self, label: str) -> str:
        return self.label_colors.get(label, NEUTRAL)

    def _cell(self, cell: Cell) -> tuple[str, Style]:
        label = self.sketch.label(cell)
        bg = self._bg(label)
        fg = blend(bg, BLACK, 0.55)
        bold = False
        text = label
        if cell in self._queens:
            text, fg, bold = ("Q" if self.ascii else QUEEN), INK, True
        role = self._marks.get(cell)
        if role in TINTS:
            bg = highlight(bg, *TINTS[role])
            fg, bold = (WHITE if role == "broken" else INK), True
        if cell == self.cursor and not self._framed():
            fg = WHITE
            bg = blend(bg, BLACK, CURSOR_SHADE)
            bold = True
        return text, Style(color=fg, bgcolor=bg, bold=bold)

    def _framed(self) -> bool:
        """Whether the cursor is drawn as bars at its cell's sides (the region's colour kept
        between them, as on the game's boards): cells wide enough, not ASCII."""
        lay = self.layout_now
        return not self.ascii and lay is not None and lay.cell_w >= 5

    def render_line(self, y: int) -> Strip:
        strip = self._lines.get(y)
        if strip is None:
            strip = self._build(y)
            self._lines[y] = strip
        return strip

    def _build(self, y: int) -> Strip:
        width = self.size.width
        neutral, thick = neutral_styles(self.rich_style)
        lay = self.layout_now
        if lay is None:
            text = "Terminal too small for this board" if y == 0 else ""
            return Strip([Segment(text[:width].ljust(width), neutral)], width)
        by = y - lay.top
        if not 0 <= by < lay.height:
            return Strip.blank(width, neutral)
        n = self.sketch.size
        segs: list[Segment] = [Segment(" " * lay.left, neutral)]
        if lay.bordered and by % lay.pitch_y == 0:
            r = by // lay.pitch_y  # the border above board row r
            above, below = ([self._label_at(i, c) for c in range(-1, n + 1)] for i in (r - 1, r))
            segs += border_line(above, below, lay.cell_w, self._box, self._thin, thick)
        else:
            if lay.bordered:
                r, sub = divmod(by, lay.pitch_y)
                glyph_line = sub - 1 == (lay.cell_h - 1) // 2
            else:
                r, glyph_line = by, True
            pad = lay.cell_w - 1
            for c in range(n + 1):
                left, right = self._label_at(r, c - 1), self._label_at(r, c)
                w = border_weight(left, right)
                if lay.bordered or w == 2 or c in (0, n):
                    ch = self._box(w, 0, w, 0)
                else:
                    ch = " " if self.ascii else "│"
                style = self._thin(right) if w == 1 and right is not None else thick
                segs.append(Segment(ch, style))
                if c < n:
                    text, cell_style = self._cell((r, c))
                    if not lay.bordered and border_weight(right, self._label_at(r + 1, c)) == 2:
                        cell_style = cell_style + Style(underline=True)
                    body = " " * (pad // 2) + text + " " * (pad - pad // 2)
                    body = body if glyph_line else " " * lay.cell_w
                    if (r, c) == self.cursor and self._framed():
                        segs += with_bars(body, cell_style, Style(bgcolor=CURSOR_BARS))
                    else:
                        segs.append(Segment(body, cell_style))
        used = lay.left + lay.width
        if used < width:
            segs.append(Segment(" " * (width - used), neutral))
        return Strip(segs, width)

    def _thin(self, label: str) -> Style:
        bg = self._bg(label)
        return Style(color=blend(bg, BLACK, 0.3), bgcolor=bg)


__all__ = ["TINTS", "SketchBoard"]
