"""Queens on the play seam: `PLAY` satisfies `core.play.PlayRules[Level, Board, Move]`.

The state is `board.Board` (queens and manual crosses; automatic crosses are
derived), a move is `board.Move` (set some cells to some marks). In a save a
move is one string of tokens `<mark><row>,<col>` (`"Q3,4 x1,2 .0,0"`: queen,
cross, empty; 0-based) and the board is N strings of `.`, `x` and `Q`: the
format saves had before the seam, so old saves still load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from queens_tui.core.grid import Cell
from queens_tui.core.play import (
    Hint,
    PlayBase,
    changes_text,
    digest,
    mark_rows,
    parse_changes,
    read_mark_rows,
)
from queens_tui.kinds.queens.board import CYCLE, Board, Mark, Move, diff
from queens_tui.kinds.queens.level import Level

if TYPE_CHECKING:
    from queens_tui.core.play import CancelFlag, Drag, JSONValue

_MARKS = {m.value: m for m in Mark}


def move_text(move: Move) -> str:
    """A move as save tokens: `"Q3,4 x1,2"`."""
    return changes_text((cell, mark.value) for cell, mark in move.changes)


def parse_move(level: Level, text: object) -> Move:
    """Read `move_text` back; `ValueError` on a malformed token or a cell off the board."""
    return Move(tuple(parse_changes(text, level.size, level.size, _MARKS)))


def board_rows(board: Board) -> list[str]:
    """The board as N strings of ".", "x" and "Q"."""
    return mark_rows(board.level.size, {"x": board.crosses, "Q": board.queens})


def rows_board(level: Level, rows: object) -> Board:
    """Read `board_rows` back; `ValueError` when it does not fit the level."""
    cells = read_mark_rows(rows, level.size, ".xQ")
    return Board(level, frozenset(cells["Q"]), frozenset(cells["x"]))


def level_grid(level: Level) -> list[str] | list[list[str]]:
    """Region labels as row strings, or lists of labels if some label is longer than one."""
    if all(len(label) == 1 for label in level.labels):
        return level.rows_text()
    return [list(row) for row in level.grid]


class QueensPlay(PlayBase[Level, Board, Move]):
    """The pure rules of play of Queens (see the module docstring)."""

    diff = staticmethod(diff)
    state_to_json = staticmethod(board_rows)
    state_from_json = staticmethod(rows_board)
    move_to_json = staticmethod(move_text)
    move_from_json = staticmethod(parse_move)
    level_json = staticmethod(level_grid)

    def new_state(self, level: Level) -> Board:
        """The empty board, or the position the level's file sets up (`Level.position`)."""
        if level.position is not None:
            return rows_board(level, level.position)
        return Board(level)

    def interpret(
        self, state: Board, action: str, cell: Cell, drag: Drag[Board] | None = None
    ) -> Move | None:
        """Keys: cycle, queen, cross, clear. Mouse: click cycles, right toggles a queen, a drag
        paints crosses on empty cells (or erases crosses, if it began on one)."""
        if state.is_solved:
            return None
        mark = state.mark(cell)
        if action in ("cycle", "click"):
            new = CYCLE[mark]
        elif action in ("queen", "right"):
            new = Mark.EMPTY if mark is Mark.QUEEN else Mark.QUEEN
        elif action == "cross":
            new = Mark.EMPTY if mark is Mark.CROSS else Mark.CROSS
        elif action == "clear":
            new = Mark.EMPTY
        elif action == "drag" and drag is not None:
            erase = drag.start.mark(drag.origin) is Mark.CROSS
            if erase and mark is Mark.CROSS:
                new = Mark.EMPTY
            elif not erase and mark is Mark.EMPTY:
                new = Mark.CROSS
            else:
                return None
        else:
            return None
        return None if new is mark else Move.set(cell, new)

    def is_blank(self, state: Board) -> bool:
        return not state.queens and not state.crosses

    def pieces(self, state: Board) -> frozenset[Cell]:
        return state.queens

    def progress_text(self, state: Board, ascii: bool) -> str:
        """ "3 of 8 queens": in words, the same with `--ascii`."""
        return f"{len(state.queens)} of {state.level.size} queens"

    def hint(self, state: Board, cancel: CancelFlag | None = None) -> Hint[Move] | None:
        """The simplest rule of `deduce` that applies, as a hint (None: no rule applies);
        `search.Cancelled` once `cancel` is set."""
        from queens_tui.kinds.queens.deduce import next_step

        step = next_step(state, cancel)
        if step is None:
            return None
        return step_hint(step)

    def level_matches(self, level: Level, value: JSONValue) -> bool:
        """Same regions (labels may differ)."""
        if not isinstance(value, list) or not all(isinstance(row, (str, list)) for row in value):
            return False
        try:
            saved = Level.from_rows(value)
        except (ValueError, TypeError):
            return False
        return saved.region_ids == level.region_ids

    def fingerprint(self, level: Level) -> str:
        """A hash of the region ids (numbered in reading order), not the labels: a copy with
        other letters, colours, name or file format is the same puzzle."""
        return digest("\n".join(" ".join(str(i) for i in row) for row in level.region_ids))


def step_hint(step: Any) -> Hint[Move]:
    """A `deduce.Step` as a hint: evidence in yellow, queens to place, cells to cross."""
    marks: dict[Cell, str] = dict.fromkeys(step.cells, "evidence")
    marks.update(dict.fromkeys(step.cross, "cross"))
    marks.update(dict.fromkeys(step.place, "place"))
    return Hint(step.text, marks, step.move(), step.rule, helped=step.rule == "solver")


def mistake_hint(mistake: Any) -> Hint[Move]:
    """A `deduce.Mistake` as a hint whose move takes the wrong marks away."""
    cells = tuple(mistake.cells)
    move = Move(tuple((cell, Mark.EMPTY) for cell in cells)) if cells else None
    marks = dict.fromkeys(getattr(mistake, "emptied", ()), "evidence")  # the line left empty
    marks.update(dict.fromkeys(cells, "mistake"))
    return Hint(mistake.text, marks, move, mistake.rule, mistake=True)


PLAY = QueensPlay()
"""The Queens kind's rules of play (`kinds.get_play("queens")`)."""
