"""The Zip board: numbers in dark discs, walls as thick lines, the path as one line through
the cells' centres whose colour runs from orange at 1 to blue at its end.

Drawn with the line API from a character canvas of (2 x rows + 1) lines by
(4 x cols + 1) columns: cell (r, c) has its centre at line 2r + 1, column
4c + 2; grid lines sit between. The widget decides nothing about the rules:
it turns the mouse into `CellAction`s and draws the state it is given. After
each new position the cursor goes to the path's end (where arrows extend it).
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from queens_tui.app.palette import blend, highlight
from queens_tui.app.widgets.base import BoardWidget
from queens_tui.core.grid import Cell
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.kinds.zip.play import ZipState

CELL_BG = "#f2efe8"
GRID = "#b9b4a8"
WALL = "#1c1c1c"
NUMBER_BG = "#1c1c1c"
NUMBER_FG = "#ffffff"
GRADIENT = ("#ff7b60", "#df5fbf", "#6f8cff")
"""The path's colour from 1 to the end of a full path (orange, magenta, blue)."""
ROLES = ("place", "evidence", "mistake")
"""The highlight roles it draws (`palette.HIGHLIGHTS`), over the cell's plain colour."""
CURSOR = "#ffe046"

_HEAVY = {
    frozenset({"u", "d"}): "┃",
    frozenset({"l", "r"}): "━",
    frozenset({"d", "r"}): "┏",
    frozenset({"d", "l"}): "┓",
    frozenset({"u", "r"}): "┗",
    frozenset({"u", "l"}): "┛",
    frozenset({"u"}): "╹",
    frozenset({"d"}): "╻",
    frozenset({"l"}): "╸",
    frozenset({"r"}): "╺",
    frozenset(): "●",
}
_ASCII = {
    k: ("|" if v in "┃╹╻" else "-" if v in "━╸╺" else "o" if v == "●" else "+")
    for k, v in _HEAVY.items()
}


def path_color(i: int, area: int) -> str:
    """The colour of the path's i-th cell (0-based) on a grid of `area` cells."""
    t = i / max(1, area - 1)
    if t <= 0.5:
        return blend(GRADIENT[0], GRADIENT[1], t * 2)
    return blend(GRADIENT[1], GRADIENT[2], (t - 0.5) * 2)


SCALES: tuple[tuple[int, int], ...] = ((11, 5), (9, 4), (7, 3), (5, 2), (3, 1))
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
        styles: list[list[Style]] = [[Style()] * width for _ in range(height)]
        order = {cell: i for i, cell in enumerate(path)}
        cursor = self.cursor if hasattr(self, "_lines") else path[-1]
        bg_of: dict[Cell, str] = {}
        for r in range(rows):
            for c in range(cols):
                cell = (r, c)
                bg = CELL_BG
                if cell in order:
                    bg = blend(CELL_BG, path_color(order[cell], level.area), 0.35)
                role = self._marks.get(cell)
                if role in ROLES:
                    bg = highlight(CELL_BG, role)
                if cell == cursor and not self._state.solved:
                    bg = blend(bg, CURSOR, 0.6)
                bg_of[cell] = bg
        # grid lines and walls
        grid_style = Style(color=GRID, bgcolor=CELL_BG)
        wall_style = Style(color=WALL, bgcolor=CELL_BG, bold=True)
        walls = level.wall_set
        hbar, vbar, dot = ("=", "#", ".") if self.ascii else ("━", "┃", "·")
        for y in range(height):
            for x in range(width):
                on_h, on_v = y % py == 0, x % px == 0
                if not on_h and not on_v:
                    continue
                r, c = y // py, x // px
                if on_h and on_v:  # a corner
                    edge = y in (0, height - 1) or x in (0, width - 1)
                    near = edge or any(
                        w in walls
                        for w in (
                            ((r - 1, c - 1), (r - 1, c)),
                            ((r, c - 1), (r, c)),
                            ((r - 1, c - 1), (r, c - 1)),
                            ((r - 1, c), (r, c)),
                        )
                    )
                    chars[y][x] = ("+" if self.ascii else "╋") if near else dot
                    styles[y][x] = wall_style if near else grid_style
                elif on_h:  # a horizontal grid line below row r - 1
                    wall = y in (0, height - 1) or ((r - 1, c), (r, c)) in walls
                    chars[y][x] = hbar if wall else " "
                    styles[y][x] = wall_style
                else:  # a vertical grid line right of column c - 1
                    wall = x in (0, width - 1) or ((r, c - 1), (r, c)) in walls
                    chars[y][x] = vbar if wall else " "
                    styles[y][x] = wall_style if wall else Style(bgcolor=CELL_BG)
        # cell interiors
        for (r, c), bg in bg_of.items():
            for y in range(py * r + 1, py * r + py):
                for x in range(px * c + 1, px * c + px):
                    chars[y][x] = " "
                    styles[y][x] = Style(bgcolor=bg)
        # the path: from each cell's centre to its neighbours' (across the grid line)
        glyphs = _ASCII if self.ascii else _HEAVY
        across, down = glyphs[frozenset({"l", "r"})], glyphs[frozenset({"u", "d"})]
        for i, cell in enumerate(path):
            r, c = cell
            y, x = py * r + 1 + ch // 2, px * c + 1 + cw // 2
            color = path_color(i, level.area)
            line = Style(color=color, bgcolor=bg_of[cell], bold=True)
            on_grid = Style(color=color, bgcolor=CELL_BG, bold=True)
            dirs: set[str] = set()
            for j in (i - 1, i + 1):
                if 0 <= j < len(path):
                    nr, nc = path[j]
                    d = {(-1, 0): "u", (1, 0): "d", (0, -1): "l", (0, 1): "r"}[(nr - r, nc - c)]
                    dirs.add(d)
            chars[y][x] = glyphs[frozenset(dirs)]
            styles[y][x] = line
            spans = {
                "l": [(y, k) for k in range(px * c, x)],
                "r": [(y, k) for k in range(x + 1, px * c + px)],
                "u": [(k, x) for k in range(py * r + 1, y)],
                "d": [(k, x) for k in range(y + 1, py * r + py + 1)],
            }
            for d in dirs:
                for yy, xx in spans[d]:
                    chars[yy][xx] = across if d in "lr" else down
                    styles[yy][xx] = on_grid if yy % py == 0 or xx % px == 0 else line
        # numbers on top, in dark discs
        for r in range(rows):
            for c in range(cols):
                n = level.numbers[r][c]
                if not n:
                    continue
                text = f"{n:^3}" if n < 100 else str(n)
                style = Style(color=NUMBER_FG, bgcolor=NUMBER_BG, bold=True)
                if (r, c) in order:
                    style = Style(
                        color=NUMBER_FG, bgcolor=path_color(order[(r, c)], level.area), bold=True
                    )
                if (role := self._marks.get((r, c))) is not None:
                    style = Style(
                        color=NUMBER_BG,
                        bgcolor=highlight(CELL_BG, role) if role in ROLES else CELL_BG,
                        bold=True,
                    )
                y, x = py * r + 1 + ch // 2, px * c + 1 + cw // 2 - len(text) // 2
                if cw >= 7 and ch >= 3 and not self.ascii:  # room for LinkedIn's round dot
                    text = f" {text} "
                    x -= 1
                    disc = style.bgcolor.name if style.bgcolor else NUMBER_BG
                    rim = Style(color=disc, bgcolor=bg_of[(r, c)])
                    for dy, half in ((-1, "▄"), (1, "▀")):
                        for k in range(1, len(text) - 1):
                            chars[y + dy][x + k] = half
                            styles[y + dy][x + k] = rim
                for k, letter in enumerate(text):
                    chars[y][x + k] = letter
                    styles[y][x + k] = style
        self._lines = [
            [Segment(letter, st) for letter, st in zip(chars[y], styles[y], strict=True)]
            for y in range(height)
        ]

    def _origin(self) -> tuple[int, int]:
        height = len(self._lines)
        width = (self._cell[0] + 1) * self.level.cols + 1
        return max(0, (self.size.width - width) // 2), max(0, (self.size.height - height) // 2)

    def render_line(self, y: int) -> Strip:
        left, top = self._origin()
        blank = Style(bgcolor=None)
        i = y - top
        if not 0 <= i < len(self._lines):
            return Strip.blank(self.size.width, blank)
        segs = [Segment(" " * left), *self._lines[i]]
        return Strip(segs).adjust_cell_length(self.size.width)

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
