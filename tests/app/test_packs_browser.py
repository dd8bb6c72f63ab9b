"""Issue 33 item 7: a pack whose manifest is corrupt crashed the game when the level browser
opened. Now the manifest is set aside (as a save is), the player is told, and the browser
lists the other packs."""

from __future__ import annotations

import json
from pathlib import Path

from queens_tui.app import create_app
from queens_tui.app.screens.browser import LevelBrowser
from queens_tui.catalog import LevelRef
from queens_tui.catalog.user_packs import MANIFEST, import_pack, packs_root
from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels
from queens_tui.midend.levels import open_ref
from tests.app.session_fixtures import notices, wait_until
from tests.player import playing
from tests.unit.test_collections import community_tango


async def test_a_corrupt_pack_is_set_aside_when_the_browser_opens(tmp_path: Path) -> None:
    body = '{"levels": 5}'  # (every other corruption: tests/unit/test_packs_hostile.py)
    tango = [load_puzzle(p) for _, p in bundled_levels("tango")[:2]]
    source = tmp_path / "two.json"
    source.write_text(json.dumps(community_tango(tango), ensure_ascii=False))
    import_pack("good", source, sync=False)
    import_pack("bad", source, sync=False)
    (packs_root() / "bad" / MANIFEST).write_text(body)
    app = create_app(open_ref(LevelRef.file(bundled_levels("tango")[5][1])))
    async with playing(app, size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LevelBrowser))
        screen = app.screen
        assert isinstance(screen, LevelBrowser)
        assert "good" in screen.packs and "bad" not in screen.packs
        (said,) = [m for m in notices(app, "warning") if "could not be read" in m]
        assert "bad" in said and "import --pack" in said
    (aside,) = (packs_root() / "bad").glob(f"{MANIFEST}.corrupt-*")
    assert aside.read_text() == body
