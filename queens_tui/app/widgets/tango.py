"""The Tango board: suns and moons, the `=` and `×` signs drawn between the cells.

One widget drawn line by line. Cells are light squares; a given cell is a
shade darker (and its symbol bold) so it reads as fixed; the sun `☀` is
orange, the moon `☾` blue, drawn big (`glyphs`) where the cell has room (`S` and `M` with
`--ascii`, signs `=` and `x`). A sign sits on a chip of its own in the gap between its two
cells; the cursor is a pair of dark bars at its cell's sides. What the grid breaks is marked
as LinkedIn does: three alike and a changed given in red, a line with too
many of one symbol tinted red, a broken sign drawn red. Hint roles tint
cells: `evidence` yellow, `place-sun`/`place-moon` green with the symbol to
come shown faintly, `mistake` magenta. The widget draws a `Board` and posts
`CellAction`s for clicks; it decides nothing about the rules.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.strip import Strip

from queens_tui.app import glyphs
from queens_tui.app.palette import CURSOR_BARS, blend, highlight
from queens_tui.app.theme import TANGO_CELL as CELL_BG
from queens_tui.app.theme import TANGO_FAULT as FAULT
from queens_tui.app.theme import TANGO_GIVEN as GIVEN_BG
from queens_tui.app.theme import TANGO_MOON as MOON_FG
from queens_tui.app.theme import TANGO_SIGN_BG as SIGN_BG
from queens_tui.app.theme import TANGO_SIGN_FG as SIGN_FG
from queens_tui.app.theme import TANGO_SUN as SUN_FG
from queens_tui.app.theme import WHITE
from queens_tui.app.widgets import grid
from queens_tui.app.widgets.base import BoardWidget
from queens_tui.app.widgets.grid import Layout
from queens_tui.core.grid import Cell
from queens_tui.kinds.tango.board import Board
from queens_tui.kinds.tango.level import EQUAL, SUN

# A sign is dark ink on a chip of its own in the gap between its cells: it reads on a dark
# theme and a light one alike (grey on the screen's background faded into dark themes).
SYMBOL_WASH = 0.14
"""How much of its symbol's colour a filled cell's background takes."""
TINTS = {
    "evidence": ("evidence", 0.6),
    "place-sun": ("place", 0.55),
    "place-moon": ("place", 0.55),
    "mistake": ("mistake", 0.7),
    "fault": ("clash", 0.45),
    "line": ("clash", 0.18),
}
SCALES: tuple[tuple[int, int], ...] = ((13, 6), (11, 5), (9, 4), (7, 3), (5, 2), (3, 1))
"""Cell sizes tried, biggest first: (columns, lines)."""


LABEL_WIDTH = 3
"""Columns a row number takes left of the board (two digits and a space), when there is room;
column numbers go on the line under the board. Hints name cells "row 3, column 1"."""


def fit(n: int, width: int, height: int) -> Layout | None:
    """The biggest drawing of an n x n grid (cells, one-column and one-line gaps) that fits."""
    return grid.fit(SCALES, n, n, width, height, border=0)


class TangoBoard(BoardWidget[Board]):
    """Draws a Tango `Board`; reports clicks and right clicks as `CellAction`s."""

    DEFAULT_CSS = """
    TangoBoard { width: 1fr; height: 1fr; }
    """

    # --- geometry ----------------------------------------------------------------------

    def layout_now(self) -> Layout | None:
        """The biggest grid with room for the caption above it, the column numbers under it
        and the row numbers left of it; else the biggest grid alone."""
        n, width, height = self._state.level.size, self.size.width, self.size.height
        if self._options.get("labels", True):
            lay = fit(n, width - 2 * LABEL_WIDTH, height - 2)
            if lay is not None:
                return lay._replace(
                    left=lay.left + LABEL_WIDTH, top=lay.top + 1, labels=LABEL_WIDTH
                )
        lay = fit(n, width, height - 1)  # the caption above
        return fit(n, width, height) if lay is None else lay._replace(top=lay.top + 1)

    def cell_at(self, x: int, y: int) -> Cell | None:
        lay, n = self.layout_now(), self._state.level.size
        return None if lay is None else lay.cell_at(x, y, n, n)

    def cell_offset(self, cell: Cell) -> tuple[int, int]:
        lay = self.layout_now()
        return (0, 0) if lay is None else lay.center(cell)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        n = self._state.level.size
        return n * (SCALES[0][0] + 1) - 1

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        n = self._state.level.size
        return n * (SCALES[0][1] + 1) - 1

    # --- drawing -----------------------------------------------------------------------

    def _faults(self) -> tuple[dict[Cell, str], set[tuple[Cell, Cell]]]:
        """Cells to tint for broken rules ("fault" or "line") and the broken signs."""
        tint: dict[Cell, str] = {}
        signs: set[tuple[Cell, Cell]] = set()
        for f in self._state.faults:
            if f.rule == "count":
                for cell in f.cells:
                    tint.setdefault(cell, "line")
            elif f.rule == "sign":
                a, b = f.cells
                signs.add((a, b))
            else:
                for cell in f.cells:
                    tint[cell] = "fault"
        return tint, signs

    def _ascii_mark(self, cell: Cell, faults: dict[Cell, str]) -> str:
        """With --ascii (no colour needed): `!` beside a cell that breaks a rule, `*` beside
        a wrong mark (`m`); "" otherwise or without --ascii."""
        if not self.ascii:
            return ""
        role = self._marks.get(cell) or faults.get(cell)
        return {"fault": "!", "line": "!", "mistake": "*"}.get(role or "", "")

    def _cell_style(self, cell: Cell, faults: dict[Cell, str]) -> tuple[str, Style]:
        """The glyph and style of `cell`."""
        board = self._state
        v = board.value(cell)
        given = board.is_given(cell)
        bg = GIVEN_BG if given else CELL_BG
        if v is not None:  # a faint wash of the symbol's colour: the grid reads at a glance
            bg = blend(bg, SUN_FG if v == SUN else MOON_FG, SYMBOL_WASH)
        role = self._marks.get(cell) or faults.get(cell)
        if role in TINTS:
            bg = highlight(bg, *TINTS[role])
        dim = False
        if v is None and role in ("place-sun", "place-moon"):
            v, dim = (SUN if role == "place-sun" else 1 - SUN), True
        if v is None:  # --ascii: a dot, so the grid reads without colour
            if self.ascii:
                return ".", grid.cached_style(color=SIGN_FG, bgcolor=bg)
            return " ", grid.cached_style(bgcolor=bg)
        if self.ascii:
            glyph = "S" if v == SUN else "M"
        else:
            glyph = glyphs.SUN if v == SUN else glyphs.MOON
        fg = SUN_FG if v == SUN else MOON_FG
        if faults.get(cell) == "fault" and not dim:
            fg = FAULT
        return glyph, grid.cached_style(color=fg, bgcolor=bg, bold=given or not dim, dim=dim)

    def _sign(
        self, a: Cell, b: Cell, broken: set[tuple[Cell, Cell]], base: Style, text: bool = True
    ) -> Segment:
        """The sign between cells a and b on its chip (a blank of `base` where there is none);
        `text=False`: the chip alone, the sign's tab on the edge above and below it (or at its
        sides), so it reads as a mark on the shared edge in big cells too."""
        kind = self._state.level.signs.get((a, b))
        if kind is None:
            return Segment(" ", base)
        glyph = ("=" if kind == EQUAL else ("x" if self.ascii else "×")) if text else " "
        if (a, b) in broken:
            return Segment(glyph, grid.cached_style(color=WHITE, bgcolor=FAULT, bold=True))
        return Segment(glyph, grid.cached_style(color=SIGN_FG, bgcolor=SIGN_BG, bold=True))

    def _cell_line(
        self, cell: Cell, within: int, lay: Layout, faults: dict[Cell, str]
    ) -> list[Segment]:
        """Line `within` of `cell`: its symbol drawn big where the cell has room
        (`glyphs.art`), else the one character on the middle line; the cursor as bars at its
        sides (the cell's colour stays in view), or `[S]` with --ascii."""
        glyph, style = self._cell_style(cell, faults)
        w = lay.cell_w
        big = None if self.ascii else glyphs.art(glyph, w, lay.cell_h, lay.cell_h // 2)
        if big is not None:
            text = big[within]
        elif within == lay.cell_h // 2:
            pad = w // 2
            text = " " * pad + glyph + " " * (w - pad - 1)
            mark = self._ascii_mark(cell, faults)
            if mark and 1 <= pad <= w - 2:  # `!S!` broken rule, `*S*` mistake
                text = text[: pad - 1] + mark + glyph + mark + text[pad + 2 :]
            if self.ascii and cell == self.cursor:  # the cursor without colour
                d = 2 if mark and 2 <= pad <= w - 3 else 1  # outside a mark
                if pad - d >= 0 and pad + d < w:
                    inside = text[pad - d + 1 : pad + d]
                    text = text[: pad - d] + "[" + inside + "]" + text[pad + d + 1 :]
        else:
            text, style = " " * w, grid.cached_style(bgcolor=style.bgcolor)
        if within == lay.cell_h // 2:  # a hint's role (or `m`'s) marked, not only tinted
            text = grid.marked(text, self._marks.get(cell), self.ascii)
        if cell == self.cursor and not self.ascii:
            return grid.with_bars(text, style, grid.cached_style(bgcolor=CURSOR_BARS))
        return [Segment(text, style)]

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.base_style
        lay = self.layout_now()
        n = self._state.level.size
        if lay is None:
            need = grid.smallest(SCALES, n, n, 0)
            return grid.too_small(y, width, self.size.height, base, f"{n}×{n}", need)
        dy = y - lay.top
        if dy == -1 or (lay.top == 0 and dy == lay.height):  # the caption: which game this is
            caption = "S  Tango  M" if self.ascii else f"{glyphs.SUN}  Tango  {glyphs.MOON}"
            return grid.caption_line(caption, width, base)
        if dy == lay.height and lay.labels:  # column numbers under the board, as hints count
            return grid.column_numbers(lay, n, width, base)
        if dy < 0 or dy >= lay.height:
            return grid.text_line("", width, base)
        r, within = divmod(dy, lay.cell_h + 1)
        faults, broken = self._faults()
        segs = [Segment(" " * lay.left, base)]
        number = grid.row_number(lay, dy, n, base)
        if number is not None:  # the row's number
            segs = [Segment(" " * (lay.left - lay.labels), base), number]
        if within < lay.cell_h:  # a line through row r's cells
            middle = within == lay.cell_h // 2
            for c in range(n):
                segs += self._cell_line((r, c), within, lay, faults)
                if c < n - 1:
                    beside = lay.cell_h >= 3 and abs(within - lay.cell_h // 2) == 1
                    if middle or beside:  # the sign, and its chip a line above and below
                        segs.append(self._sign((r, c), (r, c + 1), broken, base, middle))
                    else:
                        segs.append(Segment(" ", base))
        else:  # the gap between rows r and r + 1: vertical signs under each cell
            for c in range(n):
                pad = lay.cell_w // 2
                wide = 1 if lay.cell_w >= 5 else 0  # the chip a column each side of the sign
                pair = ((r, c), (r + 1, c))
                segs.append(Segment(" " * (pad - wide), base))
                segs += [self._sign(*pair, broken, base, False)] * wide
                segs.append(self._sign(*pair, broken, base))
                segs += [self._sign(*pair, broken, base, False)] * wide
                segs.append(Segment(" " * (lay.cell_w - pad - 1 - wide), base))
                if c < n - 1:
                    segs.append(Segment(" ", base))
        used = lay.left + lay.width
        segs.append(Segment(" " * max(width - used, 0), base))
        return Strip(segs, width)
