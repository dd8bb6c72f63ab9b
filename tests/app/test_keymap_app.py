"""The player's keys file in the game: a remapped key works, the old one is free, the footer and
the help screen show the new key, and a bad line is one notice."""

from __future__ import annotations

from pathlib import Path

from queens_tui.app import create_app
from queens_tui.app.widgets.keyline import KeyLine
from queens_tui.kinds.queens.board import Mark
from tests.player import playing

from .conftest import SIZE, board_view, game_screen


async def test_a_remapped_key_works_everywhere(tmp_path: Path, level8_file: Path, clock) -> None:
    keys = tmp_path / "keys.conf"
    keys.write_text("undo = z\nhint = nope+\n")
    app = create_app(str(level8_file), now=clock, keys=keys)
    async with playing(app, size=SIZE, notifications=True) as pilot:
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


async def test_texts_that_name_a_key_name_the_remapped_one(
    tmp_path: Path, level8_file: Path, solution8, clock
) -> None:
    """A remap shows wherever a text names the key: the hint's "Press h again", the live
    check's "press m to see why" (whole and short), the help page."""
    from .assist_fixtures import message_text, settle
    from .conftest import go_to

    keys = tmp_path / "keys.conf"
    keys.write_text("hint = f2\nmistakes = k\n")
    app = create_app(str(level8_file), now=clock, keys=keys)
    async with playing(app, size=SIZE) as pilot:
        screen = game_screen(app)
        await settle(pilot, app)
        await pilot.press("f2")
        await settle(pilot, app)
        assert message_text(app).endswith(" Press f2 again to apply it."), message_text(app)
        page = screen.help_text()
        assert "`f2` again applies it" in page and "press k to see why" in page
        assert "`h` again" not in page and "press m " not in page
        await go_to(pilot, app, solution8[0])
        await pilot.press("x")  # a cross on a cell every solution needs
        await settle(pilot, app)
        assert screen.status.check == "can't be finished any more: press k to see why"
        assert screen.status._check_style() != "italic"  # still known as the verdict
        screen.status.size_text = "8×8" * 30  # too narrow for the whole sentence
        await pilot.pause()
        assert "can't be finished: press k" in screen.status.plain
