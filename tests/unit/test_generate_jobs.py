"""`generate --count K --jobs N`: levels made in parallel are the levels made one by one."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from queens_tui import cli

REPO = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}


def generate(*argv: str) -> subprocess.CompletedProcess[str]:
    """A whole process (the pool forks: not from inside pytest's own process)."""
    cmd = [sys.executable, "-m", "queens_tui", "generate", *argv]
    return subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=120)


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
def test_the_same_seed_makes_the_same_levels_whatever_the_jobs() -> None:
    argv = ["--size", "7", "--count", "5", "--seed", "jobs"]
    one, two = generate(*argv, "--jobs", "1"), generate(*argv, "--jobs", "2")
    assert one.returncode == two.returncode == 0, two.stderr
    assert one.stdout == two.stdout and one.stdout.count("# seed: jobs") == 5


def test_the_time_limit_holds_in_a_worker_and_the_first_failure_is_said() -> None:
    t0 = time.perf_counter()
    done = generate(
        "--size", "4", "--difficulty", "expert", "--count", "3", "--jobs", "2",
        "--time-limit", "1", "--seed", "t",
    )  # fmt: skip
    assert time.perf_counter() - t0 < 30
    assert done.returncode == 3 and done.stdout == ""  # out of time, as every batch command
    assert done.stderr.startswith("queens-tui generate: gave up after 1 s: no expert 4x4 level")
    assert "seed 't'" in done.stderr and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--jobs", "0"], "queens-tui generate: --jobs must be 1 to 1024, got 0\n"),
        (
            ["--scheduler", "local"],
            "queens-tui generate: --scheduler needs Dask: pip install 'queens-tui[cluster]'\n",
        ),
    ],
)
def test_bad_jobs_and_a_missing_dask_exit_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    says: str,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    code = cli.main(["generate", "--size", "6", "--count", "2", *argv])
    assert (code, capsys.readouterr().err) == (2, says)
