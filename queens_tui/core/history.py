"""Undo and redo for every puzzle kind, as moves (diffs), never whole boards.

`History` holds the current position and two stacks of `Step`s. A step is a
pair of small moves, forward and backward, computed by the kind's `diff`, so
memory grows with what the player changed, not with the board (a stack of
whole boards grows by a board at every move; the figures: docs/performance.md).
Undo applies `backward` to the current position, redo applies `forward`.

A gesture (a mouse drag) groups several moves into one step: `begin_gesture`
remembers the position it started from and `end_gesture` records one step
from there to where it ended.

The kind is reached through two functions only (`apply`, `diff`), so this
works for cells with marks (Queens, Tango) and for a path (Zip) alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


class MoveRules(Protocol[StateT, MoveT]):
    """What `History` needs of a kind (a subset of `core.play.PlayRules`)."""

    def apply(self, state: StateT, move: MoveT) -> StateT: ...

    def diff(self, a: StateT, b: StateT) -> MoveT: ...


@dataclass(frozen=True, slots=True)
class Step(Generic[MoveT]):
    """One undo step: `forward` redoes it, `backward` undoes it."""

    forward: MoveT
    backward: MoveT


class History(Generic[StateT, MoveT]):
    """The current position with unlimited undo and redo.

    `moves` counts the steps the player made (undo and redo don't count).
    `past[-1]` is the step `undo` takes back; `future[-1]` the one `redo` makes.
    """

    def __init__(
        self,
        rules: MoveRules[StateT, MoveT],
        state: StateT,
        past: Sequence[Step[MoveT]] = (),
        future: Sequence[Step[MoveT]] = (),
        moves: int = 0,
    ) -> None:
        self.rules = rules
        self.state = state
        self.past: list[Step[MoveT]] = list(past)
        self.future: list[Step[MoveT]] = list(future)
        self.moves = moves
        self._gesture_start: StateT | None = None

    def _record(self, before: StateT, after: StateT) -> None:
        d = self.rules.diff
        self.past.append(Step(d(before, after), d(after, before)))
        self.future.clear()
        self.moves += 1

    def apply(self, move: MoveT) -> bool:
        """Make a move; True if the position changed."""
        before = self.state
        after = self.rules.apply(before, move)
        if after is before:
            return False
        self.state = after
        if self._gesture_start is None:
            self._record(before, after)
        return True

    def begin_gesture(self) -> None:
        """Start grouping moves into one undo step (a drag)."""
        if self._gesture_start is None:
            self._gesture_start = self.state

    def end_gesture(self) -> None:
        """Close the gesture: it becomes one undo step if it changed anything."""
        start, self._gesture_start = self._gesture_start, None
        if start is not None and start is not self.state and start != self.state:
            self._record(start, self.state)

    @property
    def in_gesture(self) -> bool:
        """True between `begin_gesture` and `end_gesture`."""
        return self._gesture_start is not None

    def reset(self, state: StateT) -> bool:
        """Replace the position as one undoable step (a hint applied, solve); True if changed."""
        self.end_gesture()
        if state is self.state or state == self.state:
            return False
        before, self.state = self.state, state
        self._record(before, state)
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self.past) or self.in_gesture

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self) -> bool:
        """Step back; False if there is nothing to undo."""
        self.end_gesture()
        return self._shift(self.past, self.future, backward=True)

    def redo(self) -> bool:
        """Step forward again; False if there is nothing to redo."""
        return self._shift(self.future, self.past, backward=False)

    def _shift(
        self, source: list[Step[MoveT]], target: list[Step[MoveT]], *, backward: bool
    ) -> bool:
        """Move the last step of `source` onto `target`, applying its backward or forward
        move; False when `source` is empty."""
        if not source:
            return False
        step = source.pop()
        self.state = self.rules.apply(self.state, step.backward if backward else step.forward)
        target.append(step)
        return True

    def timeline(self) -> tuple[list[Step[MoveT]], list[Step[MoveT]], int]:
        """(past, future, moves) as a save should record them: an open gesture counts as
        finished, so quitting mid-drag loses nothing."""
        past = list(self.past)
        moves = self.moves
        start = self._gesture_start
        if start is not None and start is not self.state and start != self.state:
            d = self.rules.diff
            past.append(Step(d(start, self.state), d(self.state, start)))
            moves += 1
        return past, list(self.future), moves


__all__ = ["History", "MoveRules", "Step"]
