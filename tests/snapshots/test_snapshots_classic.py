"""Snapshot of the classic N-queens board mid-hunt (update with --snapshot-update, then LOOK)."""

from __future__ import annotations

from queens_tui.app import create_app
from queens_tui.kinds.classic.kind import level
from queens_tui.midend.levels import OpenLevel
from tests.scenes import settled

SOL8 = (0, 4, 7, 5, 2, 6, 1, 3)


def test_classic_board_mid_hunt(snap_compare) -> None:
    app = create_app(OpenLevel(level(8, [SOL8])), now=lambda: 0.0, persist=False)

    async def scene(pilot) -> None:
        await pilot.press("enter", "down", "right", "right", "right", "right", "enter")
        await pilot.press("down", "down", "left", "enter", "x")
        await settled(pilot)

    assert snap_compare(app, run_before=scene, terminal_size=(100, 30))
