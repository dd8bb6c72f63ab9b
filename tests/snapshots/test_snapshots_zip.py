"""Snapshots of a Zip game: a path half drawn (colour along it, walls, numbers), and a hint.

Update with `pytest tests/snapshots/test_snapshots_zip.py --snapshot-update`, then look at
the SVGs in tests/snapshots/__snapshots__/test_snapshots_zip/.
"""

from __future__ import annotations

from typing import Any

from tests.player import played
from tests.scenes import settled, zip_app, zip_half


def test_zip_half_drawn(snap_compare: Any) -> None:
    assert snap_compare(zip_app(), run_before=played(zip_half), terminal_size=(80, 30))


def test_zip_ascii_fresh(snap_compare: Any) -> None:
    assert snap_compare(zip_app(ascii=True), run_before=played(settled), terminal_size=(80, 24))
