"""Issue 10 item 13: a settings screen (key `,`, the palette): switches apply, are saved."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Switch

from queens_tui.app import create_app
from queens_tui.app.screens.settings import SettingsScreen

from .session_fixtures import SIZE, make_store


async def test_settings_switches_apply_and_are_saved(level8_file: Path, tmp_path) -> None:
    data = tmp_path / "data"
    app = create_app(str(level8_file), store=make_store(data))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("comma")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        labels = [row.label for row in app.screen.rows]
        assert any("automatic" in label or "auto" in label for label in labels), labels
        assert any("live check" in label for label in labels), labels
        switches = list(app.screen.query(Switch))
        assert all(s.value for s in switches)  # both on by default
        for switch in switches:
            await pilot.click(switch)
            await pilot.pause()
        game = app.game_screen
        assert game.game.options["auto_cross"] is False
        assert game.assistant.live is False
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game
    settings = make_store(data).settings
    assert settings.auto_cross is False and settings.live_check is False


async def test_settings_are_in_the_command_palette(level8_file: Path) -> None:
    app = create_app(str(level8_file), persist=False)
    async with app.run_test(size=SIZE):
        titles = [c.title for c in app.get_system_commands(app.game_screen)]
        assert "Settings" in titles
