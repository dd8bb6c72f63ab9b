"""Classic N-queens in OR-Tools: the two models of the seed write-ups, for `nqueens --engine`.

- `cpsat`: CP-SAT, q[r] in 0..n-1 and three `add_all_different` on q[r],
  q[r] + r and q[r] - r, every solution by `enumerate_all_solutions` (one
  worker: with several, CP-SAT may report a solution twice).
- `cp`: OR-Tools' original CP solver (`pywrapcp`), the same three
  AllDifferent constraints, search by first unbound variable and smallest
  value, solutions pulled one by one with NextSolution.

Both also count the solutions unchanged by a half turn (q[n-1-r] = n-1-q[r])
and a quarter turn (q[q[r]] = n-1-r) with the same model plus that
constraint, so their fundamental count (Burnside's lemma) is independent of
the fast counter's. They cross-check it; they are not fast (docs/performance.md).
OR-Tools is imported inside the functions, never at module import.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from typing import Any, Literal

from queens_tui.core.grid import cell_name
from queens_tui.solver import cpsat

Symmetry = Literal["none", "half", "quarter"]
ENGINES = ("cpsat", "cp")


def solutions(n: int, engine: str, symmetry: Symmetry = "none") -> Iterator[tuple[int, ...]]:
    """Every solution of n-queens (column per row) from `engine`, in the order it finds them.

    A generator: closing it (or ctrl+c while it waits) stops the search.
    """
    if engine == "cpsat":
        return _cpsat(n, symmetry)
    if engine == "cp":
        return _cp(n, symmetry)
    raise ValueError(f"unknown engine {engine!r} (known: {', '.join(ENGINES)})")


def _cp(n: int, symmetry: Symmetry) -> Iterator[tuple[int, ...]]:
    from ortools.constraint_solver import pywrapcp  # type: ignore[import-untyped,unused-ignore]  # no stubs in some OR-Tools wheels

    solver = pywrapcp.Solver("n-queens")
    q = [solver.IntVar(0, n - 1, f"q{r}") for r in range(n)]
    solver.Add(solver.AllDifferent(q))
    solver.Add(solver.AllDifferent([q[r] + r for r in range(n)]))
    solver.Add(solver.AllDifferent([q[r] - r for r in range(n)]))
    if symmetry == "half":
        for r in range(n):
            solver.Add(q[n - 1 - r] == n - 1 - q[r])
    elif symmetry == "quarter":
        for r in range(n):
            solver.Add(solver.Element(q, q[r]) == n - 1 - r)
    db = solver.Phase(q, solver.CHOOSE_FIRST_UNBOUND, solver.ASSIGN_MIN_VALUE)
    solver.NewSearch(db)
    try:
        while solver.NextSolution():
            yield tuple(v.Value() for v in q)
    finally:
        solver.EndSearch()


_DONE = object()


def _cpsat(n: int, symmetry: Symmetry) -> Iterator[tuple[int, ...]]:
    """CP-SAT runs in a thread; its callback hands solutions over through a queue.

    The main thread only waits on the queue (in short timeouts), so ctrl+c
    reaches it at once and `stop_search` ends the solve cleanly.
    """
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    q = [model.new_int_var(0, n - 1, f"q{r}") for r in range(n)]
    model.add_all_different(q)
    model.add_all_different([q[r] + r for r in range(n)])
    model.add_all_different([q[r] - r for r in range(n)])
    if symmetry == "half":
        for r in range(n):
            model.add(q[n - 1 - r] == n - 1 - q[r])
    elif symmetry == "quarter":
        for r in range(n):
            model.add_element(q[r], q, n - 1 - r)
    out: queue.Queue[object] = queue.Queue()

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            out.put(tuple(self.value(v) for v in q))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    errors: list[BaseException] = []

    def run() -> None:
        try:
            solver.solve(model, Collect())
        except BaseException as err:  # handed to the consumer below
            errors.append(err)
        finally:
            out.put(_DONE)

    thread = threading.Thread(target=run, name="nqueens-cpsat", daemon=True)
    thread.start()
    try:
        while True:
            try:
                item = out.get(timeout=0.1)
            except queue.Empty:
                continue
            if not isinstance(item, tuple):  # _DONE: the search ended
                break
            yield item
    finally:
        solver.stop_search()
        thread.join()
    if errors:
        raise errors[0]


def count(n: int, engine: str, symmetry: Symmetry = "none") -> int:
    """How many solutions `engine` enumerates."""
    return sum(1 for _ in solutions(n, engine, symmetry))


# --------------------------------------------------------------------------- the game's worker


class _Undecided(Exception):
    """Out of time or cancelled: no answer (which is not "no")."""


def _complete_cpsat(
    n: int,
    queens: frozenset[tuple[int, int]],
    crosses: frozenset[tuple[int, int]],
    time_limit: float,
    cancel: Any,
) -> tuple[int, ...] | None:
    """The seed's CP-SAT model with the player's queens fixed and crossed cells forbidden."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    q = [model.new_int_var(0, n - 1, f"q{r}") for r in range(n)]
    model.add_all_different(q)
    model.add_all_different([q[r] + r for r in range(n)])
    model.add_all_different([q[r] - r for r in range(n)])
    for r, c in queens:
        model.add(q[r] == c)
    for r, c in crosses:
        model.add(q[r] != c)
    if cancel.is_set():
        raise _Undecided
    status, solver = cpsat.solve(model, max(time_limit, 0.0), cancel)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return tuple(solver.value(v) for v in q)
    if status == cp_model.INFEASIBLE:
        return None
    raise _Undecided


def _complete(
    state: Any, engine: str, time_limit: float, cancel: Any, *, crosses: bool = True
) -> tuple[int, ...] | None:
    """A solution keeping the state's queens (and avoiding its crosses); None: there is none."""
    n = state.level.size
    marks = state.crosses if crosses else frozenset()
    if engine == "cpsat":
        try:
            return _complete_cpsat(n, state.queens, marks, time_limit, cancel)
        except ImportError:
            pass  # OR-Tools missing: the pure search answers the same question
    from queens_tui.core.play import Deadline
    from queens_tui.kinds.classic.complete import OutOfTime, complete

    try:
        return complete(n, state.queens, marks, Deadline(time_limit, cancel))
    except OutOfTime:
        raise _Undecided from None


class ClassicSolver:
    """`core.play.PlaySolver` for classic N-queens: the worker's four questions.

    CP-SAT (the seed's three all_different model plus the board's marks) by
    default, the pure bitmask search with `engine="search"`.
    """

    def check(self, state: Any, *, engine: str, time_limit: float, cancel: Any) -> Any:
        from queens_tui.core.play import Verdict

        try:
            found = _complete(state, engine, time_limit, cancel)
        except _Undecided:
            return Verdict.UNKNOWN
        return Verdict.CAN_FINISH if found is not None else Verdict.CANNOT_FINISH

    def mistake(self, state: Any, *, engine: str, time_limit: float, cancel: Any) -> Any:
        """Clashing queens first; else queens no solution keeps together; else the crosses
        that stand where a solution keeping the queens needs a queen; else a dead line."""
        from queens_tui.core.play import Hint
        from queens_tui.kinds.classic.play import EMPTY, ClassicMove
        from queens_tui.kinds.classic.rules import clashes

        bad = clashes(state.queens)
        if bad:
            move = ClassicMove(tuple((cell, EMPTY) for cell in sorted(bad)))
            text = "These queens attack each other (same row, column or diagonal)."
            return Hint(text, dict.fromkeys(bad, "mistake"), move, "clash", mistake=True)
        try:
            if _complete(state, engine, time_limit, cancel) is not None:
                return None
            keep = _complete(state, engine, time_limit, cancel, crosses=False)
        except _Undecided:
            return None
        if keep is None:
            marks = dict.fromkeys(state.queens, "mistake")
            text = "No solution keeps all these queens: move one of them."
            return Hint(text, marks, None, "queens", mistake=True)
        wrong = sorted(cell for cell in enumerate(keep) if cell in state.crosses)
        move = ClassicMove(tuple((cell, EMPTY) for cell in wrong))
        text = "These crosses rule out every solution that keeps your queens."
        return Hint(text, dict.fromkeys(wrong, "mistake"), move, "crosses", mistake=True)

    def reveal(self, state: Any, *, engine: str, time_limit: float, cancel: Any) -> Any:
        """A queen of a solution that keeps the player's queens (CP-SAT by default)."""
        from queens_tui.core.play import Hint
        from queens_tui.kinds.classic.play import QUEEN, ClassicMove

        try:
            sol = _complete(state, engine, time_limit, cancel)
        except _Undecided:
            return None
        if sol is None:
            return None
        rows = {r for r, _c in state.queens}
        r = next((r for r in range(len(sol)) if r not in rows), None)
        if r is None:
            return None
        cell = (r, sol[r])
        text = (
            f"No row or column is forced; a solution that keeps your queens has one on "
            f"{cell_name((r, sol[r]))}."
        )
        move = ClassicMove(((cell, QUEEN),), hint=True)
        return Hint(text, {cell: "place"}, move, "solver", helped=True)

    def solve(self, state: Any, *, engine: str, time_limit: float, cancel: Any) -> Any:
        """A solution keeping the queens (and crosses) if there is one, else any solution."""
        from queens_tui.kinds.classic.play import ClassicState, solved_state

        blank = ClassicState(state.level)
        try:
            for base, crosses in ((state, True), (state, False), (blank, False)):
                sol = _complete(base, engine, time_limit, cancel, crosses=crosses)
                if sol is not None:
                    return solved_state(state, sol)
        except _Undecided:
            return None
        return None


PLAY = ClassicSolver()
"""The classic kind's answers for the game's worker (`solver.play_solver("classic")`)."""
