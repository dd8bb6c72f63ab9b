"""The baseline: the plain CP-SAT model of the "solve LinkedIn Queens with CP-SAT" blog posts.

Usage: python blog_baseline.py [--workers N] FILE...

For each level file (native text: one row of region letters per line, `#`
comments) it prints one JSON line like `queens-tui solve --json`:
{"file", "size", "solutions" (0, 1 or 2 meaning two or more), "queens"}.

The model is the one the posts write: one Boolean per cell, `sum(...) == 1`
per row, column and region, `x[a] + x[b] <= 1` for every pair of diagonally
touching cells (same-row and same-column pairs are already covered), solved
with default parameters; uniqueness by solving again with the cut "not this
solution". It deliberately shares no code with queens_tui, so the benchmark
also cross-checks our answers against an independent solver.
"""

from __future__ import annotations

import argparse
import json
import sys

from ortools.sat.python import cp_model


def read_rows(path: str) -> list[str]:
    """The board rows of a native text level file (spaces between cells ignored)."""
    with open(path, encoding="utf-8-sig") as f:
        lines = [line.strip() for line in f]
    return ["".join(line.split()) for line in lines if line and not line.startswith("#")]


def solve(rows: list[str], workers: int | None) -> tuple[int, list[list[int]]]:
    """(number of solutions up to 2, the first solution's queens)."""
    n = len(rows)
    model = cp_model.CpModel()
    x = [[model.new_bool_var(f"x{r}{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        model.add(sum(x[r]) == 1)
    for c in range(n):
        model.add(sum(x[r][c] for r in range(n)) == 1)
    regions: dict[str, list[cp_model.IntVar]] = {}
    for r in range(n):
        for c in range(n):
            regions.setdefault(rows[r][c], []).append(x[r][c])
    for cells in regions.values():
        model.add(sum(cells) == 1)
    for r in range(n - 1):
        for c in range(n):
            for dc in (-1, 1):
                if 0 <= c + dc < n:
                    model.add(x[r][c] + x[r + 1][c + dc] <= 1)
    solver = cp_model.CpSolver()
    if workers is not None:
        solver.parameters.num_workers = workers
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return 0, []
    queens = [[r, c] for r in range(n) for c in range(n) if solver.value(x[r][c])]
    model.add(sum(x[r][c] for r, c in queens) <= n - 1)
    again = solver.solve(model)
    return (2 if again in (cp_model.OPTIMAL, cp_model.FEASIBLE) else 1), queens


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=None, help="CP-SAT num_workers")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    for path in args.files:
        rows = read_rows(path)
        count, queens = solve(rows, args.workers)
        print(json.dumps({"file": path, "size": len(rows), "solutions": count, "queens": queens}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
