"""Snapshot of the level editor: the 8x8 example with one cell painted into another region
(several solutions, the make-unique cell tinted, the second solution shown).

Update with `pytest tests/snapshots/test_snapshots_editor.py --snapshot-update`, then look
at the SVG. The README's picture is the same scene:
`python -m tests.snapshots.test_snapshots_editor` writes `screenshots/editor.svg`.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from queens_tui.app.editor import EditorApp
from queens_tui.kinds.queens.edit import Sketch
from tests.conftest import EXAMPLE_8, level_from
from tests.player import played, playing

SIZE = (100, 36)


def editor_app() -> EditorApp:
    sketch = Sketch.of(level_from(EXAMPLE_8))
    return EditorApp(sketch, Path("levels/example-8.txt"), engine="search")


async def scene(pilot: Any) -> None:
    screen = pilot.app.editor
    await pilot.press("right", "B")
    for _ in range(4):
        await pilot.pause()
        screen.worker.wait()
    await pilot.press("slash")
    await pilot.pause()


def test_editor_several_with_suggestion(snap_compare: Any) -> None:
    assert snap_compare(editor_app(), run_before=played(scene), terminal_size=SIZE)


async def _capture() -> str:
    app = editor_app()
    async with playing(app, size=SIZE) as pilot:
        await scene(pilot)
        return app.export_screenshot(title="queens-tui edit")


if __name__ == "__main__":
    out = Path("screenshots/editor.svg")
    out.write_text(asyncio.run(_capture()), encoding="utf-8")
    print(out)
