"""Before/after figures of `test_bench_app.py` for two versions of the app, in one run.

    python tests/benchmarks/compare_app_versions.py BASE_COMMIT [ROUNDS]

Extracts BASE_COMMIT with `git archive` into a temporary folder and measures it
against the working tree with the same harness (the current
`test_bench_app.py`): key press -> painted at 11x11 and 18x18 (each version in a
process of its own), then cold start to the first painted board, bare Textual /
base / working tree alternated on fresh pseudo-terminals. Both versions start
the same way, `python -P -c "from queens_tui.cli import main; ..."` with
PYTHONPATH naming their folder (-P: the current folder does not shadow it).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
BENCH = Path(__file__).with_name("test_bench_app.py")
LAUNCH = "import sys; from queens_tui.cli import main; sys.exit(main())"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_app", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def keys_child(root: str) -> None:
    """In a child process whose PYTHONPATH is `root`: key -> paint figures as JSON."""
    bench = load_bench()
    import queens_tui

    assert queens_tui.__file__ is not None and queens_tui.__file__.startswith(root)
    out = {}
    for n in (11, 18):
        painted, seen = asyncio.run(bench.key_to_paint(bench.bench_level(n), 120))
        out[n] = [
            statistics.median(painted) * 1000,
            bench.percentile(painted, 95) * 1000,
            statistics.median(seen) * 1000,
            bench.percentile(seen, 95) * 1000,
        ]
    print(json.dumps(out))


def main(base: str, rounds: int) -> None:
    os.environ.setdefault("QUEENS_TUI_DATA_DIR", tempfile.mkdtemp(prefix="queens-data-"))
    tmp = Path(tempfile.mkdtemp(prefix="queens-compare-"))
    before = tmp / "before"
    before.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", base], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(before)], input=archive, check=True)
    versions = {f"before ({base[:7]})": str(before), "after (working tree)": str(REPO)}

    for name, root in versions.items():
        env = {**os.environ, "PYTHONPATH": root}
        cmd = [sys.executable, "-P", __file__, "--keys-child", root]
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        for n, (median, p95, seen_median, seen_p95) in figures.items():
            print(
                f"{name}: {n}x{n} key -> painted median {median:.2f} ms, p95 {p95:.2f} ms "
                f"(as the waiting test sees it: {seen_median:.2f} / {seen_p95:.2f} ms)"
            )

    bench = load_bench()
    level_file = tmp / "eleven.txt"
    level_file.write_text(bench.dump_text(bench.bench_level(11)))
    bare = tmp / "bare.py"
    bare.write_text(bench.BARE_APP)
    runs = {"bare Textual": ([sys.executable, str(bare)], "bare-static-ready", {})}
    for name, root in versions.items():
        cmd = [sys.executable, "-P", "-c", LAUNCH, "play", str(level_file)]
        runs[name] = (cmd, "┗━", {"PYTHONPATH": root})
    for cmd, marker, env in runs.values():
        bench.first_paint(cmd, marker, env_extra=env)  # warm the OS file cache
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, (cmd, marker, env) in runs.items():
            times[name].append(bench.first_paint(cmd, marker, env_extra=env))
    bare_median = statistics.median(times["bare Textual"])
    for name in versions:
        median = statistics.median(times[name])
        print(
            f"{name}: cold start to first painted board {median * 1000:.0f} ms, "
            f"bare Textual {bare_median * 1000:.0f} ms, ratio {median / bare_median:.2f}"
        )


if __name__ == "__main__":
    if sys.argv[1] == "--keys-child":
        keys_child(sys.argv[2])
    else:
        main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 15)
