"""In a browser (`queens-tui serve`), keys that need a real terminal are hidden and inert."""

from __future__ import annotations

import pytest

from queens_tui.app import QueensApp
from tests.player import playing

from .conftest import SIZE


@pytest.mark.parametrize("web", [False, True])
async def test_ctrl_z_is_shown_and_works_only_in_a_terminal(
    app8: QueensApp, monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    calls: list[str] = []
    monkeypatch.setattr(app8, "action_suspend_process", lambda: calls.append("suspend"))
    # Textual's own flag: True under textual-serve's WebDriver, False in a terminal.
    monkeypatch.setattr(QueensApp, "is_web", property(lambda self: web))
    async with playing(app8, size=SIZE) as pilot:
        await pilot.pause()
        keys = {b.binding.key: b.binding.action for b in app8.screen.active_bindings.values()}
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert keys.get("ctrl+z") == (None if web else "suspend_process")
        assert keys.get("ctrl+q") == "quit"  # the rest of the app's keys stay
    assert calls == ([] if web else ["suspend"])


async def test_quit_in_a_browser_asks_first(app8: QueensApp, monkeypatch) -> None:
    """Issue 28 item 12: a click on the footer's "Quit" in a browser tab asks (a closed
    session is the only way back); "no" keeps playing, "yes" quits."""
    from queens_tui.app.screens.confirm import ConfirmScreen

    monkeypatch.setattr(QueensApp, "is_web", property(lambda self: True))
    async with playing(app8, size=SIZE) as pilot:
        await pilot.pause()
        await app8.run_action("quit")
        await pilot.pause()
        assert isinstance(app8.screen, ConfirmScreen) and app8.is_running
        await pilot.press("escape")  # no
        await pilot.pause()
        assert not isinstance(app8.screen, ConfirmScreen) and app8.is_running
        await app8.run_action("quit")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app8.return_code == 0  # it quit (set only by exit)
