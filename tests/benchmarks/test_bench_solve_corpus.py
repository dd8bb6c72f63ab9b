"""Issue 2, item 9: solve and prove unique every community corpus level, whole process.

Run: pytest tests/benchmarks/test_bench_solve_corpus.py --benchmark-enable
(QUEENS_BENCH_ROUNDS=N for more rounds than 3).

Every corpus level is written once to a temp dir as a native .txt file. Each
round then times, as whole processes over all those files and alternated so
both see the same machine load:

- ours: `queens-tui solve --json FILE...` (the console script beside
  sys.executable, else `python -m queens_tui`);
- the baseline of the blog posts (`blog_baseline.py`: `sum == 1` rows,
  columns and regions, pairwise adjacency, solve twice with a cut), with
  default CP-SAT parameters as the posts use them, and with one worker,
  which is faster on this 2-core machine and so the stricter comparison.

Per-level times come from an in-process loop over the same files through the
same code path (the `solve --json` handler, `cli.cmd_solve`, one file at a
time; each level keeps the fastest of 3 runs, to filter out time slices lost
to other processes on a shared machine). The CP-SAT engine of
our solver service is measured the same two ways, for comparison only.
Targets (issue 2): ours <= 0.40 of the baseline, and no level over 40 ms.
The answers are also checked against the baseline's: the same solution
counts, and the same queens wherever the solution is unique.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent.parent / "shared" / "corpus" / "community-levels.json"
BASELINE = HERE / "blog_baseline.py"
ROUNDS = int(os.environ.get("QUEENS_BENCH_ROUNDS", "3"))
TARGET_RATIO = 0.40
TARGET_MAX_LEVEL = 0.040

CPSAT_SCRIPT = """
import json, sys
from queens_tui.formats.queens import load
from queens_tui.solver.queens import service
for path in sys.argv[1:]:
    level = load(path)
    res = service.count(level, engine="cpsat")
    queens = [list(q) for q in res.solutions[0]] if res.solutions else []
    print(json.dumps({"file": path, "size": level.size, "solutions": res.count, "queens": queens}))
"""


def _ours_command() -> list[str]:
    script = Path(sys.executable).parent / "queens-tui"
    if script.exists():
        return [str(script)]
    found = shutil.which("queens-tui")
    if found and Path(found).resolve().parent == Path(sys.executable).resolve().parent:
        return [found]
    return [sys.executable, "-m", "queens_tui"]


def _run(cmd: list[str], cwd: Path) -> tuple[float, list[dict]]:
    """Run a whole process; (wall seconds, its JSON lines)."""
    t0 = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    elapsed = time.perf_counter() - t0
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return elapsed, [json.loads(line) for line in done.stdout.splitlines()]


def _per_level(
    files: list[str], cwd: Path, solve_one: Callable[[str], object], repeat: int = 1
) -> list[float]:
    """Seconds per file through `solve_one`, in-process (stdout swallowed).

    With `repeat` > 1 each file keeps its fastest run: on a shared machine a
    single run can catch another process's time slice, which says nothing
    about the level.
    """
    times = []
    old = Path.cwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for path in files:
                best = float("inf")
                for _ in range(repeat):
                    t0 = time.perf_counter()
                    solve_one(path)
                    best = min(best, time.perf_counter() - t0)
                times.append(best)
    finally:
        os.chdir(old)
    return times


def _same_answers(ours: list[dict], theirs: list[dict]) -> None:
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs, strict=True):
        assert a["file"] == b["file"]
        assert a["solutions"] == b["solutions"], a["file"]
        if a["solutions"] == 1:
            assert a["queens"] == b["queens"], a["file"]


def test_bench_solve_corpus_whole_process(
    benchmark,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    pytestconfig: pytest.Config,
) -> None:
    if not pytestconfig.getoption("benchmark_enable"):
        pytest.skip("a two-minute benchmark: run it with --benchmark-enable")
    if not CORPUS.exists():
        pytest.skip("community corpus not present beside the repository")
    levels = json.loads(CORPUS.read_text())["levels"]
    for i, entry in enumerate(levels):
        (tmp_path / f"{i:04d}.txt").write_text("\n".join(entry["regions"]) + "\n")
    files = sorted(p.name for p in tmp_path.glob("*.txt"))
    assert len(files) == len(levels)

    ours_cmd = [*_ours_command(), "solve", "--json", *files]
    base_default = [sys.executable, str(BASELINE), *files]
    base_one = [sys.executable, str(BASELINE), "--workers", "1", *files]
    cpsat_cmd = [sys.executable, "-c", CPSAT_SCRIPT, *files]

    # Warm up: byte-compile and fill the page cache; also the correctness check.
    _, ours_out = _run(ours_cmd, tmp_path)
    _, reference = _run(base_one, tmp_path)
    _same_answers(ours_out, reference)

    baseline_times: dict[str, list[float]] = {"default": [], "one worker": []}

    def run_baselines() -> None:
        # pytest-benchmark's setup hook: not timed by it, so each round alternates.
        baseline_times["default"].append(_run(base_default, tmp_path)[0])
        baseline_times["one worker"].append(_run(base_one, tmp_path)[0])

    ours_times: list[float] = []

    def run_ours() -> None:
        elapsed, out = _run(ours_cmd, tmp_path)
        ours_times.append(elapsed)
        assert len(out) == len(files)

    benchmark.pedantic(run_ours, setup=run_baselines, rounds=ROUNDS, iterations=1)

    cpsat_total, cpsat_out = _run(cpsat_cmd, tmp_path)
    _same_answers(cpsat_out, reference)

    from queens_tui import cli, solver
    from queens_tui.formats.queens import load
    from queens_tui.solver.queens import service

    def cli_solve(path: str) -> int:
        # The `solve --json` handler itself, one file at a time (argparse
        # runs once per process in real use, so it is left out here).
        return cli.cmd_solve(argparse.Namespace(files=[path], json=True))

    per_ours = _per_level(files, tmp_path, cli_solve, repeat=3)
    solver.warm_up()
    per_cpsat = _per_level(files, tmp_path, lambda f: service.count(load(f), engine="cpsat"))

    ours = statistics.median(ours_times)
    base = {k: statistics.median(v) for k, v in baseline_times.items()}
    ratio = {k: ours / v for k, v in base.items()}
    worst = max(range(len(files)), key=per_ours.__getitem__)
    lines = [
        "",
        f"corpus: {len(files)} levels, {ROUNDS} alternated rounds, medians of whole processes",
        f"ours  `queens-tui solve --json`: total {ours:.3f} s "
        f"(rounds: {', '.join(f'{t:.3f}' for t in ours_times)})",
        f"  per level in-process (best of 3): sum {sum(per_ours):.3f} s, "
        f"median {statistics.median(per_ours) * 1e3:.3f} ms, "
        f"max {per_ours[worst] * 1e3:.2f} ms ({levels[worst]['id']}, "
        f"{levels[worst]['size']}x{levels[worst]['size']})",
        f"baseline (blog CP-SAT model), default params: total {base['default']:.3f} s; "
        f"ratio ours/baseline {ratio['default']:.3f}",
        f"baseline (blog CP-SAT model), one worker:     total {base['one worker']:.3f} s; "
        f"ratio ours/baseline {ratio['one worker']:.3f}  (target <= {TARGET_RATIO})",
        f"our CP-SAT engine (tuned model): whole process {cpsat_total:.3f} s; per level "
        f"median {statistics.median(per_cpsat) * 1e3:.3f} ms, max {max(per_cpsat) * 1e3:.2f} ms",
    ]
    benchmark.extra_info.update(
        ours_total_s=ours,
        ours_median_level_ms=statistics.median(per_ours) * 1e3,
        ours_max_level_ms=per_ours[worst] * 1e3,
        baseline_default_s=base["default"],
        baseline_one_worker_s=base["one worker"],
        ratio_default=ratio["default"],
        ratio_one_worker=ratio["one worker"],
        cpsat_engine_total_s=cpsat_total,
    )
    with capsys.disabled():
        print("\n".join(lines), flush=True)
    assert max(ratio.values()) <= TARGET_RATIO
    assert per_ours[worst] <= TARGET_MAX_LEVEL
