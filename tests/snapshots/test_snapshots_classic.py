"""Snapshot of the classic N-queens board mid-hunt (update with --snapshot-update, then LOOK)."""

from __future__ import annotations

from tests.player import played
from tests.scenes import classic_app, classic_hunt


def test_classic_board_mid_hunt(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(classic_app(), run_before=played(classic_hunt), terminal_size=(100, 30))
