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
from queens_tui.formats._common import load_json, whole_number
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
    """The archive `game` of a JSON object's text (None when it has none: not an archive day).

    The archive writes `game` first; a day whose keys come in another order (a big `raw`
    or `regions` before it) is parsed to find its top-level `game`."""
    head = text.lstrip("\ufeff \t\r\n")
    if not head.startswith("{"):
        return None
    m = GAME_RE.search(text[:4096])
    if m is not None:
        return m.group(1)
    if GAME_RE.search(text) is None:
        return None
    try:
        data = load_json(head)
    except LevelError:
        return None
    game = data.get("game") if isinstance(data, dict) else None
    return game if isinstance(game, str) else None


def game_name(game: object) -> str:
    """A game as files write it, compared: "Mini Sudoku", "mini-sudoku" -> "minisudoku"."""
    return re.sub(r"[-_\s]", "", str(game)).lower()


@cache
def read_games() -> Mapping[str, str]:
    """Archive games read, and the kind each becomes: every kind's `KIND.archive_games`, in
    `KINDS` order (each kind's format module reads its own)."""
    return {game: kind for kind in KINDS for game in get_kind(kind).archive_games}


def kind_of_game(game: object) -> str | None:
    """The kind an archive day of `game` is a level of (None: a game not read here)."""
    return read_games().get(game_name(game)) if isinstance(game, str) else None


def kind_of(text: str) -> str | None:
    """The kind of the archive day in `text` (None: not an archive day, or of a game not read
    here)."""
    return kind_of_game(game_of(text))


def refuse(game: object, text: str) -> LevelError:
    """The error for an archive day of a game not read here."""
    line, col = key_at(text, "game")
    name = OTHER_GAMES.get(game_name(game))
    known = ", ".join(read_games())
    if name is not None:
        what = f"a LinkedIn {name} day, which is not read (archive days read: {known})"
    else:
        what = f"an archive day of an unknown game (read: {known})"
    return LevelError(f'"game" is {json.dumps(game)}: {what}', line=line, col=col)


def load_day(text: str, kind: str) -> dict[str, Any]:
    """The JSON object of an archive day of a game of `kind`; `LevelError` located otherwise."""
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
    """`grid_size` as (rows, cols) (`[rows, cols]`, or one number for a square grid), or None
    when the day does not give it."""
    size = data.get("grid_size")
    if size is None:
        return None
    if isinstance(size, int) and not isinstance(size, bool):
        size = [size, size]
    if (
        not isinstance(size, list)
        or len(size) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 64 for v in size)
    ):
        raise fail(text, "grid_size", f"grid_size must be [rows, cols], not {size!r}")
    return size[0], size[1]


def extent(cells: Any) -> int:
    """1 + the largest row or column among `cells` (`[r, c]` pairs, nested lists of them, or
    objects with `row` and `col`): the side of the smallest square grid holding them, for a
    day that gives no `grid_size`. Anything else is skipped (the reader refuses it later)."""
    if isinstance(cells, dict):
        coords = [cells.get("row"), cells.get("col")]
    elif isinstance(cells, list) and len(cells) >= 2 and all(_whole(v) for v in cells[:2]):
        coords = cells[:2]
    elif isinstance(cells, list):
        return max((extent(item) for item in cells), default=0)
    else:
        return 0
    return 1 + max((v for v in coords if isinstance(v, int) and _whole(v)), default=-1)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 64


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
    name (else "Tango #684" or "Tango 2026-07-13"), `number`, and `source: linkedin`.

    Metadata never costs a player the level: a value that cannot be used (a `number` of 0,
    a date in no form known) is left out; a number written as text ("684") and a date with a
    time ("2026-07-13T00:00:00Z") are read."""
    meta: dict[str, str] = {"source": SOURCE}
    date = data.get("date")
    found = re.match(r"\d{4}-\d{2}-\d{2}(?![\d])", date) if isinstance(date, str) else None
    if found is not None:
        meta["date"] = found.group(0)
    number = data.get("number")
    if isinstance(number, str):
        number = whole_number(number.strip().lstrip("#"))
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        number = None
    else:
        meta["number"] = str(number)
    difficulty = data.get("difficulty")
    if isinstance(difficulty, str | int) and not isinstance(difficulty, bool):
        words = " ".join(str(difficulty).split()).lower()
        if words:
            meta["difficulty"] = words
    title = data.get("title")
    if isinstance(title, str) and title.strip():
        meta["name"] = " ".join(title.split())
    elif number is not None:
        meta["name"] = f"{get_kind(kind).title} #{number}"
    elif "date" in meta:
        meta["name"] = f"{get_kind(kind).title} {meta['date']}"
    return meta
