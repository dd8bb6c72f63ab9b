"""The CP-SAT model of a Tango level, behind a lazy OR-Tools import.

One Boolean per cell (true = sun). Each row and column sums to N/2; every
window of three cells in a line sums to 1 or 2 (no three alike); an `=` sign
is an equality, a `×` sign says the two Booleans differ; givens (and, for the
game's live check, the player's cells) are fixed. Presolve alone settles
LinkedIn's levels. Solutions are counted by solving, forbidding the one found
(a no-good cut over every cell), and solving again, up to `limit`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from queens_tui.kinds.tango.level import EQUAL, Level
from queens_tui.kinds.tango.search import Solution

Grid = Sequence[Sequence[int | None]]


@cache
def cp_model() -> Any:
    """The `cp_model` module, imported on first use."""
    from ortools.sat.python import cp_model as module

    return module


def build(level: Level, grid: Grid | None = None) -> tuple[Any, list[list[Any]]]:
    """The model and its cell variables; `grid` (default: the givens) fixes filled cells."""
    cp = cp_model()
    model = cp.CpModel()
    n = level.size
    x = [[model.new_bool_var(f"s{r}_{c}") for c in range(n)] for r in range(n)]
    lines = [list(row) for row in x] + [[x[r][c] for r in range(n)] for c in range(n)]
    for line in lines:
        model.add(sum(line) == n // 2)
        for i in range(n - 2):
            model.add_linear_constraint(sum(line[i : i + 3]), 1, 2)
    for ((r1, c1), (r2, c2)), kind in level.signs.items():
        if kind == EQUAL:
            model.add(x[r1][c1] == x[r2][c2])
        else:
            model.add(x[r1][c1] != x[r2][c2])
    for r, row in enumerate(level.givens if grid is None else grid):
        for c, v in enumerate(row):
            if v is not None:
                model.add(x[r][c] == v)
    if grid is not None:
        for (r, c), v in level.given_cells.items():
            model.add(x[r][c] == v)
    return model, x


def solutions(
    level: Level, limit: int = 2, grid: Grid | None = None, time_limit: float = 10.0
) -> list[Solution]:
    """Up to `limit` solutions of `level` (with `grid`'s cells fixed), by CP-SAT.

    Raises `TimeoutError` if CP-SAT neither finds nor rules out a solution in time.
    """
    cp = cp_model()
    model, x = build(level, grid)
    found: list[Solution] = []
    while len(found) < limit:
        solver = cp.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = time_limit
        status = solver.solve(model)
        if status == cp.INFEASIBLE:
            break
        if status not in (cp.OPTIMAL, cp.FEASIBLE):
            raise TimeoutError("CP-SAT found no answer in time")
        sol = tuple(tuple(int(solver.boolean_value(v)) for v in row) for row in x)
        found.append(sol)
        # forbid this exact grid: at least one cell must differ
        model.add_bool_or(
            [v.Not() if sol[r][c] else v for r, row in enumerate(x) for c, v in enumerate(row)]
        )
    return found
