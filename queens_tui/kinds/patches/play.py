"""Patches on the play seam: `PLAY` satisfies `core.play.PlayRules[Level, PatchState, Move]`.

The position (`PatchState`) is the set of drawn patches (never overlapping)
and, while the keyboard draws one, its anchored corner. Inputs:

- `draw` (a key, `space`): with no corner anchored, on a patch it removes the
  patch, elsewhere it anchors a corner at the cursor; with a corner anchored
  it closes the rectangle from that corner to the cursor (the arrows move the
  cursor, so they stretch it).
- `erase` (`backspace`): drop the anchored corner, else remove the patch under
  the cursor. A right click removes the patch under it.
- the mouse: a drag from one corner to the opposite one draws a patch (the
  patch follows the pointer while the button is down; one undo step); a click
  on a patch removes it, a click on a free cell draws a 1x1 patch there.

A new patch replaces the patches it overlaps. A move is (patches removed,
patches added, the anchor after, if it changes); in a save it is one string
of tokens `-t,l,b,r` `+t,l,b,r` `@r,c` `@-` (0-based), the position a list of
`[t, l, b, r]`. Hints come from `deduce.next_placement`: the steps up to the
first that fixes a patch (a narrowing alone shows nothing on the board).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from queens_tui.core.grid import Cell
from queens_tui.core.play import CancelFlag, Drag, Hint, JSONValue, PlayBase
from queens_tui.kinds.patches.level import (
    Level,
    Rect,
    contains,
    overlaps,
    rect_cells,
    rect_name,
    span,
)
from queens_tui.kinds.patches.rules import fault, is_solved

if TYPE_CHECKING:
    from queens_tui.kinds.patches import deduce


@dataclass(frozen=True)
class Move:
    """Patches to remove, patches to add, and the anchor after (when `set_anchor`)."""

    remove: tuple[Rect, ...] = ()
    add: tuple[Rect, ...] = ()
    anchor: Cell | None = None
    set_anchor: bool = False


@dataclass(frozen=True)
class PatchState:
    """A position: the drawn patches (sorted, never overlapping) and the anchored corner."""

    level: Level
    patches: tuple[Rect, ...] = ()
    anchor: Cell | None = field(default=None)

    def patch_at(self, cell: Cell) -> Rect | None:
        """The drawn patch covering `cell`, if any."""
        for rect in self.patches:
            if contains(rect, cell):
                return rect
        return None

    @cached_property
    def faults(self) -> dict[Rect, str]:
        """Each wrong patch and what it breaks ("holds no clue", ...)."""
        out = {}
        for rect in self.patches:
            why = fault(self.level, rect)
            if why is not None:
                out[rect] = why
        return out

    @cached_property
    def solved(self) -> bool:
        return is_solved(self.level, self.patches)

    @cached_property
    def owner(self) -> dict[Cell, int]:
        """Each covered cell and the clue its patch holds (-1: a patch with no or two clues)."""
        out: dict[Cell, int] = {}
        for rect in self.patches:
            inside = self.level.clues_in(rect)
            k = inside[0] if len(inside) == 1 else -1
            for cell in rect_cells(rect):
                out[cell] = k
        return out

    def with_rect(self, rect: Rect) -> PatchState:
        """The position with `rect` drawn (replacing what it overlaps), no anchor."""
        kept = tuple(p for p in self.patches if not overlaps(p, rect))
        return PatchState(self.level, tuple(sorted((*kept, rect))))


def diff(a: PatchState, b: PatchState) -> Move:
    """A move that turns `a` into `b`."""
    sa, sb = set(a.patches), set(b.patches)
    return Move(tuple(sorted(sa - sb)), tuple(sorted(sb - sa)), b.anchor, a.anchor != b.anchor)


def apply(state: PatchState, move: Move) -> PatchState:
    """The position after `move` (the same object when nothing changes); `ValueError` for a
    patch off the grid or one that would overlap another."""
    level = state.level
    patches = set(state.patches) - set(move.remove)
    for rect in move.add:
        t, lft, b, rgt = rect
        if not (0 <= t <= b < level.rows and 0 <= lft <= rgt < level.cols):
            raise ValueError(f"patch {list(rect)} is off the grid")
        if any(overlaps(rect, p) for p in patches):
            raise ValueError(f"patch {list(rect)} overlaps another")
        patches.add(rect)
    anchor = move.anchor if move.set_anchor else state.anchor
    if anchor is not None and not (0 <= anchor[0] < level.rows and 0 <= anchor[1] < level.cols):
        raise ValueError("the anchor is off the grid")
    new = tuple(sorted(patches))
    if new == state.patches and anchor == state.anchor:
        return state
    return PatchState(level, new, anchor)


def _rect_text(rect: Rect) -> str:
    return ",".join(str(v) for v in rect)


def move_text(move: Move) -> str:
    """A move as save tokens: `"-0,0,1,1 +0,0,1,2 @-"`."""
    parts = [f"-{_rect_text(r)}" for r in move.remove] + [f"+{_rect_text(r)}" for r in move.add]
    if move.set_anchor:
        parts.append("@-" if move.anchor is None else f"@{move.anchor[0]},{move.anchor[1]}")
    return " ".join(parts)


def _numbers(text: str, k: int) -> tuple[int, ...]:
    parts = text.split(",")
    if len(parts) != k or not all(p.isdigit() and len(p) <= 3 for p in parts):
        raise ValueError(f"bad history token {text!r}")
    return tuple(int(p) for p in parts)


def parse_move(level: Level, value: object) -> Move:
    """Read `move_text` back; `ValueError` on a malformed token or a patch off the grid."""
    if not isinstance(value, str):
        raise ValueError("a history step should be a string")
    remove: list[Rect] = []
    add: list[Rect] = []
    anchor: Cell | None = None
    set_anchor = False
    for token in value.split():
        head, rest = token[0], token[1:]
        if head in "+-":
            t, lft, b, rgt = _numbers(rest, 4)
            if not (t <= b < level.rows and lft <= rgt < level.cols):
                raise ValueError(f"patch {token!r} is off the grid")
            (add if head == "+" else remove).append((t, lft, b, rgt))
        elif head == "@":
            set_anchor = True
            if rest != "-":
                r, c = _numbers(rest, 2)
                if r >= level.rows or c >= level.cols:
                    raise ValueError(f"anchor {token!r} is off the grid")
                anchor = (r, c)
        else:
            raise ValueError(f"bad history token {token!r}")
    return Move(tuple(remove), tuple(add), anchor, set_anchor)


def level_json(level: Level) -> dict[str, object]:
    """The puzzle itself (size and clues), as the JSON format writes the clues."""
    return {
        "grid_size": [level.rows, level.cols],
        "clues": [[c.row, c.col, c.shape, c.size] for c in level.clues],
    }


def hint_text(level: Level, steps: list[deduce.Step]) -> str:
    """One sentence for the steps up to a placement: the last narrowing of the placed clue's
    rectangles, then what it leaves ("...; that leaves the wide clue at row 2, column 3 one
    rectangle: rows 2-3, columns 1-4."), the conclusion last so a short message area keeps it.
    Steps before that one are not told (two lines hold one step): the words say they exist
    and the hint marks the cells they read, so they refer to what the board shows."""
    last = steps[-1]
    if len(steps) == 1 or not last.place:
        return last.text
    k = level.clue_at[last.clue]
    narrowed = [s for s in steps[:-1] if any(j == k for j, _ in s.ruled_out)]
    reason = (narrowed or steps[:-1])[-1]
    before = steps.index(reason)
    after = len(steps) - 2 - before
    text = reason.text.rstrip(".")
    if before:  # what the earlier steps read is marked on the board (`step_hint`)
        count = f"{before} {'step' if before == 1 else 'steps'}"
        text = f"After {count} of the rules on the marked cells, {text[0].lower()}{text[1:]}"
    leaves = f"then {after} more {'step leaves' if after == 1 else 'steps leave'}" if after else ""
    return (
        f"{text}; {leaves or 'that leaves'} {level.clues[k].name} "
        f"one rectangle: {rect_name(last.place[0])}."
    )


def step_hint(level: Level, steps: list[deduce.Step]) -> Hint[Move]:
    """The steps up to a placement as one hint: why, the cells read, the patch previewed."""
    last = steps[-1]
    marks: dict[Cell, str] = {}
    for step in steps:  # a step that reads no cell shows its clue: every step is marked
        marks.update(dict.fromkeys(step.cells or (step.clue,), "evidence"))
    for rect in last.place:
        marks.update(dict.fromkeys(rect_cells(rect), "place"))
    move = Move(add=last.place)
    rule = max(steps, key=lambda s: s.tier).rule  # the first of the hardest, as `explain` says
    return Hint(hint_text(level, steps), marks, move, rule, helped=last.rule == "solver")


class PatchesPlay(PlayBase[Level, PatchState, Move]):
    """The pure rules of play of Patches (see the module docstring); the save matches and
    the fingerprint (a hash of the size and clues) are `PlayBase`'s."""

    diff = staticmethod(diff)
    move_to_json = staticmethod(move_text)
    move_from_json = staticmethod(parse_move)
    level_json = staticmethod(level_json)

    def dims(self, level: Level) -> tuple[int, int]:
        return level.rows, level.cols

    def new_state(self, level: Level) -> PatchState:
        """No patch drawn, or those the level's file sets up (`Level.position`)."""
        if level.position is not None:
            return self.state_from_json(level, level.position)
        return PatchState(level)

    def apply(self, state: PatchState, move: Move) -> PatchState:
        return apply(state, move)

    def interpret(
        self, state: PatchState, action: str, cell: Cell, drag: Drag[PatchState] | None = None
    ) -> Move | None:
        """Keys: draw, erase. Mouse: click, right, drag (see the module docstring)."""
        if state.solved:
            return None
        here = state.patch_at(cell)
        new: PatchState
        if action == "drag" and drag is not None:
            new = drag.start.with_rect(span(drag.origin, cell))
        elif action == "click":
            new = state.with_rect((*cell, *cell)) if here is None else _without(state, here)
        elif action == "right":
            if here is None:
                return None
            new = _without(state, here)
        elif action == "draw":
            if state.anchor is not None:
                new = state.with_rect(span(state.anchor, cell))
            elif here is not None:
                new = _without(state, here)
            else:
                new = PatchState(state.level, state.patches, cell)
        elif action == "erase":
            if state.anchor is not None:
                new = PatchState(state.level, state.patches, None)
            elif here is not None:
                new = _without(state, here)
            else:
                return None
        else:
            return None
        move = diff(state, new)
        return None if not (move.add or move.remove or move.set_anchor) else move

    def is_solved(self, state: PatchState) -> bool:
        return state.solved

    def is_blank(self, state: PatchState) -> bool:
        return not state.patches and state.anchor is None

    def progress_text(self, state: PatchState, ascii: bool) -> str:
        good = len(state.patches) - len(state.faults)
        return f"{good} of {len(state.level.clues)} patches"

    def hint(self, state: PatchState, cancel: CancelFlag | None = None) -> Hint[Move] | None:
        """The rules' steps up to the next patch they fix (None: they get nowhere). The
        deduction (and the search it probes with) is imported on the first hint: the first
        frame does not draw it (docs/performance.md, start-up)."""
        from queens_tui.kinds.patches import deduce

        steps = deduce.next_placement(state.level, state.patches, cancel)
        return step_hint(state.level, steps) if steps else None

    def state_to_json(self, state: PatchState) -> JSONValue:
        return [list(r) for r in state.patches]

    def state_from_json(self, level: Level, value: JSONValue) -> PatchState:
        if not isinstance(value, list):
            raise ValueError("'board' should be a list of patches")
        rects: list[Rect] = []
        for item in value:
            if not (
                isinstance(item, list)
                and len(item) == 4
                and all(isinstance(v, int) and not isinstance(v, bool) for v in item)
            ):
                raise ValueError("a patch is [top, left, bottom, right]")
            rects.append((item[0], item[1], item[2], item[3]))
        return apply(PatchState(level), Move(add=tuple(rects)))


def _without(state: PatchState, rect: Rect) -> PatchState:
    return PatchState(state.level, tuple(p for p in state.patches if p != rect))


PLAY = PatchesPlay()
"""The Patches kind's rules of play (`kinds.get_play("patches")`)."""
