"""The Zip level model and the path rules: validation, and each way a path can go wrong."""

from __future__ import annotations

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.kinds.zip.rules import is_solution, next_number, path_problem, prefix_problem

# 3x3, 1 top-left, 2 bottom-right, a wall between (0,1) and (1,1)
GRID = ((1, 0, 0), (0, 0, 0), (0, 0, 2))
LEVEL = ZipLevel(3, 3, GRID, (((1, 1), (0, 1)),), name="tiny")
SNAKE = ((0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2))


def test_level_is_canonical_and_knows_its_numbers() -> None:
    assert LEVEL.walls == (((0, 1), (1, 1)),)  # smaller cell first
    assert LEVEL.kind == "zip" and LEVEL.size_text == "3x3" and LEVEL.last == 2
    assert LEVEL.number_cells == ((0, 0), (2, 2))
    assert LEVEL.metadata == {"name": "tiny"}
    assert not LEVEL.open_between((0, 1), (1, 1)) and LEVEL.open_between((0, 0), (0, 1))
    assert (1, 1) not in LEVEL.open_neighbours((0, 1))


@pytest.mark.parametrize(
    ("numbers", "walls", "message"),
    [
        (((0, 0), (0, 2)), (), "no number 1"),
        (((1, 0), (0, 3)), (), "missing 2"),
        (((1, 2), (2, 0)), (), "appears twice"),
        (((1, 0), (0, -1)), (), ">= 0"),
        (((1, 0),), (), "2 rows but"),
        (((1, 0), (0,)), (), "row 2 has 1"),
        (((1, 0), (0, 2)), (((0, 0), (1, 1)),), "orthogonal neighbours"),
        (((1, 0), (0, 2)), (((0, 0), (0, 2)),), "off the grid"),
        (((1, 0), (0, 2)), (((0, 0), (0, 1)), ((0, 1), (0, 0))), "twice"),
    ],
)
def test_bad_levels_are_refused(
    numbers: tuple[tuple[int, ...], ...],
    walls: tuple[tuple[tuple[int, int], ...], ...],
    message: str,
) -> None:
    with pytest.raises(LevelError, match=message):
        ZipLevel(2, 2, numbers, walls)  # type: ignore[arg-type]


def test_a_solution_passes() -> None:
    assert path_problem(LEVEL, SNAKE) is None  # it goes round the wall
    free = ZipLevel(3, 3, GRID)
    assert is_solution(free, SNAKE)
    assert next_number(free, SNAKE[:3]) == 2 and next_number(free, SNAKE) is None


@pytest.mark.parametrize(
    ("path", "message"),
    [
        (((0, 1),), "must start on 1"),
        (((0, 0), (1, 1)), "not an orthogonal step"),
        (((0, 0), (0, 1), (0, 0)), "visited twice"),
        (((0, 0), (0, 1), (1, 1)), "crosses a wall"),
        (((0, 0), (1, 0), (2, 0), (2, 1), (2, 2)), "before covering every cell"),
        (((0, 0), (0, -1)), "off the grid"),
    ],
)
def test_each_broken_rule_is_named(path: tuple[tuple[int, int], ...], message: str) -> None:
    assert message in (prefix_problem(LEVEL, path) or "")


def test_numbers_must_come_in_order_and_the_path_must_cover_everything() -> None:
    level = ZipLevel(1, 4, ((1, 3, 2, 0),))
    assert "reaches 3 on row 1, column 2 before 2" in (
        prefix_problem(level, ((0, 0), (0, 1))) or ""
    )
    two = ZipLevel(1, 3, ((1, 0, 2),))
    assert path_problem(two, ((0, 0), (0, 1))) == "the path covers 2 of 3 cells"
    assert path_problem(two, ()) == "the path is empty"
    assert is_solution(two, ((0, 0), (0, 1), (0, 2)))
