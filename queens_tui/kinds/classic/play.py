"""Classic N-queens on the play seam: `PLAY` satisfies `core.play.PlayRules`.

The state holds the player's queens and crosses (automatic crosses along
rows, columns and both full diagonals are derived by the widget), and
`viewing`: the number of a found solution shown on the board by the hunt's
browse keys (`[` and `]`); any move of the player's ends the viewing; and
where the position came from, for the hunt: `filled` when `S` filled it in
(its solution is not one the player found: the hunt leaves it out), `helped`
once a hint's move was applied in this game (a solution reached from there
counts, marked "with help"; it stays set through undo, like the game's hint
count, until a restart). A
move sets some cells (`"Q"`, `"x"`, `"."`) and the viewing number, so
`diff` and undo work the same for both. In a save a move is one string:
`"Q3,4 x1,2 .0,0"` plus `" @2"` while viewing found solution #2.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from queens_tui.core.grid import Cell, cell_name
from queens_tui.core.play import (
    CancelFlag,
    Drag,
    Hint,
    JSONValue,
    changes_text,
    mark_rows,
    parse_changes,
    read_mark_rows,
)
from queens_tui.kinds.classic import Solution
from queens_tui.kinds.classic.kind import ClassicLevel
from queens_tui.kinds.classic.rules import DeadEnd, Forced, as_solution, forced_move

QUEEN, CROSS, EMPTY = "Q", "x", "."


@dataclass(frozen=True)
class ClassicState:
    """A position: the player's queens and crosses; `viewing` a found solution's number."""

    level: ClassicLevel
    queens: frozenset[Cell] = frozenset()
    crosses: frozenset[Cell] = frozenset()
    viewing: int | None = None
    helped: bool = False
    """A hint's move was applied in this game (see the module docstring)."""
    filled: bool = False
    """`S` filled this position in: not a solution the player found."""

    def mark(self, cell: Cell) -> str:
        if cell in self.queens:
            return QUEEN
        return CROSS if cell in self.crosses else EMPTY

    @property
    def solution(self) -> Solution | None:
        """The solution the queens form (None: not a full, peaceful placement)."""
        return as_solution(self.level.size, self.queens)


@dataclass(frozen=True)
class ClassicMove:
    """Set these cells to these marks, and show found solution `view` (None: no viewing)."""

    changes: tuple[tuple[Cell, str], ...]
    view: int | None = None
    hint: bool = False
    """A hint's move: the position it makes is `helped`."""


def _set(cell: Cell, mark: str) -> ClassicMove:
    return ClassicMove(((cell, mark),))


def _board_to(state: ClassicState, queens: frozenset[Cell], view: int | None) -> ClassicMove:
    """The move that leaves exactly `queens` on the board, no crosses, viewing `view`."""
    n = state.level.size
    changes = []
    for r in range(n):
        for c in range(n):
            want = QUEEN if (r, c) in queens else EMPTY
            if state.mark((r, c)) != want:
                changes.append(((r, c), want))
    return ClassicMove(tuple(changes), view)


class ClassicPlay:
    """The pure rules of play of classic N-queens (see the module docstring)."""

    replay_actions = frozenset({"found_next", "found_prev"})
    """On a solved board these start a replay and browse the solutions found (the midend's
    `act`): the hunt goes on from a win."""

    def dims(self, level: ClassicLevel) -> tuple[int, int]:
        return level.size, level.size

    def new_state(self, level: ClassicLevel) -> ClassicState:
        """The empty board, or the position the level's file sets up (`position`)."""
        if level.position is not None:
            return self.state_from_json(level, level.position)
        return ClassicState(level)

    def apply(self, state: ClassicState, move: ClassicMove) -> ClassicState:
        n = state.level.size
        queens, crosses = set(state.queens), set(state.crosses)
        for (r, c), mark in move.changes:
            if not (0 <= r < n and 0 <= c < n) or mark not in (QUEEN, CROSS, EMPTY):
                raise ValueError(f"move {mark}{r},{c} does not fit a {n}x{n} board")
            queens.discard((r, c))
            crosses.discard((r, c))
            if mark == QUEEN:
                queens.add((r, c))
            elif mark == CROSS:
                crosses.add((r, c))
        new = ClassicState(
            state.level,
            frozenset(queens),
            frozenset(crosses),
            move.view,
            helped=state.helped or move.hint,
        )
        return state if new == state else new

    def diff(self, a: ClassicState, b: ClassicState) -> ClassicMove:
        cells = sorted(a.queens | a.crosses | b.queens | b.crosses)
        changes = tuple((cell, b.mark(cell)) for cell in cells if a.mark(cell) != b.mark(cell))
        return ClassicMove(changes, b.viewing)

    def interpret(
        self,
        state: ClassicState,
        action: str,
        cell: Cell,
        drag: Drag[ClassicState] | None = None,
    ) -> ClassicMove | None:
        """Keys: cycle, queen, cross, clear, found_next, found_prev. Mouse: click cycles, right
        toggles a queen, a drag paints (or, begun on a cross, erases) crosses."""
        if action in ("found_next", "found_prev"):
            return self._browse(state, 1 if action == "found_next" else -1)
        if self.is_solved(state):
            return None
        mark = state.mark(cell)
        if action in ("cycle", "click"):
            new = {EMPTY: CROSS, CROSS: QUEEN, QUEEN: EMPTY}[mark]
        elif action in ("queen", "right"):
            new = EMPTY if mark == QUEEN else QUEEN
        elif action == "cross":
            new = EMPTY if mark == CROSS else CROSS
        elif action == "clear":
            new = EMPTY
        elif action == "drag" and drag is not None:
            erase = drag.start.mark(drag.origin) == CROSS
            if erase and mark == CROSS:
                new = EMPTY
            elif not erase and mark == EMPTY:
                new = CROSS
            else:
                return None
        else:
            return None
        if new == mark and state.viewing is None:
            return None
        return _set(cell, new)

    def _browse(self, state: ClassicState, step: int) -> ClassicMove | None:
        hunt = state.level.hunt
        if hunt is None or not hunt.found:
            return None
        count = len(hunt.found)
        if state.viewing is None:
            k = 1 if step > 0 else count
        else:
            k = (state.viewing - 1 + step) % count + 1
        queens = frozenset(enumerate(hunt.found[k - 1]))
        return _board_to(state, queens, k)

    def is_solved(self, state: ClassicState) -> bool:
        return state.viewing is None and state.solution is not None

    def is_blank(self, state: ClassicState) -> bool:
        return not state.queens and not state.crosses and state.viewing is None

    def pieces(self, state: ClassicState) -> frozenset[Cell]:
        return state.queens

    def progress_text(self, state: ClassicState, ascii: bool) -> str:
        """`3 of 8 placed · 7 of 92 found · 3 of 12 fundamental` (the level's name says "8
        queens"); solved: what this solution is in the hunt instead of the count; viewing:
        which found solution is shown."""
        n = state.level.size
        text = f"{len(state.queens)} of {n} placed"
        hunt = state.level.hunt
        if hunt is None:
            return text
        sol = state.solution
        if state.viewing is not None and sol is not None:
            text = f"viewing {hunt.note(sol)}"
        elif sol is not None and state.filled and hunt.number(sol) is None:
            text = "filled in by S, not in the hunt"
        elif sol is not None:
            text = hunt.note(sol)
        return f"{text} · {hunt.status()}"

    def hint(
        self, state: ClassicState, cancel: CancelFlag | None = None
    ) -> Hint[ClassicMove] | None:
        """The next forced move: a row or column with one free cell left (one pass over the
        lines, nothing to cancel)."""
        n = state.level.size
        found = forced_move(n, state.queens, state.crosses)
        if not isinstance(found, Forced):
            return None
        r, c = found.cell
        line = (
            [(r, i) for i in range(n) if i != c]
            if found.line.startswith("row")
            else [(i, c) for i in range(n) if i != r]
        )
        marks = dict.fromkeys(line, "evidence")
        marks[found.cell] = "place"
        text = (
            f"The last free cell: in {found.line} only {cell_name((r, c))} is left, so the queen "
            "goes there."
        )
        return Hint(text, marks, ClassicMove(((found.cell, QUEEN),), hint=True), "last cell")

    def dead_end(self, state: ClassicState) -> DeadEnd | None:
        """A row or column with no free cell left (what `mistake` points at first)."""
        found = forced_move(state.level.size, state.queens, state.crosses)
        return found if isinstance(found, DeadEnd) else None

    def state_to_json(self, state: ClassicState) -> JSONValue:
        rows = mark_rows(state.level.size, {CROSS: state.crosses, QUEEN: state.queens}, EMPTY)
        out: dict[str, JSONValue] = {"rows": rows, "viewing": state.viewing}
        if state.helped:
            out["helped"] = True
        if state.filled:
            out["filled"] = True
        return out

    def state_from_json(self, level: ClassicLevel, value: JSONValue) -> ClassicState:
        rows = value.get("rows") if isinstance(value, dict) else None
        cells = read_mark_rows(rows, level.size, EMPTY + CROSS + QUEEN)
        queens, crosses = cells[QUEEN], cells[CROSS]
        viewing = value.get("viewing")
        if viewing is not None and not isinstance(viewing, int):
            raise ValueError("'viewing' should be a number")
        helped, filled = value.get("helped", False), value.get("filled", False)
        if not isinstance(helped, bool) or not isinstance(filled, bool):
            raise ValueError("'helped' and 'filled' should be true or false")
        return ClassicState(
            level, frozenset(queens), frozenset(crosses), viewing, helped=helped, filled=filled
        )

    def move_to_json(self, move: ClassicMove) -> JSONValue:
        """The changes as `core.play.changes_text`, then `@N` when the move views a solution."""
        text = changes_text(move.changes)
        return text if move.view is None else f"{text} @{move.view}".strip()

    def move_from_json(self, level: ClassicLevel, value: JSONValue) -> ClassicMove:
        if not isinstance(value, str):
            raise ValueError("a history step should be a string")
        tokens = value.split()
        views = [int(t[1:]) for t in tokens if t.startswith("@") and t[1:].isdigit()]
        rest = " ".join(t for t in tokens if not (t.startswith("@") and t[1:].isdigit()))
        n = level.size
        changes = parse_changes(rest, n, n, {m: m for m in (QUEEN, CROSS, EMPTY)})
        return ClassicMove(tuple(changes), views[-1] if views else None)

    def level_json(self, level: ClassicLevel) -> JSONValue:
        return {"size": level.size}

    def level_matches(self, level: ClassicLevel, value: JSONValue) -> bool:
        return isinstance(value, dict) and value.get("size") == level.size

    def fingerprint(self, level: ClassicLevel) -> str:
        return str(level.size)


def solved_state(state: ClassicState, solution: Solution) -> ClassicState:
    """`state` with `solution`'s queens and no crosses (what `S` shows), marked `filled`."""
    return replace(
        state,
        queens=frozenset(enumerate(solution)),
        crosses=frozenset(),
        viewing=None,
        filled=True,
    )


PLAY = ClassicPlay()
"""The classic kind's rules of play (`kinds.get_play("classic")`)."""
