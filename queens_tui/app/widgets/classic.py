"""The classic N-queens board: a checkerboard in one colour, cells as big as the window allows.

Drawn with the line API (one `Strip` per board row, N <= 16 so a whole
repaint is cheap). It shows the player's queens and crosses, the automatic
crosses along rows, columns and full diagonals (faint, when the option is
on), queens that attack each other in red (drawn big where a cell has room: `glyphs`), hint
and mistake tints, and the cursor (dark bars at its cell's sides). It also keeps the hunt:
when a position it is handed is a solution the player reached (not one `S` filled in), the
solution goes into the level's `Hunt` (marked "with help" after a hint), so the status line,
drawn just after, already counts it, and the widget posts `HuntFound` for the screen to save
it through the store.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.strip import Strip

from queens_tui.app.glyphs import QUEEN, art
from queens_tui.app.messages import HuntFound
from queens_tui.app.palette import CURSOR_BARS, highlight
from queens_tui.app.theme import CLASSIC_DARK as DARK
from queens_tui.app.theme import CLASSIC_FAINT as FAINT
from queens_tui.app.theme import CLASSIC_INK as INK
from queens_tui.app.theme import CLASSIC_LIGHT as LIGHT
from queens_tui.app.theme import CLASSIC_RED as RED
from queens_tui.app.widgets import grid
from queens_tui.app.widgets.base import BoardWidget
from queens_tui.app.widgets.grid import marked, with_bars
from queens_tui.core.grid import Cell
from queens_tui.kinds.classic.rules import auto_crosses, clashes

TINTS = ("evidence", "place", "cross", "mistake")
"""The highlight roles it draws (`palette.HIGHLIGHTS`)."""
SCALES: tuple[tuple[int, int], ...] = ((11, 5), (9, 4), (7, 3), (5, 2), (3, 1))
"""Cell sizes tried, biggest first: (columns, lines); the cells touch (a checkerboard)."""


class ClassicBoard(BoardWidget[Any]):
    """Draws a `kinds.classic.play.ClassicState`; the mouse works as on the Queens board (click,
    right click, drag: `BoardWidget`'s shared mouse code)."""

    MOUSE = "drag"

    DEFAULT_CSS = """
    ClassicBoard { width: 1fr; height: 1fr; }
    """

    def prepare(self) -> None:
        """The derived crosses' cache and the hunt (`BoardWidget.__init__` calls it, with the
        position and the options)."""
        self._auto = self._options.get("auto_cross", True)
        self._labels = 0
        """Columns of row numbers left of the board (0: none; set by `_geometry`)."""
        self._derived: tuple[set[Cell], set[Cell]] | None = None
        self._record(self._state)

    @property
    def n(self) -> int:
        return int(self._state.level.size)

    # --- state in ------------------------------------------------------------------------

    def show(self, state: Any, options: Mapping[str, bool] | None = None) -> None:
        auto = (options or {}).get("auto_cross", True)
        if state is self._state and auto == self._auto and (options or {}) == self._options:
            return
        if options is not None:
            self._options = dict(options)
        self._state, self._auto, self._derived = state, auto, None
        self._record(state)
        self.refresh()

    def _record(self, state: Any) -> None:
        """A solved position joins the hunt (and its file): the hunt's only way in. Not one
        `S` filled in (nobody found it); one reached after a hint counts "with help"."""
        hunt = state.level.hunt
        sol = state.solution
        if hunt is None or sol is None or state.viewing is not None or state.filled:
            return
        if hunt.add(sol, helped=state.helped):
            self.post_message(HuntFound(hunt.n, tuple(hunt.found), tuple(hunt.found_with_help())))

    # --- drawing -------------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return 3 * self.n

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.n

    def _geometry(self) -> tuple[int, int, int, int]:
        """(cell width, cell height, left, top): the biggest of `SCALES` that fits (else the
        smallest), the board centred in the widget."""
        n, width, height = self.n, self.size.width, self.size.height
        lw = len(str(n)) + 1 if self._options.get("labels", True) else 0
        for w, h in SCALES:  # with room for row numbers left and column numbers under
            if lw and w * n + 2 * lw <= width and h * n + 1 <= height:
                self._labels = lw
                return w, h, (width - w * n) // 2, (height - h * n - 1) // 2
        self._labels = 0
        cw, ch = next(((w, h) for w, h in SCALES if w * n <= width and h * n <= height), SCALES[-1])
        return cw, ch, max(0, (width - cw * n) // 2), max(0, (height - ch * n) // 2)

    def cell_offset(self, cell: Cell) -> tuple[int, int]:
        cw, ch, left, top = self._geometry()
        r, c = cell
        return left + cw * c + cw // 2, top + ch * r + ch // 2

    def cell_at(self, x: int, y: int) -> Cell | None:
        cw, ch, left, top = self._geometry()
        if x < left or y < top:
            return None
        r, c = (y - top) // ch, (x - left) // cw
        return (r, c) if 0 <= r < self.n and 0 <= c < self.n else None

    def render_line(self, y: int) -> Strip:
        n = self.n
        width, height = self.size.width, self.size.height
        need = (SCALES[-1][0] * n, SCALES[-1][1] * n)
        if need[0] > width or need[1] > height:  # not even the smallest fits
            return grid.too_small(y, width, height, self.rich_style, f"{n}×{n}", need)
        cw, ch, left, top = self._geometry()
        row, sub = divmod(y - top, ch)
        if self._labels and row == n and sub == 0:  # each column's number under it
            line = [" "] * self.size.width
            for c in range(n):
                for k, digit in enumerate(str(c + 1), start=left + cw * c + cw // 2):
                    if k < len(line):
                        line[k] = digit
            return Strip([Segment("".join(line), self.rich_style + Style(dim=True))])
        if y < top or row >= n:
            return Strip.blank(self.size.width, self.rich_style)
        y = row
        if self._derived is None:
            state = self._state
            self._derived = (auto_crosses(n, state.queens), clashes(state.queens))
        auto, bad = self._derived
        state = self._state
        segments = []
        free = "." if self.ascii else "·" if self.app.no_color else " "  # no shades: a dot
        for c in range(n):
            cell = (y, c)
            bg = LIGHT if (y + c) % 2 == 0 else DARK
            role = self._marks.get(cell, "")
            if role in TINTS:
                bg = highlight(bg, role)
            fg, bold, dim = INK, False, False
            if cell in state.queens:
                glyph, bold = ("Q" if self.ascii else QUEEN), True
                if cell in bad:
                    fg = RED
            elif self._marks.get(cell) == "place":
                glyph, bold = ("Q" if self.ascii else "♕"), True
            elif cell in state.crosses:
                glyph, bold = ("x" if self.ascii else "×"), True
            elif self._auto and cell in auto:
                glyph, dim, fg = ("x" if self.ascii else "×"), True, FAINT
            else:  # a dot where the squares' shades are not shown, so the grid reads
                glyph = free
            style = Style(color=fg, bgcolor=bg, bold=bold, dim=dim)
            pad = " " * (cw // 2)
            big = None if self.ascii else art(glyph, cw, ch, ch // 2)
            if big is not None:  # a queen drawn big: the cell has room (`glyphs`)
                text = big[sub]
            else:
                text = f"{pad}{glyph}{pad}" if sub == ch // 2 else " " * cw
            if self.ascii and sub == ch // 2:  # reads without colour too: `!Q!` a clash,
                inner = f"!{glyph}!" if cell in state.queens and cell in bad else glyph
                if cell == self.cursor:  # `[.]` the cursor (the clash marks make room)
                    inner = f"[{inner}]" if len(inner) + 2 <= cw else f"[{glyph}]"
                if len(inner) <= cw:
                    left_pad = (cw - len(inner)) // 2
                    text = " " * left_pad + inner + " " * (cw - len(inner) - left_pad)
            if sub == ch // 2:  # a hint's role (or `m`'s) marked, not only tinted
                text = marked(text, self._marks.get(cell), self.ascii)
            if cell == self.cursor and not self.ascii:  # bars: the cell's shade stays in view
                segments += with_bars(text, style, Style(bgcolor=CURSOR_BARS))
            else:
                segments.append(Segment(text, style))
        # every blank styled: Textual's NO_COLOR filter fails on a segment without a style
        margin = [Segment(" " * left, self.rich_style)]
        if self._labels and sub == ch // 2:  # the row's number
            number = f"{row + 1:>{self._labels - 1}} "
            faint = self.rich_style + Style(dim=True)
            margin = [Segment(" " * (left - self._labels), self.rich_style), Segment(number, faint)]
        strip = Strip([*margin, *segments], left + cw * n)
        return strip.extend_cell_length(self.size.width, self.rich_style)


__all__ = ["ClassicBoard"]
