"""A snapshot of Mini Sudoku mid-game: digits, notes, the cursor's row, column and box, and a
hint's tints (the cells it reads yellow, the cell it fills green with the digit shown faintly).

Update with `pytest tests/snapshots/test_snapshots_sudoku.py --snapshot-update`.
"""

from __future__ import annotations

from textual.pilot import Pilot

from queens_tui.app.app import QueensApp
from queens_tui.formats.sudoku import parse
from queens_tui.midend.levels import OpenLevel
from tests.scenes import SIZE, SceneClock, settled, tick, walk
from tests.unit.sudoku_data import LEVEL_1


async def midgame(pilot: Pilot) -> None:
    """Notes 2 and 6 in r1c1, three digits placed, then a hint."""
    await pilot.press("e", "2", "6", "e")
    for cell, key in [((0, 1), "3"), ((3, 2), "2"), ((2, 4), "6")]:
        await walk(pilot, cell)
        await pilot.press(key)
    await settled(pilot)
    await pilot.press("h")
    await settled(pilot)
    pilot.app.now.t = 42.0  # type: ignore[attr-defined]
    await tick(pilot)


def test_sudoku_midgame(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = QueensApp(OpenLevel(parse(LEVEL_1)), now=SceneClock())
    assert snap_compare(app, run_before=midgame, terminal_size=SIZE)
