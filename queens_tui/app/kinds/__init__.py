"""The app side of each puzzle kind: its board widget, its keys, its help.

Kind K's `UI` (a `KindUI`) lives in `queens_tui.app.kinds.K`, for every K in
`kinds.KINDS`. The game screen, the status line, the help screen and the
command palette talk only to `KindUI` and to the kind's pure `PlayRules`;
nothing else in the app knows what a queen is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NamedTuple

from queens_tui.core.grid import Cell
from queens_tui.kinds import KINDS, get_kind
from queens_tui.midend.actions import Action

UIS: dict[str, str] = {kind: f"queens_tui.app.kinds.{kind}" for kind in KINDS}
"""Kind name -> module with `UI`, for every kind."""


def widget(module: str, name: str) -> Callable[..., Any]:
    """Board widget `name` of `module`, imported when the first board of the kind is made:
    the game screen binds every kind's keys, and importing every kind's widget for that
    would slow the first frame."""

    def make(*args: Any, **kwargs: Any) -> Any:
        from importlib import import_module

        return getattr(import_module(module), name)(*args, **kwargs)

    return make


class Option(NamedTuple):
    """A display option of a kind, kept in the settings (Queens: automatic crosses)."""

    name: str
    """The `store.Settings` field that remembers it (and the key in `Game.options`)."""
    default: bool
    status: Callable[[bool, bool], str]
    """(on, ascii) -> its status line segment ("auto-× on"); "" shows nothing."""
    label: str = ""
    """Its switch on the settings screen ("" : a key's action names it, see `option_actions`)."""


LABELS = Option(
    "labels", True, lambda on, ascii: "", "labels: row and column numbers around the board"
)
"""Row and column numbers beside a kind's board (hints and `m` name "row 3, column 1"), on by
default; one setting (`store.Settings.labels`) for every kind whose `KIND.labels` is set
(`ui_options` adds it: a kind's `UI` does not list it)."""


class KindUI(NamedTuple):
    """What the app needs of a kind beyond its pure rules. NamedTuples (this and `Option`), not
    frozen dataclasses: made at every start, before the first frame, for about a tenth of the
    cost (docs/performance.md, start-up)."""

    board: Callable[..., Any]
    """`board(state, *, ascii=..., options=..., id=...)` -> the kind's board widget,
    a `app.widgets.base.BoardWidget`."""
    moves: tuple[Action, ...]
    """Keys that make moves: action `"play('<intent>')"`, the intent handed to
    `PlayRules.interpret` with the cursor cell."""
    options: tuple[Option, ...] = ()
    option_actions: tuple[Action, ...] = ()
    """Keys that flip an option: action `"toggle_option('<name>')"`."""
    help: str = ""
    """Markdown for the help screen: `{keys}` is replaced by the key table."""
    describe: Callable[[Any, str], str] | None = None
    """(level, hint text) -> the text naming things as the board shows them (Queens: "region
    C" -> "the purple region (C)"); None: the kind's words as they are. Not called where the
    terminal shows no colour (`NO_COLOR`): a colour named there would point at nothing."""
    share_squares: Callable[[Any, Sequence[Cell]], str] | None = None
    """(level, cells of the first pieces placed) -> the share line's coloured squares
    (Queens: the regions' colours); None: the share line has none."""


@cache
def get_ui(kind: str) -> KindUI:
    """The `UI` of kind `kind` (imported on first use)."""
    from importlib import import_module

    if kind not in UIS:
        raise KeyError(f"no app support for puzzle kind {kind!r} (known: {', '.join(UIS)})")
    ui = import_module(UIS[kind]).UI
    assert isinstance(ui, KindUI)
    return ui


@cache
def ui_options(kind: str) -> tuple[Option, ...]:
    """Kind `kind`'s display options: its `UI`'s, and the labels setting when its `KIND.labels`
    says its board numbers rows and columns (after the options with keys of their own, before
    those only the settings screen switches). Asked for the kind being played only: binding
    every kind's keys (`get_ui`) does not import every kind's `KIND`."""
    options = get_ui(kind).options
    if not get_kind(kind).labels:
        return options
    keyed = tuple(o for o in options if not o.label)
    return (*keyed, LABELS, *(o for o in options if o.label))


__all__ = ["LABELS", "UIS", "KindUI", "Option", "get_ui", "ui_options"]
