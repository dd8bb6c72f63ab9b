"""Tango on the play seam: inputs, hints, saves, the worker's check, mistake, reveal, solve."""

from __future__ import annotations

import pytest

from queens_tui.core.play import NEVER, Verdict
from queens_tui.formats import tango as fmt
from queens_tui.kinds.tango.board import Board, Move
from queens_tui.kinds.tango.level import MOON, SUN
from queens_tui.kinds.tango.play import PLAY, parse_move
from queens_tui.solver.tango import PLAY as SOLVER
from tests.unit.test_tango_formats import JSON_1

SOLUTION_1 = ["001101", "011010", "110010", "100101", "001101", "110010"]
ENGINES = ("search", "cpsat")


def start() -> Board:
    return PLAY.new_state(fmt.parse(JSON_1))


def test_inputs_cycle_and_place_directly() -> None:
    board = start()
    cell = (0, 0)
    seen = []
    for _ in range(3):
        move = PLAY.interpret(board, "click", cell)
        assert move is not None
        board = PLAY.apply(board, move)
        seen.append(board.value(cell))
    assert seen == [SUN, MOON, None]
    board = PLAY.apply(board, PLAY.interpret(board, "moon", cell))  # type: ignore[arg-type]
    assert board.value(cell) == MOON
    assert PLAY.interpret(board, "moon", cell) == Move.set(cell, None)  # toggles off
    assert PLAY.interpret(board, "right", cell) == Move.set(cell, SUN)  # cycles back
    assert PLAY.interpret(board, "cycle", (1, 1)) is None  # a given never changes
    assert PLAY.interpret(board, "clear", (0, 1)) is None  # already empty
    assert PLAY.progress_text(board, ascii=True) == "5 of 36 filled"


def test_hint_names_the_rule_and_previews_the_cells() -> None:
    hint = PLAY.hint(start())
    assert hint is not None and hint.rule == "sign_three"
    assert hint.marks[(4, 2)] == "place-sun" and hint.marks[(4, 1)] == "evidence"
    assert hint.move == Move((((4, 2), SUN), ((4, 3), SUN)))
    assert hint.text.startswith("The = sign joins row 5, column 3 and row 5, column 4")


def test_saves_round_trip() -> None:
    board = start().apply(Move((((0, 0), SUN), ((5, 5), MOON))))
    level = board.level
    assert PLAY.state_from_json(level, PLAY.state_to_json(board)) == board
    move = Move((((0, 0), SUN), ((2, 3), None), ((5, 5), MOON)))
    assert PLAY.move_to_json(move) == "10,0 .2,3 05,5"
    assert PLAY.move_from_json(level, "10,0 .2,3 05,5") == move
    for bad in ("x0,0", "16,0", "10;0", 7):
        with pytest.raises(ValueError):
            parse_move(level, bad)
    assert PLAY.level_matches(level, PLAY.level_json(level))
    assert len(PLAY.fingerprint(level)) == 24


@pytest.mark.parametrize("engine", ENGINES)
def test_the_worker_answers(engine: str) -> None:
    pytest.importorskip("ortools") if engine == "cpsat" else None
    kw = {"engine": engine, "time_limit": 5.0, "cancel": NEVER}
    board = start()
    assert SOLVER.check(board, **kw) is Verdict.CAN_FINISH
    assert SOLVER.mistake(board, **kw) is None
    solved = SOLVER.solve(board, **kw)
    assert solved is not None and solved.rows_text() == SOLUTION_1 and solved.is_solved
    reveal = SOLVER.reveal(board, **kw)
    assert reveal is not None and reveal.helped and reveal.move == Move.set((0, 0), 0)
    wrong = board.apply(Move.set((0, 0), SUN))  # no three alike broken, but no solution has it
    assert not wrong.faults
    assert SOLVER.check(wrong, **kw) is Verdict.CANNOT_FINISH
    mistake = SOLVER.mistake(wrong, **kw)
    assert mistake is not None and mistake.mistake and mistake.marks[(0, 0)] == "mistake"
    assert mistake.move == Move.set((0, 0), None)
    broken = board.apply(Move((((2, 0), SUN), ((3, 0), MOON))))  # the = sign broken
    hint = SOLVER.mistake(broken, **kw)
    assert hint is not None and "= sign between row 3, column 1 and row 4, column 1" in hint.text
    assert SOLVER.check(broken, **kw) is Verdict.CANNOT_FINISH
    fixed = SOLVER.solve(broken, **kw)
    assert fixed is not None and fixed.rows_text() == SOLUTION_1


def test_a_cancelled_check_is_unknown() -> None:
    import threading

    flag = threading.Event()
    flag.set()
    got = SOLVER.check(start(), engine="search", time_limit=5.0, cancel=flag)
    assert got is Verdict.UNKNOWN
