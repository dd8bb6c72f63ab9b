"""Issue 38 item 3: corpus solve, generators and picture reading, two versions in one run.

    python -m tests.benchmarks.compare_work_versions BASE_COMMIT [ROUNDS]

Extracts BASE_COMMIT with `git archive` (as `compare_app_versions.py` does) and
times the same whole-process commands with it and with the working tree,
alternated round by round (which version goes first alternates too), so both
see the same machine load. Each command runs with `PYTHONPATH` naming its
version's folder and `-P` (the current folder never shadows it), bytecode for
both kept under one `PYTHONPYCACHEPREFIX` and written by a warm-up round, and
prints each version's median wall and CPU time (the child's user + system, the
figure to trust on a shared machine) and the ratio after / before.

The commands: `solve --json` over every community corpus level (written once as
text files), `generate --count 20 --seed bench --jobs 1` for each kind, and
`solve --json` on the first real picture of each kind in ../shared/screens.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.benchmarks.compare_app_versions import extract

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
PICTURE_KINDS = ("queens", "tango", "zip", "minisudoku", "patches")
GENERATE_KINDS = {
    "queens": ["--size", "8"],
    "tango": [],
    "zip": [],
    "sudoku": [],
    "patches": [],
}


def corpus_files(tmp: Path) -> list[str]:
    """Every corpus level as a text file (its region rows), written once for both versions."""
    out = tmp / "corpus"
    out.mkdir()
    levels = json.loads((SHARED / "corpus" / "community-levels.json").read_text())["levels"]
    paths = []
    for i, entry in enumerate(levels):
        path = out / f"{i:04}.txt"
        path.write_text("\n".join(entry["regions"]) + "\n")
        paths.append(str(path))
    return paths


def pictures() -> list[str]:
    found = []
    for kind in PICTURE_KINDS:
        files = sorted(
            p
            for p in (SHARED / "screens" / kind).iterdir()
            if p.suffix.lower() in {".png", ".jpg", ".jpeg", ".webp"}
        )
        if files:
            found.append(str(files[0]))
    return found


def timed(root: Path, argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of `python -P -m queens_tui ARGV` with `root` first on the path."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-P", "-m", "queens_tui", *argv],
        env={**env, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # 1: a picture or level refused is still timed
        raise SystemExit(f"{root}: {' '.join(argv[:3])}...: exit {done.returncode}\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    base = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        # extract's names are "before (BASE)" and "after (working tree)"
        versions = {name.split()[0]: Path(root) for name, root in extract(base, tmp).items()}
        env = {
            **os.environ,
            "PYTHONPYCACHEPREFIX": str(tmp / "pyc"),
            "QUEENS_TUI_DATA_DIR": str(tmp / "data"),
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        commands = {"solve corpus": ["solve", "--json", *corpus_files(tmp)]}
        for kind, extra in GENERATE_KINDS.items():
            commands[f"generate {kind}"] = [
                "generate", "--kind", kind, *extra, "--count", "20", "--seed", "bench",
                "--jobs", "1",
            ]  # fmt: skip
        for picture in pictures():
            commands[f"picture {Path(picture).parent.name}"] = ["solve", "--json", picture]
        for root in versions.values():  # warm-up: bytecode written for both
            timed(root, commands["generate patches"], env)
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for r in range(rounds):
            order = list(versions.items())
            if r % 2:
                order.reverse()
            for label, argv in commands.items():
                for version, root in order:
                    times.setdefault((label, version), []).append(timed(root, argv, env))
        print(f"{'command':<20} {'before s':>9} {'after s':>9} {'ratio':>6} (wall; CPU)")
        for label in commands:
            b = times[(label, "before")]
            a = times[(label, "after")]
            bw, aw = statistics.median(t[0] for t in b), statistics.median(t[0] for t in a)
            bc, ac = statistics.median(t[1] for t in b), statistics.median(t[1] for t in a)
            print(
                f"{label:<20} {bw:9.3f} {aw:9.3f} {aw / bw:6.2f}   CPU {bc:7.3f} {ac:7.3f} "
                f"{ac / bc:5.2f}"
            )


if __name__ == "__main__":
    main()
