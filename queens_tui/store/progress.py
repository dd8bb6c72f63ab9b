"""Saved progress: a level's board and its whole undo/redo history, as small JSON.

The history is stored as the current board in full plus one *diff* per undo
and redo step, so a file grows by a few bytes per move, not by a board:
an 18x18 game with 500 steps is about 6 KB, cheap to rewrite after every move.

Schema (``format: "queens-tui/progress"``, ``version: 1``)::

    {
      "format": "queens-tui/progress", "version": 1,
      "key": "daily:2026-11-21",          the level key (see `level_key`)
      "name": "Daily 2026-11-21",         for people and the level browser
      "grid": ["AAB", "ACB", "CCB"],      region labels (lists if a label is longer
                                          than one character): detects a changed level
      "board": ["Q..", "..x", "..."],     "." empty, "x" manual cross, "Q" queen
      "undo": ["Q0,0", ".2,2 x1,2"],      undo[0] turns board into the state before it,
                                          undo[1] turns that one into the one before...
      "redo": [],                         the same, forward (redo[0] is the next redo)
      "moves": 2, "elapsed": 41.5,        steps made; seconds played
      "hints": 0, "helped": false,        hints used; solver reveal/solve used
      "saved_at": "2026-11-21T18:30:00+01:00"
    }

A diff is space-separated tokens ``<mark><row>,<col>`` (0-based), each
setting one cell: ``Q3,4`` queen, ``x3,4`` cross, ``.3,4`` empty.
Automatic crosses are derived from queens and never stored.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, cast
from urllib.parse import quote, unquote

from queens_tui.kinds.queens.board import Board, History, Mark, Move
from queens_tui.kinds.queens.level import Cell, Level
from queens_tui.store.jsonfile import SchemaError, check_header, expect, get

FORMAT = "queens-tui/progress"
VERSION = 1

_MARKS = {"Q": Mark.QUEEN, "x": Mark.CROSS, ".": Mark.EMPTY}


# --- level keys -------------------------------------------------------------------------------


def daily_key(day: date) -> str:
    """The key of a day's daily puzzle, whatever file or seed it came from."""
    return f"daily:{day.isoformat()}"


def pack_key(level_id: str) -> str:
    """The key of a bundled level, by its id in the packs."""
    return f"pack:{level_id}"


def grid_key(level: Level) -> str:
    """A key from the level's regions alone, so the same puzzle resumes from any file.

    Hashes the region *ids* (numbered in reading order), not the labels, so a
    copy with other letters, colors, name or file format gets the same key.
    """
    canon = "\n".join(" ".join(str(i) for i in row) for row in level.region_ids)
    return "grid:" + hashlib.sha256(canon.encode("ascii")).hexdigest()[:24]


def level_key(level: Level, *, bundled_id: str | None = None, day: date | None = None) -> str:
    """The stable key for progress and stats: daily date, else bundled id, else the grid hash."""
    if day is not None:
        return daily_key(day)
    if bundled_id is not None:
        return pack_key(bundled_id)
    return grid_key(level)


def key_filename(key: str) -> str:
    """A file name for `key` that is safe on every OS and reversible (`filename_key`)."""
    name = quote(key, safe="-_.")
    if len(name) > 150 or name.startswith("."):
        name = "key-" + hashlib.sha256(key.encode("utf-8")).hexdigest()
    return name + ".json"


def filename_key(name: str) -> str | None:
    """The key encoded in a progress file name, or None for hashed or foreign names."""
    if not name.endswith(".json") or name.startswith((".", "key-")):
        return None
    return unquote(name[: -len(".json")])


# --- boards and diffs -------------------------------------------------------------------------


def board_rows(board: Board) -> list[str]:
    """The board as N strings of ".", "x" and "Q"."""
    n = board.level.size
    rows = [["."] * n for _ in range(n)]
    for r, c in board.crosses:
        rows[r][c] = "x"
    for r, c in board.queens:
        rows[r][c] = "Q"
    return ["".join(row) for row in rows]


def rows_board(level: Level, rows: Any) -> Board:
    """Parse `board_rows` output back, checked against the level's size."""
    n = level.size
    expect(isinstance(rows, list) and len(rows) == n, f"'board' should be {n} rows")
    queens: list[Cell] = []
    crosses: list[Cell] = []
    for r, row in enumerate(rows):
        expect(isinstance(row, str) and len(row) == n, f"board row {r + 1} should be {n} marks")
        for c, ch in enumerate(row):
            if ch == "Q":
                queens.append((r, c))
            elif ch == "x":
                crosses.append((r, c))
            else:
                expect(ch == ".", f"bad mark {ch!r} in board row {r + 1}")
    return Board(level, frozenset(queens), frozenset(crosses))


def diff(a: Board, b: Board) -> str:
    """The tokens that turn board `a` into board `b`."""
    changed = (a.queens ^ b.queens) | (a.crosses ^ b.crosses)
    return " ".join(f"{b.mark(cell).value}{cell[0]},{cell[1]}" for cell in sorted(changed))


def apply_diff(board: Board, text: Any) -> Board:
    """`board` with a `diff` applied; SchemaError on malformed tokens or cells off the board."""
    expect(isinstance(text, str), "a history step should be a string")
    n = board.level.size
    changes: list[tuple[Cell, Mark]] = []
    for token in text.split():
        mark = _MARKS.get(token[0])
        r, sep, c = token[1:].partition(",")
        expect(
            mark is not None and sep == "," and r.isdigit() and c.isdigit(),
            f"bad history step {token!r}",
        )
        cell = (int(r), int(c))
        expect(cell[0] < n and cell[1] < n, f"history step {token!r} is off the board")
        assert mark is not None
        changes.append((cell, mark))
    return board.apply(Move(tuple(changes)))


# --- progress ---------------------------------------------------------------------------------


@dataclass
class Progress:
    """A level in progress: the history (board, undo, redo, move count) and the clock."""

    history: History
    elapsed: float = 0.0
    """Seconds played so far (the app adds the time since it resumed)."""
    hints: int = 0
    """Hints used so far on this attempt."""
    helped: bool = False
    """True once the solver revealed or solved something on this attempt."""
    saved_at: str | None = field(default=None, compare=False)


def _grid(level: Level) -> list[str] | list[list[str]]:
    """Region labels as row strings, or lists of labels if some label is longer than one."""
    if all(len(label) == 1 for label in level.labels):
        return level.rows_text()
    return [list(row) for row in level.grid]


def _timeline(history: History) -> tuple[list[Board], list[Board], int]:
    """(past, future, moves), counting an open gesture as finished so no state is lost."""
    past = list(history.past)
    moves = history.moves
    start = history._gesture_start  # an open drag: its start is the undo point
    if start is not None and start != history.board:
        past.append(start)
        moves += 1
    return past, list(history.future), moves


class DiffCache:
    """Remembers the diffs of the last `encode`, so saving after a move costs one new diff.

    History keeps the same `Board` objects on its stacks, so a pair of boards
    seen at the last save is recognised by identity (the entry holds both
    boards, so their ids cannot be reused while it lives). Entries not used by
    the latest encode are dropped: memory stays proportional to one history.
    """

    def __init__(self) -> None:
        self._old: dict[tuple[int, int], tuple[Board, Board, str]] = {}
        self._new: dict[tuple[int, int], tuple[Board, Board, str]] = {}

    def diff(self, a: Board, b: Board) -> str:
        """`diff(a, b)`, from the cache when this pair was seen at the last encode."""
        k = (id(a), id(b))
        hit = self._old.get(k) or self._new.get(k)
        if hit is None or hit[0] is not a or hit[1] is not b:
            hit = (a, b, diff(a, b))
        self._new[k] = hit
        return hit[2]

    def finish(self) -> None:
        """End one encode: keep only the entries it used."""
        self._old, self._new = self._new, {}


def encode(
    key: str,
    progress: Progress,
    *,
    now: datetime | None = None,
    cache: DiffCache | None = None,
) -> dict[str, Any]:
    """The JSON object for `progress` (see the module docstring).

    Pass the same `cache` for successive saves of one game to make each save
    cost O(history) dictionary lookups instead of O(history) board diffs.
    """
    h = progress.history
    board = h.board
    level = board.level
    past, future, moves = _timeline(h)
    differ = cache.diff if cache is not None else diff
    undo: list[str] = []
    cur = board
    for prev in reversed(past):
        undo.append(differ(cur, prev))
        cur = prev
    redo: list[str] = []
    cur = board
    for nxt in reversed(future):
        redo.append(differ(cur, nxt))
        cur = nxt
    if cache is not None:
        cache.finish()
    return {
        "format": FORMAT,
        "version": VERSION,
        "key": key,
        "name": level.name,
        "grid": _grid(level),
        "board": board_rows(board),
        "undo": undo,
        "redo": redo,
        "moves": moves,
        "elapsed": round(float(progress.elapsed), 3),
        "hints": int(progress.hints),
        "helped": bool(progress.helped),
        "saved_at": (now or datetime.now().astimezone()).isoformat(timespec="seconds"),
    }


class StaleProgress(Exception):
    """The file is fine but was saved for a different level under the same key."""


def saved_level_matches(obj: dict[str, Any], level: Level) -> bool:
    """True if the regions saved in `obj` are `level`'s (labels may differ)."""
    grid = obj.get("grid")
    if not isinstance(grid, list) or not all(isinstance(row, (str, list)) for row in grid):
        return False
    try:
        saved = Level.from_rows(grid)
    except (ValueError, TypeError):
        return False
    return saved.region_ids == level.region_ids


def decode(obj: Any, key: str, level: Level) -> Progress:
    """Rebuild the `Progress` saved in `obj` for `level`.

    Raises SchemaError if the object is malformed (the file is then set
    aside), StaleProgress if it is well formed but belongs to another level.
    """
    obj = check_header(obj, FORMAT, VERSION)
    expect(get(obj, "key", str) == key, "it was saved for another level key")
    if not saved_level_matches(obj, level):
        raise StaleProgress(key)
    board = rows_board(level, obj.get("board"))
    undo = get(obj, "undo", list)
    redo = get(obj, "redo", list)
    past: list[Board] = []
    cur = board
    for step in undo:
        cur = apply_diff(cur, step)
        past.append(cur)
    past.reverse()
    future: list[Board] = []
    cur = board
    for step in redo:
        cur = apply_diff(cur, step)
        future.append(cur)
    future.reverse()
    moves = get(obj, "moves", int, 0)
    elapsed = get(obj, "elapsed", (int, float), 0.0)
    hints = get(obj, "hints", int, 0)
    expect(moves >= 0 and hints >= 0 and 0 <= elapsed < 1e9, "negative or absurd counters")
    helped = get(obj, "helped", bool, False)
    saved_at = get(obj, "saved_at", str, None)
    history = History(board=board, past=past, future=future, moves=moves)
    return Progress(history, float(elapsed), hints, helped, saved_at)


def validate_any(obj: Any) -> dict[str, Any]:
    """Header-level check, for listing files without a Level at hand."""
    obj = check_header(obj, FORMAT, VERSION)
    get(obj, "key", str)
    return cast("dict[str, Any]", obj)


__all__ = [
    "FORMAT",
    "VERSION",
    "Progress",
    "SchemaError",
    "StaleProgress",
    "daily_key",
    "decode",
    "encode",
    "grid_key",
    "key_filename",
    "level_key",
    "pack_key",
]
