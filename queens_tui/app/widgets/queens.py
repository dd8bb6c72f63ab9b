"""The board: one widget drawn line by line (Textual's line API).

N x N cells, each filled with its region's colour, thick box-drawing borders
between regions and thin ones inside a region, so the board reads even
without colour. The widget only draws a `core.Board` and turns mouse input
into `CellAction` messages; it decides nothing about the rules. Cells grow
with the widget, the board stays centred, and when even the smallest drawing
does not fit, it says so instead of drawing a broken board.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip

from queens_tui.app.glyphs import BOX, QUEEN, art
from queens_tui.app.messages import CellAction
from queens_tui.app.palette import (
    CURSOR_BARS,
    CURSOR_BLOCK,
    HIGHLIGHTS,
    blend,
    board_figure,
    hint_marks,
    lab,
    neighbours,
    region_colors,
    terminal_colors,
)
from queens_tui.app.theme import BLACK, INK, WHITE
from queens_tui.app.theme import QUEENS_CONFLICT as CONFLICT_QUEEN
from queens_tui.app.widgets import grid
from queens_tui.app.widgets.base import BoardWidget, S
from queens_tui.core.colour import THRESHOLD
from queens_tui.core.grid import Cell
from queens_tui.kinds.queens.board import Board
from queens_tui.kinds.queens.level import Level

R = TypeVar("R", bound=Hashable)
"""A region as a board names it: an id on the game's board, a label on the editor's sketch."""

MAX_SCALE = 6
"""Largest cell: 13 columns by 6 lines (a 6x6 or 7x7 board at 200x60); more only makes the
eyes travel."""

CLASH_MARK, MISTAKE_MARK = "!", "*"
"""A clash cell's glyph reads `!x!`, a wrong mark's `*Q*`: told apart without colour."""
CONFLICT_TINT = HIGHLIGHTS["clash"][0]
"""The bars at both sides of each cell of a row, column or region two queens fight over (the
cell between them keeps its region's colour)."""
CURSOR_SHADE = 0.62
"""How far the cursor cell's colour is pulled towards black (cells too narrow for bars)."""


class Layout(NamedTuple):
    """Where the board sits inside the widget and how big its cells are.
    A NamedTuple: cheaper to create at import than a frozen dataclass (docs/performance.md,
    Start-up)."""

    bordered: bool
    """True: box-drawing borders around every cell. False: compact, one line per row."""
    cell_w: int
    cell_h: int
    left: int
    top: int
    width: int
    height: int
    labels: int = 0
    """Columns of row numbers left of the board (0: no labels; then a line of column
    numbers sits above it too)."""

    @property
    def pitch_x(self) -> int:
        """Columns from one cell's left edge to the next one's."""
        return self.cell_w + 1

    @property
    def pitch_y(self) -> int:
        """Lines from one cell's top to the next one's."""
        return self.cell_h + 1 if self.bordered else 1

    def cell_at(self, x: int, y: int, n: int) -> Cell | None:
        """The cell of an n x n board under widget offset (x, y); None on a border or off it."""
        bx, by = x - self.left, y - self.top
        if not (0 <= bx < self.width and 0 <= by < self.height) or bx % self.pitch_x == 0:
            return None
        if self.bordered and by % self.pitch_y == 0:
            return None
        r, c = by // self.pitch_y, bx // self.pitch_x
        return (r, c) if r < n and c < n else None

    def cell_middle(self, cell: Cell) -> tuple[int, int]:
        """The widget offset of the middle of `cell`."""
        r, c = cell
        x = self.left + c * self.pitch_x + 1 + self.cell_w // 2
        y = self.top + (r * self.pitch_y + 1 + (self.cell_h - 1) // 2 if self.bordered else r)
        return x, y


def fit(n: int, width: int, height: int) -> Layout | None:
    """The biggest drawing of an n x n board that fits, centred; None if none does."""
    for k in range(MAX_SCALE, 0, -1):
        w, h = 2 * k + 1, k
        bw, bh = n * (w + 1) + 1, n * (h + 1) + 1
        if bw <= width and bh <= height:
            return Layout(True, w, h, (width - bw) // 2, (height - bh) // 2, bw, bh)
    bw, bh = n * 4 + 1, n
    if bw <= width and bh <= height:
        return Layout(False, 3, 1, (width - bw) // 2, (height - bh) // 2, bw, bh)
    return None


def fit_labelled(n: int, width: int, height: int, labels: bool) -> Layout | None:
    """`fit`, with room for row and column numbers when `labels` and there is room; else the
    board alone (the labels are the first thing to go on a small terminal)."""
    if labels:
        lw = len(str(n)) + 1
        lay = fit(n, width - lw, height - 1)
        if lay is not None:
            return lay._replace(left=lay.left + lw, top=lay.top + 1, labels=lw)
    return fit(n, width, height)


def minimum_size(n: int) -> tuple[int, int]:
    """The smallest widget (columns, lines) that can show an n x n board."""
    return n * 4 + 1, n


@lru_cache(maxsize=1024)
def _blend(a: str, b: str, amount: float) -> str:
    return blend(a, b, amount)


@lru_cache(maxsize=256)
def ink(bg: str) -> str:
    """Glyphs on a cell of colour `bg`: `INK`, or white on the dark colours some palettes
    have."""
    return INK if lab(bg)[0] >= 50 else WHITE


_UNDERLINE = Style(underline=True)


def border_weight(a: Hashable | None, b: Hashable | None) -> int:
    """Weight of the border between cells of regions a and b (None: off the board):
    0 none, 1 thin (same region), 2 thick. Regions are ids on the game's board and labels
    on the editor's sketch."""
    if a is None and b is None:
        return 0
    if a is None or b is None or a != b:
        return 2
    return 1


def border_line(
    above: Sequence[R | None],
    below: Sequence[R | None],
    cell_w: int,
    box: Callable[[int, int, int, int], str],
    thin: Callable[[R], Style],
    thick: Style,
) -> list[Segment]:
    """The border line between two rows of cells, from their regions padded with None at both
    ends (`above[c + 1]` is column c's): box corners and runs, thin inside a region (in the
    region's `thin` style) and thick between regions and round the board (`thick`). Shared by
    the game's board and the editor's sketch, so both draw regions alike."""
    n = len(above) - 2
    segments: list[Segment] = []
    for c in range(n + 1):
        ul, ur, dl, dr = above[c], above[c + 1], below[c], below[c + 1]
        across = border_weight(ur, dr)
        ch = box(border_weight(ul, ur), across, border_weight(dl, dr), border_weight(ul, dl))
        inside = dr is not None and ul == ur == dl == dr
        segments.append(Segment(ch, thin(dr) if inside and dr is not None else thick))
        if c < n:
            style = thin(dr) if across == 1 and dr is not None else thick
            segments.append(Segment(box(0, across, 0, across) * cell_w, style))
    return segments


def neutral_styles(base: Style) -> tuple[Style, Style]:
    """(plain, bold) in a widget's own CSS colours (`base`, its `rich_style`): what blanks and
    region borders are drawn in."""
    fg = base.color.name if base.color else None
    bg = base.bgcolor.name if base.bgcolor else None
    return _style(fg, bg), _style(fg, bg, True)


@lru_cache(maxsize=4096)
def _style(fg: str | None, bg: str | None, bold: bool = False, underline: bool = False) -> Style:
    return Style(color=fg, bgcolor=bg, bold=bold, underline=underline)


class SquareBoard(BoardWidget[S]):
    """A board of `side` x `side` cells drawn in a `Layout` (Queens' board, the editor's
    sketch): where the mouse is, where a cell is, how small the widget may be."""

    @property
    def side(self) -> int:
        """Cells per row and column."""
        raise NotImplementedError

    @property
    def layout_now(self) -> Layout | None:
        """The layout for the widget's size now (None: the board does not fit)."""
        raise NotImplementedError

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The cell under widget offset (x, y); None on a border or off the board."""
        lay = self.layout_now
        return None if lay is None else lay.cell_at(x, y, self.side)

    def cell_offset(self, cell: Cell) -> tuple[int, int]:
        """The widget offset of the middle of `cell` (for tests and tooltips)."""
        lay = self.layout_now
        if lay is None:
            raise ValueError("the board does not fit")
        return lay.cell_middle(cell)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return minimum_size(self.side)[0]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return minimum_size(self.side)[1]


class BoardView(SquareBoard[Board]):
    """Draws a Queens `Board`; reports clicks, right clicks and drags as `CellAction`s.

    The cursor is always drawn; `watch_cursor` repaints the two cells it
    touches (a plain reactive would repaint the whole board on every arrow key).
    """

    CellAction = CellAction
    MOUSE = "drag"

    _figure: float | None = None
    """`figure`, once measured (per level, palette and colour depth)."""

    def _region_colors(self, level: Any) -> tuple[str, ...]:
        """The level's region colours as this terminal should get them (`terminal_colors`:
        on 256 and 16 colours, the palette's chosen entries, touching regions apart)."""
        return terminal_colors(region_colors(level), self.color_system, neighbours(level))

    @property
    def figure(self) -> float:
        """How far apart touching regions look as drawn (`palette.board_figure`: the smallest
        CIEDE2000 for the eye the colours serve worst); 0 without colour (`NO_COLOR`)."""
        got = self._figure
        if got is None:
            shown = self._colors
            got = 0.0 if self.no_color else board_figure(shown, neighbours(self.level))
            self._figure = got
        return got

    @property
    def letters_shown(self) -> bool:
        """Whether each cell shows its region's letter: the `letters` option, or on its own
        wherever colour alone would not do (issue 39): two regions share one colour (16
        colours, the high-contrast palette), touching regions look closer than
        `core.colour.THRESHOLD` to some eye (`figure`: the standard palette, 16 colours,
        `NO_COLOR`), on 16 colours whatever the figure (each terminal's theme redefines
        those 16, so no measure holds), or the compact layout, whose rows have no border lines
        between them."""
        if self._letters or len(set(self._colors)) < len(self._colors):
            return True
        if self.color_system == "standard":
            return True
        lay = self.layout_now
        return (lay is not None and not lay.bordered) or self.figure < THRESHOLD

    def prepare(self) -> None:
        """The caches (`BoardWidget.__init__` calls it, with the board and the options)."""
        board = self._board = self._state
        self._auto = self._options.get("auto_cross", True)
        self._show_labels = self._options.get("labels", True)
        self._letters = self._options.get("letters", False)
        self._colors = self._region_colors(board.level)
        self._figure = None
        self._lines: dict[int, Strip] = {}
        """Lines drawn for the current position (cleared by every change)."""
        self._static: dict[int, Strip] = {}
        """Lines no move can change: borders, blanks (cleared on resize, level, theme)."""
        self._seps: dict[int, list[Segment]] = {}
        self._geo: tuple[list[list[int | None]], list[Style]] | None = None
        """Per level: region ids padded with None around the board, thin border styles."""
        self._cells: dict[Cell, tuple[str, Style, tuple[str, str, Style] | None]] = {}
        self._neutral: tuple[Style, Style] | None = None
        self._layout_key: tuple[int, int] | None = None
        self._layout: Layout | None = None
        self._highlights: dict[Cell, str] = {}

    # --- state in -------------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The position drawn."""
        return self._board

    @property
    def level(self) -> Level:
        """The level drawn."""
        return self._board.level

    def show(self, state: Board, options: Mapping[str, bool] | bool | None = True) -> None:
        """Draw a new position (the only way the picture changes, apart from the cursor).

        `options["auto_cross"]`: draw the crosses the queens imply (None: as before).
        """
        board: Board = state
        if options is None:
            auto_cross = self._auto
        else:
            auto_cross = options if isinstance(options, bool) else options.get("auto_cross", True)
        if isinstance(options, Mapping):
            shown = (options.get("labels", True), options.get("letters", False))
            if shown != (self._show_labels, self._letters):
                self._show_labels, self._letters = shown
                self._layout_key = None
                self.restyle()
        if board is self._board and auto_cross == self._auto:
            return
        if board.level is not self._board.level:
            self._colors = self._region_colors(board.level)
            self._figure = None
            self._geo = None
            self._layout_key = None
            self._forget(everything=True)
        if auto_cross != self._auto or board.level is not self._board.level:
            self._board = self._state = board
            self._auto = auto_cross
            self._forget()
            self.refresh()
            return
        before = {cell: self._cell(cell) for cell in self._changed_cells(self._board, board)}
        self._board = self._state = board
        self._forget()
        self._repaint_changes(before)

    def _repaint_changes(
        self, before: dict[Cell, tuple[str, Style, tuple[str, str, Style] | None]]
    ) -> None:
        """Repaint the cells whose drawing differs from `before` (cell -> text, style)."""
        self._refresh_cells([cell for cell, drawn in before.items() if self._cell(cell) != drawn])

    def _changed_cells(self, old: Board, new: Board) -> set[Cell]:
        """Cells whose drawing may differ between two positions of one level.

        Repainting only those cells keeps a move to the lines it touches (a
        queen's row and column) instead of the whole widget: the compositor
        cost of a key press grows with the lines repainted.
        """
        level = new.level
        n = level.size
        oc, nc = old.conflicts, new.conflicts
        changed = set((old.queens ^ new.queens) | (old.crosses ^ new.crosses))
        changed |= oc.queens ^ nc.queens
        if self._auto:
            changed |= old.auto_crosses ^ new.auto_crosses
        for r in oc.rows ^ nc.rows:
            changed.update((r, c) for c in range(n))
        for c in oc.cols ^ nc.cols:
            changed.update((r, c) for r in range(n))
        regions = level.region_cells
        for reg in oc.regions ^ nc.regions:
            changed.update(regions[reg])
        return changed

    def _refresh_cells(self, cells: Iterable[Cell]) -> None:
        """Mark the screen lines of some cells for repainting, row by row.

        Each board row gets one region spanning its leftmost to rightmost
        changed cell, over the row's lines only (borders never change).
        """
        lay = self.layout_now
        if lay is None:
            self.refresh()
            return
        spans: dict[int, tuple[int, int]] = {}
        for r, c in cells:
            lo, hi = spans.get(r, (c, c))
            spans[r] = (min(lo, c), max(hi, c))
        regions = []
        for r, (lo, hi) in spans.items():
            top = lay.top + (r * lay.pitch_y + 1 if lay.bordered else r)
            x = lay.left + lo * lay.pitch_x + 1
            width = (hi - lo) * lay.pitch_x + lay.cell_w
            regions.append(Region(x, top, width, lay.cell_h))
        if regions:
            self.refresh(*regions)

    def _forget(self, everything: bool = False) -> None:
        """Drop drawn lines: those of the position, or (everything) the static ones too."""
        self._lines.clear()
        self._cells.clear()
        if everything:
            self._static.clear()
            self._seps.clear()
            self._neutral = None

    def watch_cursor(self, old: Cell, new: Cell) -> None:
        """Redraw only the two cells the cursor left and entered."""
        self._forget()
        self._refresh_cells((old, new))

    def restyle(self) -> None:
        """ASCII, labels or letters switched: every line is drawn again."""
        self._forget(everything=True)
        self.refresh()

    def palette_changed(self) -> None:
        """Another region palette: the level's colours again, every line drawn again."""
        self._colors = self._region_colors(self.level)
        self._figure = None
        self._geo = None
        self.restyle()

    def notify_style_update(self) -> None:
        """The theme changed: neutral colours come from CSS, so redraw."""
        super().notify_style_update()
        self._forget(everything=True)

    def on_resize(self) -> None:
        self._forget(everything=True)

    def set_highlights(
        self,
        *,
        evidence: Iterable[Cell] = (),
        place: Iterable[Cell] = (),
        cross: Iterable[Cell] = (),
        mistake: Iterable[Cell] = (),
    ) -> None:
        """Tint cells (see `palette.HIGHLIGHTS`); no arguments clears every highlight.

        What to highlight is decided elsewhere (hints, the progress check);
        the widget only draws it. Later kinds win where cells overlap.
        """
        marks: dict[Cell, str] = {}
        for kind, cells in (
            ("evidence", evidence),
            ("cross", cross),
            ("place", place),
            ("mistake", mistake),
        ):
            marks.update((cell, kind) for cell in cells)
        if marks == self._highlights:
            return
        self._highlights = marks
        self._forget()
        self.refresh()

    def set_marks(self, marks: Mapping[Cell, str]) -> None:
        """Tint cells by role: "evidence", "place", "cross", "mistake" (`palette.HIGHLIGHTS`)."""
        marks = dict(marks)
        if marks == self._highlights:
            return
        self._highlights = marks
        self._forget()
        self.refresh()

    @property
    def marks(self) -> dict[Cell, str]:
        return dict(self._highlights)

    @property
    def highlights(self) -> dict[Cell, str]:
        """Highlighted cells and their kind."""
        return dict(self._highlights)

    @property
    def highlight_kind(self) -> str | None:
        """ "mistake" while wrong marks are shown, "hint" while a hint is, else None."""
        if not self._highlights:
            return None
        return "mistake" if "mistake" in self._highlights.values() else "hint"

    def _highlighted(
        self, kind: str, text: str, fg: str, bg: str, bold: bool
    ) -> tuple[str, str, str, bool]:
        """A highlighted cell: a hint's queen or cross drawn in advance; a wrong mark filled
        with its tint. A hint's cells keep their region's colour (its bars say what they are:
        `_bars`), so "the grey region" stays grey while the hint names it (issue 35 item 4)."""
        if kind == "place" and text != ("Q" if self.ascii else QUEEN):
            return ("q" if self.ascii else "♕"), ink(bg), bg, True
        if kind == "cross":
            return ("x" if self.ascii else "×"), ink(bg), bg, True
        if kind == "mistake":
            tint, amount = HIGHLIGHTS[kind]
            return text, WHITE, _blend(bg, tint, amount), True
        return text, fg, bg, bold

    # --- geometry ---------------------------------------------------------------------

    @property
    def layout_now(self) -> Layout | None:
        """The layout for the current size (None: too small)."""
        key = (self.size.width, self.size.height)
        if key != self._layout_key:
            self._layout_key = key
            self._layout = fit_labelled(self.level.size, *key, self._show_labels)
            self._forget(everything=True)
        return self._layout

    @property
    def side(self) -> int:
        return int(self.level.size)

    # --- drawing ----------------------------------------------------------------------

    def _geometry(self) -> tuple[list[list[int | None]], list[Style]]:
        """Region ids with a ring of None around the board (`ids[r + 1][c + 1]` is cell
        (r, c)), and each region's thin border style: what every border is drawn from."""
        if self._geo is None:
            level = self._board.level
            n = level.size
            ids: list[list[int | None]] = [[None] * (n + 2)]
            ids += [[None, *row, None] for row in level.region_ids]
            ids.append([None] * (n + 2))
            thin = [_style(_blend(bg, BLACK, 0.3), bg) for bg in self._colors]
            self._geo = (ids, thin)
        return self._geo

    def _border_char(self, up: int, right: int, down: int, left: int) -> str:
        if not self.ascii:
            return BOX[up * 27 + right * 9 + down * 3 + left]
        # ASCII: region edges `|` `-` `+`, the thin grid inside a region `:` and `.`, so
        # the regions read without colour too.
        vertical = up == 2 or down == 2
        horizontal = left == 2 or right == 2
        if vertical and horizontal:
            return "+"
        if vertical:
            return "|"
        if horizontal:
            return "-"
        if up or down:
            return "." if left or right else ":"
        return "." if left or right else " "

    def _neutral_styles(self) -> tuple[Style, Style]:
        """(plain, bold) in the widget's own CSS colours: blanks and region borders."""
        if self._neutral is None:
            self._neutral = neutral_styles(self.rich_style)
        return self._neutral

    def _cell(self, cell: Cell) -> tuple[str, Style, tuple[str, str, Style] | None]:
        """The character drawn in a cell, the style of the cell, and its bars: the character
        and style of its first and last columns, when they differ (cached per frame).

        A clash draws red bars marked `!` and leaves the region's colour between them (a tint
        over the whole cell hid which region it was); a wrong mark (`m`) fills the whole cell
        instead, marked `*`; a hint's cells keep their colour between bars of its tint, marked
        as `HINT_MARKS` says; the cursor is plain dark bars. Each differs by shape or glyph,
        not only by colour."""
        got = self._cells.get(cell)
        if got is not None:
            return got
        board = self._board
        conflicts = board.conflicts
        r, c = cell
        reg = board.level.region_ids[r][c]
        bg = self._colors[reg]
        clash = r in conflicts.rows or c in conflicts.cols or reg in conflicts.regions
        fg = ink(bg)
        bold = False
        if cell in board.queens:
            text, bold = ("Q" if self.ascii else QUEEN), True
            if cell in conflicts.queens:
                fg, clash = CONFLICT_QUEEN, True
        elif cell in board.crosses:
            text, bold = ("x" if self.ascii else "×"), True
        elif self._auto and cell in board.auto_crosses:
            text = "x" if self.ascii else "×"
            fg = _blend(bg, fg, 0.4)
        else:
            text = " "
        kind = self._highlights.get(cell)
        if kind is not None:
            text, fg, bg, bold = self._highlighted(kind, text, fg, bg, bold)
        lay = self.layout_now
        framed = cell == self.cursor and not self.ascii and lay is not None and lay.cell_w >= 3
        if cell == self.cursor and not framed:
            fg = WHITE if fg in (INK, WHITE) else _blend(bg, WHITE, 0.25)
            bg = _blend(bg, BLACK, CURSOR_SHADE)
        style = _style(fg, bg, bold)
        bars: tuple[str, str, Style] | None = None
        if framed:  # dark bars at its sides: the region's colour stays in view between them
            bars = (CURSOR_BLOCK, CURSOR_BLOCK, _style(CURSOR_BARS, CURSOR_BARS))
        elif kind == "mistake":
            bars = (MISTAKE_MARK, MISTAKE_MARK, style)
        elif kind is not None:  # a hint's role: bars of its tint, marked
            left, right = hint_marks(kind, self.ascii) or (" ", " ")
            tint = HIGHLIGHTS[kind][0]
            bars = (left, right, _style(ink(tint), tint, True))
        elif clash:
            bars = (CLASH_MARK, CLASH_MARK, _style(WHITE, CONFLICT_TINT, True))
        got = (text, style, bars)
        self._cells[cell] = got
        return got

    def render_line(self, y: int) -> Strip:
        _ = self.layout_now  # a new size drops the lines drawn for the old one
        strip = self._static.get(y)
        if strip is None:
            strip = self._lines.get(y)
        if strip is None:
            strip = self._build_line(y)
        return strip

    def _build_line(self, y: int) -> Strip:
        """Draw line `y`; lines that no move can change go to the static cache."""
        width = self.size.width
        neutral, thick = self._neutral_styles()
        lay = self.layout_now
        if lay is None:
            strip = self._too_small_line(y, width, neutral)
            self._static[y] = strip
            return strip
        by = y - lay.top
        if by == -1 and lay.labels:
            strip = self._column_labels(lay, width, neutral)
            self._static[y] = strip
            return strip
        if not 0 <= by < lay.height:
            strip = Strip.blank(width, neutral)
            self._static[y] = strip
            return strip
        n = self._board.level.size
        segments: list[Segment] = [Segment(" " * lay.left, neutral)]
        static = lay.bordered and by % lay.pitch_y == 0
        if static:
            r = by // lay.pitch_y
            ids, thin = self._geometry()
            # the cells of rows r - 1 and r
            segments += border_line(
                ids[r], ids[r + 1], lay.cell_w, self._border_char, thin.__getitem__, thick
            )
        else:
            if lay.bordered:
                r, sub = divmod(by, lay.pitch_y)
                glyph_line = sub - 1 == (lay.cell_h - 1) // 2
                # a region's letter sits in its cells' bottom-left corner (beside the glyph
                # when a cell has one line)
                letter_line = sub == lay.cell_h
            else:
                r, glyph_line, letter_line, sub = by, True, True, 1
            if lay.labels and glyph_line:  # the row's number, left of the board
                number = f"{r + 1:>{lay.labels - 1}} "
                segments[0] = Segment(" " * (lay.left - lay.labels) + number, neutral)
            seps = self._separators(r, lay)
            ids, _ = self._geometry()
            here, below = ids[r + 1], ids[r + 2]
            pad = lay.cell_w - 1
            left_pad, right_pad = " " * (pad // 2), " " * (pad - pad // 2)
            blank = " " * lay.cell_w
            for c in range(n):
                segments.append(seps[c])
                text, style, bars = self._cell((r, c))
                big = None if self.ascii or not lay.bordered else art(text, lay.cell_w, lay.cell_h)
                if big is not None:  # a queen drawn big: the cell has room (`glyphs`)
                    fill = big[sub - 1]
                else:
                    fill = left_pad + text + right_pad if glyph_line else blank
                if not lay.bordered and border_weight(here[c + 1], below[c + 1]) == 2:
                    # compact: a region edge below the cell is an underline (and `_` with
                    # --ascii, so it reads in plain text too)
                    style = style + _UNDERLINE
                    if self.ascii:
                        glyph = "_" if text == " " else text
                        fill = "_" * (pad // 2) + glyph + "_" * (pad - pad // 2)
                cursor = self.ascii and glyph_line and (r, c) == self.cursor
                if cursor:  # --ascii: the cursor reads without colour too, `[x]`
                    at = pad // 2
                    fill = fill[: at - 1] + "[" + fill[at] + "]" + fill[at + 2 :]
                    if lay.cell_w < 5:
                        bars = None  # no room for both: the cursor's brackets win
                cell_segments = [Segment(fill, style)]
                at = 1 if lay.cell_w >= 5 else 0
                if letter_line and fill[at] in " _" and self.letters_shown:
                    # the region's letter, for colour-blind eyes (where no glyph is drawn)
                    letter = self._letter(here[c + 1], style)
                    cell_segments = [
                        Segment(fill[:at], style),
                        letter,
                        Segment(fill[at + 1 :], style),
                    ]
                if bars is not None:
                    left, right, bar_style = bars
                    inner = Segment.divide(cell_segments, [1, lay.cell_w - 1, lay.cell_w])
                    every = left == CURSOR_BLOCK  # the cursor's bars run the cell's height
                    cell_segments = [
                        Segment(left if glyph_line or every else " ", bar_style),
                        *list(inner)[1],
                        Segment(right if glyph_line or every else " ", bar_style),
                    ]
                segments += [seg for seg in cell_segments if seg.text]
            segments.append(seps[n])
        used = lay.left + lay.width
        if used < width:
            segments.append(Segment(" " * (width - used), neutral))
        strip = Strip(segments, width)
        (self._static if static else self._lines)[y] = strip
        return strip

    def _letter(self, region: int | None, style: Style) -> Segment:
        """A region's letter on its cell's colour: dim ink (light on the dark cursor)."""
        labels = self._board.level.labels
        text = labels[region][:1] if region is not None else " "
        bg = style.bgcolor.triplet.hex if style.bgcolor and style.bgcolor.triplet else None
        if bg is None:
            return Segment(text, style)
        dark = lab(bg)[0] < 50
        fg = _style(_blend(bg, WHITE if dark else BLACK, 0.55), bg)
        return Segment(text, style + fg)  # the cell's underline (a compact region edge) kept

    def _column_labels(self, lay: Layout, width: int, style: Style) -> Strip:
        """The line above the board: each column's number over its cells."""
        chars = [" "] * width
        for c in range(self._board.level.size):
            number = str(c + 1)
            x = lay.left + c * lay.pitch_x + 1 + (lay.cell_w - len(number)) // 2
            for i, ch in enumerate(number):
                if 0 <= x + i < width:
                    chars[x + i] = ch
        return Strip([Segment("".join(chars), style)], width)

    def _separators(self, r: int, lay: Layout) -> list[Segment]:
        """The vertical border pieces of board row `r` (the same on every frame)."""
        got = self._seps.get(r)
        if got is not None:
            return got
        _, thick = self._neutral_styles()
        ids, thin = self._geometry()
        row = ids[r + 1]
        seps = []
        n = self._board.level.size
        for c in range(n + 1):
            weight = border_weight(row[c], row[c + 1])
            if lay.bordered or weight == 2 or c in (0, n):
                ch = self._border_char(weight, 0, weight, 0)
            else:
                ch = "│" if not self.ascii else ":"
            here = row[c + 1]
            style = thin[here] if weight == 1 and here is not None else thick
            seps.append(Segment(ch, style))
        self._seps[r] = seps
        return seps

    def _too_small_line(self, y: int, width: int, style: Style) -> Strip:
        n = self.level.size
        return grid.too_small(y, width, self.size.height, style, f"{n}×{n}", minimum_size(n))
