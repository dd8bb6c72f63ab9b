"""Issue 39 (boards nobody needs colour vision to read) and issue 35 items 4, 6, 7: the palette
setting and `--palette`, letters by themselves, hint cells that keep their region's colour,
Mini Sudoku's boxes without colour."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from queens_tui.app import create_app
from queens_tui.app.palette import CURSOR_BLOCK, HIGHLIGHTS, POOLS, active
from queens_tui.app.screens.settings import SettingsScreen
from tests.player import playing
from tests.scenes import settled

from .conftest import SIZE, board_view
from .session_fixtures import make_store


def _lines(view) -> list[str]:
    return [view.render_line(y).text for y in range(view.size.height)]


async def test_the_palette_setting_applies_at_once_and_is_saved(level8_file: Path, tmp_path):
    data = tmp_path / "data"
    app = create_app(str(level8_file), store=make_store(data), engine="search")
    async with playing(app, size=SIZE) as pilot:
        view = board_view(app)
        before = view._colors
        await pilot.press("comma")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#setting-palette", Select).value = "colour-blind"
        await pilot.pause()
        assert app.region_palette == active() == "colour-blind"
        assert view._colors != before and set(view._colors) <= set(POOLS["colour-blind"])
        assert view.figure >= 30
    assert make_store(data).settings.palette == "colour-blind"
    # `--palette` wins over the setting for one game, and is not saved
    again = create_app(
        str(level8_file), store=make_store(data), palette="high-contrast", engine="search"
    )
    async with playing(again, size=SIZE):
        assert set(board_view(again)._colors) <= set(POOLS["high-contrast"])
    assert make_store(data).settings.palette == "colour-blind"


async def test_without_colour_letters_show_by_themselves(
    level8_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = create_app(str(level8_file), persist=False, palette="colour-blind", engine="search")
    async with playing(app, size=SIZE):
        view = board_view(app)
        assert app.no_color and view.figure == 0 and view.letters_shown


async def test_a_big_board_at_80x24_shows_its_letters_by_itself() -> None:
    """Issue 35 item 7: the compact layout has no border lines between rows."""
    app = create_app("1-easy/049", persist=False, palette="colour-blind", engine="search")
    async with playing(app, size=(80, 24)):
        view = board_view(app)
        assert view.level.size == 14 and not view.layout_now.bordered
        assert view.letters_shown
        row = _lines(view)[view.layout_now.top + 1]  # the second row (the cursor is on the first)
        assert row.count(view.level.labels[view.level.region_ids[1][0]]) >= 2, row


async def test_a_hints_cells_keep_their_regions_colour(level8_file: Path) -> None:
    """Issue 35 item 4: the hint names "the grey region" and the cell stays grey: its role is
    in bars of the role's tint at its sides, marked so it reads without colour too."""
    app = create_app(str(level8_file), persist=False, engine="search")
    async with playing(app, size=SIZE) as pilot:
        await settled(pilot)
        view = board_view(app)
        for cell, role, marks in [((3, 3), "evidence", "›‹"), ((4, 4), "place", "++")]:
            view.set_marks({cell: role})  # read at once, before the game screen redraws
            x, y = view.cell_offset(cell)
            strip = view.render_line(y)
            left = x - view.layout_now.cell_w // 2
            cells = list(strip.divide([left, left + view.layout_now.cell_w]))[1]
            region = view._colors[view.level.region_ids[cell[0]][cell[1]]]
            text = cells.text
            assert (text[0], text[-1]) == tuple(marks), text
            styles = [seg.style for seg in cells if seg.style]
            bgs = {s.bgcolor.triplet.hex for s in styles if s.bgcolor and s.bgcolor.triplet}
            assert region in bgs and HIGHLIGHTS[role][0] in bgs, (bgs, region)


async def test_kinds_without_regions_draw_alike_in_every_palette() -> None:
    """Zip's path and Tango's suns and moons take no palette colour: they stay as distinct in
    the colour-blind and high-contrast palettes as in the standard one."""
    for level in ("zip-1-6x6/001", "tango-1-easy/001"):
        app = create_app(level, persist=False, engine="search")
        async with playing(app, size=(80, 30)) as pilot:
            await settled(pilot)
            view = app.game_screen.board_view
            drawn = [view.render_line(y) for y in range(view.size.height)]
            for name in ("colour-blind", "high-contrast"):
                app.set_palette(name)
                await pilot.pause()
                assert [view.render_line(y) for y in range(view.size.height)] == drawn, name


async def test_mini_sudoku_boxes_read_without_colour_and_the_cursor_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 35 item 6: the box borders are heavy box-drawing lines, not coloured blanks (a
    given cell and a blank line shared 256-colour entry 188); the cursor's bars are glyphs."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = create_app("sudoku-1-easy/001", persist=False, engine="search")
    async with playing(app, size=(80, 30)):
        view = app.game_screen.board_view
        text = "\n".join(_lines(view))
        assert text.count("╋") == 2 and "━━━" in text and "┃" in text and "│" in text
        assert CURSOR_BLOCK in text
