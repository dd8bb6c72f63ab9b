"""Zip on the play seam: `PLAY` satisfies `core.play.PlayRules[ZipLevel, ZipState, ZipMove]`.

The state is the path drawn so far, always a legal start of a solution: it
begins on 1, steps to open neighbours, revisits nothing and meets the numbers
in order (a step that would break a rule is simply not taken, as on LinkedIn).
A move is "keep the first `keep` cells, then add these": undo and redo store
only that. Input, LinkedIn's way:

- an arrow extends the path from its end; an arrow back onto the path cuts it
  there (one step back is a backtrack);
- a click (or `enter`) on a path cell cuts the path there, so the path can go
  on from any number on it; on a free cell next to the end, it extends;
- a drag draws through the cells it passes and backtracks over the path.

In a save, a move is `"<keep>:r,c r,c ..."` and the state the path as `"r,c r,c ..."`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from queens_tui.core.grid import Cell
from queens_tui.core.play import (
    CancelFlag,
    Cancelled,
    Drag,
    Hint,
    JSONValue,
    digest,
    parse_cell,
)
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.kinds.zip.rules import Path, prefix_problem

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


SOLVER_WHY = "No rule I know settles the next step here; the solver shows it."
"""What a hint says when the rules do not reach the next link (rule `solver`)."""


@dataclass(frozen=True)
class ZipState:
    """A position: the level and the path drawn from 1 (at least the cell of 1)."""

    level: ZipLevel
    path: Path

    @property
    def end(self) -> Cell:
        return self.path[-1]

    @property
    def solved(self) -> bool:
        return len(self.path) == self.level.area and prefix_problem(self.level, self.path) is None

    def reached(self) -> int:
        """How many numbers the path has met."""
        return sum(1 for cell in self.path if self.level.number_at(cell))


@dataclass(frozen=True)
class ZipMove:
    """Keep the first `keep` cells of the path, then add `add`."""

    keep: int
    add: tuple[Cell, ...] = ()


def _can_step(state: ZipState, cell: Cell) -> bool:
    """Can the path go on from its end to `cell` (free, open, the right number)?"""
    level = state.level
    r, c = cell
    if not (0 <= r < level.rows and 0 <= c < level.cols) or cell in state.path:
        return False
    if not level.open_between(state.end, cell):
        return False
    n = level.number_at(cell)
    if n:
        if n != state.reached() + 1:
            return False
        if n == level.last and len(state.path) + 1 != level.area:
            return False
    return True


class ZipPlay:
    """The pure rules of play of Zip (see the module docstring)."""

    """LinkedIn's share mark of a solve with backtracks: `Zip #114 | 3:06 with 18 backtracks 🛑`."""

    def backtracked(self, before: ZipState, after: ZipState) -> bool:
        """Did this move take cells of the path back (a cut, a step back, `backspace`)?
        LinkedIn counts these as backtracks: a flawless Zip has none."""
        return after.path[: len(before.path)] != before.path

    def dims(self, level: ZipLevel) -> tuple[int, int]:
        return level.rows, level.cols

    def new_state(self, level: ZipLevel) -> ZipState:
        """The path at 1, or the path the level's file sets up (`ZipLevel.position`)."""
        if level.position is not None:
            return self.state_from_json(level, level.position)
        return ZipState(level, (level.number_cells[0],))

    def apply(self, state: ZipState, move: ZipMove) -> ZipState:
        if not 1 <= move.keep <= len(state.path):
            raise ValueError(f"a move keeps 1 to {len(state.path)} cells, not {move.keep}")
        if move.keep == len(state.path) and not move.add:
            return state
        path = state.path[: move.keep] + tuple(move.add)
        problem = prefix_problem(state.level, path)
        if problem is not None:
            raise ValueError(problem)
        return ZipState(state.level, path)

    def diff(self, a: ZipState, b: ZipState) -> ZipMove:
        k = 0
        for x, y in zip(a.path, b.path, strict=False):
            if x != y:
                break
            k += 1
        k = max(k, 1)
        return ZipMove(k, b.path[k:])

    def _toward(self, state: ZipState, cell: Cell) -> ZipMove | None:
        """The move a step onto `cell` makes: cut there if it is on the path, else extend."""
        if cell in state.path:
            k = state.path.index(cell) + 1
            return None if k == len(state.path) else ZipMove(k)
        if _can_step(state, cell):
            return ZipMove(len(state.path), (cell,))
        # a drag that skipped cells: a straight free run from the end
        er, ec = state.end
        r, c = cell
        if (er == r) != (ec == c):
            dr = (r > er) - (r < er)
            dc = (c > ec) - (c < ec)
            run: list[Cell] = []
            probe = state
            here = state.end
            while here != cell:
                here = (here[0] + dr, here[1] + dc)
                if not _can_step(probe, here):
                    return None
                run.append(here)
                probe = ZipState(state.level, (*probe.path, here))
            return ZipMove(len(state.path), tuple(run))
        return None

    def interpret(
        self, state: ZipState, action: str, cell: Cell, drag: Drag[ZipState] | None = None
    ) -> ZipMove | None:
        """Arrows step from the end; click/enter/drag step onto `cell` (cut or extend);
        backspace takes the last cell back."""
        if state.solved:
            return None
        if action in DIRECTIONS:
            dr, dc = DIRECTIONS[action]
            er, ec = state.end
            return self._toward(state, (er + dr, ec + dc))
        if action == "back":
            return ZipMove(len(state.path) - 1) if len(state.path) > 1 else None
        if action in ("click", "draw", "drag"):
            return self._toward(state, cell)
        return None

    def is_solved(self, state: ZipState) -> bool:
        return state.solved

    def is_blank(self, state: ZipState) -> bool:
        return len(state.path) <= 1

    def pieces(self, state: ZipState) -> tuple[Cell, ...]:
        return ()

    def progress_text(self, state: ZipState, ascii: bool) -> str:
        """ "3 of 7 numbers · 12 of 36 cells": the numbers the path has reached in order, the
        cells it covers."""
        level = state.level
        return (
            f"{state.reached()} of {level.last} numbers · {len(state.path)} of {level.area} cells"
        )

    def hint(self, state: ZipState, cancel: CancelFlag | None = None) -> Hint[ZipMove] | None:
        """The next stretch of the path: from where it goes wrong (cut back), or from its end
        to the next number, by the exact search (`Cancelled` once `cancel` is set)."""
        from queens_tui.kinds.zip.search import SearchBudgetExceeded, solutions

        level = state.level
        try:
            stop = cancel.is_set if cancel is not None else None
            found = solutions(level, 1, budget=200_000, prefix=state.path, stop=stop)
        except SearchBudgetExceeded:
            if cancel is not None and cancel.is_set():
                raise Cancelled from None
            return None
        if not found:
            return None
        from queens_tui.kinds.zip.deduce import why_next

        k = len(state.path)
        stretch = next_stretch(level, found[0], k)
        if not stretch:
            return None
        last = stretch[-1]
        n = level.number_at(last)
        where = f"row {last[0] + 1}, column {last[1] + 1}"
        goal = f"the {n} at {where}" if n else where
        cells = f"{len(stretch)} cell{'s' if len(stretch) > 1 else ''}"
        on_track = tuple(found[0][:k]) == tuple(state.path)
        found_why = why_next(level, state.path, stretch[0]) if on_track and k else None
        rule, why, seen = found_why or ("solver", SOLVER_WHY, ())
        text = by_number(f"{why} The next stretch is {cells}, to {goal}.")  # no ": ": cuts keep it
        marks = dict.fromkeys(seen, "evidence")
        marks.update(dict.fromkeys(stretch, "place"))
        move = ZipMove(k, tuple(stretch))
        return Hint(text, marks, move, rule, helped=found_why is None)

    def state_to_json(self, state: ZipState) -> JSONValue:
        return " ".join(f"{r},{c}" for r, c in state.path)

    def state_from_json(self, level: ZipLevel, value: JSONValue) -> ZipState:
        path = _cells(level, value)
        if not path or prefix_problem(level, path) is not None or path[0] != level.number_cells[0]:
            raise ValueError("the saved path does not fit the level")
        return ZipState(level, path)

    def move_to_json(self, move: ZipMove) -> JSONValue:
        return f"{move.keep}:" + " ".join(f"{r},{c}" for r, c in move.add)

    def move_from_json(self, level: ZipLevel, value: JSONValue) -> ZipMove:
        if not isinstance(value, str) or ":" not in value:
            raise ValueError("a Zip history step is 'keep:r,c r,c ...'")
        keep, _, rest = value.partition(":")
        if not keep.isdigit() or not 1 <= int(keep) <= level.area:
            raise ValueError(f"bad history step {value!r}")
        return ZipMove(int(keep), _cells(level, rest))

    def level_json(self, level: ZipLevel) -> JSONValue:
        return {
            "rows": level.rows,
            "cols": level.cols,
            "numbers": [list(row) for row in level.numbers],
            "walls": [[list(a), list(b)] for a, b in level.walls],
        }

    def level_matches(self, level: ZipLevel, value: JSONValue) -> bool:
        return bool(value == self.level_json(level))

    def fingerprint(self, level: ZipLevel) -> str:
        return digest(json.dumps(self.level_json(level), sort_keys=True, separators=(",", ":")))


def _cells(level: ZipLevel, value: object) -> tuple[Cell, ...]:
    if not isinstance(value, str):
        raise ValueError("cells are saved as 'r,c r,c ...'")
    return tuple(parse_cell(token, level.rows, level.cols) for token in value.split())


def solution_state(level: ZipLevel, path: Sequence[Cell]) -> ZipState:
    """The state whose path is `path` (a solution from the solver)."""
    return ZipState(level, tuple(path))


PLAY = ZipPlay()
"""The Zip kind's rules of play (`kinds.get_play("zip")`)."""


NUMBERED = re.compile(r"\bthe (\d+) at row \d+, column \d+")
"""A numbered cell's full name in a step's words ("the 6 at row 2, column 5")."""


def by_number(text: str) -> str:
    """`text` with each numbered cell named by its number alone ("the 6"): a Zip board shows
    each number once, so the number names its cell, and the hint fits the two lines under
    the board at 80x24 (`explain` keeps the full names)."""
    return NUMBERED.sub(r"the \1", text)


def next_stretch(level: ZipLevel, solution: Sequence[Cell], k: int) -> list[Cell]:
    """The cells of `solution` after its first `k`, up to and with the next numbered cell:
    what a hint shows of the path at once."""
    stretch: list[Cell] = []
    for cell in solution[k:]:
        stretch.append(cell)
        if level.number_at(cell):
            break
    return stretch
