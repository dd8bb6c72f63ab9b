"""Mini Sudoku's pure kind: the level model, the rules, the exact search, the calendar codec."""

from __future__ import annotations

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.formats.sudoku import parse
from queens_tui.kinds import get_kind, get_play
from queens_tui.kinds.sudoku import search
from queens_tui.kinds.sudoku.calendar import decode, encode
from queens_tui.kinds.sudoku.kind import KIND
from queens_tui.kinds.sudoku.level import Level, box_cells, box_of
from queens_tui.kinds.sudoku.rules import is_solved, peers, repeats, units
from tests.unit.sudoku_data import LEVEL_1, SOLUTION_1


def digits(rows: list[str]) -> list[list[int | None]]:
    return [[None if ch == "." else int(ch) for ch in row] for row in rows]


def test_boxes_are_two_rows_by_three_columns() -> None:
    assert box_cells(0) == ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2))
    assert box_cells(5) == ((4, 3), (4, 4), (4, 5), (5, 3), (5, 4), (5, 5))
    assert {box_of(c) for c in box_cells(3)} == {3}
    assert len(units()) == 18 and all(len(u.cells) == 6 for u in units())
    assert len(peers((2, 4))) == 5 + 5 + 2  # row, column, the box's other row


def test_the_solution_keeps_every_rule_and_a_repeat_is_named() -> None:
    grid = digits(SOLUTION_1)
    assert is_solved(grid) and not repeats(grid)
    grid[0][0], grid[0][1] = grid[0][1], grid[0][0]  # a swap inside one row and box
    assert not is_solved(grid)
    texts = {f.text for f in repeats(grid)}
    assert "column 1 holds 3 twice (row 1, column 1 and row 4, column 1)" in texts


def test_other_sizes_and_clashing_givens_are_refused_clearly() -> None:
    with pytest.raises(LevelError, match="9x9; Mini Sudoku is played on 6x6 only"):
        Level(tuple((None,) * 9 for _ in range(9)))
    with pytest.raises(LevelError, match="row 1 holds 5 twice"):
        Level.from_rows(["5....5", *["......"] * 5])
    with pytest.raises(LevelError, match="not a digit"):
        Level.from_rows(["7.....", *["......"] * 5])


def test_search_finds_the_unique_solution_and_counts_to_the_limit() -> None:
    level = parse(LEVEL_1)
    sols = list(search.solutions(level))
    assert sols == [tuple(tuple(int(ch) for ch in row) for row in SOLUTION_1)]
    empty = Level(tuple((None,) * 6 for _ in range(6)))
    assert search.count(empty, 2) == 2 and search.count(empty, 7) == 7
    assert list(search.solutions_of(digits(["11....", *["......"] * 5]))) == []


def test_calendar_line_round_trips_and_damage_is_refused() -> None:
    level = parse(LEVEL_1)
    line = encode(level)
    assert line.startswith("6- ") and len(line.split()[1]) == 18
    assert decode(line).givens == level.givens
    graded = Level(level.givens, difficulty="hard")
    assert decode(encode(graded)) == graded
    for bad in ("6e", "8e AAAA", "6e !!!!", "6e " + "_" * 30):
        with pytest.raises(ValueError):
            decode(bad)


def test_the_registry_gives_the_kind_and_its_facts() -> None:
    assert (
        get_kind("sudoku") is KIND
        and KIND.title == "Mini Sudoku"
        and get_play("sudoku") is KIND.play
    )
    assert KIND.difficulties == ("easy", "medium", "hard", "expert")
    assert KIND.sizes == (6,) and KIND.default_size == 6
    assert KIND.daily is not None
    week = [d or "" for _, d in KIND.daily.week]
    assert week == sorted(week, key=KIND.difficulties.index) and week[0] == "easy"
    assert (KIND.formats, KIND.solver) == ("queens_tui.formats.sudoku", "queens_tui.solver.sudoku")
    level = parse(LEVEL_1)
    sol = KIND.solutions(level, 2)
    assert len(sol) == 1 and KIND.solution_json(level, sol[0]) == {"grid": SOLUTION_1}
    assert KIND.check_json(level) == {"size": 6, "givens": 10}
