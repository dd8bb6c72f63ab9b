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
      "undos": 1, "mistakes": 1,          undos made; positions that could no longer be
      "backtracks": 0,                    finished; moves that took part of it back (Zip)
      "mistake_marks": [123456789],       the positions counted as mistakes (a crc32 of
                                          each), so an undo and redo counts one once
      "replay": true,                     a solved level played again (only when true)
      "revealed": true,                   the board is `S`'s solution, which undo takes
                                          back (only when true)
      "saved_at": "2026-11-21T18:30:00+01:00"
    }

Every kind saves this way (`core.play.PlayRules`): "grid" is the kind's
`level_json`, "board" its `state_to_json`, each undo/redo step its
`move_to_json`; a kind other than Queens adds ``"kind": "<name>"``. For
Queens a step is space-separated tokens ``<mark><row>,<col>`` (0-based), each
setting one cell: ``Q3,4`` queen, ``x3,4`` cross, ``.3,4`` empty.
Automatic crosses are derived from queens and never stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cache
from typing import Any, cast
from urllib.parse import quote, unquote

from queens_tui.core.history import History, Step
from queens_tui.core.play import JSONValue
from queens_tui.kinds import DEFAULT_KIND, daily_kinds, get_kind, get_play
from queens_tui.store.jsonfile import SchemaError, check_header, expect, get

FORMAT = "queens-tui/progress"
VERSION = 1

# --- level keys -------------------------------------------------------------------------------


def daily_key(day: date, kind: str = DEFAULT_KIND) -> str:
    """The key of a day's daily puzzle of `kind`, whatever file or seed it came from: its
    seed prefix and the day (``daily:2026-11-23`` for Queens, ``tango-daily:2026-11-23``)."""
    return f"{_daily_prefix(kind)}:{day.isoformat()}"


@cache
def _daily_prefixes() -> dict[str, str]:
    """Each daily kind by its keys' prefix (the stats screen parses thousands of keys)."""
    return {_daily_prefix(k): k for k in daily_kinds()}


def _daily_prefix(kind: str) -> str:
    spec = get_kind(kind).daily
    return spec.seed_prefix if spec is not None else f"{kind}-daily"


def parse_daily_key(key: str) -> tuple[str, date] | None:
    """(kind, day) of a key made by `daily_key`, else None (another kind of key, a bad date)."""
    head, sep, day = key.rpartition(":")
    if not sep:
        return None
    kind = _daily_prefixes().get(head)
    if kind is None:
        return None
    try:
        return kind, date.fromisoformat(day)
    except ValueError:
        return None


def linkedin_key(kind: str, number: int | str | None, day: date | str | None) -> str:
    """The key of LinkedIn's puzzle of `kind`: by its number (``linkedin:queens:806``), else by
    its date (``linkedin:queens:2026-07-15``). Apart from our own dailies' keys, so a LinkedIn
    day solved here is recorded as LinkedIn's and never counts in our daily streak."""
    which = (
        str(number)
        if number is not None
        else str(day.isoformat() if isinstance(day, date) else day)
    )
    return f"linkedin:{kind}:{which}"


def linkedin_level_key(level: Any) -> str | None:
    """`linkedin_key` of a level whose file says it is LinkedIn's (`source: linkedin`, with a
    number or a date), else None."""
    meta = getattr(level, "metadata", None)
    if not isinstance(meta, dict) or meta.get("source") != "linkedin":
        return None
    number, day = meta.get("number"), meta.get("date")
    if not (isinstance(number, str) and number.isascii() and number.isdigit()):
        number = None
    if number is None and not isinstance(day, str):
        return None
    return linkedin_key(level.kind, number, day)


def pack_key(level_id: str) -> str:
    """The key of a bundled level, by its id in the packs."""
    return f"pack:{level_id}"


def grid_key(level: Any) -> str:
    """A key from the puzzle alone (its kind's `fingerprint`), so the same puzzle resumes
    from any file: for Queens the region ids, whatever the letters, colours or format. A file
    that sets a position up (a lesson's board) is its own game: `@` and a hash of it."""
    from queens_tui.core.play import digest

    kind = get_kind(level.kind)
    key = f"{kind.save_prefix or kind.name}:{kind.play.fingerprint(level)}"
    position = getattr(level, "position", None)
    if position is not None:
        import json

        key += "@" + digest(json.dumps(position, sort_keys=True))
    return key


def level_key(level: Any, *, bundled_id: str | None = None, day: date | None = None) -> str:
    """The stable key for progress and stats: LinkedIn's number for LinkedIn's own puzzle
    (an archive day, however it was opened), else the daily date, else the bundled id, else
    the grid hash."""
    linkedin = linkedin_level_key(level)
    if linkedin is not None:
        return linkedin
    if day is not None:  # each kind has its own daily puzzle: "tango-daily:2026-11-23"
        return daily_key(day, getattr(level, "kind", DEFAULT_KIND))
    if bundled_id is not None:
        return pack_key(bundled_id)
    return grid_key(level)


def key_filename(key: str) -> str:
    """A file name for `key` that is safe on every OS and reversible (`filename_key`)."""
    name = quote(key, safe="-_.")
    if len(name) > 150 or name.startswith("."):
        import hashlib  # rare: not worth its import (OpenSSL) before the first frame

        name = "key-" + hashlib.sha256(key.encode("utf-8")).hexdigest()
    return name + ".json"


def filename_key(name: str) -> str | None:
    """The key encoded in a progress file name, or None for hashed or foreign names."""
    if not name.endswith(".json") or name.startswith((".", "key-")):
        return None
    return unquote(name[: -len(".json")])


# --- progress ---------------------------------------------------------------------------------


@dataclass
class Progress:
    """A level in progress: the history (position, undo, redo, move count) and the clock."""

    history: History[Any, Any]
    elapsed: float = 0.0
    """Seconds played so far (the app adds the time since it resumed)."""
    hints: int = 0
    """Hints used so far on this attempt."""
    helped: bool = False
    """True once the solver revealed or solved something on this attempt."""
    saved_at: str | None = field(default=None, compare=False)
    undos: int = 0
    """Undos made on this attempt."""
    mistakes: int = 0
    """Mistakes made on this attempt (each position that could no longer be finished once)."""
    backtracks: int = 0
    """Moves that took part of the position back (Zip's cuts of the path)."""
    mistake_marks: tuple[int, ...] = ()
    """The positions already counted as mistakes (`position_mark`), so undoing and redoing
    one never counts it again, in this session or after a restart."""
    replay: bool = False
    """A level already solved, played again: its first result stays as it was."""
    revealed: bool = False
    """The board is `S`'s solution (the last undo step): undo may take it back, after a
    restart as before it."""


TALLIES = ("undos", "mistakes", "backtracks")
"""The counters of an attempt saved beside hints (missing in older files: 0)."""
FLAGS = ("replay", "revealed")
"""The flags of an attempt, saved only when true (missing in older files: false)."""


class MoveCache:
    """Remembers the JSON of the moves of the last `encode`, so saving after a move
    encodes one new step, not the whole history.

    History keeps the same `Step` objects on its stacks, so a step seen at the
    last save is recognised by identity (the entry holds the step, so its id
    cannot be reused while it lives). Entries not used by the latest encode are
    dropped: memory stays proportional to one history.
    """

    def __init__(self) -> None:
        self._old: dict[int, tuple[Step[Any], JSONValue]] = {}
        self._new: dict[int, tuple[Step[Any], JSONValue]] = {}

    def get(self, step: Step[Any], forward: bool, encode: Any) -> JSONValue:
        """The JSON of `step.forward` (or `.backward`), from the cache when seen before."""
        k = id(step) * 2 + forward
        hit = self._old.get(k) or self._new.get(k)
        if hit is None or hit[0] is not step:
            hit = (step, encode(step.forward if forward else step.backward))
        self._new[k] = hit
        return hit[1]

    def finish(self) -> None:
        """End one encode: keep only the entries it used."""
        self._old, self._new = self._new, {}


DiffCache = MoveCache
"""The name before the play seam."""


def encode(
    key: str,
    progress: Progress,
    *,
    now: datetime | None = None,
    cache: MoveCache | None = None,
) -> dict[str, Any]:
    """The JSON object for `progress` (see the module docstring).

    Pass the same `cache` for successive saves of one game to encode each
    step once.
    """
    h = progress.history
    state = h.state
    level = state.level
    rules = get_play(level.kind)
    past, future, moves = h.timeline()
    to_json = rules.move_to_json
    if cache is not None:
        undo = [cache.get(step, False, to_json) for step in reversed(past)]
        redo = [cache.get(step, True, to_json) for step in reversed(future)]
        cache.finish()
    else:
        undo = [to_json(step.backward) for step in reversed(past)]
        redo = [to_json(step.forward) for step in reversed(future)]
    obj: dict[str, Any] = {"format": FORMAT, "version": VERSION, "key": key}
    if level.kind != DEFAULT_KIND:  # the first kind's saves predate the key: written as then
        obj["kind"] = level.kind
    obj.update(
        {
            "name": level.name,
            "grid": rules.level_json(level),
            "board": rules.state_to_json(state),
            "undo": undo,
            "redo": redo,
            "moves": moves,
            "elapsed": round(float(progress.elapsed), 3),
            "hints": int(progress.hints),
            "helped": bool(progress.helped),
            **{name: int(getattr(progress, name)) for name in TALLIES},
            "mistake_marks": list(progress.mistake_marks),
            "saved_at": (now or datetime.now().astimezone()).isoformat(timespec="seconds"),
        }
    )
    for flag in FLAGS:
        if getattr(progress, flag):
            obj[flag] = True
    return obj


class StaleProgress(Exception):
    """The file is fine but was saved for a different level under the same key."""


def saved_level_matches(obj: dict[str, Any], level: Any) -> bool:
    """True if the level saved in `obj` is `level` (for Queens: the same regions)."""
    return bool(get_play(level.kind).level_matches(level, obj.get("grid")))


def decode(obj: Any, key: str, level: Any) -> Progress:
    """Rebuild the `Progress` saved in `obj` for `level` (of any kind).

    Raises SchemaError if the object is malformed (the file is then set
    aside), StaleProgress if it is well formed but belongs to another level.
    """
    obj = check_header(obj, FORMAT, VERSION)
    expect(get(obj, "key", str) == key, "it was saved for another level key")
    expect(get(obj, "kind", str, DEFAULT_KIND) == level.kind, "it was saved for another kind")
    if not saved_level_matches(obj, level):
        raise StaleProgress(key)
    rules = get_play(level.kind)
    try:
        state = rules.state_from_json(level, obj.get("board"))
        undo = get(obj, "undo", list)
        redo = get(obj, "redo", list)
        past: list[Step[Any]] = []
        cur = state
        for value in undo:
            back = rules.move_from_json(level, value)
            prev = rules.apply(cur, back)
            past.append(Step(rules.diff(prev, cur), back))
            cur = prev
        past.reverse()
        future: list[Step[Any]] = []
        cur = state
        for value in redo:
            fwd = rules.move_from_json(level, value)
            nxt = rules.apply(cur, fwd)
            future.append(Step(fwd, rules.diff(nxt, cur)))
            cur = nxt
        future.reverse()
    except ValueError as err:
        raise SchemaError(str(err)) from None
    moves = get(obj, "moves", int, 0)
    elapsed = get(obj, "elapsed", (int, float), 0.0)
    hints = get(obj, "hints", int, 0)
    expect(moves >= 0 and hints >= 0 and 0 <= elapsed < 1e9, "negative or absurd counters")
    helped = get(obj, "helped", bool, False)
    saved_at = get(obj, "saved_at", str, None)
    tallies = {name: get(obj, name, int, 0) for name in TALLIES}
    expect(min(tallies.values()) >= 0, "negative counters")
    marks = get(obj, "mistake_marks", list, [])
    expect(all(type(m) is int for m in marks), "mistake marks should be numbers")
    flags = {flag: get(obj, flag, bool, False) for flag in FLAGS}
    history = History(rules, state, past, future, moves)
    return Progress(
        history,
        float(elapsed),
        hints,
        helped,
        saved_at,
        **tallies,
        mistake_marks=tuple(marks),
        **flags,
    )


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
    "parse_daily_key",
]
