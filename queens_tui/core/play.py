"""The play seam: what the shared game machinery asks of a puzzle kind while it is played.

`core.kind.Kind` is the batch interface (solve, check, explain, grade). This
module is its interactive twin, after Simon Tatham's puzzle collection: each
kind is one object of pure functions (`PlayRules`), and the shared "midend"
(the app's `Game`, `core.history.History`, the assistant, the worker, the
store) owns undo/redo, the clock, saving, hints and the win once for every
kind. A kind provides three things, one per layer:

- `kinds/<kind>/play.py`: `PLAY`, satisfying `PlayRules` (no Textual, no OR-Tools).
  A position is an immutable *state*; a *move* is a small hashable value that
  `apply` turns into the next state. History keeps moves (diffs), never
  whole boards, and saves them through `move_to_json`.
- `solver/<kind>.py`: `PLAY`, satisfying `PlaySolver`: the worker's questions
  (can this still be finished? which marks are wrong? reveal one step, solve),
  each time-limited and cancellable, by CP-SAT or the kind's pure search.
- `app/kinds/<kind>.py`: `UI`, an `app.kinds.KindUI` (board widget, keys, help).

Cells are `(row, col)`, 0-based. Marks for highlighting are role names the
kind's widget knows how to draw (`"evidence"`, `"place"`, `"mistake"`, ...).
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar, cast, runtime_checkable

from queens_tui.core.grid import Cell

JSONValue = Any
"""Anything `json.dumps` writes: str, int, float, bool, None, lists and dicts of them."""

LevelT = TypeVar("LevelT", contravariant=True)
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class Drag(Generic[StateT]):
    """An open mouse drag: where it started and the position it started from.

    `interpret` reads it for "drag" input, e.g. Queens paints crosses when the
    drag began on a cell without one and erases them when it began on a cross;
    Zip extends its path from the cell the drag began on.
    """

    origin: Cell
    start: StateT


@dataclass(frozen=True)
class Hint(Generic[MoveT]):
    """One explained step (or what is wrong), for the message line and the board.

    `marks` tints cells by role (the kind's widget draws each role); `move`
    is what a second `h` applies (None: nothing to apply). `helped` makes the
    game count as solved with help when applied (the solver, not a rule, found
    it). `mistake` says this is about marks to take back, not a step forward.
    """

    text: str
    marks: Mapping[Cell, str] = field(default_factory=dict)
    move: MoveT | None = None
    rule: str = ""
    helped: bool = False
    mistake: bool = False


class PlayRules(Protocol[LevelT, StateT, MoveT]):
    """A kind's pure rules of play. One instance per kind: `kinds/<kind>/play.py` `PLAY`.

    Optional, read with `getattr` by the midend where a kind has them: `backtracked(before,
    after)` (a move took part of the position back: Zip's cuts), `replay_actions` (intents
    that on a solved board start a replay: classic's browsing) and `remark(before, after,
    options)` (words about a move the board will not show: Mini Sudoku's hidden note).
    """

    def dims(self, level: LevelT) -> tuple[int, int]:
        """(rows, columns) the cursor moves over."""
        ...

    def new_state(self, level: LevelT) -> StateT:
        """The starting position (givens included)."""
        ...

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The position after `move`: the *same object* when nothing changes.

        Raises `ValueError` for a move that does not fit the level (a cell off
        the board): saves are decoded through this.
        """
        ...

    def diff(self, a: StateT, b: StateT) -> MoveT:
        """A move that turns `a` into `b` (`apply(a, diff(a, b)) == b`): undo and redo steps."""
        ...

    def interpret(
        self, state: StateT, action: str, cell: Cell, drag: Drag[StateT] | None = None
    ) -> MoveT | None:
        """What a key or mouse input means on `cell`, as a move; None: nothing to do.

        `action` is an intent name from the kind's key map (`"cycle"`,
        `"queen"`, ...) or a mouse input: `"click"`, `"right"`, `"drag"`
        (then `drag` is set).
        """
        ...

    def is_solved(self, state: StateT) -> bool:
        """True once the position is a solution."""
        ...

    def is_blank(self, state: StateT) -> bool:
        """True when the player has put nothing on the board (nothing to save)."""
        ...

    def pieces(self, state: StateT) -> Collection[Cell]:
        """The cells of the pieces on the board that the share line may name by their colour
        (Queens' queens: "First 👑s: 🟩 🟦 ⬜"); empty for a kind whose share line names none."""
        ...

    def progress_text(self, state: StateT, ascii: bool) -> str:
        """The kind's status segment: `"♛ 3/8"`."""
        ...

    def hint(self, state: StateT, cancel: CancelFlag | None = None) -> Hint[MoveT] | None:
        """The simplest step the kind's rules of reasoning find, or None.

        Pure; assumes the position can still be finished (the worker checks
        that first). None when no rule applies: the worker then asks the
        solver to reveal a step. On a big board the rules can take long: a kind
        whose rules search polls `cancel` (the worker hands it a `Deadline`
        that a newer request, leaving the level or quitting also sets) and
        raises `Cancelled` once it is set.
        """
        ...

    def state_to_json(self, state: StateT) -> JSONValue:
        """The position for a save file."""
        ...

    def state_from_json(self, level: LevelT, value: JSONValue) -> StateT:
        """Read `state_to_json` back; `ValueError` when it does not fit `level`."""
        ...

    def move_to_json(self, move: MoveT) -> JSONValue:
        """A move for a save file (keep it short: saves hold thousands)."""
        ...

    def move_from_json(self, level: LevelT, value: JSONValue) -> MoveT:
        """Read `move_to_json` back; `ValueError` when it is malformed or off the board."""
        ...

    def level_json(self, level: LevelT) -> JSONValue:
        """What a save records of the level, to notice a changed level under the same key."""
        ...

    def level_matches(self, level: LevelT, value: JSONValue) -> bool:
        """True when `value` (a saved `level_json`) describes `level`."""
        ...

    def fingerprint(self, level: LevelT) -> str:
        """A short stable hash of the puzzle itself (not its name or file): the save key
        of a level that has no bundled id and no date."""
        ...


L = TypeVar("L")
S = TypeVar("S")
M = TypeVar("M")


class PlayBase(Generic[L, S, M]):
    """Defaults for a kind's `PlayRules` class: subclass it and override what differs.

    They assume what most kinds' positions offer: a square level with a
    `size`, an immutable state with `apply(move)`, `is_solved` and
    `is_blank`, and a `level_json` that says everything about the puzzle
    (so a save matches a level when it is equal, and the fingerprint hashes it).
    """

    def dims(self, level: L) -> tuple[int, int]:
        size: int = cast(Any, level).size
        return size, size

    def apply(self, state: S, move: M) -> S:
        return cast(S, cast(Any, state).apply(move))

    def is_solved(self, state: S) -> bool:
        return bool(cast(Any, state).is_solved)

    def is_blank(self, state: S) -> bool:
        return bool(cast(Any, state).is_blank)

    def pieces(self, state: S) -> Collection[Cell]:
        return ()

    def level_json(self, level: L) -> JSONValue:
        raise NotImplementedError

    def level_matches(self, level: L, value: JSONValue) -> bool:
        return bool(value == self.level_json(level))

    def fingerprint(self, level: L) -> str:
        """A hash of `level_json` (the puzzle, not its name or file format)."""
        import json

        return digest(json.dumps(self.level_json(level), sort_keys=True))


class CancelFlag(Protocol):
    """Anything with `is_set()`: `threading.Event`, `solver.CancelToken`, a deadline."""

    def is_set(self) -> bool: ...


class Cancelled(Exception):
    """A pure search or deduction stopped because its cancel flag (or `Deadline`) was set.

    Kinds raise it (or a subclass) from `PlayRules.hint`; the worker tells a
    time-out (say so) from a cancel (say nothing: a newer request took over).
    """


class Verdict(str, Enum):
    """Can the position still be finished? (The value is the status line's word.)"""

    CAN_FINISH = "on track"
    CANNOT_FINISH = "mistake"
    UNKNOWN = "check timed out"
    """The time limit ran out (or the call was cancelled)."""


class PlaySolver(Protocol[StateT, MoveT]):
    """A kind's answers for the game's background worker: `solver/<kind>.py` `PLAY`.

    Every call runs in a worker thread, on an immutable state, and must
    return within `time_limit` seconds or soon after `cancel` is set
    (`solver.CancelToken.cancel()` stops a running CP-SAT search at once).
    `engine` is `"cpsat"` or `"search"` (the kind's pure search).
    """

    def check(
        self, state: StateT, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Verdict:
        """Can the position still be finished?"""
        ...

    def mistake(
        self, state: StateT, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[MoveT] | None:
        """Which marks make it impossible (`mistake=True`, `move` takes them back); None if
        it can still be finished."""
        ...

    def reveal(
        self, state: StateT, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[MoveT] | None:
        """One step taken from a solution (`helped=True`), when no rule applies."""
        ...

    def solve(
        self, state: StateT, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> StateT | None:
        """A solved position as close to `state` as possible; None: the level has no solution."""
        ...


@runtime_checkable
class QuickCheck(Protocol):
    """A kind's solver that can often answer "can this still be finished?" at once.

    Optional beside `PlaySolver`: the game asks `quick_check` in the UI thread
    right after a move, before any worker thread starts, and shows the verdict
    in the same frame as the move. It must be exact and take microseconds: it
    answers only from what is certain (a broken rule; solutions the worker's
    solver already found for this level) and returns None otherwise, and then
    the worker's `check` decides.
    """

    def quick_check(self, state: Any) -> Verdict | None:
        """CAN_FINISH or CANNOT_FINISH when certain without solving, else None."""
        ...


class Deadline:
    """A cancel flag that is also set once `seconds` have passed (for pure searches)."""

    __slots__ = ("cancel", "end")

    def __init__(self, seconds: float, cancel: CancelFlag | None = None) -> None:
        import time

        self.end = time.monotonic() + seconds
        self.cancel = cancel

    def is_set(self) -> bool:
        import time

        if self.cancel is not None and self.cancel.is_set():
            return True
        return time.monotonic() >= self.end


NEVER = threading.Event()
"""A cancel flag nobody sets (calls outside the worker)."""


# --- save codecs: what the kinds' `*_to_json` / `*_from_json` share --------------------------

ValueT = TypeVar("ValueT")


def parse_cell(token: str, rows: int, cols: int) -> Cell:
    """`"r,c"` (0-based) to a cell; `ValueError` when malformed or off a rows x cols grid."""
    r, sep, c = token.partition(",")
    if sep != "," or not r.isdigit() or not c.isdigit() or len(r) > 3 or len(c) > 3:
        raise ValueError(f"bad cell {token!r}")
    if int(r) >= rows or int(c) >= cols:
        raise ValueError(f"cell {token!r} is off the board")
    return int(r), int(c)


def changes_text(changes: Iterable[tuple[Cell, str]]) -> str:
    """Cell changes as a save's history step: tokens `<symbol><row>,<col>` (`"Q3,4 x1,2"`)."""
    return " ".join(f"{symbol}{r},{c}" for (r, c), symbol in changes)


def parse_changes(
    text: object, rows: int, cols: int, symbols: Mapping[str, ValueT]
) -> list[tuple[Cell, ValueT]]:
    """Read `changes_text` back (`symbols`: one character -> the kind's value);
    `ValueError` on a malformed token or a cell off the board."""
    if not isinstance(text, str):
        raise ValueError("a history step should be a string")
    changes: list[tuple[Cell, ValueT]] = []
    for token in text.split():
        if token[0] not in symbols:
            raise ValueError(f"bad history step {token!r}")
        changes.append((parse_cell(token[1:], rows, cols), symbols[token[0]]))
    return changes


def mark_rows(size: int, marks: Mapping[str, Iterable[Cell]], blank: str = ".") -> list[str]:
    """A size x size position as row strings: each cell the symbol whose cells hold it."""
    grid = [[blank] * size for _ in range(size)]
    for symbol, cells in marks.items():
        for r, c in cells:
            grid[r][c] = symbol
    return ["".join(row) for row in grid]


def read_mark_rows(value: object, size: int, symbols: str) -> dict[str, set[Cell]]:
    """Read `mark_rows` back: the cells of each symbol of `symbols` (the blank included);
    `ValueError` when it is not `size` rows of `size` of those symbols."""
    if not (isinstance(value, list) and len(value) == size):
        raise ValueError(f"'board' should be {size} rows")
    cells: dict[str, set[Cell]] = {s: set() for s in symbols}
    for r, row in enumerate(value):
        if not (isinstance(row, str) and len(row) == size and set(row) <= cells.keys()):
            shown = ", ".join(repr(s) for s in symbols)
            raise ValueError(f"board row {r + 1} should be {size} of {shown}")
        for c, ch in enumerate(row):
            cells[ch].add((r, c))
    return cells


def read_value_rows(
    value: object, size: int, symbols: Mapping[str, ValueT], kind: str, symbols_text: str
) -> list[tuple[ValueT, ...]]:
    """A saved grid position: `size` strings of `size` characters of `symbols` (one character
    -> the kind's value), as rows of values; `ValueError` naming the `kind` ("a Tango
    position is 6 rows") or the row ("row 2 should be 6 of <symbols_text>")."""
    if not (isinstance(value, list) and len(value) == size):
        raise ValueError(f"a {kind} position is {size} rows")
    rows: list[tuple[ValueT, ...]] = []
    for r, row in enumerate(value):
        if not (isinstance(row, str) and len(row) == size and set(row) <= symbols.keys()):
            raise ValueError(f"row {r + 1} should be {size} of {symbols_text}")
        rows.append(tuple(symbols[ch] for ch in row))
    return rows


def digest(canon: str) -> str:
    """A level's fingerprint from its canonical text: 24 hex digits of SHA-256."""
    import hashlib

    return hashlib.sha256(canon.encode("ascii")).hexdigest()[:24]


__all__ = [
    "NEVER",
    "CancelFlag",
    "Cancelled",
    "Deadline",
    "Drag",
    "Hint",
    "JSONValue",
    "PlayBase",
    "PlayRules",
    "PlaySolver",
    "QuickCheck",
    "Verdict",
    "changes_text",
    "digest",
    "mark_rows",
    "parse_cell",
    "parse_changes",
    "read_mark_rows",
    "read_value_rows",
]
