"""The player's own keys: one small file that remaps the actions of `midend.actions`.

The file is ``keys.conf`` in the config folder (`store.paths.keys_file`: on
Linux ``~/.config/queens-tui/keys.conf``), one remap a line::

    # action = key, key
    hint = f1, h
    undo = z

An action is named by its id (the help screen and docs/playing.md list them:
`undo`, `hint`, `move-down`, `zip-back`...); keys are Textual key names
(`z`, `Z`, `f1`, `ctrl+u`, `space`, `question_mark` or `?`). What the file
says replaces the action's default keys everywhere: the bindings (through
`App.set_keymap`), the footer, the help screen's table and the command
palette (`remap`).

A line that cannot be used (no `=`, an unknown action, a bad key name, a
key the app keeps for itself, an action set twice, a key another action of
the same kind already has) is ignored with one notice `FILE:LINE: what`;
the rest of the file still applies. Reading never raises: an unreadable or
huge file is one notice too. Pure: no Textual import, so it is tested without
an app.
"""

from __future__ import annotations

import difflib
import re
import string
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import NamedTuple

from queens_tui.core.errors import printable
from queens_tui.midend.actions import KEY_NAMES, Action

MAX_BYTES = 64 * 1024
"""A larger keys file is not a keys file: one notice, no remaps."""

MAX_NOTICES = 5
"""More lines ignored than this make one notice, counting them and naming the first few: a
notice a line, 3000 of them, froze the game for two minutes."""

NAMED = 3
"""How many ignored lines that one notice names."""

RESERVED = {
    "ctrl+q": "quit",
    "ctrl+c": "copy / quit",
    "ctrl+p": "the command palette",
    "ctrl+z": "suspend",
}
"""Keys the app keeps whatever the file says."""

_CHAR_NAMES = {
    ",": "comma",
    "?": "question_mark",
    ".": "full_stop",
    "/": "slash",
    ";": "semicolon",
    ":": "colon",
    "'": "apostrophe",
    '"': "quotation_mark",
    "!": "exclamation_mark",
    "#": "number_sign",
    "$": "dollar_sign",
    "%": "percent_sign",
    "&": "ampersand",
    "(": "left_parenthesis",
    ")": "right_parenthesis",
    "*": "asterisk",
    "+": "plus",
    "-": "minus",
    "<": "less_than_sign",
    "=": "equals_sign",
    ">": "greater_than_sign",
    "@": "at",
    "[": "left_square_bracket",
    "]": "right_square_bracket",
    "\\": "backslash",
    "^": "circumflex_accent",
    "_": "underscore",
    "`": "grave_accent",
    "{": "left_curly_bracket",
    "}": "right_curly_bracket",
    "|": "vertical_line",
    "~": "tilde",
    " ": "space",
}
"""Punctuation typed as itself, to the name Textual gives its key."""

NAMED_KEYS = frozenset(
    {
        *_CHAR_NAMES.values(),
        "enter",
        "escape",
        "tab",
        "backspace",
        "delete",
        "insert",
        "home",
        "end",
        "pageup",
        "pagedown",
        "up",
        "down",
        "left",
        "right",
        *(f"f{i}" for i in range(1, 25)),
    }
)
"""Key names longer than one character that the file may use."""

_MODIFIED = re.compile(r"^((ctrl|shift|alt|super|meta)\+)+(?P<key>.+)$")


class Keymap(NamedTuple):
    """The remaps that apply (action id -> Textual keys, comma separated) and the notices
    about the lines that don't. (A NamedTuple: made at every start, before the first frame.)"""

    keys: Mapping[str, str]
    notices: tuple[str, ...] = ()


EMPTY = Keymap({})


def key_name(token: str) -> str | None:
    """The Textual name of one key as the file writes it (`?` -> `question_mark`), or None."""
    token = token.strip()
    if not token:
        return None
    if len(token) == 1:
        if token in _CHAR_NAMES:
            return _CHAR_NAMES[token]
        return token if token in string.ascii_letters + string.digits else None
    match = _MODIFIED.match(token.lower())
    if match:
        base = key_name(match.group("key"))
        return None if base is None else token.lower()[: match.start("key")] + base
    return token.lower() if token.lower() in NAMED_KEYS else None


def _shown(keys: str) -> str:
    return ", ".join(KEY_NAMES.get(k, k) for k in keys.split(","))


def parse(text: str, path: str, action_sets: Iterable[Iterable[Action]]) -> Keymap:
    """The keymap a keys file's `text` asks for, checked against every kind's actions
    (`action_sets`: one set a kind; two actions of one set may not share a key)."""
    sets = [tuple(s) for s in action_sets]
    default = {a.id: a.keys for s in sets for a in s}
    title = {a.id: a.name or a.title for s in sets for a in s}
    wanted: dict[str, tuple[int, str]] = {}
    notices: list[str] = []

    shown = printable(path)

    def say(line: int, what: str) -> None:
        notices.append(f"{shown}:{line}: {what}")

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name, eq, value = line.partition("=")
        name = name.strip()
        if not eq or not name:
            say(number, "expected `action = key, key` (ignored)")
            continue
        if name not in default:
            near = difflib.get_close_matches(name, default, n=1)
            also = f" (did you mean {near[0]!r}?)" if near else " (docs/playing.md lists them)"
            say(number, f"no action {name!r}{also}")
            continue
        if name in wanted:
            say(number, f"{name!r} was set on line {wanted[name][0]} already (ignored)")
            continue
        tokens = value.split(",")
        keys = [key_name(t) for t in tokens]
        bad = [t.strip() for t, k in zip(tokens, keys, strict=True) if k is None]
        if bad or not tokens:
            say(number, f"{', '.join(repr(b) for b in bad) or 'nothing'} is not a key name")
            continue
        named = [k for k in keys if k is not None]
        kept = [k for k in named if k in RESERVED]
        if kept:
            say(number, f"{kept[0]} is kept for {RESERVED[kept[0]]} (ignored)")
            continue
        wanted[name] = (number, ",".join(dict.fromkeys(named)))

    # Conflicts: a key two actions of one kind would share. The file's line loses (the
    # action keeps its default); dropping it can free or take a key, so look again.
    while True:
        clash = _first_clash(sets, default, {a: k for a, (_, k) in wanted.items()})
        if clash is None:
            break
        key, ids = clash
        mine = [i for i in ids if i in wanted]
        loser = max(mine, key=lambda i: wanted[i][0])
        others = [title[i] for i in ids if i != loser]
        say(
            wanted[loser][0],
            f"{KEY_NAMES.get(key, key)} is already {' and '.join(others)}'s key; "
            f"{title[loser]} keeps {_shown(default[loser])} (ignored)",
        )
        del wanted[loser]
    return Keymap({a: k for a, (_, k) in wanted.items()}, _summed(notices, shown))


def _summed(notices: list[str], shown: str) -> tuple[str, ...]:
    """The notices as they are, or, past `MAX_NOTICES`, one that counts them and names the
    first `NAMED` (each is `FILE:LINE: what`; the summary keeps `LINE: what`)."""
    if len(notices) <= MAX_NOTICES:
        return tuple(notices)
    first = "; ".join(n.removeprefix(f"{shown}:") for n in notices[:NAMED])
    return (f"{shown}: {len(notices)} lines ignored, the first: {first}; ...",)


def _first_clash(
    sets: list[tuple[Action, ...]], default: Mapping[str, str], wanted: Mapping[str, str]
) -> tuple[str, list[str]] | None:
    """A key held by two actions of one kind where the file gave one of them that key."""
    for actions in sets:
        holders: dict[str, list[str]] = {}
        for a in actions:
            for key in wanted.get(a.id, default[a.id]).split(","):
                holders.setdefault(key, [])
                if a.id not in holders[key]:
                    holders[key].append(a.id)
        for key, ids in holders.items():
            if len(ids) > 1 and any(key in wanted.get(i, "").split(",") for i in ids):
                return key, ids
    return None


def load(path: Path | None, action_sets: Callable[[], Iterable[Iterable[Action]]]) -> Keymap:
    """The keymap of the file at `path` (none there: no remaps). Never raises.

    `action_sets` is called only when there is a file: listing every kind's actions imports
    every kind's app module, which the first frame should not wait for.
    """
    if path is None:
        return EMPTY
    try:
        if not path.exists():
            return EMPTY
        if not path.is_file():
            return Keymap({}, (f"{printable(str(path))}: not a file (no keys remapped)",))
        if path.stat().st_size > MAX_BYTES:
            too_big = f"{printable(str(path))}: larger than {MAX_BYTES} bytes (no keys remapped)"
            return Keymap({}, (too_big,))
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return Keymap({}, (f"{printable(str(path))}: not UTF-8 text (no keys remapped)",))
    except (OSError, ValueError) as err:
        why = printable(str(err))
        return Keymap({}, (f"{printable(str(path))}: cannot read it ({why}; no keys remapped)",))
    return parse(text, str(path), action_sets())


def remap(actions: Iterable[Action], keys: Mapping[str, str]) -> tuple[Action, ...]:
    """The actions with the player's keys (their fixed key labels dropped where remapped)."""
    return tuple(
        a._replace(keys=keys[a.id], key_display=None, help_keys=None) if a.id in keys else a
        for a in actions
    )


__all__ = ["EMPTY", "Keymap", "key_name", "load", "parse", "remap"]
