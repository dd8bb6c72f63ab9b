"""`--ascii` is for terminals without the queen and cross glyphs: the status line obeys it too."""

from __future__ import annotations

from queens_tui.app import create_app

from .conftest import SIZE, game_screen


async def test_ascii_status_line_has_no_queen_or_cross_glyph(level8_file, clock) -> None:
    """A new user found `♛ 1/8` and `auto-× on` on the status line under --ascii."""
    app = create_app(str(level8_file), ascii=True, now=clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        line = game_screen(app).status.plain
        assert "Q 1/8" in line and "auto-x on" in line and "8x8" in line
        assert not {"♛", "×"} & set(line)


async def test_status_line_keeps_glyphs_without_ascii(level8_file, clock) -> None:
    app = create_app(str(level8_file), now=clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        line = game_screen(app).status.plain
        assert "♛ 1/8" in line and "auto-× on" in line and "8×8" in line
