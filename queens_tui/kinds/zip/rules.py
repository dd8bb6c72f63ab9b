"""What a Zip path may do: the whole rule of the game, for checks, the game and tests.

A path is a sequence of cells. It starts on number 1, steps to an orthogonal
neighbour each time, never through a wall, never onto a cell it already
visited, and meets the numbered cells in order 1, 2, 3, ... . A solution is a
path that also covers every cell and ends on K, the highest number.
"""

from __future__ import annotations

from collections.abc import Sequence

from queens_tui.core import grid
from queens_tui.core.grid import Cell, are_neighbours
from queens_tui.kinds.zip.level import ZipLevel

Path = tuple[Cell, ...]
"""A path as cells from number 1 onwards."""


def _name(cell: Cell) -> str:
    return grid.cell_name(cell)


def prefix_problem(level: ZipLevel, path: Sequence[Cell]) -> str | None:
    """Why `path` is not a legal start of a solution, or None if it is one.

    Checks every rule that a partial path can break: it starts on 1, stays on
    the grid, steps orthogonally, crosses no wall, revisits nothing, meets the
    numbers in order and reaches K only as the very last cell of the grid.
    """
    if not path:
        return None
    start = level.number_cells[0]
    first = (path[0][0], path[0][1])
    if first != start:
        return f"the path must start on 1 ({_name(start)}), not {_name(first)}"
    seen: set[Cell] = set()
    expected = 1
    prev: Cell | None = None
    for step, raw in enumerate(path):
        cell = (raw[0], raw[1])
        if not (0 <= cell[0] < level.rows and 0 <= cell[1] < level.cols):
            return f"step {step + 1}: {_name(cell)} is off the grid"
        if cell in seen:
            return f"step {step + 1}: {_name(cell)} is visited twice"
        if prev is not None:
            if not are_neighbours(prev, cell):
                return f"step {step + 1}: {_name(prev)} to {_name(cell)} is not an orthogonal step"
            if not level.open_between(prev, cell):
                return f"step {step + 1}: {_name(prev)} to {_name(cell)} crosses a wall"
        n = level.number_at(cell)
        if n:
            if n != expected:
                return f"step {step + 1}: reaches {n} on {_name(cell)} before {expected}"
            if n == level.last and step + 1 != level.area:
                return f"step {step + 1}: reaches {n}, the last number, before covering every cell"
            expected += 1
        seen.add(cell)
        prev = cell
    return None


def path_problem(level: ZipLevel, path: Sequence[Cell]) -> str | None:
    """Why `path` is not a solution of `level`, or None if it is one."""
    if not path:
        return "the path is empty"
    problem = prefix_problem(level, path)
    if problem is not None:
        return problem
    if len(path) != level.area:
        return f"the path covers {len(path)} of {level.area} cells"
    return None  # covers every cell and met every number in order, so it ends on K


def is_solution(level: ZipLevel, path: Sequence[Cell]) -> bool:
    """True if `path` solves `level`."""
    return path_problem(level, path) is None


def next_number(level: ZipLevel, path: Sequence[Cell]) -> int | None:
    """The number the legal prefix `path` must reach next (None once K is reached)."""
    reached = sum(1 for cell in path if level.number_at(cell))
    return reached + 1 if reached < level.last else None
