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
from typing import Any

from queens_tui.core.play import Deadline, Hint, Verdict
from queens_tui.kinds.patches.level import Level, Rect, rect_cells, rect_name
from queens_tui.kinds.patches.play import Move, PatchState
from queens_tui.kinds.patches.rules import allowed, candidates, dead_end
from queens_tui.kinds.patches.search import Solution
from queens_tui.solver.cpsat import cp_model, enumerate_solutions
from queens_tui.solver.grid_play import SolutionPlay, explained_text, mistake_hint, why_marks


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
    cands = candidates(level) if cands is None else cands
    if not all(cands):
        return []
    model, x = build(level, cands, keep)
    chosen: list[int] = []  # the candidate index per clue of the solution last read

    def read(solver: Any) -> Solution:
        chosen[:] = [next(i for i, v in enumerate(row) if solver.boolean_value(v)) for row in x]
        return tuple(cands[k][i] for k, i in enumerate(chosen))

    def forbid(sol: Solution) -> None:
        # not this set of rectangles again: at least one clue takes another
        model.add(sum(x[k][i] for k, i in enumerate(chosen)) <= len(chosen) - 1)

    return enumerate_solutions(model, read, forbid, limit, time_limit, cancel)


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


class PatchesSolver(SolutionPlay[PatchState, Move, Solution]):
    """`core.play.PlaySolver` for Patches: what the game's background worker asks.

    Patches grids are small (a 7x7 check takes a few milliseconds either way), so every
    question is one or two solution searches under one deadline.
    """

    keep_faulty = True
    no_solution = "This level has no solution at all: no patch you draw can be right."

    def quick_check(self, state: Any) -> Verdict | None:
        """A patch that breaks its clue, or holds none or two, can never be part of a solution."""
        return Verdict.CANNOT_FINISH if state.faults else None

    def find(
        self, state: PatchState, mine: bool, engine: str, deadline: Deadline
    ) -> list[Solution]:
        level = state.level
        cands = allowed(level, state.patches) if mine else candidates(level)
        return _solutions(level, cands, 1, engine, deadline)

    def nearest(self, state: PatchState, engine: str, deadline: Deadline) -> list[Solution]:
        """The solution keeping most of the player's patches."""
        level = state.level
        return _solutions(level, candidates(level), 1, engine, deadline, state.patches)

    def finished(self, state: PatchState, solution: Solution) -> PatchState:
        return PatchState(state.level, tuple(sorted(solution)))

    def fault_hint(self, state: PatchState) -> Hint[Move]:
        rect, why = next(iter(state.faults.items()))
        text = f"Mistake: the patch at {rect_name(rect)} {why}."
        return mistake_hint(text, dict.fromkeys(rect_cells(rect), "mistake"), Move(remove=(rect,)))

    def unfit(self, state: PatchState, solution: Solution) -> Hint[Move] | None:
        keep = set(solution)
        wrong = tuple(p for p in state.patches if p not in keep)
        if not wrong:
            return None
        names = "; ".join(rect_name(p) for p in wrong)
        level = state.level
        why = dead_end(level, wrong) or dead_end(level, state.patches)
        what = f"the {'patch' if len(wrong) == 1 else 'patches'} at {names}"
        text = explained_text(what, len(wrong), why)
        marks = why_marks([cell for p in wrong for cell in rect_cells(p)], why)
        return mistake_hint(text, marks, Move(remove=wrong))

    def step(self, state: PatchState, solution: Solution) -> Hint[Move] | None:
        drawn = set(state.patches)
        for k, rect in enumerate(solution):
            if rect not in drawn:
                clue = state.level.clues[k]
                text = (
                    f"No rule I know applies here; the solver reveals the patch of "
                    f"{clue.name}: {rect_name(rect)}."
                )
                marks = dict.fromkeys(rect_cells(rect), "place")
                return Hint(text, marks, Move(add=(rect,)), "solver", helped=True)
        return None


PLAY = PatchesSolver()
"""The Patches answers for the game's worker (`solver.play_solver("patches")`)."""
