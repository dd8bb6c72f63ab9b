"""What the game screen asks of every kind's board widget, and the mouse, once for all.

A board widget draws one immutable position and turns the mouse into
`messages.CellAction`s; it decides nothing about the rules. The game screen
owns the cursor moves (`cursor` is a (row, col) reactive the widget draws),
hands every new position to `show`, and tints cells through `set_marks`
(roles such as "evidence", "place", "mistake" come from the kind's hints).

The mouse lives here, not in each widget: a subclass says where its cells
are (`cell_at`) and how a left press reads (`MOUSE`), and whether a right
click means anything (`RIGHT_CLICK`):

- `MOUSE = "click"`: a left press is a "click" on the pressed cell, posted
  when the button is released (Tango).
- `MOUSE = "drag"`: the same click, unless the pointer moved to another cell
  first: then "drag-start" on the pressed cell, "drag" for each cell entered
  (the release cell too), "drag-end" (Queens, classic N-queens, Zip). Opting in is
  that one line.
- `MOUSE = "stroke"`: the press itself starts the drag ("drag-start" at once;
  the level editor paints from the first cell).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Generic, Literal, TypeVar

from rich.style import Style
from textual import events
from textual.reactive import reactive
from textual.widget import Widget

from queens_tui.app.messages import CellAction
from queens_tui.core.grid import Cell

if TYPE_CHECKING:
    from textual.geometry import Region
    from typing_extensions import Self  # typing.Self from Python 3.11; only for mypy here

MouseMode = Literal["click", "drag", "stroke"]
S = TypeVar("S")
"""What a board draws: the kind's position (a Queens `Board`, a `ZipState`, a `Sketch`...)."""


class BoardWidget(Widget, Generic[S]):
    """Base class of the kinds' board widgets (see the module docstring).

    It keeps the position (`state`), the display options and the tints, so a
    kind's widget is its drawing, its geometry and a hook or two (`prepare`,
    `state_changed`, `marks_changed`).
    """

    can_focus = False
    """Keys are bound on the game screen; the board has nothing to focus."""

    MOUSE: ClassVar[MouseMode] = "click"
    """How a left press reads (see the module docstring)."""
    RIGHT_CLICK: ClassVar[bool] = True
    """Post "right" for a right click on a cell (False: the kind has no use for it)."""

    cursor: reactive[Cell] = reactive((0, 0), repaint=False)
    """The keyboard cursor. Subclasses repaint what it touches in `watch_cursor`."""

    def __init__(
        self,
        state: S,
        *,
        ascii: bool = False,
        options: Mapping[str, bool] | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.ascii = ascii
        """Draw plain ASCII glyphs for terminals without Unicode fonts."""
        self._state = state
        self._options: dict[str, bool] = dict(options or {})
        self._marks: dict[Cell, str] = {}
        self._press: Cell | None = None
        """The cell the left button went down on, while it is down."""
        self._last: Cell | None = None
        """The last cell a drag reported (a drag reports each cell once in a row)."""
        self._dragging = False
        self._base_style: Style | None = None
        self.prepare()

    def prepare(self) -> None:
        """Called once at the end of `__init__`: set up what the drawing needs."""

    @property
    def base_style(self) -> Style:
        """The widget's own CSS colours (`rich_style`), worked out once a repaint: Textual walks
        every ancestor's styles each time `rich_style` is read, and a board reads it for every
        line it draws. Forgotten when Textual forgets its own styles: on a refresh and when the
        styles change (a theme)."""
        if self._base_style is None:
            self._base_style = self.rich_style
        return self._base_style

    def notify_style_update(self) -> None:
        self._base_style = None
        super().notify_style_update()

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        self._base_style = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def set_ascii(self, on: bool) -> None:
        """Draw in plain ASCII (or not) from now on (the settings screen's switch)."""
        self.ascii = on
        self.restyle()

    def restyle(self) -> None:
        """Everything drawn must be drawn again (a widget with cached lines drops them)."""
        self.refresh()

    def palette_changed(self) -> None:
        """The player chose another region palette (`palette.use`): draw again in it."""
        self.restyle()

    @property
    def no_color(self) -> bool:
        """Whether the terminal shows no colour at all (`NO_COLOR`): then only glyphs, letters
        and lines tell things apart."""
        try:
            return bool(self.app.no_color)
        except Exception:  # a widget built alone, outside an app
            return False

    @property
    def color_system(self) -> str | None:
        """The terminal's colour depth as Rich names it ("truecolor", "256", "standard"), which
        `palette.terminal_colors` picks colours by; None (full colour) with no app yet."""
        try:
            return self.app.console.color_system
        except Exception:  # a widget built alone, outside an app
            return None

    @property
    def state(self) -> S:
        """The position drawn."""
        return self._state

    @property
    def board(self) -> S:
        """The position drawn (`state`, by the name the game screen's tests read)."""
        return self._state

    def watch_cursor(self, old: Cell, new: Cell) -> None:
        """The whole board is drawn again (a widget that can repaint less overrides this)."""
        self.refresh()

    def show(self, state: S, options: Mapping[str, bool] | None = None) -> None:
        """Draw a new position with the kind's display options (None: unchanged)."""
        opts = self._options if options is None else dict(options)
        if state is self._state and opts == self._options:
            return
        self._state, self._options = state, opts
        self.state_changed()

    def state_changed(self) -> None:
        """`show` was handed another position or options: redraw."""
        self.refresh()

    def set_marks(self, marks: Mapping[Cell, str]) -> None:
        """Tint cells by role ({} clears every tint)."""
        marks = dict(marks)
        if marks != self._marks:
            self._marks = marks
            self.marks_changed()

    def marks_changed(self) -> None:
        """The tints changed: redraw (a widget with cached lines drops them first)."""
        self.refresh()

    @property
    def marks(self) -> dict[Cell, str]:
        """The tinted cells and their roles."""
        return dict(self._marks)

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The cell under widget offset (x, y); None between cells or off the board."""
        raise NotImplementedError

    def cell_offset(self, cell: Cell) -> tuple[int, int]:
        """The widget offset of the middle of `cell` (tests click there)."""
        raise NotImplementedError

    # --- mouse ------------------------------------------------------------------------

    def on_mouse_down(self, event: events.MouseDown) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is None:
            return
        if event.button == 3 and self.RIGHT_CLICK:
            event.stop()
            self.post_message(CellAction(cell, "right"))
        elif event.button == 1:
            event.stop()
            self._press = self._last = cell
            self._dragging = self.MOUSE == "stroke"
            self.capture_mouse()
            if self._dragging:
                self.post_message(CellAction(cell, "drag-start"))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self._press is None or self.MOUSE == "click":
            return
        self._drag_to(self.cell_at(event.x, event.y))

    def _drag_to(self, cell: Cell | None) -> None:
        if cell is None or cell == self._last:
            return
        if not self._dragging:
            self._dragging = True
            self.post_message(CellAction(self._press, "drag-start"))
        self._last = cell
        self.post_message(CellAction(cell, "drag"))

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._press is None:
            return
        event.stop()
        self.release_mouse()
        press, self._press = self._press, None
        if self._dragging:
            self._drag_to(self.cell_at(event.x, event.y))
            self._dragging = False
            self.post_message(CellAction(None, "drag-end"))
        else:
            self.post_message(CellAction(press, "click"))


__all__ = ["BoardWidget", "MouseMode"]
