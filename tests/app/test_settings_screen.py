"""Issue 10 item 13: a settings screen (key `,`, the palette) with the toggles people expect:
automatic crosses, live check, labels, letters, ASCII, theme; applied at once and saved."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select, Switch

from queens_tui.app import create_app
from queens_tui.app.screens.settings import SettingsScreen
from tests.player import playing

from .session_fixtures import SIZE, make_store


def _switch(screen: SettingsScreen, word: str) -> Switch:
    index = next(i for i, row in enumerate(screen.rows) if word in row.label.lower())
    return screen.query_one(f"#setting-{index}", Switch)


@pytest.mark.slow  # 9 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_settings_switches_apply_at_once_and_are_saved(level8_file: Path, tmp_path) -> None:
    data = tmp_path / "data"
    app = create_app(str(level8_file), store=make_store(data))
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("comma")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        on = {row.label.split(":")[0].split(" on")[0]: row.value for row in screen.rows}
        assert on == {
            "automatic crosses": True,
            "live check": True,
            "labels": True,
            "letters": False,
            "ASCII": False,
        }, on
        game = app.game_screen
        for word in ("automatic", "live check", "labels", "letters", "ascii"):
            switch = _switch(screen, word)
            switch.scroll_visible()
            await pilot.click(switch)
            await pilot.pause()
        assert game.midend.game.options["auto_cross"] is False
        assert game.midend.assistant.live is False
        # in words, as drawn: "[on]" is not taken for a style tag
        labels = [str(label.render()) for label in screen.query(".setting Label")]
        assert labels[0].endswith("[off]") and labels[3].endswith("[on]"), labels
        assert (
            game.midend.game.options["labels"] is False
            and game.midend.game.options["letters"] is True
        )
        # ASCII at once: the board, the status line and the footer redraw in plain ASCII
        assert game.ascii and game.board_view.ascii and " | " in game.status.plain
        assert game.board_view.render_line(game.board_view.cell_offset((0, 0))[1]).text.isascii()
        theme = screen.query_one("#setting-theme", Select)
        theme.value = "textual-light"
        await pilot.pause()
        assert app.theme == "textual-light"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game
    settings = make_store(data).settings
    assert not (settings.auto_cross or settings.live_check or settings.labels)
    assert settings.letters and settings.ascii and settings.theme == "textual-light"
    again = create_app(str(level8_file), store=make_store(data))
    async with playing(again, size=SIZE):
        assert again.ascii and again.game_screen.board_view.ascii  # the saved ASCII setting


async def test_settings_are_in_the_command_palette(level8_file: Path) -> None:
    app = create_app(str(level8_file), persist=False)
    async with playing(app, size=SIZE):
        titles = [c.title for c in app.get_system_commands(app.game_screen)]
        assert "Settings" in titles
