"""Mini Sudoku test data: LinkedIn's archive days (read from /work/shared, never copied)."""

from __future__ import annotations

from pathlib import Path

import pytest

ARCHIVE = Path("/work/shared/archive")
"""LinkedIn's daily archive kept beside the repository (absent on other machines)."""


def archive_days() -> list[Path]:
    """The archive's Mini Sudoku days, or a skip when the archive is not here."""
    days = sorted(ARCHIVE.glob("*_minisudoku.json"))
    if not days:
        pytest.skip(f"no LinkedIn Mini Sudoku archive at {ARCHIVE}")
    return days


LEVEL_1 = """\
# kind: sudoku
# name: Morning
. . 5 | . . .
1 4 . | . . .

. . . | 2 . .
3 6 . | . 5 .

. . 4 | . . 6
. . . | . 2 .
"""
"""A medium level (`generate --kind sudoku --difficulty medium --seed demo`, named)."""

SOLUTION_1 = ["235641", "146532", "451263", "362154", "524316", "613425"]
