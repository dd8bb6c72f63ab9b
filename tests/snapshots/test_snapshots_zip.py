"""Snapshots of a Zip game: a path half drawn (colour along it, walls, numbers), and a hint.

Update with `pytest tests/snapshots/test_snapshots_zip.py --snapshot-update`, then look at
the SVGs in tests/snapshots/__snapshots__/test_snapshots_zip/.
"""

from __future__ import annotations

import itertools
from typing import Any

from queens_tui.app import create_app
from queens_tui.catalog import open_arg
from queens_tui.midend.levels import OpenLevel

LEVEL = "zip-3-8x8/002"  # 8x8 with walls


def _app(ascii: bool = False) -> Any:
    from tests.scenes import SceneClock

    ref = OpenLevel(open_arg(LEVEL)[1], bundled_id=LEVEL)
    return create_app(ref, persist=False, now=SceneClock(), ascii=ascii)


async def _half(pilot: Any) -> None:
    from queens_tui.kinds.zip.search import solutions
    from tests.scenes import settled

    board = pilot.app.screen.query_one("#board")
    sol = solutions(board.level, 1)[0]
    names = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}
    keys = [names[(b[0] - a[0], b[1] - a[1])] for a, b in itertools.pairwise(sol[:33])]
    await pilot.press(*keys)
    await settled(pilot)


def test_zip_half_drawn(snap_compare: Any) -> None:
    assert snap_compare(_app(), run_before=_half, terminal_size=(80, 30))


def test_zip_ascii_fresh(snap_compare: Any) -> None:
    async def settle(pilot: Any) -> None:
        from tests.scenes import settled

        await settled(pilot)

    assert snap_compare(_app(ascii=True), run_before=settle, terminal_size=(80, 24))
