"""Snapshots of the game's screens at a fixed size: fresh board, mid-game, win, help.

The scenes are the ones that draw `screenshots/*.svg`, so the README pictures
and these snapshots cannot drift apart. Update with
`pytest tests/snapshots/test_snapshots_game.py --snapshot-update`.
"""

from __future__ import annotations

import pytest

from tests.player import played
from tests.scenes import SCENES, SIZE, shot_app


@pytest.mark.parametrize("name", list(SCENES))
def test_game_screen(snap_compare, name: str) -> None:
    assert snap_compare(shot_app(), run_before=played(SCENES[name]), terminal_size=SIZE)
