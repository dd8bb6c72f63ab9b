"""Patches, pure: the rules, the candidates, each hint rule, the search, the generator, the
calendar line, and play (inputs, saves, the worker's answers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.core.play import NEVER, Drag, Verdict
from queens_tui.formats import patches as fmt
from queens_tui.kinds.patches import deduce, search
from queens_tui.kinds.patches.calendar import decode, encode
from queens_tui.kinds.patches.generate import generate
from queens_tui.kinds.patches.kind import KIND
from queens_tui.kinds.patches.level import Clue, Level
from queens_tui.kinds.patches.play import PLAY, Move, PatchState, parse_move
from queens_tui.kinds.patches.rules import candidates, fault, is_solved
from queens_tui.solver.patches import PLAY as SOLVER
from queens_tui.solver.patches import solutions as cp_solutions

REPO = Path(__file__).resolve().parents[2]

ONLY_CLUE = """\
# kind: patches
. A .
. . B
. . C

A: wide
B: free
C: free
"""
COMMON = """\
# kind: patches
A . . B
. . . .
. . . .
. C . D

A: free
B: 6
C: tall
D: square
"""


def test_clue_fits_shape_and_size_and_names_itself() -> None:
    wide6 = Clue(1, 2, "wide", 6)
    assert wide6.fits((0, 0, 1, 2)) and not wide6.fits((0, 0, 2, 1))  # 2x3 yes, 3x2 no
    assert not wide6.fits((1, 0, 1, 3))  # wide but 4 cells
    assert Clue(0, 0, "square").fits((0, 0, 2, 2)) and not Clue(0, 0, "square").fits((0, 0, 0, 1))
    assert Clue(0, 0, "tall").fits((0, 0, 1, 0)) and not Clue(0, 0, "tall").fits((0, 0, 0, 0))
    assert wide6.name == "the 6-cell wide clue at row 2, column 3"
    assert Clue(0, 0, "free", 4).name == "the 4-cell clue at row 1, column 1"
    assert Clue(0, 0, "free").name == "the free clue at row 1, column 1"
    with pytest.raises(LevelError, match="no rectangle"):
        Level(3, 3, (Clue(0, 0, "square", 2),))
    with pytest.raises(LevelError, match="share"):
        Level(3, 3, (Clue(0, 0), Clue(0, 0, "tall")))


def test_candidates_hold_their_clue_only_and_fit_it() -> None:
    level = fmt.parse(COMMON)
    cands = candidates(level)
    for k, clue in enumerate(level.clues):
        assert cands[k]
        for rect in cands[k]:
            assert level.clues_in(rect) == [k] and clue.fits(rect)
    # the square clue in the corner: 1x1 and 2x2 fit; 3x3 would hold C too
    square = level.clues.index(Clue(3, 3, "square"))
    assert cands[square] == ((2, 2, 3, 3), (3, 3, 3, 3))


def test_faults_of_drawn_patches() -> None:
    level = fmt.parse(COMMON)
    assert fault(level, (1, 1, 2, 2)) == "holds no clue"
    assert fault(level, (0, 0, 0, 3)) is not None and "2 clues" in str(fault(level, (0, 0, 0, 3)))
    assert fault(level, (3, 3, 3, 3)) is None
    assert "asks for 6" in str(fault(level, (0, 3, 2, 3)))  # 3 cells for the 6-cell clue
    assert "tall" in str(fault(level, (3, 0, 3, 1)))  # 1x2 for a tall clue


def _check_step(level: Level, step: deduce.Step) -> None:
    """A step's conclusions agree with the level's one solution."""
    (solution,) = search.solutions(level)
    for k, rect in step.ruled_out:
        assert solution[k] != rect
    for rect in step.place:
        assert rect in solution


def test_single_rule_places_the_only_rectangle() -> None:
    level = Level(2, 2, (Clue(0, 0, "square", 4),))
    step = deduce.next_step(level, [])
    assert step is not None and step.rule == "single" and step.place == ((0, 0, 1, 1),)
    assert step.text.startswith("The 4-cell square clue at row 1, column 1 takes rows 1-2")


def test_only_clue_rule_names_the_cell_and_the_clue() -> None:
    level = fmt.parse(ONLY_CLUE)
    step = deduce.next_step(level, [])
    assert step is not None and step.rule == "only_clue"
    assert step.cells == ((0, 0),) and step.clue == (0, 1)
    assert "Only the wide clue at row 1, column 2 can still reach row 1, column 1," in step.text
    _check_step(level, step)


def test_common_rule_gives_the_shared_cells_to_the_clue() -> None:
    level = fmt.parse(COMMON)
    step = deduce.next_step(level, [])
    assert step is not None and step.rule == "common" and step.clue == (0, 3)
    assert {(0, 2), (1, 2), (1, 3)} <= set(step.cells)
    assert "Every rectangle left for the 6-cell clue at row 1, column 4 covers" in step.text
    _check_step(level, step)


def test_probe_rule_on_a_hard_level_and_every_step_agrees_with_the_solution() -> None:
    level = fmt.parse((REPO / "levels/patches-3-hard/001.txt").read_text("utf-8"))
    steps = deduce.solve_logically(level)
    probes = [s for s in steps if s.rule == "probe"]
    assert probes and steps[-1].rule != "solver"
    assert "cannot take every rectangle: if it took" in probes[0].text
    eng = deduce.Engine(level)
    for step in steps:
        _check_step(level, step)
        eng.apply(step)
    assert eng.done
    assert deduce.grade_steps(steps).difficulty in ("hard", "expert")


def test_search_and_cpsat_agree_and_count_to_two() -> None:
    level = fmt.parse(COMMON)
    assert search.count(level) == 1
    assert list(search.solutions(level)) == cp_solutions(level)
    loose = Level(2, 2, (Clue(0, 0), Clue(1, 1)))  # two ways to cut a 2x2 in two
    assert search.count(loose, 5) == 2 and len(cp_solutions(loose, 5)) == 2
    assert KIND.solution_json(level, KIND.solutions(level, 1)[0])["patches"][0] == [0, 0, 3, 0]


def test_generator_is_seeded_unique_and_graded() -> None:
    level = generate(6, "unit", "easy")
    assert level == generate(6, "unit", "easy")
    assert level.difficulty == "easy" and level.seed == "unit"
    assert len(cp_solutions(level)) == 1
    assert deduce.grade_steps(deduce.solve_logically(level)).difficulty == "easy"
    back = decode(encode(level))
    assert back.clues == level.clues and back.difficulty == "easy"
    with pytest.raises(ValueError):
        decode("6e !!!")


# --- play ---------------------------------------------------------------------------------


def _solved_patches(level: Level) -> tuple[tuple[int, int, int, int], ...]:
    return next(search.solutions(level))


def test_keys_anchor_stretch_close_and_remove() -> None:
    level = fmt.parse(COMMON)
    state = PLAY.new_state(level)
    anchor = PLAY.interpret(state, "draw", (0, 0))
    assert anchor == Move(anchor=(0, 0), set_anchor=True)
    state = PLAY.apply(state, anchor)
    state = PLAY.apply(state, PLAY.interpret(state, "draw", (3, 0)))  # type: ignore[arg-type]
    assert state.patches == ((0, 0, 3, 0),) and state.anchor is None
    assert PLAY.interpret(state, "draw", (2, 0)) == Move(remove=((0, 0, 3, 0),))
    assert PLAY.interpret(state, "erase", (1, 1)) is None  # nothing there
    state = PLAY.apply(state, PLAY.interpret(state, "draw", (1, 1)))  # type: ignore[arg-type]
    assert PLAY.interpret(state, "erase", (1, 1)) == Move(set_anchor=True)  # drops the corner


def test_drag_replaces_overlapped_patches_and_click_toggles() -> None:
    level = fmt.parse(COMMON)
    state = PatchState(level, ((0, 0, 3, 0),))
    drag = Drag((0, 0), state)
    move = PLAY.interpret(state, "drag", (1, 2), drag)
    assert move is not None
    after = PLAY.apply(state, move)
    assert after.patches == ((0, 0, 1, 2),)  # the column it overlapped is gone
    assert not after.faults  # holds A (free, any size) alone
    two = PLAY.apply(state, PLAY.interpret(state, "drag", (0, 3), drag))  # type: ignore[arg-type]
    assert set(two.faults) == {(0, 0, 0, 3)}  # holds A and B
    back = PLAY.interpret(after, "drag", (0, 0), drag)  # shrinking back to a 1x1
    assert back is not None and PLAY.apply(after, back).patches == ((0, 0, 0, 0),)
    click = PLAY.interpret(state, "click", (2, 2))
    assert click == Move(add=((2, 2, 2, 2),))
    assert PLAY.interpret(state, "click", (1, 0)) == Move(remove=((0, 0, 3, 0),))


def test_win_progress_and_saves_round_trip() -> None:
    level = fmt.parse(COMMON)
    solution = _solved_patches(level)
    state = PLAY.apply(PLAY.new_state(level), Move(add=solution))
    assert PLAY.is_solved(state) and is_solved(level, state.patches)
    assert PLAY.progress_text(state, ascii=True) == f"{len(solution)} of {len(level.clues)} patches"
    assert PLAY.state_from_json(level, PLAY.state_to_json(state)) == state
    move = Move(remove=((0, 0, 1, 1),), add=((0, 0, 2, 2),), anchor=(1, 2), set_anchor=True)
    assert PLAY.move_to_json(move) == "-0,0,1,1 +0,0,2,2 @1,2"
    assert PLAY.move_from_json(level, "-0,0,1,1 +0,0,2,2 @1,2") == move
    for bad in ("+0,0,9,9", "x1", "+0,0,1", "@9,9", 7):
        with pytest.raises(ValueError):
            parse_move(level, bad)
    with pytest.raises(ValueError):  # overlapping patches in a save
        PLAY.state_from_json(level, [[0, 0, 1, 1], [1, 1, 2, 2]])


@pytest.mark.parametrize("engine", ["search", "cpsat"])
def test_worker_check_mistake_reveal_solve(engine: str) -> None:
    level = fmt.parse(COMMON)
    solution = _solved_patches(level)
    kw = {"engine": engine, "time_limit": 5.0, "cancel": NEVER}
    right = PatchState(level, (solution[0],))
    assert SOLVER.check(right, **kw) == Verdict.CAN_FINISH
    wrong_fit = PatchState(level, ((0, 0, 1, 0),))  # fits A (free) but is not its patch
    assert SOLVER.check(wrong_fit, **kw) == Verdict.CANNOT_FINISH
    hint = SOLVER.mistake(wrong_fit, **kw)
    assert hint is not None and hint.mistake and hint.move == Move(remove=((0, 0, 1, 0),))
    broken = PatchState(level, ((1, 1, 2, 2),))
    assert SOLVER.quick_check(broken) == Verdict.CANNOT_FINISH
    hint = SOLVER.mistake(broken, **kw)
    assert hint is not None and "holds no clue" in hint.text
    reveal = SOLVER.reveal(right, **kw)
    assert reveal is not None and reveal.helped and reveal.move is not None
    assert set(reveal.move.add) <= set(solution)
    solved = SOLVER.solve(right, **kw)
    assert solved is not None and solved.solved


def test_play_hint_walks_to_the_next_patch() -> None:
    level = fmt.parse(COMMON)
    hint = PLAY.hint(PLAY.new_state(level))
    assert hint is not None and hint.move is not None and len(hint.move.add) == 1
    assert hint.move.add[0] in _solved_patches(level)
    assert "place" in hint.marks.values() and "evidence" in hint.marks.values()
    # the narrowing of the placed clue's rectangles, then what it leaves, the conclusion last
    assert hint.text.startswith(
        "After 1 step of the rules on the marked cells, only the square clue at row 4, column 4"
    )
    assert hint.text.endswith(
        "that leaves the square clue at row 4, column 4 one rectangle: rows 3-4, columns 3-4."
    )
