"""Mini Sudoku on the play seam: `PLAY` satisfies `core.play.PlayRules[Level, Board, Move]`.

The state is `board.Board` (digits, givens included, notes and the notes
mode), a move is `board.Move`. Inputs (intents from the key map): `1`..`6`
write that digit, or in notes mode toggle it in the cell's notes; `clear`
(backspace) empties the cell (its digit, else its notes); `notes` switches
notes mode. Mouse: a click only selects (the screen moves the cursor), a right
click clears. Givens never change.

Placing a digit does not erase the notes of its row, column and box in the
position: the board hides every note a placed digit rules out while the
`auto_notes` display option is on (the default, like Queens' automatic
crosses), so switching it off shows them again and undo has nothing extra
to restore.

In a save a move is an object of up to three keys: `"set"` (tokens
`<digit or .><row>,<col>`), `"notes"` (tokens `<row>,<col>=<digits>`) and
`"mode"` (true or false); a position is `{"grid": six rows, "notes": {...},
"mode": bool}`.

Hints come from `deduce.next_steps`: the steps up to the next digit the
rules place; the cells they read are tinted `evidence`, the cell to fill
`place-<digit>` (the widget previews the digit).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from queens_tui.core.grid import Cell, cell_name
from queens_tui.core.play import (
    Hint,
    PlayBase,
    changes_text,
    parse_cell,
    parse_changes,
    read_value_rows,
)
from queens_tui.kinds.sudoku.board import NOTES_ALL, Board, Move, Value, diff
from queens_tui.kinds.sudoku.level import SIZE, Level
from queens_tui.kinds.sudoku.rules import peers

if TYPE_CHECKING:
    from queens_tui.core.play import CancelFlag, Drag, JSONValue
    from queens_tui.kinds.sudoku.deduce import Step

_VALUES: dict[str, Value] = {".": None, **{str(d): d for d in range(1, SIZE + 1)}}
DIGIT_ACTIONS = tuple(str(d) for d in range(1, SIZE + 1))


def place_role(digit: int) -> str:
    """The hint role of a cell a step fills with `digit` (the widget previews it)."""
    return f"place-{digit}"


def mask_text(mask: int) -> str:
    """A notes mask as its digits: 0b101 -> "13"."""
    return "".join(str(d) for d in range(1, SIZE + 1) if mask >> (d - 1) & 1)


def parse_mask(text: str) -> int:
    """Read `mask_text` back; `ValueError` on anything but digits 1-6."""
    mask = 0
    for ch in text:
        if ch not in DIGIT_ACTIONS:
            raise ValueError(f"bad note digit {ch!r}")
        mask |= 1 << (int(ch) - 1)
    return mask


def move_json(move: Move) -> dict[str, Any]:
    """A move for a save (see the module docstring)."""
    out: dict[str, Any] = {}
    if move.changes:
        out["set"] = changes_text((cell, "." if v is None else str(v)) for cell, v in move.changes)
    if move.notes:
        out["notes"] = " ".join(f"{r},{c}={mask_text(m)}" for (r, c), m in move.notes)
    if move.mode is not None:
        out["mode"] = move.mode
    return out


def parse_notes(text: object) -> tuple[tuple[Cell, int], ...]:
    """Read the `"notes"` tokens of a saved move; `ValueError` when malformed."""
    if not isinstance(text, str):
        raise ValueError("notes should be a string")
    out = []
    for token in text.split():
        where, sep, digits = token.partition("=")
        if not sep:
            raise ValueError(f"bad notes token {token!r}")
        out.append((parse_cell(where, SIZE, SIZE), parse_mask(digits)))
    return tuple(out)


def parse_move(value: object) -> Move:
    """Read `move_json` back; `ValueError` on anything malformed or off the grid."""
    if not isinstance(value, dict) or not set(value) <= {"set", "notes", "mode"}:
        raise ValueError("a Mini Sudoku move is an object with set, notes, mode")
    changes = tuple(parse_changes(value.get("set", ""), SIZE, SIZE, _VALUES))
    notes = parse_notes(value.get("notes", ""))
    mode = value.get("mode")
    if mode is not None and not isinstance(mode, bool):
        raise ValueError("mode should be true or false")
    return Move(changes, notes, mode)


def steps_hint(steps: list[Step]) -> Hint[Move]:
    """The steps up to a placement as one hint: their sentences, the placement's evidence
    tinted and its cell previewed; a second `h` places the digit."""
    last = steps[-1]
    marks: dict[Cell, str] = {}
    for step in steps:
        for cell in step.cells:
            marks.setdefault(cell, "evidence")
    for r, c, d in last.place:
        marks[(r, c)] = place_role(d)
    move = Move(tuple(((r, c), d) for r, c, d in last.place))
    text = " Then ".join([steps[0].text, *(s.text[:1].lower() + s.text[1:] for s in steps[1:])])
    rule = max(steps, key=lambda s: s.tier).rule
    return Hint(text, marks, move, rule, helped=last.rule == "solver")


def level_json(level: Level) -> dict[str, object]:
    """The puzzle itself (its givens), as the JSON format writes them."""
    return {"grid": level.rows_text()}


class SudokuPlay(PlayBase[Level, Board, Move]):
    """The pure rules of play of Mini Sudoku (see the module docstring); the save matches
    and the fingerprint (a hash of the givens) are `PlayBase`'s."""

    diff = staticmethod(diff)
    move_to_json = staticmethod(move_json)
    level_json = staticmethod(level_json)

    def dims(self, level: Level) -> tuple[int, int]:
        return SIZE, SIZE

    def new_state(self, level: Level) -> Board:
        return Board.new(level)

    def interpret(
        self, state: Board, action: str, cell: Cell, drag: Drag[Board] | None = None
    ) -> Move | None:
        """Keys: `1`-`6`, `clear`, `notes`. Mouse: a right click clears; a click selects."""
        if state.is_solved:
            return None
        if action == "notes":
            return Move(mode=not state.notes_mode)
        if state.is_given(cell):
            return None
        now = state.value(cell)
        if action in DIGIT_ACTIONS:
            d = int(action)
            if state.notes_mode:
                if now is not None:
                    return None
                return Move(notes=((cell, state.note(cell) ^ (1 << (d - 1))),))
            return None if now == d else Move.set(cell, d)
        if action in ("clear", "right"):
            if now is not None:
                return Move.set(cell, None)
            return Move(notes=((cell, 0),)) if state.note(cell) else None
        return None

    def remark(self, before: Board, after: Board, options: Mapping[str, bool]) -> str:
        """What the board will not show of a move, in words (the midend says it): a note
        typed for a digit its row, column or box already holds is kept, but auto-notes hide
        it at once; "" otherwise."""
        if not options.get("auto_notes", True):
            return ""
        for i, (old, new) in enumerate(zip(before.notes, after.notes, strict=True)):
            cell = divmod(i, SIZE)
            for d in range(1, SIZE + 1):
                if new >> (d - 1) & 1 and not old >> (d - 1) & 1:
                    holder = next((p for p in sorted(peers(cell)) if after.value(p) == d), None)
                    if holder is not None:
                        where = (
                            "row" if holder[0] == cell[0] else
                            "column" if holder[1] == cell[1] else "box"
                        )  # fmt: skip
                        return (
                            f"The note {d} is kept but not shown: its {where} already has a {d}, "
                            f"at {cell_name(holder)}, and auto-notes hide the notes a digit "
                            "rules out ({key:auto} turns them off)."
                        )
        return ""

    def progress_text(self, state: Board, ascii: bool) -> str:
        """`"14 of 36 filled"`, and a notes mark while the keys write notes."""
        text = f"{state.filled} of {SIZE * SIZE} filled"
        if state.notes_mode:
            text += " [notes]" if ascii else " ✎ notes"
        return text

    def hint(self, state: Board, cancel: CancelFlag | None = None) -> Hint[Move] | None:
        """The rules' steps to the next digit, as a hint (None: no rule places one). Milliseconds
        on a real level; probing polls `cancel` (`Cancelled` once it is set). The deduction
        (and the search it probes with) is imported on the first hint: the first frame does
        not draw it (docs/performance.md, start-up)."""
        from queens_tui.kinds.sudoku.deduce import next_steps

        steps = next_steps(state.cells, cancel)
        return steps_hint(steps) if steps else None

    def state_to_json(self, state: Board) -> JSONValue:
        notes = {f"{i // SIZE},{i % SIZE}": mask_text(m) for i, m in enumerate(state.notes) if m}
        return {"grid": state.rows_text(), "notes": notes, "mode": state.notes_mode}

    def state_from_json(self, level: Level, value: JSONValue) -> Board:
        if not isinstance(value, dict):
            raise ValueError("a Mini Sudoku position is an object with grid, notes, mode")
        cells = read_value_rows(value.get("grid"), SIZE, _VALUES, "Mini Sudoku", "1-6 and .")
        for (r, c), v in level.given_cells.items():
            if cells[r][c] != v:
                raise ValueError(f"row {r + 1}, column {c + 1} is given as {v}")
        raw_notes = value.get("notes", {})
        if not isinstance(raw_notes, dict):
            raise ValueError("notes should be an object")
        notes = [0] * (SIZE * SIZE)
        for key, digits in raw_notes.items():
            r, c = parse_cell(key, SIZE, SIZE)
            if not isinstance(digits, str):
                raise ValueError("notes should be strings of digits")
            notes[r * SIZE + c] = parse_mask(digits) & NOTES_ALL
        mode = value.get("mode", False)
        if not isinstance(mode, bool):
            raise ValueError("mode should be true or false")
        return Board(level, tuple(cells), tuple(notes), mode)

    def move_from_json(self, level: Level, value: JSONValue) -> Move:
        return parse_move(value)


PLAY = SudokuPlay()
"""The Mini Sudoku kind's rules of play (`kinds.get_play("sudoku")`)."""
