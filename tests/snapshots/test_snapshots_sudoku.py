"""A snapshot of Mini Sudoku mid-game: digits, notes, the cursor's row, column and box, and a
hint's tints (the cells it reads yellow, the cell it fills green with the digit shown faintly).

Update with `pytest tests/snapshots/test_snapshots_sudoku.py --snapshot-update`.
"""

from __future__ import annotations

from tests.player import played
from tests.scenes import SIZE, sudoku_app, sudoku_midgame


def test_sudoku_midgame(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(sudoku_app(), run_before=played(sudoku_midgame), terminal_size=SIZE)
