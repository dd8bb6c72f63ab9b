"""A snapshot of a Patches game at 80x24: some patches drawn (each in its clue's colour inside a
heavy border), one wrong patch (red border), the keyboard's anchored patch shaded, a hint shown.

Update with `pytest tests/snapshots/test_snapshots_patches.py --snapshot-update`, then look at
the SVG in tests/snapshots/__snapshots__/test_snapshots_patches/.
"""

from __future__ import annotations

from typing import Any

from queens_tui.app import create_app
from queens_tui.catalog import open_arg
from queens_tui.midend.levels import OpenLevel

LEVEL = "patches-2-medium/009"  # 8x8


def _app() -> Any:
    from tests.scenes import SceneClock

    ref = OpenLevel(open_arg(LEVEL)[1], bundled_id=LEVEL)
    return create_app(ref, persist=False, now=SceneClock(), engine="search")


async def _drawn(pilot: Any) -> None:
    from queens_tui.kinds.patches import search
    from tests.scenes import settled

    board = pilot.app.screen.query_one("#board")
    solution = sorted(next(search.solutions(board.state.level)))
    for top, left, bottom, right in solution[:5]:
        await pilot.mouse_down(board, offset=board.cell_offset((top, left)))
        await pilot.hover(board, offset=board.cell_offset((bottom, right)))
        await pilot.mouse_up(board, offset=board.cell_offset((bottom, right)))
    await pilot.mouse_down(board, offset=board.cell_offset((7, 0)))  # a wrong one
    await pilot.hover(board, offset=board.cell_offset((7, 7)))
    await pilot.mouse_up(board, offset=board.cell_offset((7, 7)))
    await pilot.press("h")
    await settled(pilot)


def test_patches_drawn(snap_compare: Any) -> None:
    assert snap_compare(_app(), run_before=_drawn, terminal_size=(80, 24))
