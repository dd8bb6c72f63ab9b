"""The assistant state machine alone (no Textual): generations, stale replies, m, h, S, live."""

from __future__ import annotations

from queens_tui.core.play import NEVER, Hint, Verdict
from queens_tui.kinds.queens.play import PLAY
from queens_tui.midend.assistant import CHECKING, Assistant, Job, Reply, run_request
from queens_tui.solver import play_solver
from tests.conftest import EXAMPLE_8, level_from


def test_a_move_asks_a_check_and_a_stale_verdict_is_dropped() -> None:
    a = Assistant()
    first = a.changed("board-1", solved=False).requests
    assert [r.job for r in first] == [Job.CHECK]
    second = a.changed("board-2", solved=False).requests
    a.receive(Reply(first[0], Verdict.CANNOT_FINISH))  # about board-1: stale
    assert a.view.status == "" and a.verdict is None
    a.still_checking(second[0].generation)
    assert a.view.status == CHECKING and a.waiting
    a.receive(Reply(second[0], Verdict.CAN_FINISH))
    assert a.view.status == "can still be finished"
    assert not a.waiting  # answered: nothing more to wait for


def test_live_off_checks_silently_and_m_answers_from_it() -> None:
    a = Assistant(live=False)
    effects = a.changed("b", solved=False)
    asked = effects.requests  # still checked (a mistake must count against flawless)...
    assert [r.job for r in asked] == [Job.CHECK] and effects.checking_timer is None
    assert a.press_mistakes("b").requests == []  # ...so m waits for that check
    a.receive(Reply(asked[0], Verdict.CANNOT_FINISH))
    a.still_checking(asked[0].generation)
    assert a.view.status == ""  # ...but the status stays silent with the live check off
    wrong = Hint("the queen is wrong", {(0, 0): "mistake"}, move="clear", mistake=True)
    a.receive(Reply(asked[0], Verdict.CANNOT_FINISH, wrong, followup=True))
    assert a.view.marks == {(0, 0): "mistake"} and a.view.message == "the queen is wrong"
    a.press_mistakes("b")  # again: hide
    assert a.view.marks == {} and a.view.message == ""


def test_hint_twice_applies_and_counts_once() -> None:
    a = Assistant()
    a.changed("b", solved=False)
    asked = a.press_hint("b").requests
    assert a.press_hint("b").requests == []  # already on its way
    step = Hint("a step", {(1, 1): "place"}, move="place")
    effects = a.receive(Reply(asked[0], Verdict.CAN_FINISH, hint=step))
    assert effects.hint_used and a.view.marks == {(1, 1): "place"}
    assert "Press h again" in a.view.message
    assert a.press_hint("b").apply is step


def test_solve_reply_hands_the_solved_position_over_and_failures_are_said() -> None:
    a = Assistant()
    a.changed("b", solved=False)
    asked = a.press_solve("b").requests
    assert a.receive(Reply(asked[0], solved="solved-b")).solved == "solved-b"
    asked = a.press_solve("b").requests
    assert a.receive(Reply(asked[0], failed=True)).error
    assert a.press_solve("solved").requests  # not stuck in "solving"
    a.changed("won", solved=True)
    assert a.press_solve("won").notify == "Already solved."


def test_run_request_on_queens_with_both_engines() -> None:
    level = level_from(EXAMPLE_8)
    wrong = PLAY.apply(
        PLAY.new_state(level), PLAY.interpret(PLAY.new_state(level), "queen", (0, 0))
    )
    solver = play_solver("queens")
    a = Assistant()
    for engine in ("cpsat", "search"):
        request = a.changed(wrong, solved=False).requests[0]
        replies = list(run_request(request, PLAY, solver, engine, NEVER))
        assert [r.verdict for r in replies] == [Verdict.CANNOT_FINISH] * 2
        assert replies[1].followup and replies[1].mistake is not None
        assert {c for c, m in replies[1].mistake.marks.items() if m == "mistake"} == {(0, 0)}
        hint = a.press_hint(wrong).requests[0]
        (reply,) = run_request(hint, PLAY, solver, engine, NEVER)
        assert reply.hint is not None and reply.hint.mistake
