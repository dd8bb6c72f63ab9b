"""`LevelTable`: the level browser's list, drawn with the line API, columns fitted to its width.

A DataTable re-measures and re-renders every cell when its rows change,
which a player cycling filters feels (docs/performance.md); here a filter
change costs a list assignment and a repaint of the visible lines.

When the list is too narrow for every column (80 columns beside the pack
list), the least needed columns are dropped, in the order of their `drop`
rank, until the rest fit with the flexible columns at their `least` width;
then the level's title shrinks, and the browser's mark gives way to its
glyph alone if that is not enough. `left_out` names what was dropped, and
the screen says it ("wider terminal shows: ...") so nothing disappears
without a word.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip


@dataclass(frozen=True)
class Column:
    """A column of `LevelTable`: row-cell key, header label, width in cells.

    `drop`: 0 for a column always shown, else the order in which columns go when the
    list is too narrow (1 first). `least`: for a flexible column (`least` > 0), how
    narrow it may get before a column is dropped. `crop`: a narrowed cell is cut without
    an ellipsis (its first characters say it all: the mark's glyph).
    """

    key: str
    label: str
    width: int
    drop: int = 0
    least: int = 0
    crop: bool = False


def fit_columns(columns: Sequence[Column], width: int) -> tuple[list[Column], list[Column]]:
    """(columns shown, with the flexible one's width fitted; columns hidden) for a list
    `width` cells wide. Columns are separated by one space."""
    shown = list(columns)
    hidden: list[Column] = []

    def need(cols: Sequence[Column]) -> int:
        return sum(c.least or c.width for c in cols) + len(cols) - 1

    for column in sorted((c for c in columns if c.drop), key=lambda c: c.drop):
        if need(shown) <= width:
            break
        shown.remove(column)
        hidden.append(column)
    spare = width - (sum(c.width for c in shown) + len(shown) - 1)
    widths = {c.key: c.width for c in shown}
    # What is missing comes from the flexible columns: the title down to its least width
    # first, then a cropped column (the mark) straight to its least (its glyph: never half a
    # word); what that frees beyond the need goes back to the title.
    for column in sorted((c for c in shown if c.least), key=lambda c: c.crop):
        if spare < 0:
            give = (
                column.width - column.least
                if column.crop
                else min(column.width - column.least, -spare)
            )
            widths[column.key] -= give
            spare += give
    for column in shown:
        if spare > 0 and column.least and not column.crop:
            grow = min(column.width - widths[column.key], spare)
            widths[column.key] += grow
            spare -= grow
    fitted = [replace(c, width=widths[c.key]) for c in shown]
    return fitted, [c for c in columns if c in hidden]


class LevelTable(ScrollView, can_focus=True):
    """A list of rows drawn with the line API: only the visible lines are ever rendered.

    Rows are (key, cells), one cell per column of `columns`; the columns drawn
    (`drawn`) follow the width. The cursor is a row index. Enter, or a click
    on the row under the cursor, posts `Selected`; a change of the columns
    drawn posts `ColumnsFitted`.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "level-table--cursor",
        "level-table--even-row",
    }

    DEFAULT_CSS = """
    LevelTable {
        background: $surface;
        color: $foreground;
        & > .level-table--even-row {
            background: $surface-lighten-1 50%;
        }
        &:dark > .level-table--even-row {
            background: $surface-darken-1 40%;
        }
        & > .level-table--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus > .level-table--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: $block-cursor-text-style;
        }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "move(-1000000)", "First", show=False),
        Binding("end", "move(1000000)", "Last", show=False),
        Binding("enter", "select", "Play", id="browser.play"),
    ]

    class _Posted(Message):
        """A message the list posts about itself."""

        def __init__(self, table: LevelTable) -> None:
            super().__init__()
            self.table = table

        @property
        def control(self) -> LevelTable:
            """The list that posted this (for `@on(..., selector)`)."""
            return self.table

    class Selected(_Posted):
        """The player chose the row with key `key` (enter, or a second click)."""

        def __init__(self, table: LevelTable, key: str) -> None:
            super().__init__(table)
            self.key = key

    class ColumnsFitted(_Posted):
        """The columns drawn changed with the width: `hidden` are the ones left out."""

        def __init__(self, table: LevelTable, hidden: list[Column]) -> None:
            super().__init__(table)
            self.hidden = hidden

    def __init__(self, columns: Sequence[Column], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.columns = list(columns)
        """Every column, in order (each row has one cell per column)."""
        self.drawn = list(columns)
        """The columns drawn, fitted to the width (`fit_columns`)."""
        self.left_out: list[Column] = []
        self.keys: list[str] = []
        self.cells: list[tuple[Text, ...]] = []
        self._lines: dict[str, list[Segment]] = {}
        """Rendered segments of each row by key (cleared when the columns drawn change)."""
        self.cursor = 0

    @property
    def row_count(self) -> int:
        """Rows in the list."""
        return len(self.keys)

    @property
    def line_width(self) -> int:
        """Cells in one row: the columns drawn and one space between each."""
        return sum(c.width for c in self.drawn) + len(self.drawn) - 1

    @property
    def cursor_key(self) -> str | None:
        """The key of the row under the cursor (None when the list is empty)."""
        return self.keys[self.cursor] if self.keys else None

    def fit(self, cells: Sequence[Text]) -> Text:
        """One line of the drawn columns of `cells`, each cut or padded to its width."""
        index = {c.key: i for i, c in enumerate(self.columns)}
        parts = []
        for column in self.drawn:
            part = cells[index[column.key]].copy()
            part.truncate(column.width, overflow="crop" if column.crop else "ellipsis", pad=True)
            parts.append(part)
        return Text(" ").join(parts)

    def header(self) -> Text:
        """The column labels, aligned with the rows (drawn by a widget above the list)."""
        return self.fit([Text(c.label) for c in self.columns])

    def fit_to(self, width: int) -> None:
        """Choose the columns drawn for a list `width` cells wide (posts `ColumnsFitted`)."""
        visible, hidden = fit_columns(self.columns, width)
        if visible == self.drawn and hidden == self.left_out:
            return
        self.drawn, self.left_out = visible, hidden
        self._lines.clear()
        self.virtual_size = Size(self.line_width, len(self.keys))
        self.post_message(self.ColumnsFitted(self, hidden))
        self.refresh()

    def set_rows(self, rows: Sequence[tuple[str, tuple[Text, ...]]], keep: str | None) -> None:
        """Replace the rows; the cursor goes to `keep`'s row, else the first."""
        self.keys = [k for k, _ in rows]
        self.cells = [c for _, c in rows]
        self._lines.clear()
        self.cursor = self.keys.index(keep) if keep in self.keys else 0
        self.virtual_size = Size(self.line_width, len(self.keys))
        self.scroll_to(y=0, animate=False, immediate=True)
        self._show_cursor()
        self.refresh()

    def _show_cursor(self) -> None:
        height = self.scrollable_content_region.height or 1
        top = int(self.scroll_y)
        if self.cursor < top:
            self.scroll_to(y=self.cursor, animate=False, immediate=True)
        elif self.cursor >= top + height:
            self.scroll_to(y=self.cursor - height + 1, animate=False, immediate=True)

    def on_resize(self, event: events.Resize) -> None:
        # The width less a vertical scrollbar's, so that no horizontal one is ever needed.
        self.fit_to(event.size.width - self.styles.scrollbar_size_vertical)
        self._show_cursor()

    def move_to(self, row: int) -> None:
        """Put the cursor on `row` (clamped) and scroll it into view."""
        if not self.keys:
            return
        self.cursor = max(0, min(len(self.keys) - 1, row))
        self._show_cursor()
        self.refresh()

    def action_move(self, step: int) -> None:
        self.move_to(self.cursor + step)

    def action_page(self, step: int) -> None:
        self.move_to(self.cursor + step * max(1, self.scrollable_content_region.height - 1))

    def action_select(self) -> None:
        if self.keys:
            self.post_message(self.Selected(self, self.keys[self.cursor]))

    async def _on_click(self, event: events.Click) -> None:
        row = event.y + int(self.scroll_y)
        if not 0 <= row < len(self.keys):
            return
        event.stop()
        if row == self.cursor:
            self.action_select()
        else:
            self.move_to(row)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        row = y + int(self.scroll_y)
        base = self.rich_style
        if not 0 <= row < len(self.keys):
            return Strip.blank(width, base)
        style = base
        if row == self.cursor:
            style = base + self.get_component_rich_style("level-table--cursor")
        elif row % 2 == 0:
            style = base + self.get_component_rich_style("level-table--even-row")
        key = self.keys[row]
        segments = self._lines.get(key)
        if segments is None:
            line = self.fit(self.cells[row])
            segments = self._lines[key] = list(line.render(self.app.console))
        left = int(self.scroll_x)
        strip = Strip(segments, self.line_width).apply_style(style).crop(left, left + width)
        return strip.extend_cell_length(width, style)


__all__ = ["Column", "LevelTable", "fit_columns"]
