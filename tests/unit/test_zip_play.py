"""Zip's rules of play: drawing, cutting, backtracking, the codecs, hints, the worker's answers."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from queens_tui.core.play import NEVER, Drag, Verdict
from queens_tui.formats import zip as fmt
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.kinds.zip.play import PLAY, ZipMove, ZipState
from tests.zip_data import linkedin_days

# 3x3: 1 top-left, 2 in the middle of the right column, 3 bottom-right; a wall under (0, 1)
LEVEL = ZipLevel(3, 3, ((1, 0, 0), (0, 0, 2), (0, 0, 3)), (((0, 1), (1, 1)),))
ARROW = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}


def walk(state: ZipState, *actions: str) -> ZipState:
    for action in actions:
        move = PLAY.interpret(state, action, state.end)
        assert move is not None, action
        state = PLAY.apply(state, move)
    return state


def test_arrows_draw_and_stepping_back_cuts() -> None:
    s = PLAY.new_state(LEVEL)
    assert s.path == ((0, 0),) and PLAY.is_blank(s)
    s = walk(s, "right", "right")
    assert s.path == ((0, 0), (0, 1), (0, 2))
    assert PLAY.interpret(s, "up", s.end) is None  # off the grid
    back = walk(s, "left")  # onto the previous cell: one step back
    assert back.path == ((0, 0), (0, 1))
    assert PLAY.interpret(back, "down", back.end) is None  # the wall
    assert PLAY.interpret(PLAY.new_state(LEVEL), "back", (0, 0)) is None
    assert walk(s, "back").path == back.path


def test_numbers_only_in_order_and_the_last_only_at_the_end() -> None:
    s = walk(PLAY.new_state(LEVEL), "down", "right", "right")  # onto 2 (the next number): fine
    assert s.end == (1, 2) and s.reached() == 2
    s2 = walk(PLAY.new_state(LEVEL), "down", "down", "right")
    assert PLAY.interpret(s2, "right", s2.end) is None  # 3 before 2, and before the last cell


def test_clicks_cut_anywhere_on_the_path_and_extend_next_to_its_end() -> None:
    s = walk(PLAY.new_state(LEVEL), "right", "right", "down")
    cut = PLAY.apply(s, PLAY.interpret(s, "click", (0, 1)))  # type: ignore[arg-type]
    assert cut.path == ((0, 0), (0, 1))
    assert PLAY.interpret(cut, "click", (2, 2)) is None  # not next to the end, not in line
    on = PLAY.apply(cut, PLAY.interpret(cut, "click", (0, 2)))  # type: ignore[arg-type]
    assert on.path == ((0, 0), (0, 1), (0, 2))


def test_a_drag_draws_through_skipped_cells_and_backtracks() -> None:
    s = PLAY.new_state(LEVEL)
    drag = Drag((0, 0), s)
    move = PLAY.interpret(s, "drag", (2, 0), drag)  # skipped (1, 0)
    assert move == ZipMove(1, ((1, 0), (2, 0)))
    s = PLAY.apply(s, move)
    assert PLAY.apply(s, PLAY.interpret(s, "drag", (1, 0), drag)).path == ((0, 0), (1, 0))  # type: ignore[arg-type]


def test_solving_by_arrows_and_the_codecs_round_trip() -> None:
    for day in linkedin_days()[:3]:
        level = fmt.level_from_json(day)
        sol = [tuple(c) for c in day["solution"]]
        s = PLAY.new_state(level)
        for a, b in itertools.pairwise(sol):
            before = s
            s = walk(s, ARROW[(b[0] - a[0], b[1] - a[1])])
            assert PLAY.apply(before, PLAY.diff(before, s)) == s
            assert PLAY.apply(s, PLAY.diff(s, before)) == before
            move = PLAY.diff(before, s)
            assert PLAY.move_from_json(level, PLAY.move_to_json(move)) == move
        assert PLAY.is_solved(s) and PLAY.interpret(s, "up", s.end) is None
        assert PLAY.state_from_json(level, PLAY.state_to_json(s)) == s
        assert PLAY.level_matches(level, PLAY.level_json(level))
        assert "numbers" in PLAY.progress_text(s, False)


@pytest.mark.parametrize("bad", ["", "9,9", "x", "0,0 2,2", 3])
def test_bad_saves_are_value_errors(bad: object) -> None:
    with pytest.raises(ValueError):
        PLAY.state_from_json(LEVEL, bad)
    with pytest.raises(ValueError):
        PLAY.move_from_json(LEVEL, bad if bad != "" else "0:")


def test_hint_is_the_next_stretch_and_the_worker_finds_mistakes() -> None:
    from queens_tui.solver import zip as cpsat

    day = linkedin_days()[0]
    level = fmt.level_from_json(day)
    sol = tuple(tuple(c) for c in day["solution"])
    s = PLAY.new_state(level)
    hint = PLAY.hint(s)
    assert hint is not None and hint.move is not None
    after = PLAY.apply(s, hint.move)
    assert after.path == sol[: len(after.path)] and level.number_at(after.end) == 2
    wrong_turn = next(n for n in level.open_neighbours(sol[3]) if n not in sol[:5])
    bad = ZipState(level, (*sol[:4], wrong_turn))
    for engine in ("cpsat", "search"):
        args: dict[str, Any] = {"engine": engine, "time_limit": 10.0, "cancel": NEVER}
        assert cpsat.PLAY.check(after, **args) is Verdict.CAN_FINISH
        assert cpsat.PLAY.check(bad, **args) is Verdict.CANNOT_FINISH
        mistake = cpsat.PLAY.mistake(bad, **args)
        assert mistake is not None and mistake.move == ZipMove(4) and mistake.mistake
        assert cpsat.PLAY.mistake(after, **args) is None
        solved = cpsat.PLAY.solve(bad, **args)
        assert solved is not None and solved.path == sol
        reveal = cpsat.PLAY.reveal(after, **args)
        assert reveal is not None and reveal.helped


def test_cuts_are_backtracks_and_the_share_line_says_so() -> None:
    from queens_tui.core.vocabulary import to_ascii
    from queens_tui.kinds import get_play
    from queens_tui.midend.game import Game

    game = Game(LEVEL, get_play("zip"), title="Corner", now=lambda: 0.0)
    for action in ("right", "right", "left", "right", "down"):  # "left" cuts the path
        assert game.act(action, game.state.end)
    assert game.backtracks == 1
    game.act("back", game.state.end)  # backspace takes a cell back too
    assert game.backtracks == 2
    for action in ("down", "left", "left", "down", "right", "right"):
        assert game.act(action, game.state.end), action
    assert game.solved and game.undos == 0
    share = game.result().share_line()
    assert share == "queens-tui Zip Corner (3×3) | 0:00 with 2 backtracks 🛑"
    assert to_ascii(game.result(streak=3).share_line()) == (
        "queens-tui Zip Corner (3x3) | 0:00 with 2 backtracks\n3-day streak"
    )
    game.restart()
    for cell in [(0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2)]:
        game.act("click", cell)
    assert game.solved and game.backtracks == 0
    assert game.result().share_line() == "queens-tui Zip Corner (3×3) | 0:00 and flawless 🏁"
    assert to_ascii(game.result().share_line()) == "queens-tui Zip Corner (3x3) | 0:00 and flawless"


def test_a_zip_hint_names_its_rule_and_cells_as_every_kind_does() -> None:
    """Issue 28 items 7-8: not just "Next stretch: 1 cell to 2": the rule that forces it,
    cells named "row 3, column 1" (not r3c1), a full stop; a hint by the rules is not the
    solver's help. `explain` speaks the same way."""
    import re

    from queens_tui.formats import load_puzzle
    from queens_tui.formats.bundled import bundled_levels
    from queens_tui.kinds import get_kind, get_play

    level = load_puzzle(bundled_levels("zip")[0][1])
    play = get_play("zip")
    hint = play.hint(play.new_state(level))
    assert hint is not None and hint.text.endswith(".")
    assert re.match(
        r"(Only free neighbour|Cut off otherwise|No dead ends|No loop|Try a step)", hint.text
    )
    assert "The next stretch is" in hint.text and "row " in hint.text and not hint.helped
    steps = get_kind("zip").explain(level).steps
    texts = " ".join(str(s["text"]) for s in steps)
    assert not re.search(r"\br\d+c\d+\b", texts + hint.text)
    rules = {"end-exit": "Only free neighbour", "corridor": "Cut off otherwise"}
    for step in steps:
        if step["rule"] in rules:
            assert str(step["text"]).startswith(rules[str(step["rule"])])
