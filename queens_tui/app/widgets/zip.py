"""The Zip board: numbers in LinkedIn's dark dots, walls as solid bars, the path as a thick band
through the cells' centres whose colour runs from orange at 1 to blue at its end.

Drawn with the line API from a character canvas: cells of the biggest of `SCALES` that fits,
one thin grid line between them (light, so no grid line looks like a wall) and a heavy frame
around; where a cell has room, a number's digits are drawn big (`glyphs`) inside its dot. The
widget decides nothing about the rules: it turns the mouse into `CellAction`s and draws the
state it is given. After each new position the cursor goes to the path's end (where arrows
extend it).
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from queens_tui.app.glyphs import art_size, drawing
from queens_tui.app.palette import CURSOR_BARS, CURSOR_BLOCK, blend, highlight, hint_marks
from queens_tui.app.theme import ZIP_CELL as CELL_BG
from queens_tui.app.theme import ZIP_GRID as GRID
from queens_tui.app.theme import ZIP_NUMBER_BG as NUMBER_BG
from queens_tui.app.theme import ZIP_NUMBER_FG as NUMBER_FG
from queens_tui.app.theme import ZIP_PATH as GRADIENT
from queens_tui.app.theme import ZIP_WALL as WALL
from queens_tui.app.widgets import grid
from queens_tui.app.widgets.base import BoardWidget
from queens_tui.core.grid import Cell
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.kinds.zip.play import ZipState

ROLES = ("place", "evidence", "mistake")
"""The highlight roles it draws (`palette.HIGHLIGHTS`), over the cell's plain colour."""
VISITED_WASH = 0.2
"""How much of the path's colour a cell it crosses takes (the band itself is solid)."""

STEPS = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
_ASCII = {"u": "|", "d": "|", "l": "-", "r": "-"}
"""With --ascii the path is a line of `-` and `|` through the centres, `o` where it turns."""


def path_color(i: int, area: int) -> str:
    """The colour of the path's i-th cell (0-based) on a grid of `area` cells."""
    t = i / max(1, area - 1)
    if t <= 0.5:
        return blend(GRADIENT[0], GRADIENT[1], t * 2)
    return blend(GRADIENT[1], GRADIENT[2], (t - 0.5) * 2)


def band(cw: int, ch: int) -> tuple[int, int]:
    """Half the path band's thickness in a cell of cw x ch: (columns, lines) either side of
    the centre line. A line is about two columns tall, so the band reads equally thick
    across and down: 3 columns where it runs down and 1 line where it runs across from 5 x 2
    cells to 11 x 6, 7 columns and 3 lines from 15 x 7."""
    lines = max(0, (ch - 3) // 4)
    return max(0, min((cw - 1) // 4, 2 * lines + 1)), lines


def disc_rows(cw: int, ch: int, text: str) -> list[tuple[int, int, str]]:
    """LinkedIn's numbered dot in a cw x ch cell: (line offset from the centre, half width,
    part) per line, part "top" (`▄` rim), "mid" (the disc) or "bottom" (`▀` rim). The
    number goes on the "mid" lines; three of them when its digits are drawn big."""
    big = fits_big(cw, ch, text)
    half = (cw - 1) // 2 - 1 if big else min(max((cw - 1) // 2 - 1, 1), len(text) // 2 + 3)
    if big:
        return [
            (-2, half - 1, "top"),
            (-1, half, "mid"),
            (0, half, "mid"),
            (1, half, "mid"),
            (2, half - 1, "bottom"),
        ]
    if ch >= 3 and cw >= 5:
        return [(-1, half - 1, "top"), (0, half, "mid"), (1, half - 1, "bottom")]
    return [(0, min(half, (cw - 1) // 2), "mid")]


def fits_big(cw: int, ch: int, text: str) -> bool:
    """Whether the number's digits are drawn big (`glyphs.art`) inside its dot: the dot needs
    five lines and a column of dark each side of the digits."""
    size = art_size(text)
    return size is not None and ch >= 5 and size[0] + 4 <= cw - 2


SCALES: tuple[tuple[int, int], ...] = ((15, 7), (13, 6), (11, 5), (9, 4), (7, 3), (5, 2), (3, 1))
"""A cell's inside (columns, lines), biggest first: the board takes the biggest that fits
(terminal cells are about twice as tall as wide, so these are near square)."""


class ZipBoard(BoardWidget[ZipState]):
    """Draws a `ZipState`; reports clicks and drags as `CellAction`s."""

    MOUSE = "drag"
    RIGHT_CLICK = False

    DEFAULT_CSS = """
    ZipBoard { width: 1fr; height: 1fr; }
    """

    def prepare(self) -> None:
        self._labels = 0
        """Columns of row numbers left of the board (0: none; set by `_scale`)."""
        self._lines: list[list[Segment]] = []
        self._cell = SCALES[-1]
        self._draw()
        self.set_reactive(BoardWidget.cursor, self._state.end)

    # --- state in ---------------------------------------------------------------------

    @property
    def level(self) -> ZipLevel:
        return self._state.level

    def show(self, state: ZipState, options: Mapping[str, bool] | None = None) -> None:
        """Always redraws: the cursor goes back to the path's end after every action."""
        self._state = state
        if options is not None:
            self._options = dict(options)
        self._draw()
        self.cursor = state.end
        self.refresh()

    def marks_changed(self) -> None:
        self._draw()
        self.refresh()

    def watch_cursor(self, old: Cell, new: Cell) -> None:
        self._draw()
        self.refresh()

    def on_resize(self) -> None:
        self._draw()
        self.refresh()

    def _scale(self) -> tuple[int, int]:
        """The biggest cell (`SCALES`) with which the whole board fits the widget."""
        rows, cols = self.level.rows, self.level.cols
        width, height = self.size.width, self.size.height
        self._labels = 0
        if self._options.get("labels", True):  # row numbers left, column numbers under
            lw = len(str(rows)) + 1
            for cw, ch in SCALES:
                if cols * (cw + 1) + 1 + 2 * lw <= width and rows * (ch + 1) + 2 <= height:
                    self._labels = lw
                    return cw, ch
        for cw, ch in SCALES:
            if cols * (cw + 1) + 1 <= width and rows * (ch + 1) + 1 <= height:
                return cw, ch
        return SCALES[-1]

    # --- drawing ----------------------------------------------------------------------

    def _draw(self) -> None:
        level, path = self._state.level, self._state.path
        rows, cols = level.rows, level.cols
        cw, ch = self._cell = self._scale()
        px, py = cw + 1, ch + 1  # the pitch: a cell and one grid line
        height, width = py * rows + 1, px * cols + 1
        chars = [[" "] * width for _ in range(height)]
        styles: list[list[Style]] = [
            [grid.cached_style(bgcolor=CELL_BG)] * width for _ in range(height)
        ]
        order = {cell: i for i, cell in enumerate(path)}
        cursor = self.cursor if hasattr(self, "_lines") else path[-1]
        bg_of: dict[Cell, str] = {}
        for r in range(rows):
            for c in range(cols):
                cell = (r, c)
                bg = CELL_BG
                if cell in order:
                    bg = blend(CELL_BG, path_color(order[cell], level.area), VISITED_WASH)
                role = self._marks.get(cell)
                if role in ROLES:
                    bg = highlight(CELL_BG, role)
                bg_of[cell] = bg
                for y in range(py * r + 1, py * r + py):
                    for x in range(px * c + 1, px * c + px):
                        styles[y][x] = grid.cached_style(bgcolor=bg)
        self._grid(chars, styles, level)
        self._path(chars, styles, bg_of)
        self._numbers(chars, styles, bg_of, order)
        for (r, c), role in self._marks.items():  # a hint's role marked, not only tinted
            marks = hint_marks(role, self.ascii) if role in ROLES and cw >= 3 else None
            if marks is not None:
                y = py * r + 1 + ch // 2
                for x, mark in zip((px * c + 1, px * c + cw), marks, strict=True):
                    if chars[y][x] == " ":  # beside a number, never over it ("10‹" at 3 wide)
                        chars[y][x] = mark
                        styles[y][x] = styles[y][x] + grid.cached_style(color=NUMBER_BG, bold=True)
        if not self._state.solved:  # the cursor: bars at the cell's sides (`[ ]` with --ascii)
            r, c = cursor
            for y in range(py * r + 1, py * r + py):
                if self.ascii and y == py * r + 1 + ch // 2 and cw >= 3:
                    chars[y][px * c + 1], chars[y][px * c + cw] = "[", "]"
                elif not self.ascii:
                    for x in (px * c + 1, px * c + cw):
                        chars[y][x] = CURSOR_BLOCK
                        styles[y][x] = grid.cached_style(color=CURSOR_BARS, bgcolor=CURSOR_BARS)
        self._lines = [
            [Segment(letter, st) for letter, st in zip(chars[y], styles[y], strict=True)]
            for y in range(height)
        ]

    def _grid(self, chars: list[list[str]], styles: list[list[Style]], level: ZipLevel) -> None:
        """The frame, the thin grid lines and the walls: a wall is a solid dark bar (`#` with
        --ascii) a column or a line thick, unlike any grid line."""
        cw, ch = self._cell
        px, py = cw + 1, ch + 1
        height, width = len(chars), len(chars[0])
        walls = level.wall_set
        thin = grid.cached_style(color=GRID, bgcolor=CELL_BG)
        frame = grid.cached_style(color=WALL, bgcolor=CELL_BG, bold=True)
        solid = grid.cached_style(color=WALL, bgcolor=WALL)
        a = self.ascii
        for y in range(height):
            for x in range(width):
                on_h, on_v = y % py == 0, x % px == 0
                if not on_h and not on_v:
                    continue
                r, c = y // py, x // px
                top, bottom, left, right = y == 0, y == height - 1, x == 0, x == width - 1
                if on_h and on_v:  # a corner: solid where a wall ends or meets it
                    walled = any(
                        w in walls
                        for w in (
                            ((r - 1, c - 1), (r - 1, c)),
                            ((r, c - 1), (r, c)),
                            ((r - 1, c - 1), (r, c - 1)),
                            ((r - 1, c), (r, c)),
                        )
                    )
                    if (top or bottom) and (left or right):
                        corner = (
                            "+"
                            if a
                            else {(1, 1): "┏", (1, 0): "┓", (0, 1): "┗"}.get(
                                (int(top), int(left)), "┛"
                            )
                        )
                        chars[y][x], styles[y][x] = corner, frame
                    elif top or bottom or left or right:  # a grid line or a wall meets the frame
                        tee = "┯" if top else "┷" if bottom else "┠" if left else "┨"
                        chars[y][x], styles[y][x] = ("+" if a else tee), frame
                    elif walled:
                        chars[y][x], styles[y][x] = ("#" if a else " "), solid
                    else:
                        chars[y][x], styles[y][x] = ("." if a else "┼"), thin
                elif on_h:  # a horizontal grid line below row r - 1
                    if top or bottom:
                        chars[y][x], styles[y][x] = ("-" if a else "━"), frame
                    elif ((r - 1, c), (r, c)) in walls:
                        chars[y][x], styles[y][x] = ("#" if a else " "), solid
                    else:
                        chars[y][x], styles[y][x] = (" " if a else "─"), thin
                else:  # a vertical grid line right of column c - 1
                    if left or right:
                        chars[y][x], styles[y][x] = ("|" if a else "┃"), frame
                    elif ((r, c - 1), (r, c)) in walls:
                        chars[y][x], styles[y][x] = ("#" if a else " "), solid
                    else:
                        chars[y][x], styles[y][x] = (" " if a else "│"), thin

    def _path(
        self, chars: list[list[str]], styles: list[list[Style]], bg_of: dict[Cell, str]
    ) -> None:
        """The path as a band in its colour through the cells' centres, across the grid line
        between two steps (with --ascii a line of `-` and `|`, `o` on each cell)."""
        path, area = self._state.path, self.level.area
        cw, ch = self._cell
        px, py = cw + 1, ch + 1
        bx, by = band(cw, ch)
        for i, (r, c) in enumerate(path):
            cy, cx = py * r + 1 + ch // 2, px * c + 1 + cw // 2
            dirs = [
                d
                for j in (i - 1, i + 1)
                if 0 <= j < len(path)
                for d, step in STEPS.items()
                if (path[j][0] - r, path[j][1] - c) == step
            ]
            if self.ascii:
                color = grid.cached_style(bold=True, bgcolor=bg_of[(r, c)])
                chars[cy][cx], styles[cy][cx] = "o", color
                for d in dirs:
                    dy, dx = STEPS[d]
                    reach = (py // 2 if dy else px // 2) + 1
                    for k in range(1, reach):
                        y, x = cy + dy * k, cx + dx * k
                        if chars[y][x] in " .":
                            chars[y][x] = _ASCII[d]
                            styles[y][x] = grid.cached_style(
                                bold=True, bgcolor=styles[y][x].bgcolor
                            )
                continue
            fill = grid.cached_style(bgcolor=path_color(i, area))
            spans = [(cy - by, cy + by, cx - bx, cx + bx)]  # the core
            for d in dirs:  # out to the cell's edge and over the grid line
                dy, dx = STEPS[d]
                if dy:
                    far = py * r + (0 if dy < 0 else py)
                    spans.append((min(cy, far), max(cy, far), cx - bx, cx + bx))
                else:
                    far = px * c + (0 if dx < 0 else px)
                    spans.append((cy - by, cy + by, min(cx, far), max(cx, far)))
            for y0, y1, x0, x1 in spans:
                for y in range(y0, y1 + 1):
                    for x in range(x0, x1 + 1):
                        chars[y][x], styles[y][x] = " ", fill

    def _numbers(
        self,
        chars: list[list[str]],
        styles: list[list[Style]],
        bg_of: dict[Cell, str],
        order: dict[Cell, int],
    ) -> None:
        """The numbers, on top of the path, in LinkedIn's dark dots (`disc_rows`); a dot the
        path has reached takes the path's colour there; big digits where the dot has room."""
        level = self.level
        cw, ch = self._cell
        px, py = cw + 1, ch + 1
        for r in range(level.rows):
            for c in range(level.cols):
                n = level.numbers[r][c]
                if not n:
                    continue
                text = str(n)
                disc = NUMBER_BG
                if (r, c) in order:
                    disc = path_color(order[(r, c)], level.area)
                ink = NUMBER_FG
                if (role := self._marks.get((r, c))) is not None:
                    disc = highlight(CELL_BG, role) if role in ROLES else CELL_BG
                    ink = NUMBER_BG
                cy, cx = py * r + 1 + ch // 2, px * c + 1 + cw // 2
                if self.ascii:
                    text = f"{text:^3}" if len(text) < 3 else text
                    for k, letter in enumerate(text):
                        x = cx - len(text) // 2 + k
                        chars[cy][x], styles[cy][x] = (
                            letter,
                            grid.cached_style(bold=True, reverse=True),
                        )
                    continue
                rows = disc_rows(cw, ch, text)
                for dy, half, part in rows:
                    y = cy + dy
                    for x in range(cx - half, cx + half + 1):
                        if part == "mid":
                            chars[y][x], styles[y][x] = (
                                " ",
                                grid.cached_style(color=ink, bgcolor=disc),
                            )
                        else:
                            rim = "▄" if part == "top" else "▀"
                            chars[y][x] = rim
                            styles[y][x] = grid.cached_style(
                                color=disc, bgcolor=styles[y][x].bgcolor
                            )
                mids = [cy + dy for dy, _, part in rows if part == "mid"]
                big = drawing(text) if len(mids) == 3 else None
                for y, line in zip(mids if big else [cy], big or [text], strict=True):
                    x0 = cx - len(line) // 2
                    for k, letter in enumerate(line):
                        chars[y][x0 + k] = letter
                        styles[y][x0 + k] = grid.cached_style(color=ink, bgcolor=disc, bold=True)

    def _origin(self) -> tuple[int, int]:
        height = len(self._lines) + (1 if self._labels else 0)
        width = (self._cell[0] + 1) * self.level.cols + 1
        return max(0, (self.size.width - width) // 2), max(0, (self.size.height - height) // 2)

    def render_line(self, y: int) -> Strip:
        left, top = self._origin()
        base = self.base_style  # every blank styled: Textual's NO_COLOR filter needs a style
        i = y - top
        width = self.size.width
        if len(self._lines) > self.size.height or len(self._lines[0]) > width:  # no scale fits
            rows, cols = self.level.rows, self.level.cols
            need = grid.smallest(SCALES, rows, cols, 1)
            return grid.too_small(y, width, self.size.height, base, f"{rows}×{cols}", need)
        if self._labels and i == len(self._lines):
            lay = grid.Layout(self._cell[0], self._cell[1], left, top, 0, 0, 1, self._labels)
            return grid.column_numbers(lay, self.level.cols, width, base)
        if not 0 <= i < len(self._lines):
            return Strip.blank(width, base)
        segs = [Segment(" " * left, base), *self._lines[i]]
        if self._labels:
            lay = grid.Layout(self._cell[0], self._cell[1], left, top, 0, 0, 1, self._labels)
            number = grid.row_number(lay, i, self.level.rows, base)
            if number is not None:
                segs[0:1] = [Segment(" " * (left - self._labels), base), number]
        return Strip(segs).adjust_cell_length(width, base)

    # --- mouse ------------------------------------------------------------------------

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The cell under widget offset (x, y); None on a grid line or off the board."""
        left, top = self._origin()
        px, py = self._cell[0] + 1, self._cell[1] + 1
        bx, by = x - left, y - top
        if by <= 0 or by % py == 0 or bx <= 0 or bx % px == 0:
            return None
        r, c = by // py, bx // px
        if r >= self.level.rows or c >= self.level.cols:
            return None
        return (r, c)

    def cell_offset(self, cell: Cell) -> tuple[int, int]:
        left, top = self._origin()
        cw, ch = self._cell
        return left + (cw + 1) * cell[1] + 1 + cw // 2, top + (ch + 1) * cell[0] + 1 + ch // 2


__all__ = ["ZipBoard", "path_color"]
