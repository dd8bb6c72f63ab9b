"""The settings screen (key `,` or the palette's "Settings"): the toggles people expect.

Each row is a switch for one of the game screen's toggle actions (the kind's display
options: automatic crosses, labels, letters; the live check; ASCII); flipping it runs that
action, which applies it at once and saves it in the settings file. The region palette
(`core.colour.PALETTES`) and the theme are lists: the app applies and saves the one chosen.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import ClassVar, NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Select, Static, Switch

from queens_tui.app.kinds import get_ui, ui_options
from queens_tui.core.colour import PALETTES
from queens_tui.midend import actions


class Row(NamedTuple):
    """One setting: its switch's label and value, and the action that flips it."""

    label: str
    value: bool
    action: str


def game_rows(kind: str, option: Callable[[str], bool], live: bool, ascii: bool) -> list[Row]:
    """The game screen's rows: kind `kind`'s options (`option(name)` their values), the live
    check, ASCII."""
    rows = []
    for a in (*get_ui(kind).option_actions, *actions.ASSIST):
        if a.action.startswith("toggle_option('"):
            rows.append(Row(a.help, option(a.action.split("'")[1]), a.action))
        elif a.action == "toggle_live":
            rows.append(Row("live check: can the board still be finished?", live, a.action))
    for o in ui_options(kind):
        if o.label:  # an option without a key of its own
            rows.append(Row(o.label, option(o.name), f"toggle_option('{o.name}')"))
    rows.append(Row("ASCII: plain letters and lines, no symbols", ascii, "toggle_ascii"))
    return rows


class SettingsScreen(ModalScreen[None]):
    """Switches for the game's settings; escape or `,` closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,comma,q", "dismiss", "Close"),
    ]

    def __init__(
        self, rows: Sequence[Row], run: Callable[[str], object], themes: Sequence[str] = ()
    ) -> None:
        super().__init__()
        self.rows = list(rows)
        self.run = run
        """Runs a game-screen action (which applies and saves the setting)."""
        self.themes = list(themes)
        """The theme list's choices (none: no theme row)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Settings", id="title")
            for i, row in enumerate(self.rows):
                with Horizontal(classes="setting"):
                    yield Switch(row.value, id=f"setting-{i}")
                    # not markup: "[on]" would be taken for a style tag and vanish
                    yield Label(self._label(row), id=f"setting-label-{i}", markup=False)
            palette = getattr(self.app, "region_palette", None)
            if palette is not None:
                with Horizontal(classes="setting"):
                    yield Select(
                        [(name, name) for name in PALETTES],
                        value=palette if palette in PALETTES else PALETTES[0],
                        allow_blank=False,
                        id="setting-palette",
                        compact=True,
                    )
                    yield Label("palette: region colours (colour-blind: apart for every eye)")
            if self.themes:
                with Horizontal(classes="setting"):
                    current = self.app.theme
                    yield Select(
                        [(name, name) for name in self.themes],
                        value=current if current in self.themes else Select.BLANK,
                        allow_blank=current not in self.themes,
                        id="setting-theme",
                        compact=True,
                    )
                    yield Label("theme")
            yield Static(
                "Saved as you change them, applied at once.\n"
                "The live check says whether your board can still be finished;\n"
                "off, only clashes show (as on LinkedIn). escape closes.",
                id="settings-note",
            )

    @staticmethod
    def _label(row: Row) -> str:
        """The row's words and its state in words too (a switch's look needs colour)."""
        return f"{row.label}  [{'on' if row.value else 'off'}]"

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "setting-theme" and isinstance(event.value, str):
            self.app.theme = event.value  # the app remembers it (QueensApp.watch_theme)
        elif event.select.id == "setting-palette" and isinstance(event.value, str):
            set_palette = getattr(self.app, "set_palette", None)
            if set_palette is not None and event.value != self.app.region_palette:  # type: ignore[attr-defined]
                set_palette(event.value)  # applied to every board, and remembered

    async def on_switch_changed(self, event: Switch.Changed) -> None:
        event.stop()
        index = int((event.switch.id or "setting-0").rsplit("-", 1)[1])
        row = self.rows[index]
        if event.value != row.value:
            self.rows[index] = row._replace(value=event.value)
            self.query_one(f"#setting-label-{index}", Label).update(self._label(self.rows[index]))
            done = self.run(row.action)
            if inspect.isawaitable(done):
                await done
