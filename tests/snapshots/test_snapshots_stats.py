"""Snapshots of the stats screen over a made-up player's record (`tests.stats_data`, "today"
fixed, so the pictures never change with the date): one kind and every kind at 80x24, one
kind over 90 days at 120x40. Update with
`pytest tests/snapshots/test_snapshots_stats.py --snapshot-update`, then look at the SVGs."""

from __future__ import annotations

import pytest

from tests.player import played
from tests.scenes import stats_app, stats_screen

SCENES: dict[str, tuple[tuple[int, int], list[str]]] = {
    "queens-80x24": ((80, 24), []),
    "every-kind-80x24": ((80, 24), ["left_square_bracket"]),
    "queens-90-days-120x40": ((120, 40), ["t"]),
}


@pytest.mark.parametrize("name", list(SCENES))
def test_stats_screen(snap_compare, name: str) -> None:
    size, keys = SCENES[name]

    async def run(pilot):  # type: ignore[no-untyped-def]
        await stats_screen(pilot)
        await pilot.press(*keys)
        await pilot.pause()

    assert snap_compare(stats_app(), run_before=played(run), terminal_size=size)
