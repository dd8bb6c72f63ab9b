"""`m` says *why* on every kind (issue 28 item 6): the row, column, box, clue, cell or cut
that a wrong mark leaves impossible, tinted, and never the answer."""

from __future__ import annotations

import glob
from typing import Any

import pytest

from queens_tui.core.play import NEVER
from queens_tui.formats import load_puzzle
from queens_tui.formats import patches as patches_fmt
from queens_tui.formats import zip as zip_fmt
from queens_tui.formats.sudoku import parse as sudoku_parse
from queens_tui.kinds.patches.play import PatchState
from queens_tui.kinds.patches.rules import dead_end as patches_dead_end
from queens_tui.kinds.sudoku.deduce import dead_end as sudoku_dead_end
from queens_tui.kinds.sudoku.play import PLAY as SUDOKU
from queens_tui.kinds.tango.board import Move as TangoMove
from queens_tui.kinds.tango.deduce import dead_end as tango_dead_end
from queens_tui.kinds.tango.level import SUN
from queens_tui.kinds.zip.deduce import dead_end as zip_dead_end
from queens_tui.kinds.zip.play import ZipState
from queens_tui.kinds.zip.search import solutions as zip_solutions
from queens_tui.solver.grid_play import UNEXPLAINED, explained_text
from queens_tui.solver.patches import PLAY as PATCHES_SOLVER
from queens_tui.solver.sudoku import PLAY as SUDOKU_SOLVER
from queens_tui.solver.tango import PLAY as TANGO_SOLVER
from queens_tui.solver.zip import PLAY as ZIP_SOLVER
from tests.unit.sudoku_data import LEVEL_1
from tests.unit.test_patches import COMMON
from tests.unit.test_tango_play import start as tango_start
from tests.zip_data import linkedin_days

KW: dict[str, Any] = {"engine": "search", "time_limit": 10.0, "cancel": NEVER}


def fits(text: str) -> bool:
    """Whole in the message area at 80x24 (two lines of 78), so the wrong mark and the
    reason both show."""
    from queens_tui.app.widgets.message import fit_text

    return fit_text(text, 78, 2) == text


ROW_4 = {(3, c): "evidence" for c in range(6)}


def test_tango_names_the_line_a_wrong_symbol_leaves_unfinishable() -> None:
    wrong = tango_start().apply(TangoMove.set((0, 0), SUN))  # breaks no rule by itself
    got = TANGO_SOLVER.mistake(wrong, **KW)
    assert got is not None and got.move == TangoMove.set((0, 0), None)
    assert got.text.startswith("The sun at row 1, column 1 is a mistake: with it, row 4 could")
    assert got.text.endswith("row 4 could no longer be finished once the cells it forces are in.")
    assert fits(got.text)
    assert got.marks == {**ROW_4, (0, 0): "mistake"}  # the line tinted as a hint tints


def test_sudoku_names_the_unit_left_without_a_place() -> None:
    start = SUDOKU.new_state(sudoku_parse(LEVEL_1))
    wrong = SUDOKU.apply(start, SUDOKU.interpret(start, "6", (0, 0)))  # type: ignore[arg-type]
    got = SUDOKU_SOLVER.mistake(wrong, **KW)
    assert got is not None
    assert got.text.startswith("The 6 at row 1, column 1 is a mistake: with it, column 4 would")
    assert "no place for 6" in got.text and fits(got.text)
    assert got.marks[(0, 0)] == "mistake" and got.marks[(5, 3)] == "evidence"


def test_patches_names_the_cell_or_clue_left_without_a_patch() -> None:
    level = patches_fmt.parse(COMMON)
    got = PATCHES_SOLVER.mistake(PatchState(level, ((0, 0, 1, 0),)), **KW)
    assert got is not None
    assert got.text == (
        "The patch at rows 1-2, column 1 is a mistake: with it, row 3, column 1 could "
        "belong to no patch."
    )
    assert got.marks == {(0, 0): "mistake", (1, 0): "mistake", (2, 0): "evidence"}
    assert fits(got.text)


def test_zip_names_why_a_wrong_step_cannot_go_on() -> None:
    day = linkedin_days()[0]
    level = zip_fmt.level_from_json(day)
    sol = tuple(tuple(c) for c in day["solution"])
    wrong_turn = next(n for n in level.open_neighbours(sol[3]) if n not in sol[:5])
    got = ZIP_SOLVER.mistake(ZipState(level, (*sol[:4], wrong_turn)), **KW)
    assert got is not None and got.text.endswith(".")
    assert got.text.startswith(
        "The step to row 5, column 3 is a mistake: with it, every way on (row 5, column 2 or "
        "row 5, column 4) runs the rules into a contradiction."
    )
    assert fits(got.text)
    assert got.marks[wrong_turn] == "mistake" and "evidence" in got.marks.values()


def test_zip_reasons_dead_end_cut_and_boxed_in() -> None:
    from queens_tui.kinds.zip.level import ZipLevel

    # 3x3, 1 top-left, 2 bottom-right
    level = ZipLevel(3, 3, ((1, 0, 0), (0, 0, 0), (0, 0, 2)), ())
    why = zip_dead_end(level, ((0, 0), (0, 1), (1, 1)))  # leaves (0, 2) one way in
    assert why is not None and why[0].startswith("row 1, column 3 would be a dead end")
    cut = zip_dead_end(level, ((0, 0), (0, 1), (1, 1), (2, 1)))  # down the middle column
    assert (
        cut is not None
        and cut[0]
        == "the path splits the free cells in two (row 2, column 1 and 1 more cell apart)"
    )
    assert set(cut[1]) == {(1, 0), (2, 0)}  # the smaller part, tinted
    corner = zip_dead_end(level, ((0, 0), (1, 0), (1, 1), (0, 1)))  # (2, 0): one way in
    assert corner == (
        "row 3, column 1 would be a dead end (one way in, not the last number)",
        ((2, 0),),
    )
    line = ZipLevel(2, 4, ((1, 0, 0, 0), (0, 0, 0, 2)), ())
    stuck = zip_dead_end(line, ((0, 0), (1, 0), (1, 1), (1, 2), (0, 2), (0, 1)))
    assert stuck is not None and stuck[0].startswith("the path's end at row 1, column 2 has no")


def test_the_honest_line_when_no_rule_shows_why() -> None:
    text = explained_text("the sun at row 1, column 1", 1, None)
    assert UNEXPLAINED in text and text.endswith(".") and "solver" in text


PACKS = {
    "tango": "levels/tango-4-expert/*.txt",
    "sudoku": "levels/sudoku-4-expert/*.txt",
    "patches": "levels/patches-3-hard/*.txt",
}


@pytest.mark.parametrize("kind", sorted(PACKS))
def test_no_reason_is_found_where_there_is_none(kind: str) -> None:
    """Sound: on the start of every level of a pack (each has a solution), and with a
    correct cell filled, the rules find no dead end."""
    for path in sorted(glob.glob(PACKS[kind]))[:6]:
        level = load_puzzle(path)
        if kind == "tango":
            assert tango_dead_end(level, level.givens) is None
        elif kind == "sudoku":
            assert sudoku_dead_end(level.givens) is None
        else:
            assert patches_dead_end(level, ()) is None


def test_zip_no_reason_on_the_solution_path() -> None:
    for path in sorted(glob.glob("levels/zip-1-6x6/*.txt"))[:4]:
        level = load_puzzle(path)
        sol = zip_solutions(level, 1)[0]
        for k in range(1, len(sol) - 1, 5):
            assert zip_dead_end(level, tuple(sol[:k])) is None, (path, k)


def test_zip_a_step_away_from_the_next_number_leaves_too_few_cells() -> None:
    """Issue 28 item 7: the numbers left lie 1 + 3 + 2 + 2 + 5 = 13 steps apart in order
    from (0, 1), and 13 cells are left; the step down makes it 14 steps with 12 cells."""
    from queens_tui.kinds.zip.deduce import travel
    from queens_tui.kinds.zip.level import ZipLevel

    level = ZipLevel(3, 5, ((1, 0, 2, 0, 0), (5, 0, 4, 0, 3), (0, 0, 0, 0, 6)), ())
    assert travel(level, (0, 1), 1) == 13 and travel(level, (1, 1), 1) == 14
    assert zip_dead_end(level, ((0, 0), (0, 1))) is None
    why = zip_dead_end(level, ((0, 0), (0, 1), (1, 1)))
    assert why is not None and why[0] == (
        "the numbers 2 to 6 lie 14 steps apart in order from here, with 12 cells left"
    )
    got = ZIP_SOLVER.mistake(ZipState(level, ((0, 0), (0, 1), (1, 1))), **KW)
    assert got is not None and "14 steps apart" in got.text and got.marks[(1, 1)] == "mistake"
    assert fits(got.text)


def test_queens_m_names_no_forced_queen_the_board_already_holds() -> None:
    """Issue 35 item 8: "(once the lines left with one free cell each take their queen)"
    on a board where the queen it needed already stood: nothing was left to take."""
    from queens_tui.kinds.queens import deduce
    from queens_tui.kinds.queens.board import Board
    from queens_tui.kinds.queens.level import Level
    from tests.conftest import EXAMPLE_8

    level = Level.from_rows(EXAMPLE_8.split())
    mistake = deduce.first_error(Board(level, frozenset({(1, 5), (3, 6)})))
    assert mistake is not None
    assert mistake.text == (
        "The queen at row 4, column 7 is a mistake: with it, region F can no longer hold a queen."
    )


def _walk_hints(kind: str, level_id: str, steps: int = 12):
    """The hints of a bundled level, each applied, from the empty board."""
    from queens_tui.catalog import LevelRef, load
    from queens_tui.kinds import get_play

    rules = get_play(kind)
    level = load(LevelRef.bundled(level_id))
    state = rules.new_state(level)
    for _ in range(steps):
        hint = rules.hint(state)
        if hint is None or hint.move is None:
            return
        yield hint
        state = rules.apply(state, hint.move)


@pytest.mark.parametrize(
    ("kind", "level_id"),
    [
        ("zip", "zip-1-6x6/001"),
        ("zip", "zip-3-8x8/002"),
        ("patches", "patches-3-hard/001"),
        ("patches", "patches-3-hard/002"),
    ],
)
def test_hints_count_no_steps_the_player_never_saw(kind: str, level_id: str) -> None:
    """Issue 35 item 8: Zip's "(after 22 forced steps elsewhere)" and Patches' "(2 steps
    first.)" named steps nobody was shown; now the cells they rely on are marked on the
    board and the words say so ("the marked cells")."""
    import re

    seen = 0
    for hint in _walk_hints(kind, level_id):
        assert not re.search(r"steps? (first|elsewhere)", hint.text), hint.text
        if "marked cells" in hint.text:
            seen += 1
            assert hint.marks, hint.text  # evidence, or inside the patch or path it places
    assert seen or kind == "patches"  # Zip's first hints rely on forced links


def test_zip_m_says_what_breaks_in_words_a_player_can_check() -> None:
    """Issue 35 item 8: "the 3 at row 3, column 6's only links break the path once the rules
    draw the links they force" -> which links, and what taking them would do."""
    from queens_tui.kinds.zip import deduce

    assert set(deduce.JOIN_WORDS) == {"loop", "order", "early"}
    source = __import__("inspect").getsource(deduce)
    assert "only links break the path" not in source
    assert "once the rules draw the links they force" not in source
