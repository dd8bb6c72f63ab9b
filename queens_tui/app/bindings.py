"""Each kind's game actions and the help page built from them, apart from the game screen.

The app (its command palette, the keys file check), the help screen and the game screen all
ask for a kind's actions; kept here, none of them imports another for it, so the app, the game
screen and the help screen import downward only, with no circle between them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache

from textual.actions import parse
from textual.binding import Binding

from queens_tui.app.kinds import get_ui
from queens_tui.kinds import KINDS
from queens_tui.midend import actions
from queens_tui.midend.game import HINT_RULE
from queens_tui.midend.keymap import remap


def kind_actions(kind: str) -> tuple[actions.Action, ...]:
    """Every action of kind `kind`'s game screen, in help-table order (default keys)."""
    ui = get_ui(kind)
    return actions.game_actions(ui.moves, ui.option_actions)


def every_kind_actions() -> list[tuple[actions.Action, ...]]:
    """`kind_actions` of every kind: what a keys file is checked against."""
    from queens_tui.kinds import KINDS

    return [kind_actions(kind) for kind in KINDS]


def key_words(kind: str, keys: Mapping[str, str] | None = None) -> Callable[[str], str]:
    """Fills `{key:ID}` in a text with kind `kind`'s key for action ID, the player's remaps
    (`midend.keymap`) applied: what every text that names a key goes through."""
    return actions.key_words(remap(kind_actions(kind), keys or {}))


def common_help(kind: str) -> str:
    """What every kind's help says, written once: when a hint counts, how to switch kinds."""
    from queens_tui.kinds import KINDS, get_kind

    other = next(get_kind(k) for k in KINDS if k != kind and get_kind(k).daily is not None)
    return f"""

## Hints and flawless

{HINT_RULE.replace("{key:hint}", "`{key:hint}`").replace("{key:solve}", "`{key:solve}`")}

## Other kinds

`{{key:levels}}` opens the level browser: it lists every kind's packs and daily puzzles; pick
one of another kind to switch. The command palette (`ctrl+p`) offers *Play today's
{other.title}* (and each other kind's daily). From the command line:
`queens-tui play --kind {other.name}`.
"""


def help_text(kind: str, keys: Mapping[str, str] | None = None) -> str:
    """Kind `kind`'s help page, its key table built from the action registry and the
    player's keys (`midend.keymap`: action id -> keys)."""
    mine = remap(kind_actions(kind), keys or {})
    text = get_ui(kind).help.replace("{keys}", actions.key_table(mine))
    end = text.rfind("\nPress `escape`")  # the closing line stays last
    end = len(text) if end < 0 else end
    text = text[:end] + common_help(kind) + text[end:]
    return actions.key_words(mine)(text)


def bindings(actions_: Iterable[actions.Action]) -> list[Binding]:
    """The Textual bindings, in footer order: `?` and `q` first, then as the help table
    (with `id`s, so `App.set_keymap` remaps keys)."""
    ordered = list(actions_)
    first = [a for i in actions.FOOTER_FIRST for a in ordered if a.id == i]
    rest = [a for a in ordered if a.id not in actions.FOOTER_FIRST]
    return [
        Binding(a.keys, a.action, a.title, show=a.show, key_display=a.key_display, id=a.id)
        for a in first + rest
    ]


@cache
def own_actions(kind: str) -> tuple[actions.Action, ...]:
    """Kind `kind`'s actions on the game screen. Where the kind binds a shared key to a move
    of its own (Zip's arrows draw the path), the shared action is not among them."""
    ui = get_ui(kind)
    own = {key for a in ui.moves for key in a.keys.split(",")}
    every = kind_actions(kind)
    return tuple(a for a in every if a in ui.moves or not own & set(a.keys.split(",")))


def _parsed(action: str) -> tuple[str, tuple[object, ...]]:
    _, name, args = parse(action)
    return name, args


@cache
def _runs(kind: str | None) -> frozenset[tuple[str, tuple[object, ...]]]:
    """(action, arguments) of kind `kind`'s keys; None: of every kind's."""
    chosen = every_kind_bindings() if kind is None else bindings(own_actions(kind))
    return frozenset(_parsed(b.action) for b in chosen)


def kind_allows(kind: str, action: str, arguments: tuple[object, ...]) -> bool:
    """Whether a game action runs on kind `kind`'s screen: the actions no key of any kind
    runs do (the settings screen's switches), another kind's moves do not."""
    key = (action, arguments)
    return key not in _runs(None) or key in _runs(kind)


@cache
def every_kind_bindings() -> tuple[Binding, ...]:
    """The game screen's bindings: every kind's, in help-table order, so that keeping one
    kind's (`kind_allows`) keeps that kind's own order in the footer."""
    uis = [get_ui(kind) for kind in KINDS]
    moves = dict.fromkeys(a for ui in uis for a in ui.moves)
    options = dict.fromkeys(a for ui in uis for a in ui.option_actions)
    return tuple(bindings(actions.game_actions(moves, options)))


__all__ = [
    "bindings",
    "every_kind_actions",
    "every_kind_bindings",
    "help_text",
    "key_words",
    "kind_actions",
    "kind_allows",
    "own_actions",
]
