"""The player's keys file in the game: a remapped key works, the old one is free, the footer and
the help screen show the new key, and a bad line is one notice."""

from __future__ import annotations

from pathlib import Path

from queens_tui.app import create_app
from queens_tui.app.widgets.keyline import KeyLine
from queens_tui.kinds.queens.board import Mark

from .conftest import SIZE, board_view, game_screen


async def test_a_remapped_key_works_everywhere(tmp_path: Path, level8_file: Path, clock) -> None:
    keys = tmp_path / "keys.conf"
    keys.write_text("undo = z\nhint = nope+\n")
    app = create_app(str(level8_file), now=clock, keys=keys)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        view = board_view(app)
        await pilot.press("x")
        assert view.board.mark((0, 0)) is Mark.CROSS
        await pilot.press("u")  # no longer undo
        assert view.board.mark((0, 0)) is Mark.CROSS
        await pilot.press("z")
        assert view.board.mark((0, 0)) is Mark.EMPTY
        footer = {(k.shown, k.description) for k in app.screen.query_one(KeyLine).entries()}
        assert ("z", "Undo") in footer
        assert "| `z` | undo (no limit) |" in game_screen(app).help_text()
        notes = [n.message for n in app._notifications]
        assert any(f"{keys}:2: 'nope+' is not a key name" in n for n in notes), notes
