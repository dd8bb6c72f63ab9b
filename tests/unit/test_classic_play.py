"""Classic N-queens on the play seam: rules of play, the hunt, its file, the worker's answers."""

from __future__ import annotations

import json

import pytest

from queens_tui.core.play import NEVER, Drag, Verdict
from queens_tui.kinds import get_play
from queens_tui.kinds.classic.kind import level
from queens_tui.kinds.classic.play import PLAY, ClassicMove, ClassicState
from queens_tui.solver import play_solver

SOL8 = (0, 4, 7, 5, 2, 6, 1, 3)


def with_queens(
    n: int, queens: list[tuple[int, int]], found: tuple[tuple[int, ...], ...] = ()
) -> ClassicState:
    return ClassicState(level(n, found), frozenset(queens))


def test_registry_and_round_trips() -> None:
    assert get_play("classic") is PLAY
    lv = level(8, [])
    a = PLAY.new_state(lv)
    b = PLAY.apply(a, ClassicMove((((0, 0), "Q"), ((1, 3), "x"))))
    c = PLAY.apply(b, ClassicMove((((0, 0), "."),), view=2))
    for x, y in [(a, b), (b, c), (c, a), (a, c)]:
        assert PLAY.apply(x, PLAY.diff(x, y)) == y
        m = PLAY.diff(x, y)
        assert PLAY.move_from_json(lv, PLAY.move_to_json(m)) == m
    assert PLAY.state_from_json(lv, json.loads(json.dumps(PLAY.state_to_json(c)))) == c
    assert PLAY.apply(b, ClassicMove((((0, 0), "Q"),))) is b  # nothing changes: same object
    with pytest.raises(ValueError):
        PLAY.apply(a, ClassicMove((((8, 0), "Q"),)))
    for bad in ["Q9,0", "Z1,1", "Q1;1", 5]:
        with pytest.raises(ValueError):
            PLAY.move_from_json(lv, bad)
    with pytest.raises(ValueError):
        PLAY.state_from_json(lv, {"rows": ["Q" * 8]})
    assert PLAY.fingerprint(lv) == "8" and PLAY.level_matches(lv, PLAY.level_json(lv))
    assert not PLAY.level_matches(level(9), PLAY.level_json(lv))


def test_interpret_keys_mouse_and_drag() -> None:
    s = PLAY.new_state(level(6, []))
    seen = []
    for _ in range(3):
        s = PLAY.apply(s, PLAY.interpret(s, "cycle", (2, 2)))
        seen.append(s.mark((2, 2)))
    assert seen == ["x", "Q", "."]
    s = PLAY.apply(s, PLAY.interpret(s, "right", (1, 1)))
    assert s.queens == {(1, 1)}
    assert PLAY.interpret(s, "drag", (0, 5), Drag((0, 4), s)) == ClassicMove((((0, 5), "x"),))
    assert PLAY.interpret(s, "clear", (3, 3)) is None
    assert PLAY.interpret(s, "bogus", (3, 3)) is None


def test_solved_progress_and_the_hunt_status() -> None:
    found = [SOL8]
    s = with_queens(8, list(enumerate(SOL8)), tuple(found))
    assert PLAY.is_solved(s) and not PLAY.is_blank(s)
    assert PLAY.progress_text(s, False) == (
        "#1, a new fundamental · 1 of 92 found · 1 of 12 fundamental"
    )
    part = with_queens(8, [(0, 0)], tuple(found))
    assert PLAY.progress_text(part, True) == "1 of 8 placed · 1 of 92 found · 1 of 12 fundamental"
    assert PLAY.interpret(s, "cycle", (0, 0)) is None  # solved: the board is done


def test_browse_found_solutions_and_leave_by_playing() -> None:
    sols = [SOL8, (0, 5, 7, 2, 6, 3, 1, 4)]
    s = PLAY.new_state(level(8, sols))
    s = PLAY.apply(s, PLAY.interpret(s, "found_next", (0, 0)))
    assert s.viewing == 1 and s.solution == SOL8 and not PLAY.is_solved(s)
    assert PLAY.progress_text(s, False).startswith("viewing #1, a new fundamental")
    s = PLAY.apply(s, PLAY.interpret(s, "found_next", (0, 0)))
    assert s.viewing == 2 and s.solution == sols[1]
    s = PLAY.apply(s, PLAY.interpret(s, "found_next", (0, 0)))
    assert s.viewing == 1
    s = PLAY.apply(s, PLAY.interpret(s, "found_prev", (0, 0)))
    assert s.viewing == 2
    s = PLAY.apply(s, PLAY.interpret(s, "clear", (0, 0)))
    assert s.viewing is None and len(s.queens) == 7
    assert PLAY.interpret(PLAY.new_state(level(8, [])), "found_next", (0, 0)) is None


def test_hint_is_the_next_forced_move() -> None:
    s = with_queens(4, [(0, 1)])
    hint = PLAY.hint(s)
    assert hint is not None and hint.rule == "last cell"
    assert hint.move == ClassicMove((((1, 3), "Q"),), hint=True)
    assert hint.marks[(1, 3)] == "place" and "row 2" in hint.text
    assert PLAY.hint(PLAY.new_state(level(8))) is None


def test_where_a_position_came_from_for_the_hunt() -> None:
    """A hint's move makes the position `helped` (and it stays so: undoing the hint keeps it,
    like the game's hint count); `S` makes it `filled`, whose solution the status line says is
    not in the hunt. Both survive a save."""
    from queens_tui.kinds.classic.play import solved_state

    lv = level(4, [])
    s = PLAY.apply(PLAY.new_state(lv), ClassicMove((((0, 1), "Q"),)))
    assert not s.helped
    hint = PLAY.hint(s)
    assert hint is not None
    helped = PLAY.apply(s, hint.move)
    assert helped.helped and (1, 3) in helped.queens
    assert PLAY.apply(helped, PLAY.diff(helped, s)).helped  # undo keeps it
    done = PLAY.apply(helped, ClassicMove((((2, 0), "Q"), ((3, 2), "Q"))))
    assert PLAY.is_solved(done) and done.helped and not done.filled
    filled = solved_state(PLAY.new_state(lv), (2, 0, 3, 1))
    assert filled.filled and PLAY.is_solved(filled)
    assert PLAY.progress_text(filled, False) == (
        "filled in by S, not in the hunt · 0 of 2 found · 0 of 1 fundamental"
    )
    for x in (done, filled):
        assert PLAY.state_from_json(lv, json.loads(json.dumps(PLAY.state_to_json(x)))) == x
    assert "helped" not in PLAY.state_to_json(s)  # older saves and plain positions alike
    with pytest.raises(ValueError):
        PLAY.state_from_json(lv, {"rows": ["...."] * 4, "filled": "yes"})


@pytest.mark.parametrize("engine", ["search", "cpsat"])
def test_worker_answers(engine: str) -> None:
    solver = play_solver("classic")
    kw = {"engine": engine, "time_limit": 5.0, "cancel": NEVER}
    ok = with_queens(8, [(0, 0)])
    assert solver.check(ok, **kw) is Verdict.CAN_FINISH
    dead = with_queens(4, [(0, 0)])
    assert solver.check(dead, **kw) is Verdict.CANNOT_FINISH
    hint = solver.reveal(ok, **kw)
    assert hint is not None and hint.helped and len(hint.move.changes) == 1
    after = PLAY.apply(ok, hint.move)
    assert solver.check(after, **kw) is Verdict.CAN_FINISH
    solved = solver.solve(ok, **kw)
    assert solved is not None and PLAY.is_solved(solved) and (0, 0) in solved.queens
    clash = with_queens(8, [(0, 0), (3, 3)])
    bad = solver.mistake(clash, **kw)
    assert bad is not None and bad.mistake and set(bad.marks) == {(0, 0), (3, 3)}
    crossed = ClassicState(level(4), frozenset({(0, 1)}), frozenset({(1, 3)}))
    bad = solver.mistake(crossed, **kw)
    assert bad is not None and set(bad.marks) == {(1, 3)}
    assert solver.mistake(ok, **kw) is None
