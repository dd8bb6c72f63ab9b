"""The key line at the foot of the game and editor screens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.style import Style
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget

KEY = "bold $footer-key-foreground"
DESCRIPTION = "$footer-description-foreground"
DISABLED = "dim"


class KeyEntry(NamedTuple):
    """One key of the line."""

    key: str
    """The key it presses (Textual's name: "question_mark", "ctrl+r")."""
    shown: str
    """The key as shown ("?", "^r"; plain ASCII with `--ascii`)."""
    description: str
    enabled: bool
    """False: drawn dim, and a click rings the bell (the screen's `check_action` said None)."""
    id: str = ""
    """The binding's id (the action's, `midend.actions`): what `KeyLine.keep` names."""


class KeyLine(Widget):
    """The screen's shown keys on one line, each a link that presses its key, and the
    command palette's key at the right end: what Textual's `Footer` shows, drawn by one
    widget.

    Why not `Footer`: it is a container of a widget per key, rebuilt whenever the bindings
    change (a focus move, a dialog opening or closing). On the game screen it was 13 of the
    17 widgets; opening the game, pressing two keys and quitting took 424M instructions with
    it and take 359M with this (valgrind, runs after the first).
    The line is built from `screen.active_bindings` as the Footer's is, so `check_action`,
    the player's keymap and `--ascii` (`get_key_display`, the screen's titles) apply as
    before, and it is redrawn, not rebuilt, when they change.
    """

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    KeyLine {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
        link-background-hover: $block-hover-background;
    }
    """

    def __init__(
        self, *, palette: bool = True, keep: Sequence[str] = (), id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.palette = palette
        """Show the command palette's key at the right end."""
        self.keep = tuple(keep)
        """Binding ids shown whatever else a narrow line leaves out (in their place in the
        order): the game screen keeps `?`, `q`, `u` and `h` at 80 columns."""

    @property
    def link_style(self) -> Style:
        """No link style: the keys keep their own colours (Textual's would paint over them)."""
        return Style()

    @property
    def link_style_hover(self) -> Style:
        """The key under the mouse gets the hover background, as the Footer's did."""
        background = self.background_colors[1] + self.styles.link_background_hover
        return Style(bgcolor=background.rich_color)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        self.refresh()

    def entries(self) -> list[KeyEntry]:
        """The keys shown, in order: one per action, from its first key (as the Footer groups
        them); the command palette's last."""
        app = self.app
        active = self.screen.active_bindings
        palette_key = app.COMMAND_PALETTE_BINDING
        entries: list[KeyEntry] = []
        actions: set[str] = set()
        for key, (_, binding, enabled, _) in active.items():
            if binding.show and binding.action not in actions and key != palette_key:
                actions.add(binding.action)
                shown = app.get_key_display(binding)
                entries.append(KeyEntry(key, shown, binding.description, enabled, binding.id or ""))
        if self.palette and app.ENABLE_COMMAND_PALETTE and palette_key in active:
            _, binding, enabled, _ = active[palette_key]
            shown = app.get_key_display(binding)
            entries.append(KeyEntry(palette_key, shown, binding.description, enabled))
        return entries

    def shown(self) -> list[KeyEntry]:
        """The keys drawn left of the palette's: the kept ones (`keep`) first, then the
        others in order while they fit whole; drawn in their order."""
        return self._layout()[0]

    def _layout(self) -> tuple[list[KeyEntry], Content]:
        """(the keys shown left, the palette's key at the right end or nothing)."""
        entries = self.entries()
        right = Content("")
        if entries and entries[-1].key == self.app.COMMAND_PALETTE_BINDING:  # see entries()
            edge = " " if self.app.has_class("-ascii") else "▏"
            right = Content.assemble((edge, "$foreground 20%"), _link(entries.pop()))
        room = self.size.width - right.cell_length
        kept = [i for i, e in enumerate(entries) if e.id in self.keep]
        rest = [i for i in range(len(entries)) if i not in kept]
        chosen: set[int] = set()
        for number, i in enumerate(kept + rest):
            width = _link(entries[i]).cell_length
            if width <= room:
                chosen.add(i)
                room -= width
            elif number >= len(kept):
                break
        return [e for i, e in enumerate(entries) if i in chosen], right

    def render(self) -> Content:
        """The keys that fit whole (`shown`), then the palette's key at the right end."""
        shown, right = self._layout()
        line = Content("").join([_link(entry) for entry in shown])
        room = self.size.width - right.cell_length - line.cell_length
        return line.pad_right(max(room, 0)) + right if right else line


def _link(entry: KeyEntry) -> Content:
    """` key description `, a link that presses the key (the bell when it is disabled)."""
    text = Content.assemble((f" {entry.shown} ", KEY), (f"{entry.description} ", DESCRIPTION))
    if not entry.enabled:
        return text.stylize(DISABLED).stylize("@click=app.bell")
    return text.stylize(f"@click=app.simulate_key({entry.key!r})")


def key_links(keys: Sequence[tuple[str, str, str]]) -> str:
    """A screen's own key line as markup, from (key, label, action) rows: every key is also a
    link, so the mouse can do what the keys do (the level browser's, the stats screen's)."""
    return "  ".join(
        f"[@click={action}][b $accent]{key}[/] {label}[/]" for key, label, action in keys
    )
