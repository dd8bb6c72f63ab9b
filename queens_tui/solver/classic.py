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
the fast counter's. They cross-check it; they are not fast (see README).
OR-Tools is imported inside the functions, never at module import.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from typing import Literal

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
    from ortools.constraint_solver import pywrapcp  # type: ignore[import-untyped,unused-ignore]

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
            if item is _DONE:
                break
            yield item  # type: ignore[misc]
    finally:
        solver.stop_search()
        thread.join()
    if errors:
        raise errors[0]


def count(n: int, engine: str, symmetry: Symmetry = "none") -> int:
    """How many solutions `engine` enumerates."""
    return sum(1 for _ in solutions(n, engine, symmetry))
