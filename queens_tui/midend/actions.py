"""Every key of the game, defined once: bindings, the command palette, the help table, the footer.

An `Action` names what a key does on the game screen. The shared actions
are below; each kind adds its own (`app.kinds.KindUI.actions`: its moves and
display options). `app.bindings.bindings()` makes Textual `Binding`s from them
(with `id`s, so `App.set_keymap` remaps keys), `palette()` feeds the command
palette and `key_table()` writes the help screen's table. To change a key,
change it here (or in the kind's UI); the README's key table is checked
against this registry by the tests.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple

KEY_NAMES = {
    "question_mark": "?",
    "comma": ",",
    "backspace": "backspace",
    "space": "space",
    "enter": "enter",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
}
"""How the help table writes a key."""

KEY_REF = re.compile(r"\{key:([a-z-]+)\}")
"""How a text names an action's key: `{key:hint}` ("Press {key:hint} again"), so a remap in
the keys file (`midend.keymap`) shows in every text that names the key."""


def key_words(actions: Iterable[Action]) -> Callable[[str], str]:
    """A function that fills each `{key:ID}` of a text with the first key of action ID as
    the help table writes it (`h`, `?`, `]`, `ctrl+r`)."""
    first = {a.id: a.key_display or KEY_NAMES.get(k := a.keys.split(",")[0], k) for a in actions}

    def say(text: str) -> str:
        return KEY_REF.sub(lambda m: first.get(m.group(1), m.group(1)), text)

    return say


class Action(NamedTuple):
    """One thing a key does on the game screen. A NamedTuple, not a frozen dataclass: the
    class is made at every start, before the first frame, about a tenth of the cost
    (docs/performance.md, start-up)."""

    id: str
    """Binding id: the name `App.set_keymap` remaps."""
    keys: str
    """Textual key names, comma separated: `"backspace,delete"`."""
    action: str
    """The screen action it runs: `"undo"`, `"play('cycle')"`, `"move(-1, 0)"`."""
    title: str
    """Footer and palette title."""
    help: str
    """What it does, for the palette and the help table."""
    show: bool = True
    """Shown in the footer."""
    key_display: str | None = None
    palette: bool = True
    """Offered by the command palette (not the cursor keys)."""
    help_keys: str | None = None
    """The help table's key cell, when it differs from `keys` (a pair of keys on one row)."""
    name: str | None = None
    """The command palette's title, when it differs from `title`."""
    in_table: bool = True
    """A row of its own in the help table (not when another row covers it)."""


WAYS = ("up", "down", "left", "right")
"""The arrow keys, in the order `arrows` takes their ids and actions."""


def arrows(
    ids: Sequence[str], runs: Sequence[str], title: str, help: str, name: str | None = None
) -> tuple[Action, ...]:
    """The four arrow keys (`WAYS`: binding `ids[i]` runs `runs[i]`) as one footer entry and
    one help row, `←↑↓→`: the up key carries `title` and `help`, the other three are hidden
    (no footer, palette or row of their own)."""
    first = Action(
        ids[0], WAYS[0], runs[0], title, help, key_display="←↑↓→", palette=False,
        help_keys="`←` `↑` `↓` `→`", name=name,
    )  # fmt: skip
    rest = zip(ids[1:], WAYS[1:], runs[1:], strict=True)
    return (first, *(Action(i, k, r, title, "", show=False, palette=False) for i, k, r in rest))


MOVE = arrows(
    ("move", "move-down", "move-left", "move-right"),
    ("move(-1, 0)", "move(1, 0)", "move(0, -1)", "move(0, 1)"),
    "Move",
    "move the cursor",
)
"""The cursor keys (every kind has a cursor over its grid)."""

CLEAR = Action(
    "clear", "backspace,delete", "play('clear')", "Clear", "clear the cell", show=False,
    name="Clear cell",
)  # fmt: skip
"""A move of every kind that marks cells: empty the cursor cell."""


def cycle(marks: str) -> Action:
    """The kind's space-bar move: `marks` is what a cell goes through ("× → ♛")."""
    return Action(
        "cycle", "space", "play('cycle')", "Mark", f"cycle the cell: empty → {marks} → empty",
        name="Cycle cell",
    )  # fmt: skip


HISTORY = (
    Action("undo", "u", "undo", "Undo", "undo (no limit)"),
    Action("redo", "ctrl+r", "redo", "Redo", "redo"),
    Action(
        "restart", "r", "restart", "Restart", "restart the level (asks first)", name="Restart level"
    ),
)

ASSIST = (
    Action(
        "hint",
        "h",
        "hint",
        "Hint",
        "hint: explain the next logical step and highlight it; `{key:hint}` again applies it",
    ),
    Action(
        "mistakes",
        "m",
        "mistakes",
        "Mistakes",
        "show mistakes: highlight the marks no solution allows (again: hide)",
        show=False,
        name="Show mistakes",
    ),
    Action(
        "solve",
        "S",
        "solve",
        "Solve",
        "solve: fill in the solution at once, after asking (the level counts as solved "
        "with help; {key:undo} takes it back)",
        show=False,
    ),
    Action(
        "live",
        "c",
        "toggle_live",
        "Check",
        "live check on / off: after each move the status line says whether the board "
        "`can still be finished` or `can't be finished any more` (then `{key:mistakes}` shows "
        "why); "
        "off, only clashes show, as on LinkedIn",
        show=False,
        name="Live check",
    ),
)

NAVIGATE = (
    Action(
        "levels",
        "l",
        "levels",
        "Levels",
        "level browser: daily puzzles and packs, filters, progress, best times",
        name="Level browser",
    ),
    Action(
        "stats",
        "g",
        "app.stats",
        "Stats",
        "stats: your streaks, a year's calendar, daily times and totals, every kind",
        show=False,
    ),
    Action(
        "next",
        "n",
        "next_level",
        "Next",
        "next / previous level; on a daily puzzle, the next / previous day (up to today)",
        show=False,
        help_keys="`n` / `p`",
        name="Next level",
    ),
    Action(
        "prev",
        "p",
        "prev_level",
        "Previous",
        "previous level; on a daily puzzle, the day before",
        show=False,
        name="Previous level",
        in_table=False,
    ),
    Action(
        "settings",
        "comma",
        "settings",
        "Settings",
        "settings: automatic crosses, live check, labels, letters, ASCII, theme (saved)",
        key_display=",",
        show=False,
    ),
    Action("help", "question_mark", "help", "Help", "this help", key_display="?"),
    Action("quit", "q", "app.quit", "Quit", "quit", help_keys="`q` / `ctrl+q`"),
)


def game_actions(
    kind_moves: Iterable[Action], kind_options: Iterable[Action]
) -> tuple[Action, ...]:
    """Every action of a game screen, in help-table order: cursor, the kind's moves,
    history, the kind's options, the assistant, navigation."""
    return (*MOVE, *kind_moves, *HISTORY, *kind_options, *ASSIST, *NAVIGATE)


FOOTER_FIRST = ("help", "quit")
"""Shown first in the footer: `? Help` and `q Quit` lead the line."""
FOOTER_KEEP = (*FOOTER_FIRST, "undo", "hint")
"""Shown in the footer whatever a narrow terminal leaves out (`app.widgets.keyline.KeyLine`
`keep`): at 80 columns every kind's line drops some of its own keys (the help page lists
them), never these."""


def default_words(text: str) -> str:
    """`key_words` of the shared actions with their default keys (no keys file)."""
    return key_words(game_actions((), ()))(text)


def palette(actions: Iterable[Action]) -> Iterator[tuple[str, str, str]]:
    """(title, help, action) for the command palette."""
    actions = list(actions)
    say = key_words(actions)
    for a in actions:
        if a.palette and a.help:
            keys = " / ".join(KEY_NAMES.get(k, k) for k in a.keys.split(","))
            text = say(a.help).replace("`", "")  # Markdown for the help table, not here
            yield a.name or a.title, f"{text[0].upper()}{text[1:]} ({keys})", a.action


def _key_cell(action: Action) -> str:
    if action.help_keys is not None:
        return action.help_keys
    keys = [KEY_NAMES.get(k, k) for k in action.keys.split(",")]
    return " / ".join(f"`{k}`" for k in keys)


def key_table(actions: Iterable[Action]) -> str:
    """The help screen's markdown table of keys."""
    actions = list(actions)
    say = key_words(actions)
    rows = ["| Key | Action |", "|---|---|"]
    for a in actions:
        if a.help and a.in_table:
            rows.append(f"| {_key_cell(a)} | {say(a.help)} |")
    rows.insert(len(rows) - 1, "| `ctrl+p` | command palette: every action by name |")
    return "\n".join(rows)


__all__ = [
    "CLEAR",
    "FOOTER_FIRST",
    "FOOTER_KEEP",
    "KEY_REF",
    "Action",
    "cycle",
    "default_words",
    "game_actions",
    "key_table",
    "key_words",
    "palette",
]
