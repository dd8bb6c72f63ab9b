"""A lesson in play: its board set up, "find the next move", and each move judged.

The midend's side of `catalog.lessons` (no Textual). `open_lesson` loads a lesson's board
and position; `LessonPlay` holds what the rule gives there (the hint the engine names, the
same `h` shows) and judges the player's moves: any move that is part of the rule's (one cell
of several it fills or crosses, the first cells of a path) is right, and the lesson is done
and saved (`store.lessons`); any other is wrong, and `m`'s words say why when the board
can no longer be finished.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from queens_tui.catalog.lessons import Lesson, board
from queens_tui.core.play import Deadline, Hint, PlayRules
from queens_tui.kinds import get_kind
from queens_tui.midend.levels import OpenLevel
from queens_tui.store.lessons import LessonProgress

ASK = "Find the next move: {rule}. ({key:hint} explains the rule on this board.)"
RIGHT = (
    "Right! That is what the rule gives. Lesson done: {key:next} for the next lesson, "
    "escape for the list."
)
SHOWN = (
    "That is the rule's move, shown by {key:hint}. Press {key:undo} to take it back and find "
    "it yourself, or escape for the list."
)
NOT_THIS = (
    "That move may still be right, but it is not what this rule gives here: "
    "press {key:hint} to see the rule."
)
SOLVED = "The whole board is solved. Escape goes back to the list of lessons."
HINT_SECONDS = 5.0


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """A save's JSON as (path, leaf) pairs, a string one character a leaf (rows of a grid)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, (*path, i))
    elif isinstance(value, str):
        for i, ch in enumerate(value):
            yield (*path, i), ch
    else:
        yield path, value


def gives(rules: PlayRules[Any, Any, Any], before: Any, after: Any, move: Any) -> bool:
    """True when the change `before` -> `after` is the rule's `move`, or a part of it: every
    cell the player changed is changed the same way by the rule's move (as the kind's save
    JSON says the positions, so no kind is named here)."""
    if after == before:
        return False
    target = rules.apply(before, move)
    if after == target:
        return True
    a, b, t = (dict(_leaves(rules.state_to_json(x))) for x in (before, after, target))
    changed = [k for k in a.keys() | b.keys() if a.get(k) != b.get(k)]
    return bool(changed) and all(k in t and b.get(k) == t[k] for k in changed)


@dataclass
class LessonPlay:
    """One lesson on the board: what its rule gives there and whether it is done."""

    lesson: Lesson
    start: Any
    hint: Hint[Any] | None
    """What the engine says at the lesson's position (its rule, words, move)."""
    done: bool = False
    message: str = field(default="")
    """The lesson's line under the board: the question, then the verdict of the last move."""

    @property
    def question(self) -> str:
        return ASK.replace("{rule}", self.lesson.title)  # {key:...} is left for `say`

    def judge(self, rules: PlayRules[Any, Any, Any], before: Any, after: Any) -> bool | None:
        """True: the rule's move (or part of it); False: another move; None: no change to
        the position as saved (a Patches corner anchored, the first half of a patch)."""
        if after == before or rules.state_to_json(after) == rules.state_to_json(before):
            return None
        if self.hint is None or self.hint.move is None:
            return False
        return gives(rules, before, after, self.hint.move)


def open_lesson(lesson: Lesson) -> tuple[OpenLevel, LessonPlay]:
    """The lesson's board to play (a level of no pack: nothing of it is saved as a level's
    progress) and its `LessonPlay`; `LevelError` when its level is gone."""
    level, start = board(lesson)
    rules = get_kind(lesson.kind).play
    hint = rules.hint(start, Deadline(HINT_SECONDS))
    play = LessonPlay(lesson, start, hint)
    play.message = play.question
    return OpenLevel(level), play


def lesson_progress(data: Any = None) -> LessonProgress:
    """The lessons done, from the data folder `data` (None: the player's)."""
    return LessonProgress(data)


__all__ = ["LessonPlay", "LessonProgress", "gives", "lesson_progress", "open_lesson"]
