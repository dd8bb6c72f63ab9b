"""The Tango level model and the rules of the game: validation, signs, faults, the exact search."""

from __future__ import annotations

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.kinds.tango import rules, search
from queens_tui.kinds.tango.level import MOON, SUN, Level, draw

SOLVED = ["001101", "011010", "110010", "100101", "001101", "110010"]
"""LinkedIn Tango #1's solution."""


def tango1() -> Level:
    return Level.from_rows(
        ["......", ".1..1.", "......", "......", ".0..0.", "......"],
        equal=[((5, 1), (5, 0)), ((3, 1), (3, 2)), ((4, 2), (4, 3)), ((2, 0), (3, 0))],
        opposite=[((1, 2), (1, 3)), ((2, 3), (2, 4)), ((0, 4), (0, 5)), ((2, 5), (3, 5))],
        name="LinkedIn Tango #1",
    )


def test_pairs_are_kept_in_reading_order_and_sorted() -> None:
    level = tango1()
    assert level.equal[0] == ((2, 0), (3, 0))
    assert ((5, 0), (5, 1)) in level.equal  # written the other way round
    assert level.kind == "tango" and level.size_text == "6x6"
    assert level.metadata == {"name": "LinkedIn Tango #1"}
    assert level.given_cells[(1, 1)] == SUN and level.given_cells[(4, 1)] == MOON


@pytest.mark.parametrize(
    ("rows", "equal", "opposite", "words"),
    [
        ([".."] * 3, [], [], "N even"),
        (["...", "..."], [], [], "row 1 has 3 cells"),
        (["..", ".."], [((0, 0), (1, 1))], [], "not neighbours"),
        (["..", ".."], [((0, 0), (0, 2))], [], "off the grid"),
        (["..", ".."], [((0, 0), (0, 1))], [((0, 1), (0, 0))], "signed twice"),
        (["2.", ".."], [], [], "not 1, 0 or ."),
    ],
)
def test_malformed_levels_are_level_errors(
    rows: list[str], equal: list, opposite: list, words: str
) -> None:
    with pytest.raises(LevelError, match=words):
        Level.from_rows(rows, equal=equal, opposite=opposite)


def test_faults_name_three_alike_too_many_broken_sign_and_given() -> None:
    level = tango1()
    grid: list[list[int | None]] = [[None] * 6 for _ in range(6)]
    grid[0][0:3] = [SUN, SUN, SUN]  # three alike in row 1
    grid[1][1] = MOON  # the given sun changed
    grid[1][2], grid[1][3] = SUN, SUN  # the × sign broken
    found = {f.rule: f for f in rules.faults(level, grid)}
    assert found["three"].cells == ((0, 0), (0, 1), (0, 2))
    assert "row 1 has three suns" in found["three"].text
    assert found["sign"].cells == ((1, 2), (1, 3))
    assert found["given"].cells == ((1, 1),)
    grid[2] = [SUN, SUN, MOON, SUN, SUN, None]
    counts = [f.text for f in rules.faults(level, grid) if f.rule == "count"]
    assert counts == ["row 3 has 4 suns; it can hold only 3"]


def test_the_solution_breaks_nothing_and_is_the_only_one() -> None:
    level = tango1()
    solution = [[int(ch) for ch in row] for row in SOLVED]
    assert rules.is_solved(level, solution)
    found = list(search.solutions(level))
    assert [[int(v) for v in row] for row in found[0]] == solution
    assert len(found) == 1 and search.count(level) == 1


def test_valid_rows_and_counting_stop_at_the_limit() -> None:
    assert len(search.valid_rows(6)) == 14
    assert len(search.valid_rows(4)) == 6
    empty = Level.from_rows(["...."] * 4)
    assert search.count(empty, limit=2) == 2
    assert search.count(empty, limit=1000) == 90  # 0-1 matrices, all row and column sums 2


def test_draw_puts_signs_between_cells() -> None:
    lines = draw(tango1())
    assert lines[0] == ". . . . .x."
    assert lines[5] == "=         x"  # the signs under row 3
    assert lines[6] == ". .=. . . ."
