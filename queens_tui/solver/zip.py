"""The CP-SAT model of a Zip level, behind a lazy OR-Tools import.

The seed's idea, tightened: one Boolean per directed step between open
neighbours (walls leave theirs out), `add_circuit` over them plus a dummy
node whose only arcs are K -> dummy -> 1 (so the circuit is a path from 1 to
K through every cell), and an order variable per cell with `order[b] ==
order[a] + 1` on each chosen step. Number 1 has order 0, K has order
area - 1, and each number's order is below the next one's. Steps that can
never be taken are not created: into 1, out of K, and directly between two
numbers that are not consecutive. A path prefix (the game's live check) is
fixed step by step. Solutions are counted by solving, forbidding the steps
found (a no-good over the chosen arcs), and solving again, up to `limit`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache
from typing import Any

from queens_tui.core.grid import Cell
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.kinds.zip.rules import Path


@cache
def cp_model() -> Any:
    """The `cp_model` module, imported on first use."""
    from ortools.sat.python import cp_model as module

    return module


def build(level: ZipLevel, prefix: Sequence[Cell] = ()) -> tuple[Any, dict[tuple[int, int], Any]]:
    """The model and its step literals by (from index, to index); `prefix` fixes a path start."""
    cp = cp_model()
    model = cp.CpModel()
    cols, area = level.cols, level.area
    order = [model.new_int_var(0, area - 1, f"o{i}") for i in range(area)]
    first = level.number_cells[0]
    last = level.number_cells[-1]
    start, end = first[0] * cols + first[1], last[0] * cols + last[1]
    arcs: list[tuple[int, int, Any]] = []
    steps: dict[tuple[int, int], Any] = {}
    dummy = area
    for r in range(level.rows):
        for c in range(level.cols):
            a = r * cols + c
            na = level.numbers[r][c]
            if a == end:
                continue
            for nb_cell in level.open_neighbours((r, c)):
                b = nb_cell[0] * cols + nb_cell[1]
                nb = level.number_at(nb_cell)
                if b == start or (na and nb and nb != na + 1):
                    continue
                lit = model.new_bool_var(f"s{a}_{b}")
                model.add(order[b] == order[a] + 1).only_enforce_if(lit)
                arcs.append((a, b, lit))
                steps[(a, b)] = lit
    if area > 1:
        arcs.append((end, dummy, model.new_constant(1)))
        arcs.append((dummy, start, model.new_constant(1)))
        model.add_circuit(arcs)
    model.add(order[start] == 0)
    model.add(order[end] == area - 1)
    cells = [r * cols + c for r, c in level.number_cells]
    for a, b in itertools.pairwise(cells):
        model.add(order[a] < order[b])
    for k, cell in enumerate(prefix):
        i = cell[0] * cols + cell[1]
        model.add(order[i] == k)
    for u, v in itertools.pairwise(prefix):
        lit = steps.get((u[0] * cols + u[1], v[0] * cols + v[1]))
        if lit is None:
            model.add_bool_or([])  # an impossible step: no solution
        else:
            model.add(lit == 1)
    return model, steps


def solutions(
    level: ZipLevel, limit: int = 2, prefix: Sequence[Cell] = (), time_limit: float = 10.0
) -> list[Path]:
    """Up to `limit` solution paths of `level` starting with `prefix`, by CP-SAT.

    Raises `TimeoutError` if CP-SAT neither finds nor rules out a solution in time.
    """
    cp = cp_model()
    if level.area == 1:
        return [((0, 0),)] if level.last == 1 and limit > 0 else []
    if level.last == 1:
        return []
    model, steps = build(level, prefix)
    cols = level.cols
    found: list[Path] = []
    while len(found) < limit:
        solver = cp.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = time_limit
        status = solver.solve(model)
        if status == cp.INFEASIBLE or status == cp.MODEL_INVALID:
            break
        if status not in (cp.OPTIMAL, cp.FEASIBLE):
            raise TimeoutError("CP-SAT found no answer in time")
        nxt = {a: b for (a, b), lit in steps.items() if solver.boolean_value(lit)}
        first = level.number_cells[0]
        here = first[0] * cols + first[1]
        path = [here]
        while here in nxt:
            here = nxt[here]
            path.append(here)
        found.append(tuple((i // cols, i % cols) for i in path))
        chosen = [lit for (a, b), lit in steps.items() if nxt.get(a) == b]
        model.add_bool_or([lit.Not() for lit in chosen])
    return found


def completable(level: ZipLevel, prefix: Sequence[Cell], time_limit: float = 10.0) -> bool:
    """Can the path `prefix` (from 1) still be completed to a solution?"""
    return bool(solutions(level, 1, prefix, time_limit))
