"""Before/after figures of `test_bench_app.py` for two versions of the app, in one run.

    python tests/benchmarks/compare_app_versions.py BASE_COMMIT [ROUNDS]

Extracts BASE_COMMIT with `git archive` into a temporary folder and measures it
against the working tree with the same harness (the current
`test_bench_app.py`): key press -> painted at 11x11 and 18x18 (each version in a
process of its own), then cold start to the first painted board, bare Textual /
base / working tree alternated on fresh pseudo-terminals. Both versions start
the same way, `python -P -c "from queens_tui.cli import main; ..."` with
PYTHONPATH naming their folder (-P: the current folder does not shadow it).

Every start runs as installed: bytecode is written to and read from one temporary
PYTHONPYCACHEPREFIX (PYTHONDONTWRITEBYTECODE removed), shared by bare Textual and both
versions, and a warm-up round compiles every version (and every kind's daily) before the
timed rounds. Without it the base, freshly extracted, compiles its sources at every start
while the working tree may hold bytecode left by a test run: a bias of about 0.3x of a
bare start in the working tree's favour.

Each start prints two figures: wall time to the first frame, and CPU time (user + system
of the child, read from /proc when the frame is seen). On a shared machine (load 3 and
more) the CPU ratio is the one to trust: wall time there measures the queue for the cores.

    python tests/benchmarks/compare_app_versions.py BASE_COMMIT ROUNDS --dailies [KIND ...]

instead starts the daily of every kind with a daily, or of the KINDs named (`play --kind K
--date DAILY_DAY`, a day of every kind's shipped calendar), each start from an empty data
folder, alternated with bare Textual and the base (which of the two goes first
alternates), and prints each version's median wall and CPU time to the first frame with
the board (the status line's "moves 0" is painted with it) and their ratios to the bare
start's.
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
DAILY_DAY = "2026-11-23"
"""A Monday in every kind's shipped calendar (Patches' ends with 2026)."""


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


def installed(tmp: Path) -> dict[str, str]:
    """The environment of every start: bytecode cached in one folder of `tmp`, as after
    `pip install` (which byte-compiles the package), for bare Textual and both versions."""
    return {"PYTHONPYCACHEPREFIX": str(tmp / "pycache"), "PYTHONDONTWRITEBYTECODE": ""}


def ratios(
    name: str,
    times: list[tuple[float, float]],
    bare: list[tuple[float, float]],
    beside: list[tuple[float, float]] | None = None,
) -> str:
    """`name`: median wall and CPU time and their ratios to the bare start's medians, and the
    ratio of the least CPU times to the least of `beside` (the bare starts of the same rounds,
    as many as `times`: the least of more samples would be lower): a process sharing its core
    with other work (the other helpers' on this machine) only takes longer, so the least is
    nearer the start's own cost on a busy machine; and the median of the rounds' own ratios
    (each start against the bare start of its round)."""
    wall, cpu = (statistics.median(t[i] for t in times) for i in (0, 1))
    bare_wall, bare_cpu = (statistics.median(t[i] for t in bare) for i in (0, 1))
    least, bare_least = min(t[1] for t in times), min(t[1] for t in beside or bare)
    paired = ""
    if beside is not None:  # round by round: a change of load between rounds cancels out
        each = statistics.median(t[1] / b[1] for t, b in zip(times, beside, strict=True))
        paired = f"; paired by round {each:.2f}x"
    return (
        f"{name}: {wall * 1000:.0f} ms wall ({wall / bare_wall:.2f}x), "
        f"{cpu * 1000:.0f} ms CPU ({cpu / bare_cpu:.2f}x; least {least * 1000:.0f} ms, "
        f"{least / bare_least:.2f}x{paired})"
    )


def extract(base: str, tmp: Path) -> dict[str, str]:
    """The base commit's tree in `tmp`/before, and the working tree: name -> folder."""
    before = tmp / "before"
    before.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", base], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(before)], input=archive, check=True)
    return {f"before ({base[:7]})": str(before), "after (working tree)": str(REPO)}


def dailies(base: str, rounds: int, only: list[str]) -> None:
    """Each kind's daily (or those in `only`), cold, from an empty data folder: medians and
    ratios to bare Textual."""
    from queens_tui.kinds import daily_kinds as every_daily_kind

    def daily_kinds() -> list[str]:
        return only or list(every_daily_kind())

    tmp = Path(tempfile.mkdtemp(prefix="queens-compare-"))
    versions = extract(base, tmp)
    bench = load_bench()
    bare = tmp / "bare.py"
    bare.write_text(bench.BARE_APP)
    fresh = iter(range(1_000_000))

    def start(root: str, kind: str) -> tuple[float, float]:
        data = tmp / f"data-{next(fresh)}"
        cmd = [sys.executable, "-P", "-c", LAUNCH, "play", "--kind", kind, "--date", DAILY_DAY]
        env = {**cached, "PYTHONPATH": root, "QUEENS_TUI_DATA_DIR": str(data)}
        return bench.first_paint_cpu(cmd, "moves 0", env_extra=env)  # type: ignore[no-any-return]

    def bare_start() -> tuple[float, float]:
        cmd = [sys.executable, str(bare)]
        return bench.first_paint_cpu(cmd, "bare-static-ready", env_extra=cached)  # type: ignore[no-any-return]

    cached = installed(tmp)
    bare_start()  # compiles Textual into the cache, warms the OS file cache
    for root in versions.values():
        for kind in daily_kinds():  # compiles each version's modules of every kind's daily
            start(root, kind)
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for round_ in range(rounds):
        for kind in daily_kinds():
            times.setdefault(("bare Textual", kind), []).append(bare_start())
            order = list(versions.items())  # base first, then last: neither gains by its place
            for name, root in order if round_ % 2 else order[::-1]:
                times.setdefault((name, kind), []).append(start(root, kind))
    everything_bare = [t for (name, _), ts in times.items() if name == "bare Textual" for t in ts]
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    print(ratios("bare Textual", everything_bare, everything_bare))
    for kind in daily_kinds():
        for name in versions:
            ours, beside = times[(name, kind)], times[("bare Textual", kind)]
            print(ratios(f"{kind} daily, {name}", ours, everything_bare, beside))


def main(base: str, rounds: int) -> None:
    os.environ.setdefault("QUEENS_TUI_DATA_DIR", tempfile.mkdtemp(prefix="queens-data-"))
    tmp = Path(tempfile.mkdtemp(prefix="queens-compare-"))
    versions = extract(base, tmp)

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
    cached = installed(tmp)
    runs = {"bare Textual": ([sys.executable, str(bare)], "bare-static-ready", cached)}
    for name, root in versions.items():
        cmd = [sys.executable, "-P", "-c", LAUNCH, "play", str(level_file)]
        runs[name] = (cmd, "┗━", {**cached, "PYTHONPATH": root})
    for cmd, marker, env in runs.values():
        bench.first_paint_cpu(cmd, marker, env_extra=env)  # compiles, warms the OS file cache
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    for round_ in range(rounds):
        order = list(runs.items())
        for name, (cmd, marker, env) in order if round_ % 2 else order[::-1]:
            times[name].append(bench.first_paint_cpu(cmd, marker, env_extra=env))
    print(f"cold start to the first painted board, load average {os.getloadavg()[0]:.1f}:")
    for name in runs:
        print(ratios(name, times[name], times["bare Textual"]))


if __name__ == "__main__":
    if sys.argv[1] == "--keys-child":
        keys_child(sys.argv[2])
    elif sys.argv[3:4] == ["--dailies"]:
        dailies(sys.argv[1], int(sys.argv[2]), sys.argv[4:])
    else:
        main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 15)
