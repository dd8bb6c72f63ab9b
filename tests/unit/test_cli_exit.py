"""The console script leaves with `os._exit` once its command is done (cli.run): every
byte of output and the exit code must still come through, on a pipe as on a file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LEVEL = ROOT / "levels" / "1-easy" / "001.txt"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "queens_tui", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def test_output_and_exit_code_come_through_the_fast_exit(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("AB\nA\n")
    many = [str(LEVEL)] * 40  # more than one pipe buffer's worth of JSON lines
    done = _run("solve", "--json", *many, str(bad))
    assert done.returncode == 2
    lines = done.stdout.splitlines()
    assert len(lines) == 41 and all(json.loads(line)["solutions"] == 1 for line in lines[:40])
    assert json.loads(lines[40])["error"].startswith(f"{bad}:2:2:")
    assert done.stderr.startswith(f"{bad}:2:2:")
