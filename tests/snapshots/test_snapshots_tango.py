"""Snapshots of Tango in the game: fresh grid, mid-game with broken lines, a hint, --ascii.

The scenes are the ones that draw `screenshots/tango-*.svg`. Update with
`pytest tests/snapshots/test_snapshots_tango.py --snapshot-update`.
"""

from __future__ import annotations

import pytest

from tests.player import played
from tests.scenes import SIZE, TANGO_SCENES, tango_app


@pytest.mark.parametrize("name", list(TANGO_SCENES))
def test_tango_screen(snap_compare, name: str) -> None:
    scene, ascii = TANGO_SCENES[name]
    assert snap_compare(tango_app(ascii), run_before=played(scene), terminal_size=SIZE)
