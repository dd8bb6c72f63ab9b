"""Snapshots of the level browser over fixed data: every level, then filtered by key.

The data dir, the packs and "today" come from `tests/app/browser_fixtures.py`
(solved, solved with help, in progress, a dated file in the daily folder), so
the pictures never depend on the real levels/, home or date. Update with
`pytest tests/snapshots/test_snapshots_browser.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App

from queens_tui.app.screens.browser import LevelBrowser
from queens_tui.catalog import LevelRef
from tests.app.browser_fixtures import TODAY, make_store, write_levels

SIZE = (110, 34)


class BrowserHost(App[None]):
    """Shows the browser over an empty app, with the current level on 1-easy/002."""

    def __init__(self, root: Path) -> None:
        super().__init__()
        self.levels = write_levels(root / "levels")
        self.store = make_store(root / "data", self.levels)

    def on_mount(self) -> None:
        current = LevelRef.bundled("1-easy/002")
        self.push_screen(LevelBrowser(self.store, current, levels=self.levels, today=TODAY))


SCENES: dict[str, list[str]] = {
    "all": [],
    "filtered": ["d", "d", "f"],  # medium, not solved
}


@pytest.mark.parametrize("name", list(SCENES))
def test_browser_screen(snap_compare, tmp_path: Path, name: str) -> None:
    assert snap_compare(BrowserHost(tmp_path), press=SCENES[name], terminal_size=SIZE)
