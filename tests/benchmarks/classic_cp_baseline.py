"""Baseline: classic N-queens counted with OR-Tools' original CP solver, as the seed write-up does.

Usage: python classic_cp_baseline.py N   -> prints {"n": N, "solutions": T} on one line.

The model of the write-up: q[i] in 0..N-1, AllDifferent on q[i], q[i] + i and
q[i] - i, `Phase(CHOOSE_FIRST_UNBOUND, ASSIGN_MIN_VALUE)`, every solution
pulled with NextSolution. Unlike the write-up it does not print each board
(that only adds output time), so the comparison is the stricter one. Shares
no code with queens_tui.
"""

from __future__ import annotations

import json
import sys

from ortools.constraint_solver import pywrapcp


def count(n: int) -> int:
    solver = pywrapcp.Solver("n-queens")
    queens = [solver.IntVar(0, n - 1, f"x{i}") for i in range(n)]
    solver.Add(solver.AllDifferent(queens))
    solver.Add(solver.AllDifferent([queens[i] + i for i in range(n)]))
    solver.Add(solver.AllDifferent([queens[i] - i for i in range(n)]))
    db = solver.Phase(queens, solver.CHOOSE_FIRST_UNBOUND, solver.ASSIGN_MIN_VALUE)
    solver.NewSearch(db)
    found = 0
    while solver.NextSolution():
        found += 1
    solver.EndSearch()
    return found


if __name__ == "__main__":
    n = int(sys.argv[1])
    print(json.dumps({"n": n, "solutions": count(n)}))
