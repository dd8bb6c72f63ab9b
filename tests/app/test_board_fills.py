"""Issue 28 item 9: boards fill the terminal: a 6x6 Zip or Tango at 120x40 takes at least
half the screen's height, and every cell still answers the mouse where it is drawn."""

from __future__ import annotations

import pytest

from queens_tui.app import create_app
from queens_tui.catalog import open_arg
from queens_tui.midend.levels import OpenLevel
from tests.player import playing
from tests.scenes import settled


@pytest.mark.parametrize("level_id", ["zip-1-6x6/001", "tango-1-easy/001"])
async def test_a_6x6_board_takes_half_the_height_at_120x40(level_id: str) -> None:
    level = open_arg(level_id)[1]
    app = create_app(OpenLevel(level, bundled_id=level_id), persist=False)
    async with playing(app, size=(120, 40)) as pilot:
        await settled(pilot)
        view = app.game_screen.board_view
        lines = [
            y
            for y in range(view.size.height)
            if "".join(s.text for s in view.render_line(y)).strip()
        ]
        assert lines[-1] - lines[0] + 1 >= 20, (level_id, lines[0], lines[-1])
        for cell in [(0, 0), (5, 5), (2, 3)]:
            x, y = view.cell_offset(cell)
            assert view.cell_at(x, y) == cell


async def test_tango_numbers_its_rows_and_columns_as_hints_name_them() -> None:
    """Issue 28 item 8: hints say "row 3, column 1"; the board shows those numbers."""
    level_id = "tango-1-easy/001"
    app = create_app(OpenLevel(open_arg(level_id)[1], bundled_id=level_id), persist=False)
    async with playing(app, size=(80, 24)) as pilot:
        await settled(pilot)
        view = app.game_screen.board_view
        text = ["".join(s.text for s in view.render_line(y)) for y in range(view.size.height)]
        for r in range(6):
            x, y = view.cell_offset((r, 0))
            left = text[y][:x].replace("█", " ")  # the cursor's bars are a glyph
            assert left.split() == [str(r + 1)], text[y]
        under = next(i for i, line in enumerate(text) if line.split() == list("123456"))
        assert under > view.cell_offset((5, 0))[1]
