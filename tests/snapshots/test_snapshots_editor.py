"""Snapshot of the level editor: the 8x8 example with one cell painted into another region
(several solutions, the make-unique cell tinted, the second solution shown).

Update with `pytest tests/snapshots/test_snapshots_editor.py --snapshot-update`, then look
at the SVG.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from queens_tui.app.editor import EditorApp
from queens_tui.kinds.queens.edit import Sketch
from tests.conftest import EXAMPLE_8, level_from


async def _scene(pilot: Any) -> None:
    screen = pilot.app.editor
    await pilot.press("right", "B")
    for _ in range(4):
        await pilot.pause()
        screen.worker.wait()
    await pilot.press("slash")
    await pilot.pause()


def test_editor_several_with_suggestion(snap_compare: Any) -> None:
    app = EditorApp(Sketch.of(level_from(EXAMPLE_8)), Path("levels/example-8.txt"), engine="search")
    assert snap_compare(app, run_before=_scene, terminal_size=(100, 36))
