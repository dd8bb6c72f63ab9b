"""The Mini Sudoku board: six 2x3 boxes, givens bold, notes as small digits, repeats red.

One widget drawn line by line. Cells are light squares separated by thin
lines, the boxes by dark ones (`|`, `-` and `+` with `--ascii`). A given's
digit is bold black on a shaded cell; the player's digits are blue; notes
sit in a 3 x 2 pattern (1 2 3 over 4 5 6, each digit at its own place) in
small grey digits, and as many as fit on the smallest scale; a digit is drawn big
(`glyphs`) where the cell has room. The selected cell has the cursor's dark bars at its
sides (its own shade between them), its row, column and box a light wash, as on
LinkedIn. A digit repeated in a row, column or box is drawn red on a red
tint at once. Hint roles tint cells: `evidence` yellow, `place-<d>` green with
the digit to come shown faintly, `mistake` magenta.

While the `auto_notes` option is on (the default) a note that a digit placed
in the cell's row, column or box rules out is not drawn: the board hides it
rather than the move deleting it, as Queens' automatic crosses are drawn, not
placed. The widget draws a `Board` and posts `CellAction`s for clicks (a
click selects, a right click clears); it decides nothing about the rules.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.strip import Strip

from queens_tui.app.glyphs import BOX, art
from queens_tui.app.palette import CURSOR_BARS, HIGHLIGHTS, blend
from queens_tui.app.theme import SUDOKU_CELL as CELL_BG
from queens_tui.app.theme import SUDOKU_DIGIT as DIGIT_FG
from queens_tui.app.theme import SUDOKU_FAULT as FAULT
from queens_tui.app.theme import SUDOKU_GIVEN_BG as GIVEN_BG
from queens_tui.app.theme import SUDOKU_GIVEN_FG as GIVEN_FG
from queens_tui.app.theme import SUDOKU_NOTE as NOTE_FG
from queens_tui.app.theme import SUDOKU_SELECTED as SELECTED
from queens_tui.app.theme import SUDOKU_THICK as THICK
from queens_tui.app.theme import SUDOKU_THIN as THIN
from queens_tui.app.widgets import grid
from queens_tui.app.widgets.base import BoardWidget
from queens_tui.app.widgets.grid import Layout
from queens_tui.core.grid import Cell
from queens_tui.kinds.sudoku.board import Board
from queens_tui.kinds.sudoku.level import BOX_COLS, BOX_ROWS, SIZE, box_of
from queens_tui.kinds.sudoku.rules import peers

WASH = (SELECTED, 0.25)
"""How the selected cell's row, column and box are tinted (colour, amount)."""
TINTS = {
    "evidence": (HIGHLIGHTS["evidence"][0], 0.6),
    "place": (HIGHLIGHTS["place"][0], 0.55),
    "mistake": (HIGHLIGHTS["mistake"][0], 0.7),  # the magenta every help names
    "fault": (FAULT, 0.3),
}
SCALES: tuple[tuple[int, int], ...] = ((13, 6), (11, 5), (9, 4), (7, 3), (5, 2), (5, 1), (3, 1))
"""Cell sizes tried, biggest first: (columns, lines); one line between cells besides."""
NOTE_SPOTS = {d: ((d - 1) // 3, (d - 1) % 3) for d in range(1, SIZE + 1)}
"""Where each digit sits among a cell's notes: (line, place), 1 2 3 over 4 5 6."""


def fit(width: int, height: int) -> Layout | None:
    """The biggest drawing of the grid (cells and the lines around and between them) that fits."""
    return grid.fit(SCALES, SIZE, SIZE, width, height, border=1)


def _line_style(thick: bool) -> Style:
    """A grid line's style: dark between boxes, light inside one, on the plain cells' shade."""
    return grid.cached_style(color=THICK if thick else THIN, bgcolor=CELL_BG, bold=thick)


def _thick_row(k: int) -> bool:
    """Whether the line above row `k` (0..6) is a box border."""
    return k % BOX_ROWS == 0


def _thick_col(k: int) -> bool:
    return k % BOX_COLS == 0


class SudokuBoard(BoardWidget[Board]):
    """Draws a Mini Sudoku `Board`; reports clicks and right clicks as `CellAction`s."""

    DEFAULT_CSS = """
    SudokuBoard { width: 1fr; height: 1fr; }
    """

    # --- geometry ----------------------------------------------------------------------

    def layout_now(self) -> Layout | None:
        """The biggest grid under the caption line, with row and column numbers where there
        is room and the labels setting is on."""
        on = self._options.get("labels", True)
        return grid.labelled(fit, SIZE, self.size.width, self.size.height - 1, on)

    def _origin(self, lay: Layout) -> tuple[int, int]:
        return lay.left, lay.top + 1

    def _placed(self) -> Layout | None:
        """The layout with the grid where it is drawn, below the caption."""
        lay = self.layout_now()
        return None if lay is None else lay._replace(top=self._origin(lay)[1])

    def cell_at(self, x: int, y: int) -> Cell | None:
        lay = self._placed()
        return None if lay is None else lay.cell_at(x, y, SIZE, SIZE)

    def cell_offset(self, cell: Cell) -> tuple[int, int]:
        lay = self._placed()
        return (0, 0) if lay is None else lay.center(cell)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return SIZE * (SCALES[0][0] + 1) + 1

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return SIZE * (SCALES[0][1] + 1) + 2

    # --- what a cell shows ---------------------------------------------------------------

    def visible_notes(self, cell: Cell) -> int:
        """The notes of `cell` as drawn: without the digits its peers hold while `auto_notes`
        is on."""
        board = self._state
        mask = board.note(cell)
        if mask and self._options.get("auto_notes", True):
            for r, c in peers(cell):
                v = board.cells[r][c]
                if v is not None:
                    mask &= ~(1 << (v - 1))
        return mask

    def _background(self, cell: Cell) -> str:
        board = self._state
        bg = GIVEN_BG if board.is_given(cell) else CELL_BG
        cr, cc = self.cursor
        if cell[0] == cr or cell[1] == cc or box_of(cell) == box_of(self.cursor):
            bg = blend(bg, *WASH)
        role = self._marks.get(cell) or ("fault" if cell in board.fault_cells else None)
        if role is not None and role.startswith("place-"):
            role = "place"
        if role in TINTS:
            bg = blend(bg, *TINTS[role])
        return bg

    def _cell_lines(self, cell: Cell, lay: Layout) -> list[tuple[str, Style]]:
        """The `cell_h` lines of `cell`, each `cell_w` characters and a style."""
        board = self._state
        w, h = lay.cell_w, lay.cell_h
        bg = self._background(cell)
        blank = grid.cached_style(bgcolor=bg)
        v = board.value(cell)
        role = self._marks.get(cell, "")
        lines = [(" " * w, blank) for _ in range(h)]
        middle = h // 2
        if v is None and role.startswith("place-"):
            digit = role.removeprefix("place-")
            style = grid.cached_style(color=DIGIT_FG, bgcolor=bg, dim=True, bold=True)
            return self._digit(digit, lines, middle, w, style)
        if v is not None and not self.ascii:
            given = board.is_given(cell)
            fg = FAULT if cell in board.fault_cells else GIVEN_FG if given else DIGIT_FG
            return self._digit(
                str(v), lines, middle, w, grid.cached_style(color=fg, bgcolor=bg, bold=given)
            )
        if v is not None:
            given = board.is_given(cell)
            fg = FAULT if cell in board.fault_cells else GIVEN_FG if given else DIGIT_FG
            text = str(v)
            if self.ascii:
                if cell in board.fault_cells:
                    text = f"!{v}!"
                elif role == "mistake":
                    text = f"*{v}*"
            if self.ascii and cell == self.cursor and w >= len(text) + 2:
                text = f"[{text}]"
            lines[middle] = (
                text.center(w),
                grid.cached_style(color=fg, bgcolor=bg, bold=given or None),
            )
            return lines
        notes = self.visible_notes(cell)
        style = grid.cached_style(color=NOTE_FG, bgcolor=bg)
        if notes and h >= 2:
            rows = (0, h - 1) if h < 3 else (middle - 1, middle + 1)  # about the middle line
            for k in (0, 1):
                chars = [" "] * w
                for d, (line, place) in NOTE_SPOTS.items():
                    pos = (w - 5) // 2 + 2 * place
                    if line == k and notes >> (d - 1) & 1 and pos < w:
                        chars[pos] = str(d)
                lines[rows[k]] = ("".join(chars), style)
        elif notes:
            digits = "".join(str(d) for d in range(1, SIZE + 1) if notes >> (d - 1) & 1)
            if len(digits) > w:
                digits = digits[: w - 1] + "+"
            lines[middle] = (digits.center(w), style)
        if self.ascii and cell == self.cursor:
            text, st = lines[middle]
            if text.strip() == "" and w >= 3:
                lines[middle] = (("[" + " " * (w - 2) + "]"), st)
        return lines

    def _digit(
        self, digit: str, lines: list[tuple[str, Style]], middle: int, w: int, style: Style
    ) -> list[tuple[str, Style]]:
        """A digit in a cell's lines: drawn big where the cell has room (`glyphs.art`), else the
        one character on the middle line."""
        big = None if self.ascii else art(digit, w, len(lines), middle)
        if big is None:
            lines[middle] = (digit.center(w), style)
            return lines
        return [(line, style) for line in big]

    # --- drawing -----------------------------------------------------------------------

    def _separator_row(self, k: int, lay: Layout) -> list[Segment]:
        """The line above row `k` (0..6): a box border or a thin line, across the grid. Drawn
        with box-drawing lines (heavy between boxes), not coloured blanks: the 2x3 boxes read
        in 256 and 16 colours (where the given cells' shade and a blank line's rounded to one
        entry), and without colour at all (issue 35 item 6)."""
        segs = []
        across = 2 if _thick_row(k) else 1
        for c in range(SIZE + 1):
            thick = _thick_row(k) or _thick_col(c)
            if self.ascii:
                ch = "+" if _thick_row(k) and _thick_col(c) else "|" if _thick_col(c) else "-"
                ch = ch if thick else " "
                segs.append(Segment(ch, grid.cached_style(color=THICK, bgcolor=THIN, bold=True)))
            else:
                down = 2 if _thick_col(c) else 1
                ch = BOX[
                    (down if k > 0 else 0) * 27
                    + (across if c < SIZE else 0) * 9
                    + (down if k < SIZE else 0) * 3
                    + (across if c > 0 else 0)
                ]
                segs.append(Segment(ch, _line_style(thick)))
            if c < SIZE:
                if self.ascii:
                    text = ("-" if _thick_row(k) else " ") * lay.cell_w
                    segs.append(
                        Segment(text, grid.cached_style(color=THICK, bgcolor=THIN, bold=True))
                    )
                else:
                    text = BOX[across * 9 + across] * lay.cell_w
                    segs.append(Segment(text, _line_style(_thick_row(k))))
        return segs

    def _column_separator(self, c: int) -> Segment:
        thick = _thick_col(c)
        if self.ascii:
            return Segment(
                "|" if thick else " ", grid.cached_style(color=THICK, bgcolor=THIN, bold=True)
            )
        weight = 2 if thick else 1
        return Segment(BOX[weight * 27 + weight * 3], _line_style(thick))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.base_style
        lay = self.layout_now()
        if lay is None:
            w, h = grid.smallest(SCALES, SIZE, SIZE, 1)
            board = f"{SIZE}×{SIZE}"
            return grid.too_small(y, width, self.size.height, base, board, (w, h + 1))  # caption
        left, top = self._origin(lay)
        dy = y - top
        if dy == -1:  # the caption: which game this is
            caption = "Mini Sudoku"
            return grid.caption_line(caption, width, base)
        if dy == lay.height and lay.labels:
            return grid.column_numbers(lay, SIZE, width, base)
        if dy < 0 or dy >= lay.height:
            return grid.text_line("", width, base)
        k, within = divmod(dy, lay.cell_h + 1)
        segs = [Segment(" " * left, base)]
        number = grid.row_number(lay, dy, SIZE, base)
        if number is not None:
            segs = [Segment(" " * (left - lay.labels), base), number]
        if within == 0:
            segs += self._separator_row(k, lay)
        else:
            r = k
            for c in range(SIZE):
                segs.append(self._column_separator(c))
                text, style = self._cell_lines((r, c), lay)[within - 1]
                if within - 1 == lay.cell_h // 2:  # a hint's role marked, not only tinted
                    text = grid.marked(text, self._marks.get((r, c)), self.ascii)
                if (r, c) == self.cursor and not self.ascii:  # bars: the cell's colour stays
                    segs += grid.with_bars(text, style, grid.cached_style(bgcolor=CURSOR_BARS))
                else:
                    segs.append(Segment(text, style))
            segs.append(self._column_separator(SIZE))
        segs.append(Segment(" " * max(width - left - lay.width, 0), base))
        return Strip(segs, width)
