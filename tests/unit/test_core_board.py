"""The level model, the rules, the board's derived crosses and conflicts, and history."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from queens_tui.core.errors import LevelError
from queens_tui.kinds.queens.board import Board, History, Mark, Move
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.rules import attacked, find_conflicts, is_solution

from ..conftest import EXAMPLE_8, SOLUTION_8, level_from

SMALL = level_from(
    """
    AABB
    ACCB
    DDCB
    DDDB
    """
)


def test_level_shape_and_regions(level8: Level) -> None:
    assert level8.size == 8
    assert level8.labels == tuple("ABCDEFGH")
    assert level8.region((1, 5)) == level8.labels.index("E")
    assert sum(len(cells) for cells in level8.region_cells) == 64


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "no rows"),
        (["AB", "A"], "row 2 has 1 cells"),
        (["AA", "AA"], "needs exactly 2 regions, found 1"),
        (["ABC", "ABC", "ABD"], "needs exactly 3 regions, found 4"),
    ],
)
def test_level_rejects_malformed_grids(rows: list[str], message: str) -> None:
    with pytest.raises(LevelError, match=message):
        Level.from_rows(rows)


def test_level_error_formats_file_line_col() -> None:
    err = LevelError("bad row", line=3, col=7).located("x.txt")
    assert str(err) == "x.txt:3:7: bad row"
    assert str(LevelError("no such file", path="y.txt")) == "y.txt: no such file"


def test_disconnected_regions_are_reported() -> None:
    level = level_from("ABA\nBBB\nCCC")
    assert level.disconnected_regions == ("A",)
    assert level_from(EXAMPLE_8).disconnected_regions == ()


def test_attack_set_covers_row_column_region_and_neighbours(level8: Level) -> None:
    cells = level8.attacks[0][0]
    assert (0, 0) not in cells
    assert {(0, 7), (7, 0), (1, 1), (5, 0)} <= cells  # row, column, neighbour, region A
    assert (2, 2) not in cells  # two steps away diagonally, another region


def test_solution_of_example_is_valid(level8: Level) -> None:
    queens = [(r, c) for r, c in enumerate(SOLUTION_8)]
    assert is_solution(level8, queens)
    assert not is_solution(level8, queens[:-1])


def test_conflicts_name_queens_and_what_they_share(level8: Level) -> None:
    conflicts = find_conflicts(level8, [(0, 0), (0, 5), (1, 1), (4, 6)])
    assert conflicts.rows == {0}
    assert conflicts.queens == {(0, 0), (0, 5), (1, 1)}
    assert ((0, 0), (1, 1)) in conflicts.touching
    assert (4, 6) not in conflicts.queens
    same_region = find_conflicts(level8, [(0, 0), (5, 0)])
    assert same_region.regions == {level8.region((0, 0))} and same_region.cols == {0}


def test_auto_crosses_retract_only_where_no_other_queen_attacks() -> None:
    board = Board(SMALL)
    one = board.apply(Move.set((0, 0), Mark.QUEEN))
    two = one.apply(Move.set((3, 3), Mark.QUEEN))
    # (0, 3) is attacked by both queens (row of the first, column of the second).
    assert (0, 3) in one.auto_crosses and (0, 3) in two.auto_crosses
    back = two.apply(Move.set((0, 0), Mark.EMPTY))
    assert (0, 3) in back.auto_crosses  # still attacked by the queen at (3, 3)
    assert (0, 1) not in back.auto_crosses  # only the removed queen caused it
    assert back.auto_crosses == attacked(SMALL, [(3, 3)])


def test_manual_crosses_are_kept_apart_from_automatic_ones() -> None:
    board = Board(SMALL).apply(Move.set((0, 1), Mark.CROSS)).apply(Move.set((0, 0), Mark.QUEEN))
    assert board.mark((0, 1)) is Mark.CROSS
    assert (0, 1) not in board.auto_crosses
    cleared = board.apply(Move.set((0, 0), Mark.EMPTY))
    assert cleared.crosses == {(0, 1)} and not cleared.auto_crosses


def test_queen_may_stand_on_an_auto_crossed_cell_and_then_conflicts() -> None:
    board = Board(SMALL).apply(Move.set((0, 0), Mark.QUEEN)).apply(Move.set((1, 1), Mark.QUEEN))
    assert board.queens == {(0, 0), (1, 1)}
    assert board.conflicts.touching == {((0, 0), (1, 1))}
    assert not board.is_solved


def test_solving_the_example(level8: Level) -> None:
    history = History.new(level8)
    for r, c in enumerate(SOLUTION_8):
        assert history.apply(Move.set((r, c), Mark.QUEEN))
    assert history.board.is_solved
    assert history.moves == 8


def test_undo_redo_and_redo_cleared_by_new_move() -> None:
    history = History.new(SMALL)
    history.apply(Move.set((0, 0), Mark.QUEEN))
    history.apply(Move.set((2, 2), Mark.CROSS))
    assert history.undo() and history.board.mark((2, 2)) is Mark.EMPTY
    assert history.undo() and history.board.queens == frozenset()
    assert not history.undo()
    assert history.redo() and history.board.queens == {(0, 0)}
    history.apply(Move.set((3, 3), Mark.CROSS))
    assert not history.can_redo


def test_a_gesture_is_one_undo_step() -> None:
    history = History.new(SMALL)
    history.begin_gesture()
    for cell in [(0, 0), (0, 1), (0, 2)]:
        history.apply(Move.set(cell, Mark.CROSS))
    history.end_gesture()
    assert history.board.crosses == {(0, 0), (0, 1), (0, 2)}
    assert history.moves == 1
    assert history.undo() and history.board.crosses == frozenset()


def test_a_move_that_changes_nothing_is_not_a_step() -> None:
    history = History.new(SMALL)
    assert not history.apply(Move.set((0, 0), Mark.EMPTY))
    history.begin_gesture()
    history.end_gesture()
    assert not history.can_undo and history.moves == 0


def test_reset_is_undoable() -> None:
    history = History.new(SMALL)
    history.apply(Move.set((0, 0), Mark.QUEEN))
    history.reset(history.board.cleared())
    assert history.board.queens == frozenset()
    assert history.undo() and history.board.queens == {(0, 0)}


def test_off_board_moves_are_refused() -> None:
    with pytest.raises(ValueError, match="off a 4x4 board"):
        Board(SMALL).apply(Move.set((4, 0), Mark.QUEEN))


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.sampled_from(list(Mark)))))
def test_undo_everything_returns_to_the_empty_board(moves: list[tuple[int, int, Mark]]) -> None:
    history = History.new(SMALL)
    seen = [history.board]
    for r, c, mark in moves:
        if history.apply(Move.set((r, c), mark)):
            seen.append(history.board)
    for expected in reversed(seen[:-1]):
        assert history.undo()
        assert history.board == expected
    assert not history.can_undo
    for expected in seen[1:]:
        assert history.redo() and history.board == expected
    # Derived crosses always equal what the queens attack, minus manual marks.
    board = history.board
    assert board.auto_crosses == attacked(SMALL, board.queens) - board.crosses
