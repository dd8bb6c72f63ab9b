"""Tango over LinkedIn #1-#200: solve + prove unique, explain by rules, generate; CP-SAT beside.

Run: pytest tests/benchmarks/test_bench_tango.py -o addopts="" --benchmark-enable -s

Prints, in one run (so the figures compare on this noisy shared machine):
- solve + prove unique over the 200 levels: the whole `queens-tui solve --json`
  process on all 200 files, and per level in process (pure search and CP-SAT);
- explain: the share of levels the named rules finish (no `solver` step), the
  grades, and the time per level;
- generate: time per 6x6 level for each difficulty (target <= 0.2 s).
Measured 2026-11-23 on the shared 2-core box: see the commit message.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from queens_tui.formats import tango as fmt
from queens_tui.kinds.tango import deduce, generate, search

TANGO = Path(__file__).resolve().parents[3] / "shared" / "tango" / "linkedin-tango-1-200.json"


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    if not TANGO.exists():
        pytest.skip("LinkedIn Tango levels not present beside the repository")
    return json.loads(TANGO.read_text())["levels"]


def _ms(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1e3:.2f} ms, max {max(times) * 1e3:.2f} ms"


def test_bench_tango(benchmark, corpus: list[dict], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    levels = [fmt.parse(json.dumps(d)) for d in corpus]
    files = []
    for i, data in enumerate(corpus):
        path = tmp_path / f"t{i + 1:03d}.json"
        path.write_text(json.dumps(data))
        files.append(str(path))
    report: dict[str, object] = {}

    def run_all() -> None:
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "queens_tui", "solve", "--json", *files],
            capture_output=True,
            text=True,
            timeout=600,
        )
        report["process"] = time.perf_counter() - start
        out = [json.loads(line) for line in proc.stdout.splitlines()]
        assert proc.returncode == 0 and len(out) == 200
        assert all(o["grid"] == d["solution"] for o, d in zip(out, corpus, strict=True))

        pure = []
        for level in levels:
            t = time.perf_counter()
            assert search.count(level) == 1
            pure.append(time.perf_counter() - t)
        report["pure"] = pure

        try:
            from queens_tui.solver import tango as cpsat

            cpsat.cp_model()
            sat = []
            for level in levels:
                t = time.perf_counter()
                assert len(cpsat.solutions(level, 2)) == 1
                sat.append(time.perf_counter() - t)
            report["cpsat"] = sat
        except ImportError:
            report["cpsat"] = None

        explain, grades, by_rules = [], Counter(), 0
        for level in levels:
            deduce._engine.cache_clear()
            t = time.perf_counter()
            steps = deduce.solve_logically(level)
            explain.append(time.perf_counter() - t)
            by_rules += steps[-1].rule != "solver"
            grades[deduce.grade_steps(steps).difficulty] += 1
        report["explain"] = (explain, by_rules, grades)

        gen: dict[str, list[float]] = {}
        for difficulty in (*generate.DIFFICULTIES, None):
            times = []
            for k in range(10):
                t = time.perf_counter()
                generate.generate(6, f"bench-{k}", difficulty)
                times.append(time.perf_counter() - t)
            gen[str(difficulty)] = times
        report["generate"] = gen

    benchmark.pedantic(run_all, rounds=1, iterations=1)
    print()
    print(f"solve --json, 200 files, whole process: {report['process']:.2f} s")
    print(f"pure search, solve + prove unique: {_ms(report['pure'])}")  # type: ignore[arg-type]
    if report["cpsat"]:
        print(f"CP-SAT, solve + prove unique: {_ms(report['cpsat'])}")  # type: ignore[arg-type]
    explain, by_rules, grades = report["explain"]  # type: ignore[misc]
    print(f"explain: {by_rules}/200 finished by named rules, {_ms(explain)}; grades {dict(grades)}")
    for difficulty, times in report["generate"].items():  # type: ignore[attr-defined]
        print(f"generate 6x6 {difficulty}: {_ms(times)}")
    assert by_rules >= 190
    assert statistics.median(report["generate"]["None"]) <= 0.2  # type: ignore[index]
