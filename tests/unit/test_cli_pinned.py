"""Queens' command-line output is what 0.1.0 printed, byte for byte, for every batch command.

`tests/fixtures/cli-0.1.0/` holds what version 0.1.0 (commit 7cac311, before the kind seam)
printed for four bundled levels, as text and `--json`, and for `generate`: scripts written
against that output keep working. One deliberate change since (issue 28): `explain`'s common
attack step says "rules out the cells at row 2, column 4; ..." (it read as whole lines).
And one for `grade` (issue 41): each level has a score, its word is the score's band
(`core.effort`), and the text line says "score 0.68, " before the steps.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli

PINNED = Path(__file__).resolve().parents[1] / "fixtures" / "cli-0.1.0"
FILES = ["levels/1-easy/001.txt", "levels/2-medium/003.txt", "levels/3-hard/005.txt"]
FILES.append("levels/4-expert/002.txt")


@pytest.mark.parametrize("command", ["solve", "check", "explain", "grade"])
@pytest.mark.parametrize("json", [False, True])
@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
def test_batch_output_is_byte_identical(command: str, json: bool) -> None:
    args = [command, *(["--json"] if json else []), *FILES]
    got = run_cli(*args)
    assert got.stderr == ""
    expected = (PINNED / f"{command}.{'jsonl' if json else 'txt'}").read_text("utf-8")
    assert got.stdout + f"exit {got.returncode}\n" == expected


def test_generate_is_byte_identical() -> None:
    got = run_cli("generate", "--size", "7", "--seed", "pin", "--count", "2")
    assert got.returncode == 0
    assert got.stdout == (PINNED / "generate.txt").read_text("utf-8")
