"""Issue 33, item 4: a hostile file in the daily folder never crashes the game.

Today's file with a `number` that is not one (`"²"`: `isdigit()` but not `int()`) used to
crash every launch; it now opens (the number left out). A day nested 500 deep is refused with
its one line as a notice when `p` reaches it, and the level browser still opens.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from queens_tui.app import create_app
from queens_tui.app.screens.game import GameScreen
from tests.player import playing
from tests.unit.test_archive_days import _bundled, queens_days

from .session_fixtures import SIZE, TODAY, make_store, notices


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_bad_daily_files_never_crash_the_game(tmp_path) -> None:
    folder = tmp_path / "data" / "daily"
    folder.mkdir(parents=True)
    board_day, regions_day = queens_days(_bundled("queens", 10))
    (folder / f"{TODAY.isoformat()}.json").write_text(json.dumps({**board_day, "number": "²"}))
    deep = {k: v for k, v in regions_day.items() if k != "grid_size"}
    (folder / f"{(TODAY - timedelta(days=1)).isoformat()}.json").write_text(
        json.dumps({**deep, "regions": "DEEP"}).replace('"DEEP"', "[" * 500 + "]" * 500)
    )
    app = create_app(store=make_store(tmp_path / "data"))
    async with playing(app, size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.midend.ref.day == TODAY
        assert screen.midend.game.level.number is None and screen.midend.game.level.size == 7
        await pilot.press("p")
        await pilot.pause()
        assert screen.midend.ref.day == TODAY and app.screen is screen
        assert any("nested too deeply" in text for text in notices(app, "error"))
        await pilot.press("l")
        await pilot.pause()
        assert app.screen is not screen  # the browser lists the folder's days
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
