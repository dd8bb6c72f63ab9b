"""What `explain` and a hint cost, and how far the rules alone get.

Run: pytest tests/benchmarks/test_bench_explain.py -o addopts="" --benchmark-enable -s
Prints, over the 644 official and bonus levels of the corpus: the share
solved by the rules alone (target 100%), median / p95 / max time per level
(fresh `Level` objects, so the bitmask tables are built inside the timing),
the distribution of grades and of the hardest rule. A second benchmark
times single hints (`next_step`) at every position of the logical solutions
of the largest community levels, the worst case a hint key press meets.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

from queens_tui.kinds.queens import deduce
from queens_tui.kinds.queens.board import Board
from queens_tui.kinds.queens.level import Level


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def test_bench_explain_corpus(benchmark, corpus: list[dict]) -> None:  # type: ignore[no-untyped-def]
    rows = [item["regions"] for item in corpus if item["kind"] in ("official", "bonus")]
    assert len(rows) == 644
    report: dict[str, object] = {}

    def explain_all() -> None:
        times: list[float] = []
        by_rules = 0
        grades: Counter[str] = Counter()
        hardest: Counter[str] = Counter()
        for grid in rows:
            start = time.perf_counter()
            steps = deduce.solve_logically(Level.from_rows(grid))
            times.append(time.perf_counter() - start)
            by_rules += steps[-1].rule != "solver"
            g = deduce.grade_steps(steps)
            grades[g.difficulty] += 1
            hardest[g.hardest_rule] += 1
        report.update(times=times, by_rules=by_rules, grades=grades, hardest=hardest)

    benchmark.pedantic(explain_all, rounds=3, iterations=1)
    times = report["times"]
    assert isinstance(times, list)
    share = report["by_rules"] / len(rows)  # type: ignore[operator]
    median, p95, worst = statistics.median(times), _pct(times, 0.95), max(times)
    print(
        f"\nexplain over {len(rows)} official+bonus levels: solved by rules alone "
        f"{report['by_rules']}/{len(rows)} ({share:.1%}); per level median "
        f"{median * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms, max {worst * 1e3:.2f} ms"
    )
    print("grades:", dict(sorted(report["grades"].items())))  # type: ignore[attr-defined]
    print("hardest rule:", dict(report["hardest"].most_common()))  # type: ignore[attr-defined]
    benchmark.extra_info.update(
        share_rules_alone=share, median_ms=median * 1e3, p95_ms=p95 * 1e3, max_ms=worst * 1e3
    )
    assert share == 1.0
    assert median < 0.1


def test_bench_hint_on_large_levels(benchmark, corpus: list[dict]) -> None:  # type: ignore[no-untyped-def]
    levels = [Level.from_rows(item["regions"]) for item in corpus if item["size"] >= 14]
    assert levels
    boards: list[Board] = []
    for level in levels:
        board = Board(level)
        for step in deduce.solve_logically(level):
            if step.rule == "solver":
                break
            boards.append(board)
            board = step.apply(board)
    times: list[float] = []

    def hint_everywhere() -> None:
        times.clear()
        for board in boards:
            start = time.perf_counter()
            deduce.hint(board)
            times.append(time.perf_counter() - start)

    benchmark.pedantic(hint_everywhere, rounds=1, iterations=1)
    print(
        f"\nhint on {len(boards)} positions of {len(levels)} levels of size 14+: median "
        f"{statistics.median(times) * 1e3:.2f} ms, p95 {_pct(times, 0.95) * 1e3:.2f} ms, "
        f"max {max(times) * 1e3:.2f} ms"
    )
    assert statistics.median(times) < 0.1


def test_bench_explain_every_unique_corpus_level(benchmark, corpus: list[dict]) -> None:  # type: ignore[no-untyped-def]
    """All 1,039 unique corpus levels (official, bonus, community) explained by rules alone."""
    from queens_tui.kinds.queens import search

    levels = [Level.from_rows(item["regions"]) for item in corpus]
    unique = [lv for lv in levels if search.count(lv, 2) == 1]
    needs_solver: list[int] = []
    nested: list[int] = []

    def explain_all() -> None:
        needs_solver.clear()
        nested.clear()
        for k, level in enumerate(unique):
            rules = {step.rule for step in deduce.solve_logically(Level(grid=level.grid))}
            if "solver" in rules:
                needs_solver.append(k)
            if "probe_depth3" in rules:
                nested.append(k)

    benchmark.pedantic(explain_all, rounds=1, iterations=1)
    print(
        f"\nexplain over {len(unique)} unique corpus levels: {len(needs_solver)} need the "
        f"solver, {len(nested)} need a nested probe"
    )
    assert len(unique) == 1039
    assert needs_solver == []
