"""The Patches board: clues as shape-and-size glyphs, patches as blocks of their clue's colour
inside heavy borders.

Drawn with the line API from a character canvas: cells of `cell_w` x `cell_h`
characters with a one-character grid line between them and around the grid,
at the biggest scale that fits the widget (`SCALES`). A line between two cells
of the same patch is filled with the patch's colour, so a patch reads as one
block; a line where a patch ends is heavy (red around a wrong patch: no clue,
two clues, or a shape or size its clue rules out); lines between cells no
patch covers are thin and grey. Each clue shows its shape (`■` square, `▮`
tall, `▬` wide; `S`, `T`, `W` with `--ascii`) and size (`?` says nothing at
all), on its colour. The corner the keyboard anchored and the cursor span the
patch about to be drawn, shown shaded (with `--ascii` the anchor reads `< >`,
the cursor `[ ]`). The widget decides nothing about the rules: it turns the
mouse into `CellAction`s and draws the state it is given.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.strip import Strip

from queens_tui.app.palette import (
    CURSOR_BARS,
    CURSOR_BLOCK,
    HIGHLIGHTS,
    blend,
    highlight,
    hint_marks,
    pool,
    terminal_colors,
)
from queens_tui.app.theme import NEUTRAL, PATCHES_PREVIEW
from queens_tui.app.theme import PATCHES_BORDER as BORDER_FG
from queens_tui.app.theme import PATCHES_CELL as CELL_BG
from queens_tui.app.theme import PATCHES_LINE as LINE_FG
from queens_tui.app.theme import PATCHES_TEXT as TEXT_FG
from queens_tui.app.theme import PATCHES_WRONG as WRONG_FG
from queens_tui.app.widgets import grid
from queens_tui.app.widgets.base import BoardWidget
from queens_tui.app.widgets.grid import Layout
from queens_tui.core.grid import Cell
from queens_tui.kinds.patches.level import FREE, SQUARE, TALL, Clue, Rect, contains, span
from queens_tui.kinds.patches.play import PatchState

CLUE_WASH = 0.55
"""How much of its colour a clue's cell shows before a patch covers it."""
SCALES: tuple[tuple[int, int], ...] = ((13, 6), (11, 5), (9, 4), (7, 3), (5, 2), (4, 1), (3, 1))
"""Cell sizes tried, biggest first: (columns, lines)."""

NONE, LIGHT, HEAVY = 0, 1, 2


def _junctions() -> dict[tuple[int, ...], str]:
    """Every box-drawing junction by the weight of its arms (up, down, left, right), each
    NONE, LIGHT or HEAVY: all 80 mixes are in Unicode's box-drawing block, read from the
    characters' names ("BOX DRAWINGS DOWN LIGHT AND RIGHT HEAVY" is ┍)."""
    import unicodedata

    weights = {"LIGHT": LIGHT, "HEAVY": HEAVY}
    arms_of: dict[str, tuple[int, ...]] = {"UP": (0,), "DOWN": (1,), "LEFT": (2,), "RIGHT": (3,)}
    arms_of |= {"VERTICAL": (0, 1), "HORIZONTAL": (2, 3)}
    table: dict[tuple[int, ...], str] = {}
    for code in range(0x2500, 0x2580):
        name = unicodedata.name(chr(code)).removeprefix("BOX DRAWINGS ")
        words = name.replace(" AND ", " ").split()
        if not set(words) <= weights.keys() | arms_of.keys():
            continue  # double, dashed, arcs, diagonals
        arms = [NONE] * 4
        first: int | None = None
        for part in name.split(" AND "):
            weight = next((weights[w] for w in part.split() if w in weights), first)
            first = weight if first is None else first
            for word in part.split():
                for arm in arms_of.get(word, ()):
                    arms[arm] = weight or LIGHT
        table.setdefault(tuple(arms), chr(code))
    return table


JUNCTIONS = _junctions()


def clue_glyph(clue: Clue, ascii: bool) -> str:
    """The clue as drawn: its shape mark and size ("▬6", "■", "6", "?"; "W6", "S" in ASCII)."""
    marks = {SQUARE: "S", TALL: "T"} if ascii else {SQUARE: "■", TALL: "▮"}
    mark = "" if clue.shape == FREE else marks.get(clue.shape, "W" if ascii else "▬")
    size = "" if clue.size is None else str(clue.size)
    return (mark + size) or "?"


def clue_color(k: int) -> str:
    """Clue k's colour in the active palette (`palette.pool`: distinct for the first 16 to 22
    clues; the high-contrast palette's 8 repeat, and the clues' text tells them apart)."""
    colors = pool()
    return colors[k % len(colors)]


def fit(rows: int, cols: int, width: int, height: int) -> Layout:
    """The biggest drawing that fits (the smallest when none does)."""
    return grid.fit(SCALES, rows, cols, width, height, 1) or grid.place(
        SCALES[-1], rows, cols, width, height, 1
    )


class PatchesBoard(BoardWidget[PatchState]):
    """Draws a `PatchState`; reports clicks, right clicks and drags as `CellAction`s."""

    MOUSE = "drag"

    DEFAULT_CSS = """
    PatchesBoard { width: 1fr; height: 1fr; }
    """

    def prepare(self) -> None:
        self._lines: list[list[Segment]] | None = None
        self._key: tuple[object, ...] = ()

    def state_changed(self) -> None:
        self._lines = None
        self.refresh()

    def marks_changed(self) -> None:
        self._lines = None
        self.refresh()

    def restyle(self) -> None:
        self._lines = None
        self.refresh()

    def watch_cursor(self, old: Cell, new: Cell) -> None:
        self._lines = None
        self.refresh()

    # --- geometry ----------------------------------------------------------------------

    def layout_now(self) -> Layout:
        """The biggest grid that fits, with row and column numbers where there is room and
        the labels setting is on (the smallest grid when nothing fits)."""
        level = self._state.level
        on = self._options.get("labels", True)

        def fit_in(width: int, height: int) -> Layout | None:
            return grid.fit(SCALES, level.rows, level.cols, width, height, 1)

        got = grid.labelled(fit_in, level.rows, self.size.width, self.size.height, on)
        return got or fit(level.rows, level.cols, self.size.width, self.size.height)

    def cell_at(self, x: int, y: int) -> Cell | None:
        level = self._state.level
        return self.layout_now().cell_at(x, y, level.rows, level.cols)

    def cell_offset(self, cell: Cell) -> tuple[int, int]:
        return self.layout_now().center(cell)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._state.level.cols * (SCALES[0][0] + 1) + 1

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._state.level.rows * (SCALES[0][1] + 1) + 1

    # --- drawing -----------------------------------------------------------------------

    def _preview(self) -> Rect | None:
        anchor = self._state.anchor
        return None if anchor is None else span(anchor, self.cursor)

    def _clue_colors(self) -> tuple[str, ...]:
        """Each clue's colour as this terminal should get it (`palette.terminal_colors`: the
        chosen 256- and 16-colour entries; on 16 colours the clue's text tells patches of one
        colour apart)."""
        colors = tuple(clue_color(k) for k in range(len(self._state.level.clues)))
        return terminal_colors(colors, self.color_system)

    def _draw(self, lay: Layout) -> list[list[Segment]]:
        state, level = self._state, self._state.level
        rows, cols = level.rows, level.cols
        cw, ch = lay.cell_w, lay.cell_h
        patch_of: dict[Cell, int] = {}
        for i, rect in enumerate(state.patches):
            for r in range(rect[0], rect[2] + 1):
                for c in range(rect[1], rect[3] + 1):
                    patch_of[(r, c)] = i
        wrong = {i for i, rect in enumerate(state.patches) if rect in state.faults}
        colors = self._clue_colors()
        preview = self._preview()
        owner = state.owner

        def bg_of(cell: Cell) -> str:
            k = owner.get(cell)
            if k is None:
                bg = CELL_BG
                if cell in level.clue_at:
                    bg = blend(CELL_BG, colors[level.clue_at[cell]], CLUE_WASH)
            elif k < 0 or patch_of[cell] in wrong:
                bg = blend(colors[k] if k >= 0 else NEUTRAL, WRONG_FG, 0.25)
            else:
                bg = colors[k]
            if preview is not None and contains(preview, cell):
                bg = blend(bg, PATCHES_PREVIEW, 0.35)
            if self._marks.get(cell) == "mistake":  # a hint's cells keep their colour: bars
                bg = highlight(bg, "mistake")
            return bg

        def edge(a: Cell | None, b: Cell | None) -> tuple[int, bool]:
            """(weight, wrong) of the line between two cells (None: off the grid)."""
            pa = None if a is None else patch_of.get(a)
            pb = None if b is None else patch_of.get(b)
            bad = pa in wrong or pb in wrong
            if a is None or b is None:
                return HEAVY, bad
            if pa is not None and pa == pb:
                return NONE, False
            if pa is None and pb is None:
                return LIGHT, False
            return HEAVY, bad

        def inside(r: int, c: int) -> Cell | None:
            return (r, c) if 0 <= r < rows and 0 <= c < cols else None

        bgs = {(r, c): bg_of((r, c)) for r in range(rows) for c in range(cols)}
        height, width = lay.height, lay.width
        canvas: list[list[Segment]] = [
            [Segment(" ", grid.cached_style(bgcolor=CELL_BG))] * width for _ in range(height)
        ]
        hbar = {LIGHT: "-" if self.ascii else "─", HEAVY: "=" if self.ascii else "━"}
        vbar = {LIGHT: "|" if self.ascii else "│", HEAVY: "#" if self.ascii else "┃"}

        def line_style(weight: int, bad: bool) -> Style:
            fg = WRONG_FG if bad else BORDER_FG if weight == HEAVY else LINE_FG
            return grid.cached_style(color=fg, bgcolor=CELL_BG, bold=weight == HEAVY)

        # cells and the lines between them
        for r in range(rows):
            for c in range(cols):
                bg = bgs[(r, c)]
                y0, x0 = 1 + r * (ch + 1), 1 + c * (cw + 1)
                for dy in range(ch):
                    for dx in range(cw):
                        canvas[y0 + dy][x0 + dx] = Segment(" ", grid.cached_style(bgcolor=bg))
                # the line left of the cell
                weight, bad = edge(inside(r, c - 1), (r, c))
                for dy in range(ch):
                    if weight == NONE:
                        canvas[y0 + dy][x0 - 1] = Segment(" ", grid.cached_style(bgcolor=bg))
                    else:
                        canvas[y0 + dy][x0 - 1] = Segment(vbar[weight], line_style(weight, bad))
                # the line above the cell
                weight, bad = edge(inside(r - 1, c), (r, c))
                for dx in range(cw):
                    if weight == NONE:
                        canvas[y0 - 1][x0 + dx] = Segment(" ", grid.cached_style(bgcolor=bg))
                    else:
                        canvas[y0 - 1][x0 + dx] = Segment(hbar[weight], line_style(weight, bad))
            weight, bad = edge((r, cols - 1), None)
            for dy in range(ch):
                canvas[1 + r * (ch + 1) + dy][width - 1] = Segment(
                    vbar[weight], line_style(weight, bad)
                )
        for c in range(cols):
            weight, bad = edge((rows - 1, c), None)
            for dx in range(cw):
                canvas[height - 1][1 + c * (cw + 1) + dx] = Segment(
                    hbar[weight], line_style(weight, bad)
                )
        # junctions
        for r in range(rows + 1):
            for c in range(cols + 1):
                arms = (
                    edge(inside(r - 1, c - 1), inside(r - 1, c)) if r > 0 else (NONE, False),
                    edge(inside(r, c - 1), inside(r, c)) if r < rows else (NONE, False),
                    edge(inside(r - 1, c - 1), inside(r, c - 1)) if c > 0 else (NONE, False),
                    edge(inside(r - 1, c), inside(r, c)) if c < cols else (NONE, False),
                )
                y, x = r * (ch + 1), c * (cw + 1)
                weights = tuple(w for w, _ in arms)
                bad = any(b for _, b in arms)
                if any(weights):
                    glyph = "+" if self.ascii else JUNCTIONS[weights]
                    canvas[y][x] = Segment(glyph, line_style(max(weights), bad))
                else:  # inside one patch
                    canvas[y][x] = Segment(" ", grid.cached_style(bgcolor=bgs[(r - 1, c - 1)]))
        for (r, c), role in self._marks.items():  # a hint's roles: marked bars of its tint
            sides = hint_marks(role, self.ascii)
            if sides is None or role not in HIGHLIGHTS or cw < 3:
                continue
            tint = HIGHLIGHTS[role][0]
            for dy in range(ch):
                for x, mark in zip((1 + c * (cw + 1), c * (cw + 1) + cw), sides, strict=True):
                    glyph = mark if dy == ch // 2 else " "
                    style = grid.cached_style(color=TEXT_FG, bgcolor=tint, bold=True)
                    canvas[1 + r * (ch + 1) + dy][x] = Segment(glyph, style)
        if not self.ascii and not state.solved:  # the cursor: bars (a clue's text wins)
            r, c = self.cursor
            for dy in range(ch):
                for x in (1 + c * (cw + 1), c * (cw + 1) + cw):
                    canvas[1 + r * (ch + 1) + dy][x] = Segment(
                        CURSOR_BLOCK, grid.cached_style(color=CURSOR_BARS, bgcolor=CURSOR_BARS)
                    )
        # clue glyphs, and the cursor in ASCII
        for clue in level.clues:
            text = clue_glyph(clue, self.ascii)[:cw]
            y = 1 + clue.row * (ch + 1) + ch // 2
            x = 1 + clue.col * (cw + 1) + (cw - len(text)) // 2
            style = grid.cached_style(color=TEXT_FG, bgcolor=bgs[clue.cell], bold=True)
            for i, glyph in enumerate(text):
                canvas[y][x + i] = Segment(glyph, style)
        if self.ascii and not state.solved and cw >= 3:  # the cursor [ ], the anchor < >
            marks = [(state.anchor, ("<", ">"))] if state.anchor not in (None, self.cursor) else []
            for cell, (left, right) in [*marks, (self.cursor, ("[", "]"))]:
                assert cell is not None
                r, c = cell
                y = 1 + r * (ch + 1) + ch // 2
                x0 = 1 + c * (cw + 1)
                style = grid.cached_style(color=TEXT_FG, bgcolor=bgs[(r, c)], bold=True)
                canvas[y][x0] = Segment(left, style)
                canvas[y][x0 + cw - 1] = Segment(right, style)
        return canvas

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.base_style
        lay = self.layout_now()
        level = self._state.level
        if lay.width > width or lay.height > self.size.height:  # not even the smallest fits
            need = grid.smallest(SCALES, level.rows, level.cols, 1)
            board = f"{level.rows}×{level.cols}"
            return grid.too_small(y, width, self.size.height, base, board, need)
        key = (lay, self.ascii)
        if self._lines is None or key != self._key:
            self._lines, self._key = self._draw(lay), key
        dy = y - lay.top
        if dy == lay.height and lay.labels:
            return grid.column_numbers(lay, level.cols, width, base)
        if not 0 <= dy < lay.height:
            return grid.text_line("", width, base)
        segs = [Segment(" " * lay.left, base), *self._lines[dy]]
        number = grid.row_number(lay, dy, level.rows, base)
        if number is not None:
            segs[0] = Segment(" " * (lay.left - lay.labels), base)
            segs.insert(1, number)
        segs.append(Segment(" " * max(width - lay.left - lay.width, 0), base))
        return Strip(segs).crop(0, width)


__all__ = ["PatchesBoard", "clue_glyph"]
