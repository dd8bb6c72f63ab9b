"""The CP-SAT model of a Patches level, behind a lazy OR-Tools import, and the game's worker.

One Boolean per candidate rectangle (`kinds.patches.rules.candidates`: it
holds its clue and no other and fits the clue's shape and size); exactly one
per clue; exactly one covering each cell. Drawn patches (the game's live
check) fix their clue's Boolean, and no other rectangle may overlap them.
Solutions are counted by solving, forbidding the set of rectangles found (a
cut: not all of them again), and solving again, up to `limit`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import cache
from typing import Any

from queens_tui.core.play import CancelFlag, Deadline, Hint, Verdict
from queens_tui.kinds.patches.level import Level, Rect, rect_cells, rect_name
from queens_tui.kinds.patches.play import Move, PatchState
from queens_tui.kinds.patches.rules import allowed, candidates
from queens_tui.kinds.patches.search import Solution


@cache
def cp_model() -> Any:
    """The `cp_model` module, imported on first use."""
    from ortools.sat.python import cp_model as module

    return module


def build(
    level: Level, cands: Sequence[Sequence[Rect]], keep: Sequence[Rect] = ()
) -> tuple[Any, list[list[Any]]]:
    """The model and its Booleans (`x[k][i]`: clue k takes `cands[k][i]`). With `keep`,
    the objective is to keep as many of those rectangles as possible."""
    cp = cp_model()
    model = cp.CpModel()
    x = [[model.new_bool_var(f"p{k}_{i}") for i in range(len(rs))] for k, rs in enumerate(cands)]
    cover: dict[tuple[int, int], list[Any]] = {}
    for k, rects in enumerate(cands):
        model.add_exactly_one(x[k])
        for i, rect in enumerate(rects):
            for cell in rect_cells(rect):
                cover.setdefault(cell, []).append(x[k][i])
    for r in range(level.rows):
        for c in range(level.cols):
            model.add_exactly_one(cover.get((r, c), []))
    if keep:
        wanted = set(keep)
        model.maximize(
            sum(x[k][i] for k, rs in enumerate(cands) for i, r in enumerate(rs) if r in wanted)
        )
    return model, x


def solutions(
    level: Level,
    limit: int = 2,
    cands: Sequence[Sequence[Rect]] | None = None,
    time_limit: float = 10.0,
    cancel: Any = None,
    keep: Sequence[Rect] = (),
) -> list[Solution]:
    """Up to `limit` solutions (one rectangle a clue, in clue order), by CP-SAT.

    `cancel` (anything with `is_set()`; a `solver.CancelToken` also stops a
    running search at once) or the time limit running out raise `TimeoutError`:
    no answer, which is not "no solution".
    """
    cp = cp_model()
    cands = candidates(level) if cands is None else cands
    if not all(cands):
        return []
    model, x = build(level, cands, keep)
    found: list[Solution] = []
    deadline = time.monotonic() + time_limit
    while len(found) < limit:
        if cancel is not None and cancel.is_set():
            raise TimeoutError("cancelled")
        solver = cp.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = max(deadline - time.monotonic(), 0.001)
        detach = cancel.attach(solver) if hasattr(cancel, "attach") else None
        try:
            status = solver.solve(model)
        finally:
            if detach is not None:
                detach()
        if status == cp.INFEASIBLE:
            break
        if status not in (cp.OPTIMAL, cp.FEASIBLE):
            raise TimeoutError("CP-SAT found no answer in time")
        chosen = [next(i for i, v in enumerate(row) if solver.boolean_value(v)) for row in x]
        found.append(tuple(cands[k][i] for k, i in enumerate(chosen)))
        # not this set of rectangles again: at least one clue takes another
        model.add(sum(x[k][i] for k, i in enumerate(chosen)) <= len(chosen) - 1)
    return found


# --------------------------------------------------------------------------- the game's worker


def _solutions(
    level: Level,
    cands: Sequence[Sequence[Rect]],
    limit: int,
    engine: str,
    deadline: Deadline,
    keep: Sequence[Rect] = (),
) -> list[Solution]:
    """Solutions by CP-SAT (`engine == "cpsat"`) or the pure search; `TimeoutError` when
    the deadline passes or the call is cancelled."""
    if engine == "cpsat":
        left = max(deadline.end - time.monotonic(), 0.0)
        return solutions(level, limit, cands, left, deadline.cancel, keep)
    from queens_tui.kinds.patches import search

    found = []
    for sol in search.solutions(level, cands):
        found.append(sol)
        if len(found) >= limit or deadline.is_set():
            break
    if deadline.is_set():
        raise TimeoutError("cancelled")
    return found


def _fault_hint(state: PatchState) -> Hint[Move]:
    rect, why = next(iter(state.faults.items()))
    text = f"Mistake: the patch at {rect_name(rect)} {why}."
    marks = dict.fromkeys(rect_cells(rect), "mistake")
    return Hint(text, marks, Move(remove=(rect,)), "mistake", mistake=True)


class PatchesSolver:
    """`core.play.PlaySolver` for Patches: what the game's background worker asks.

    Patches grids are small (a 7x7 check takes a few milliseconds either way), so every
    question is one or two solution searches under one deadline.
    """

    def quick_check(self, state: Any) -> Verdict | None:
        """A patch that breaks its clue, or holds none or two, can never be part of a solution."""
        return Verdict.CANNOT_FINISH if state.faults else None

    def check(
        self, state: PatchState, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Verdict:
        if state.faults:
            return Verdict.CANNOT_FINISH
        cands = allowed(state.level, state.patches)
        try:
            found = _solutions(state.level, cands, 1, engine, Deadline(time_limit, cancel))
        except TimeoutError:
            return Verdict.UNKNOWN
        return Verdict.CAN_FINISH if found else Verdict.CANNOT_FINISH

    def mistake(
        self, state: PatchState, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[Move] | None:
        """A patch that breaks a rule if there is one, else the patches no solution keeps
        (the solution keeping most of them)."""
        if state.faults:
            return _fault_hint(state)
        level = state.level
        deadline = Deadline(time_limit, cancel)
        try:
            if _solutions(level, allowed(level, state.patches), 1, engine, deadline):
                return None
            sols = _solutions(level, candidates(level), 1, engine, deadline, state.patches)
        except TimeoutError:
            return None
        if not sols:
            text = "This level has no solution at all: no patch you draw can be right."
            return Hint(text, {}, None, "mistake", mistake=True)
        keep = set(sols[0])
        wrong = tuple(p for p in state.patches if p not in keep)
        if not wrong:
            return None
        names = "; ".join(rect_name(p) for p in wrong)
        one = len(wrong) == 1
        text = (
            f"Mistake: the {'patch' if one else 'patches'} at {names} "
            f"{'does' if one else 'do'} not fit the solution (no way to finish the grid "
            f"keeps {'it' if one else 'them'})."
        )
        marks = {cell: "mistake" for p in wrong for cell in rect_cells(p)}
        return Hint(text, marks, Move(remove=wrong), "mistake", mistake=True)

    def reveal(
        self, state: PatchState, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[Move] | None:
        level = state.level
        try:
            sols = _solutions(
                level, allowed(level, state.patches), 1, engine, Deadline(time_limit, cancel)
            )
        except TimeoutError:
            return None
        if not sols:
            return None
        drawn = set(state.patches)
        for k, rect in enumerate(sols[0]):
            if rect not in drawn:
                clue = level.clues[k]
                text = (
                    f"No rule I know applies here; the solver reveals the patch of "
                    f"{clue.name}: {rect_name(rect)}."
                )
                marks = dict.fromkeys(rect_cells(rect), "place")
                return Hint(text, marks, Move(add=(rect,)), "solver", helped=True)
        return None

    def solve(
        self, state: PatchState, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> PatchState | None:
        """A solution keeping the player's patches if one does, else any solution."""
        level = state.level
        deadline = Deadline(time_limit, cancel)
        try:
            for cands in (allowed(level, state.patches), candidates(level)):
                sols = _solutions(level, cands, 1, engine, deadline)
                if sols:
                    return PatchState(level, tuple(sorted(sols[0])))
        except TimeoutError:
            return None
        return None


PLAY = PatchesSolver()
"""The Patches answers for the game's worker (`solver.play_solver("patches")`)."""
