"""Defects found by the acceptance pass (a new user's malformed files and keys), pinned."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.formats.queens import parse_json


def test_json_integer_too_long_for_python_is_a_located_level_error() -> None:
    """Python refuses to convert integers over 4,300 digits (ValueError, not JSONDecodeError).

    Before the fix, `queens-tui check` printed a traceback for such a file.
    """
    text = '{"regions": ["AB", "BA"],\n "seed": ' + "9" * 5000 + "}"
    with pytest.raises(LevelError) as info:
        parse_json(text)
    assert (info.value.line, info.value.col) == (2, 10)
    assert "number" in info.value.message


def _stripes(n: int) -> str:
    """An n x n level whose regions are its rows: many solutions, every region its own row."""
    labels = [chr(0x100 + i) for i in range(n)]
    return "\n".join(labels[r] * n for r in range(n)) + "\n"


@pytest.mark.slow  # a 32x32 board in a process of its own
def test_explain_a_large_open_level_finishes(tmp_path: Path) -> None:
    """The pigeonhole rule once tried every set of k regions lying in k rows: with regions
    that are whole rows that is C(n, k) sets, so `explain` on a 32x32 level never ended
    (20x20 took 5 s). Sets spanning unrelated groups of lines are skipped now."""
    level = tmp_path / "stripes32.txt"
    level.write_text(_stripes(32), encoding="utf-8")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "queens_tui", "explain", "--json", str(level)],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("explain on a 32x32 level with row regions ran over 30 s")
    steps = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1  # several solutions
    assert steps[-1]["rule"] == "solver"
    queens = [q for s in steps for q in s["place"]]
    assert sorted(r for r, _ in queens) == list(range(32))
    assert sorted(c for _, c in queens) == list(range(32))


def test_a_level_without_solution_is_not_a_mistake_of_the_player() -> None:
    """On an empty board of an unsolvable level the hint read "This board already holds a
    mistake: no solution has all of ." (an empty list of marks)."""
    from queens_tui.kinds.queens.board import Board
    from queens_tui.kinds.queens.deduce import Mistake, hint
    from queens_tui.kinds.queens.level import Level

    found = hint(Board(Level.from_rows(["AAB", "ACB", "CCB"])))
    assert isinstance(found, Mistake)
    assert found.cells == ()
    assert "has no solution" in found.text
    assert "all of ." not in found.text
