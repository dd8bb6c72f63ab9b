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
from typing import Any

from queens_tui.core.grid import Cell, cell_name
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.kinds.zip.rules import Path
from queens_tui.solver.cpsat import cp_model, solve
from queens_tui.solver.grid_play import UNEXPLAINED, why_marks


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
    found: list[Path] = []
    while len(found) < limit:
        status, solver = solve(model, time_limit)
        if status == cp.INFEASIBLE or status == cp.MODEL_INVALID:
            break
        if status not in (cp.OPTIMAL, cp.FEASIBLE):
            raise TimeoutError("CP-SAT found no answer in time")
        nxt = {a: b for (a, b), lit in steps.items() if solver.boolean_value(lit)}
        found.append(_path(level, nxt))
        chosen = [lit for (a, b), lit in steps.items() if nxt.get(a) == b]
        model.add_bool_or([lit.Not() for lit in chosen])
    return found


def completable(level: ZipLevel, prefix: Sequence[Cell], time_limit: float = 10.0) -> bool:
    """Can the path `prefix` (from 1) still be completed to a solution?"""
    return bool(solutions(level, 1, prefix, time_limit))


# --------------------------------------------------------------------------- the game's worker


class Undecided(Exception):
    """A solver call ran out of time or was cancelled: no answer, not "no"."""


def _completion(
    level: ZipLevel, prefix: Sequence[Cell], engine: str, deadline: Any, cancel: Any
) -> Path | None:
    """A solution starting with `prefix`, None if there is none; `Undecided` on timeout."""
    import time

    if engine != "cpsat":
        from queens_tui.kinds.zip.search import SearchBudgetExceeded
        from queens_tui.kinds.zip.search import solutions as pure

        try:
            found = pure(level, 1, prefix=prefix, stop=deadline.is_set)
        except SearchBudgetExceeded:
            raise Undecided from None
        return found[0] if found else None
    cp = cp_model()
    if level.area == 1 or level.last == 1:
        found = solutions(level, 1)
        return found[0] if found and tuple(found[0][: len(prefix)]) == tuple(prefix) else None
    model, steps = build(level, prefix)
    if cancel.is_set():
        raise Undecided
    status, solver = solve(model, max(0.01, deadline.end - time.monotonic()), cancel)
    if status == cp.INFEASIBLE or status == cp.MODEL_INVALID:
        return None
    if status not in (cp.OPTIMAL, cp.FEASIBLE):
        raise Undecided
    return _path(level, {a: b for (a, b), lit in steps.items() if solver.boolean_value(lit)})


def _path(level: ZipLevel, nxt: dict[int, int]) -> tuple[Cell, ...]:
    """The path the chosen arcs draw (cell index -> next cell index), from the first number."""
    cols = level.cols
    first = level.number_cells[0]
    here = first[0] * cols + first[1]
    path = [here]
    while here in nxt:
        here = nxt[here]
        path.append(here)
    return tuple((i // cols, i % cols) for i in path)


class ZipSolver:
    """`core.play.PlaySolver` for Zip: can the path drawn so far still be finished, where it
    goes wrong, the next stretch, a whole solution. CP-SAT (the model above with the path's
    cells fixed) or the pure search (`engine="search"`); one deadline per question."""

    def check(self, state: Any, *, engine: str, time_limit: float, cancel: Any) -> Any:
        from queens_tui.core.play import Deadline, Verdict

        try:
            got = _completion(state.level, state.path, engine, Deadline(time_limit, cancel), cancel)
        except Undecided:
            return Verdict.UNKNOWN
        return Verdict.CAN_FINISH if got is not None else Verdict.CANNOT_FINISH

    def _good_prefix(self, state: Any, engine: str, deadline: Any, cancel: Any) -> int:
        """The length of the longest start of the path that can still be finished (>= 1)."""
        lo, hi = 1, len(state.path)  # lo is finishable (the cell of 1 alone)
        if _completion(state.level, state.path, engine, deadline, cancel) is not None:
            return hi
        hi -= 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if _completion(state.level, state.path[:mid], engine, deadline, cancel) is not None:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def mistake(self, state: Any, *, engine: str, time_limit: float, cancel: Any) -> Any:
        from queens_tui.core.play import Deadline, Hint
        from queens_tui.kinds.zip.play import ZipMove

        try:
            k = self._good_prefix(state, engine, Deadline(time_limit, cancel), cancel)
        except Undecided:
            return None
        if k == len(state.path):
            return None
        from queens_tui.kinds.zip.deduce import dead_end

        wrong = state.path[k:]
        at = state.path[k - 1]
        back = f"{len(wrong)} cell{'s' if len(wrong) > 1 else ''} to take back"
        more = f" (and the {len(wrong) - 1} after it)" if len(wrong) > 1 else ""
        why = dead_end(state.level, state.path[: k + 1]) or dead_end(state.level, state.path)
        if why is None:
            text = (
                f"The path cannot be finished from here: it goes wrong after {cell_name(at)} "
                f"({back}; the solver finds no way on, {UNEXPLAINED})."
            )
        else:
            text = f"The step to {cell_name(wrong[0])}{more} is a mistake: with it, {why[0]}."
        marks = why_marks(wrong, why)
        return Hint(text, marks, ZipMove(k), "mistake", mistake=True)

    def reveal(self, state: Any, *, engine: str, time_limit: float, cancel: Any) -> Any:
        from queens_tui.core.play import Deadline, Hint
        from queens_tui.kinds.zip.play import ZipMove, next_stretch

        level = state.level
        try:
            sol = _completion(level, state.path, engine, Deadline(time_limit, cancel), cancel)
        except Undecided:
            return None
        if sol is None or len(sol) == len(state.path):
            return None
        k = len(state.path)
        stretch = next_stretch(level, sol, k)
        cells = f"{len(stretch)} cell{'s' * (len(stretch) > 1)}"
        text = f"No rule I know settles the next step here; the solver shows the next {cells}."
        return Hint(
            text, dict.fromkeys(stretch, "place"), ZipMove(k, tuple(stretch)), "solver", helped=True
        )

    def solve(self, state: Any, *, engine: str, time_limit: float, cancel: Any) -> Any:
        from queens_tui.core.play import Deadline
        from queens_tui.kinds.zip.play import ZipState

        deadline = Deadline(time_limit, cancel)
        try:
            k = self._good_prefix(state, engine, deadline, cancel)
            sol = _completion(state.level, state.path[:k], engine, deadline, cancel)
        except Undecided:
            return None
        return None if sol is None else ZipState(state.level, sol)


PLAY = ZipSolver()
"""Zip's answers for the game's worker (`solver.play_solver("zip")`)."""
