"""Mini Sudoku on the play seam: digits, notes mode, clearing, saves, hints, the worker."""

from __future__ import annotations

import threading

import pytest

from queens_tui.core.play import Verdict
from queens_tui.formats.sudoku import parse
from queens_tui.kinds.sudoku.board import Board, Move
from queens_tui.kinds.sudoku.play import PLAY
from queens_tui.solver.sudoku import PLAY as SOLVER
from tests.unit.sudoku_data import LEVEL_1, SOLUTION_1

NEVER = threading.Event()


def play(state: Board, action: str, cell: tuple[int, int]) -> Board:
    move = PLAY.interpret(state, action, cell)
    return state if move is None else PLAY.apply(state, move)


def test_digits_write_and_clear_and_givens_never_change() -> None:
    start = PLAY.new_state(parse(LEVEL_1))
    s = play(start, "3", (0, 0))
    assert s.value((0, 0)) == 3 and PLAY.progress_text(s, False) == "11 of 36 filled"
    assert PLAY.interpret(s, "3", (0, 0)) is None  # the same digit again: nothing to do
    assert play(s, "clear", (0, 0)).value((0, 0)) is None
    assert play(s, "right", (0, 0)) == start  # a right click clears
    assert PLAY.interpret(s, "4", (0, 2)) is None  # a given 5
    assert PLAY.interpret(s, "click", (0, 0)) is None  # a click only selects
    assert (
        PLAY.apply(s, PLAY.diff(s, start)) == start and PLAY.apply(start, PLAY.diff(start, s)) == s
    )


def test_notes_mode_pencils_candidates_and_clear_rubs_them_out() -> None:
    s = play(PLAY.new_state(parse(LEVEL_1)), "notes", (0, 0))
    assert s.notes_mode and PLAY.progress_text(s, False).endswith("✎ notes")
    assert PLAY.progress_text(s, True).endswith("[notes]")
    for d in ("2", "3", "6", "3"):
        s = play(s, d, (0, 0))
    assert s.note((0, 0)) == 0b100010 and s.value((0, 0)) is None  # 2 and 6; 3 twice = off
    assert not PLAY.is_blank(s)
    s = play(s, "notes", (4, 4))
    s = play(s, "2", (0, 0))  # out of notes mode: writes the digit over the notes
    assert s.value((0, 0)) == 2 and s.note((0, 0)) == 0b100010
    s = play(play(s, "clear", (0, 0)), "clear", (0, 0))  # the digit, then the notes
    assert s.value((0, 0)) is None and s.note((0, 0)) == 0 and PLAY.is_blank(s)


def test_saves_round_trip_positions_and_moves() -> None:
    level = parse(LEVEL_1)
    s = play(play(play(PLAY.new_state(level), "4", (0, 0)), "notes", (0, 0)), "5", (0, 1))
    assert PLAY.state_from_json(level, PLAY.state_to_json(s)) == s
    move = Move((((0, 0), 4), ((5, 5), None)), (((2, 3), 0b101),), True)
    assert PLAY.move_from_json(level, PLAY.move_to_json(move)) == move
    for bad in ({"set": "9,9,9"}, {"notes": "0,0=7"}, {"mode": 1}, "x", {"other": 1}):
        with pytest.raises(ValueError):
            PLAY.move_from_json(level, bad)
    with pytest.raises(ValueError):
        PLAY.state_from_json(level, {"grid": ["4" * 6] * 6})  # breaks the givens
    assert PLAY.level_matches(level, PLAY.level_json(level))


def test_hint_places_a_digit_of_the_solution() -> None:
    s = PLAY.new_state(parse(LEVEL_1))
    hint = PLAY.hint(s)
    assert hint is not None and hint.move is not None and hint.rule == "hidden_single"
    ((cell, digit),) = hint.move.changes
    assert int(SOLUTION_1[cell[0]][cell[1]]) == digit and hint.marks[cell] == f"place-{digit}"


def test_a_hint_that_must_probe_stops_when_cancelled() -> None:
    from queens_tui.core.play import Cancelled
    from queens_tui.kinds.sudoku.level import Level

    nearly_empty = PLAY.new_state(Level.from_rows(["......"] * 5 + [".....1"]))
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        PLAY.hint(nearly_empty, stop)


@pytest.mark.parametrize("engine", ["search", "cpsat"])
def test_the_worker_checks_finds_mistakes_and_solves(engine: str) -> None:
    start = PLAY.new_state(parse(LEVEL_1))
    kw = {"engine": engine, "time_limit": 10.0, "cancel": NEVER}
    assert SOLVER.check(start, **kw) == Verdict.CAN_FINISH
    wrong = play(start, "6", (0, 0))  # r1c1 is 2; 6 breaks no rule yet
    assert not wrong.faults and SOLVER.check(wrong, **kw) == Verdict.CANNOT_FINISH
    mistake = SOLVER.mistake(wrong, **kw)
    assert mistake is not None and mistake.marks[(0, 0)] == "mistake"  # why: test_mistake_why
    repeat = play(start, "5", (0, 0))  # 5 twice in row 1
    found = SOLVER.mistake(repeat, **kw)
    assert found is not None and "row 1 holds 5 twice" in found.text
    solved = SOLVER.solve(start, **kw)
    assert solved is not None and solved.rows_text() == SOLUTION_1 and PLAY.is_solved(solved)
    reveal = SOLVER.reveal(start, **kw)
    assert reveal is not None and reveal.move == Move.set((0, 0), 2) and reveal.helped
