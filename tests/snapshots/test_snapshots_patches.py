"""A snapshot of a Patches game at 80x24: some patches drawn (each in its clue's colour inside a
heavy border), one wrong patch (red border), the keyboard's anchored patch shaded, a hint shown.

Update with `pytest tests/snapshots/test_snapshots_patches.py --snapshot-update`, then look at
the SVG in tests/snapshots/__snapshots__/test_snapshots_patches/.
"""

from __future__ import annotations

from typing import Any

from tests.player import played
from tests.scenes import in_palette, patches_app, patches_drawn


def test_patches_drawn(snap_compare: Any) -> None:
    assert snap_compare(patches_app(), run_before=played(patches_drawn), terminal_size=(80, 24))


def test_patches_drawn_in_the_colour_blind_palette(snap_compare: Any) -> None:
    """Issue 39: the patches take the colour-blind palette's colours (the other kinds draw no
    palette colour: `tests/app/test_palettes.py`)."""
    scene = in_palette("colour-blind", patches_drawn)
    assert snap_compare(patches_app(), run_before=played(scene), terminal_size=(80, 24))
