"""LinkedIn's daily archive: what every kind's reader of an archive day shares.

A public community archive keeps LinkedIn's daily games as one JSON file per
game per day (`2026-07-13_tango.json`, or `2026-07-13/tango.json`): a `game`
key naming the game, `date`, `grid_size` `[rows, cols]`, LinkedIn's `number`
(null on some days), sometimes `difficulty` and `title`, then the game's own
keys (Queens `board` or `regions`, Tango `symbols` and `walls`, Zip `nodes`
and `walls`). Each kind's format module parses its own game's keys; this
module says which game a file is, turns the shared keys into the level's
metadata, and locates keys for the one-line errors.

A day is LinkedIn's level: its metadata says so (`source: linkedin`, and
`number` where the day has one), so the share line may use LinkedIn's number.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from queens_tui.core.errors import LevelError
from queens_tui.kinds import KINDS, get_kind

GAME_RE = re.compile(r'"game"\s*:\s*"([^"\\]{0,40})"')
"""The `game` key near the start of a file (the archive writes it first)."""

OTHER_GAMES = {
    "crossclimb": "Crossclimb",
    "pinpoint": "Pinpoint",
    "wordle": "Wordle",
}
"""LinkedIn games the archive holds that are not read here: named in the refusal."""

SOURCE = "linkedin"
"""The `source` of a level that is LinkedIn's own."""


def game_of(text: str) -> str | None:
    """The archive `game` of a JSON object's text (None when it has none: not an archive day)."""
    head = text.lstrip("\ufeff \t\r\n")
    if not head.startswith("{"):
        return None
    m = GAME_RE.search(text[:4096])
    return m.group(1) if m else None


@cache
def read_games() -> Mapping[str, str]:
    """Archive games read, and the kind each becomes: every kind's `KIND.archive_games`, in
    `KINDS` order (each kind's format module reads its own)."""
    return {game: kind for kind in KINDS for game in get_kind(kind).archive_games}


def kind_of_game(game: object) -> str | None:
    """The kind an archive day of `game` is a level of (None: a game not read here)."""
    return read_games().get(game) if isinstance(game, str) else None


def kind_of(text: str) -> str | None:
    """The kind of the archive day in `text` (None: not an archive day, or of a game not read
    here)."""
    return kind_of_game(game_of(text))


def refuse(game: object, text: str) -> LevelError:
    """The error for an archive day of a game not read here."""
    line, col = key_at(text, "game")
    name = OTHER_GAMES.get(str(game).lower())
    known = ", ".join(read_games())
    if name is not None:
        what = f"a LinkedIn {name} day, which is not read (archive days read: {known})"
    else:
        what = f"an archive day of an unknown game (read: {known})"
    return LevelError(f'"game" is {json.dumps(game)}: {what}', line=line, col=col)


def load_day(text: str, kind: str) -> dict[str, Any]:
    """The JSON object of an archive day of a game of `kind`; `LevelError` located otherwise."""
    from queens_tui.formats._common import load_json

    text = text.removeprefix("\ufeff")
    data = load_json(text)
    if not isinstance(data, dict):
        raise LevelError("an archive day is a JSON object", line=1, col=1)
    if kind_of_game(data.get("game")) != kind:
        raise refuse(data.get("game"), text)
    return data


def key_at(text: str, key: str) -> tuple[int, int]:
    """Line and column of `"key":` in `text` (1, 1 when absent): JSON loses positions."""
    m = re.search(r'"' + re.escape(key) + r'"\s*:', text)
    if m is None:
        return 1, 1
    line = text.count("\n", 0, m.start()) + 1
    return line, m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1


def fail(text: str, key: str, message: str) -> LevelError:
    """`message` located at `key`."""
    line, col = key_at(text, key)
    return LevelError(message, line=line, col=col)


def grid_size(data: dict[str, Any], text: str) -> tuple[int, int] | None:
    """`grid_size` as (rows, cols), or None when the day does not give it."""
    size = data.get("grid_size")
    if size is None:
        return None
    if (
        not isinstance(size, list)
        or len(size) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 64 for v in size)
    ):
        raise fail(text, "grid_size", f"grid_size must be [rows, cols], not {size!r}")
    return size[0], size[1]


def cell(value: Any, rows: int, cols: int, text: str, key: str) -> tuple[int, int]:
    """A `[row, col]` pair (0-based) on a rows x cols grid, or a located error."""
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise fail(text, key, f"{key}: {value!r} is not a [row, col] cell")
    r, c = value
    if not (0 <= r < rows and 0 <= c < cols):
        raise fail(text, key, f"{key}: cell [{r}, {c}] is off the {rows}x{cols} grid")
    return r, c


def metadata(data: dict[str, Any], text: str, kind: str) -> dict[str, str]:
    """The level metadata of an archive day: `date`, `difficulty` (lower case), `title` as the
    name (else "Tango #684" or "Tango 2026-07-13"), `number`, and `source: linkedin`."""
    meta: dict[str, str] = {"source": SOURCE}
    date = data.get("date")
    if date is not None:
        if not isinstance(date, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
            raise fail(text, "date", f"date must be YYYY-MM-DD, not {date!r}")
        meta["date"] = date
    number = data.get("number")
    if number is not None:
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise fail(text, "number", f"number must be a positive whole number, not {number!r}")
        meta["number"] = str(number)
    difficulty = data.get("difficulty")
    if difficulty is not None:
        if not isinstance(difficulty, str):
            raise fail(text, "difficulty", f"difficulty must be text, not {difficulty!r}")
        meta["difficulty"] = " ".join(difficulty.split()).lower()
    title = data.get("title")
    if isinstance(title, str) and title.strip():
        meta["name"] = " ".join(title.split())
    elif number is not None:
        meta["name"] = f"{get_kind(kind).title} #{number}"
    elif date is not None:
        meta["name"] = f"{get_kind(kind).title} {date}"
    return meta
