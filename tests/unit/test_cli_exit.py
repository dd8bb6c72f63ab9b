"""The console script leaves with `os._exit` once its command is done (cli.run): every
byte of output and the exit code must still come through, on a pipe as on a file."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import REPO, run_cli

LEVEL = REPO / "levels" / "1-easy" / "001.txt"


def test_output_and_exit_code_come_through_the_fast_exit(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("AB\nA\n")
    many = [str(LEVEL)] * 40  # more than one pipe buffer's worth of JSON lines
    done = run_cli("solve", "--json", *many, str(bad))
    assert done.returncode == 2
    lines = done.stdout.splitlines()
    assert len(lines) == 40 + 1 and all(json.loads(line)["solutions"] == 1 for line in lines[:40])
    assert json.loads(lines[40])["error"].startswith(f"{bad}:2:2:")
    assert done.stderr.startswith(f"{bad}:2:2:")
