"""core.history: undo/redo as moves for any kind, gestures, and the memory of a long game."""

from __future__ import annotations

import random

from queens_tui.core.history import History
from queens_tui.kinds.queens.board import Board, Move
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.play import PLAY


class Counter:
    """A toy kind: the state is an int, a move adds to it (proves History is kind-agnostic)."""

    def apply(self, state: int, move: int) -> int:
        return state + move

    def diff(self, a: int, b: int) -> int:
        return b - a


def test_history_of_a_toy_kind_undoes_and_redoes_by_moves() -> None:
    h: History[int, int] = History(Counter(), 0)
    for step in (3, 4, 0, -2):
        h.apply(step)
    assert h.state == 5 and h.moves == 3  # the 0 move changed nothing: no step
    assert h.undo() and h.state == 7
    assert h.undo() and h.state == 3
    assert h.redo() and h.state == 7
    h.apply(10)
    assert not h.can_redo and h.state == 17


def test_gesture_is_one_step_and_an_open_one_is_saved_whole() -> None:
    h: History[int, int] = History(Counter(), 0)
    h.begin_gesture()
    for _ in range(5):
        h.apply(1)
    past, _future, moves = h.timeline()
    assert moves == 1 and len(past) == 1 and past[0].forward == 5
    h.end_gesture()
    assert h.moves == 1
    assert h.undo() and h.state == 0


def test_reset_is_one_undoable_step() -> None:
    h: History[int, int] = History(Counter(), 2)
    assert h.reset(9) and h.state == 9
    assert not h.reset(9)
    assert h.undo() and h.state == 2


def test_undo_all_the_way_back_on_a_real_kind() -> None:
    n = 12
    level = Level.from_rows([[f"r{r}"] * n for r in range(n)])
    rng = random.Random(5)
    h: History[Board, Move] = History(PLAY, PLAY.new_state(level))
    seen = [h.state]
    for _ in range(300):
        move = PLAY.interpret(h.state, "cycle", (rng.randrange(n), rng.randrange(n)))
        assert move is not None and h.apply(move)
        seen.append(h.state)
    for expected in reversed(seen[:-1]):
        assert h.undo() and h.state == expected
    for expected in seen[1:]:
        assert h.redo() and h.state == expected
