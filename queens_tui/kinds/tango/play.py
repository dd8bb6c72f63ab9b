"""Tango on the play seam: `PLAY` satisfies `core.play.PlayRules[Level, Board, Move]`.

The state is `board.Board` (every cell's value, givens included), a move is
`board.Move`. Inputs: `cycle` (click or `space`: empty -> sun -> moon ->
empty), `sun`, `moon`, `clear`; a right click cycles backwards. In a save a
move is one string of tokens `<value><row>,<col>` (`"13,4 02,2 .0,0"`: sun,
moon, empty; 0-based) and the position is N strings of `1`, `0`, `.`.

Hints come from `deduce`: the cells a rule reads are tinted `evidence`, the
cells it fills `place-sun` / `place-moon` (the widget previews the symbol).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from queens_tui.core.grid import Cell
from queens_tui.core.play import Hint, PlayBase, changes_text, parse_changes
from queens_tui.kinds.tango.board import CYCLE, Board, Move, Value, diff
from queens_tui.kinds.tango.level import MOON, SUN, Level

if TYPE_CHECKING:
    from queens_tui.core.play import CancelFlag, Drag, JSONValue
    from queens_tui.kinds.tango.deduce import Step

_VALUES: dict[str, Value] = {"1": SUN, "0": MOON, ".": None}
_BACK: dict[Value, Value] = {v: k for k, v in CYCLE.items()}
PLACE_ROLE = {SUN: "place-sun", MOON: "place-moon"}
"""Hint roles of the cells a step fills, by symbol."""


def move_text(move: Move) -> str:
    """A move as save tokens: `"13,4 02,2 .0,0"`."""
    return changes_text((cell, "." if v is None else str(v)) for cell, v in move.changes)


def parse_move(level: Level, text: object) -> Move:
    """Read `move_text` back; `ValueError` on a malformed token or a cell off the grid."""
    return Move(tuple(parse_changes(text, level.size, level.size, _VALUES)))


def step_hint(step: Step) -> Hint[Move]:
    """A `deduce.Step` as a hint: evidence tinted, the cells it fills previewed."""
    marks: dict[Cell, str] = dict.fromkeys(step.cells, "evidence")
    for r, c, v in step.place:
        marks[(r, c)] = PLACE_ROLE[v]
    move = Move(tuple(((r, c), v) for r, c, v in step.place))
    return Hint(step.text, marks, move, step.rule, helped=step.rule == "solver")


def level_json(level: Level) -> dict[str, object]:
    """The puzzle itself (givens and signs), as the JSON format writes it."""
    return {
        "grid": level.rows_text(),
        "equal": [[list(a), list(b)] for a, b in level.equal],
        "opposite": [[list(a), list(b)] for a, b in level.opposite],
    }


class TangoPlay(PlayBase[Level, Board, Move]):
    """The pure rules of play of Tango (see the module docstring); the save matches and
    the fingerprint (a hash of the givens and signs) are `PlayBase`'s."""

    diff = staticmethod(diff)
    move_to_json = staticmethod(move_text)
    move_from_json = staticmethod(parse_move)
    level_json = staticmethod(level_json)

    def new_state(self, level: Level) -> Board:
        return Board.new(level)

    def interpret(
        self, state: Board, action: str, cell: Cell, drag: Drag[Board] | None = None
    ) -> Move | None:
        """Keys: cycle, sun, moon, clear. Mouse: a click cycles, a right click cycles back."""
        if state.is_solved or state.is_given(cell):
            return None
        now = state.value(cell)
        new: Value
        if action in ("cycle", "click"):
            new = CYCLE[now]
        elif action == "right":
            new = _BACK[now]
        elif action == "sun":
            new = None if now == SUN else SUN
        elif action == "moon":
            new = None if now == MOON else MOON
        elif action == "clear":
            new = None
        else:
            return None
        return None if new == now else Move.set(cell, new)

    def progress_text(self, state: Board, ascii: bool) -> str:
        """ "12 of 36 filled"."""
        n = state.level.size
        return f"{state.filled} of {n * n} filled"

    def hint(self, state: Board, cancel: CancelFlag | None = None) -> Hint[Move] | None:
        """The simplest rule of `deduce` that applies, as a hint (None: no rule applies).
        Tango's rules are quick on every size it has (6x6 to 14x14): `cancel` is not polled.
        The deduction (and the search it probes with) is imported on the first hint: the first
        frame does not draw it (docs/performance.md, start-up)."""
        from queens_tui.kinds.tango.deduce import next_step

        step = next_step(state.level, state.cells)
        return None if step is None else step_hint(step)

    def state_to_json(self, state: Board) -> JSONValue:
        return state.rows_text()

    def state_from_json(self, level: Level, value: JSONValue) -> Board:
        return Board.from_rows(level, value)


PLAY = TangoPlay()
"""The Tango kind's rules of play (`kinds.get_play("tango")`)."""
