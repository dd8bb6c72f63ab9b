"""Issue 28 items 9 and 10 on every kind's board: glyphs drawn big where the cell has room,
Zip's dots, band and walls, and a cursor that leaves the cell's own colour in view."""

from __future__ import annotations

from typing import Any

import pytest
from rich.style import Style

from queens_tui.app import create_app
from queens_tui.app.glyphs import QUEEN, SUN
from queens_tui.app.palette import CURSOR_BARS
from queens_tui.app.widgets.zip import NUMBER_BG, WALL, path_color
from queens_tui.catalog import open_arg
from queens_tui.formats import zip as zip_format
from queens_tui.kinds.tango.level import SUN as TSUN
from queens_tui.midend.levels import OpenLevel
from tests.app.reading import glyph_of
from tests.player import playing
from tests.scenes import settled

WALLED = """\
# kind: zip
# name: Walled
+---+---+---+
| 1   . | . |
+   +   +   +
| .   . | . |
+   +   +   +
| .   .   2 |
+---+---+---+
"""


def _app(level_id: str) -> Any:
    level = open_arg(level_id)[1]
    return create_app(OpenLevel(level, bundled_id=level_id), persist=False)


def _bg(view: Any, x: int, y: int) -> str | None:
    """The background colour drawn at widget offset (x, y)."""
    pos = 0
    for seg in view.render_line(y):
        if pos <= x < pos + len(seg.text):
            style = seg.style or Style()
            return style.bgcolor.triplet.hex if style.bgcolor and style.bgcolor.triplet else None
        pos += len(seg.text)
    return None


def _char(view: Any, x: int, y: int) -> str:
    return "".join(seg.text for seg in view.render_line(y))[x]


@pytest.mark.parametrize(("size", "big"), [((120, 40), True), ((80, 24), False)])
async def test_tango_draws_its_suns_big_only_where_the_cell_has_room(
    size: tuple[int, int], big: bool
) -> None:
    app = _app("tango-1-easy/001")
    async with playing(app, size=size) as pilot:
        await settled(pilot)
        view = app.game_screen.board_view
        givens = view.state.level.givens
        sun = next((r, c) for r, row in enumerate(givens) for c, v in enumerate(row) if v == TSUN)
        assert glyph_of(view, sun)[0] == SUN
        assert (_char(view, *view.cell_offset(sun)) != SUN) is big


@pytest.mark.parametrize(("size", "big"), [((120, 40), True), ((80, 24), False)])
async def test_queens_and_classic_queens_are_drawn_big_where_the_cell_has_room(
    size: tuple[int, int], big: bool
) -> None:
    for level_id in ("1-easy/001", "classic:8"):
        app = _app(level_id)
        async with playing(app, size=size) as pilot:
            await settled(pilot)
            await pilot.press("enter")
            await settled(pilot)
            view = app.game_screen.board_view
            assert glyph_of(view, (0, 0))[0] == QUEEN, level_id
            assert (_char(view, *view.cell_offset((0, 0))) != QUEEN) is big, level_id


async def test_zip_numbers_are_dark_dots_with_big_digits_when_the_cell_is_big() -> None:
    app = _app("zip-1-6x6/001")
    async with playing(app, size=(120, 40)) as pilot:
        await settled(pilot)
        view = app.game_screen.board_view
        two = view.level.number_cells[1]
        x, y = view.cell_offset(two)
        assert _char(view, x, y) == "2" and _bg(view, x, y) == NUMBER_BG
        assert _char(view, x, y - 1) == "▄" and _char(view, x, y + 1) == "▀"  # a round dot
    app = _app("zip-1-6x6/001")
    async with playing(app, size=(200, 60)) as pilot:
        await settled(pilot)
        view = app.game_screen.board_view
        x, y = view.cell_offset(two)
        assert glyph_of(view, two)[0] == "2" and _char(view, x, y) != "2"
        assert _bg(view, x - 3, y) == NUMBER_BG  # the dot around the big digit


async def test_zip_path_is_a_thick_band_and_walls_are_solid_bars() -> None:
    level = zip_format.parse(WALLED)
    app = create_app(OpenLevel(level), persist=False)
    async with playing(app, size=(120, 40)) as pilot:
        await settled(pilot)
        view = app.game_screen.board_view
        await pilot.press("down")  # 1 at (0, 0), then (1, 0)
        await settled(pilot)
        assert list(view.state.path[:2]) == [(0, 0), (1, 0)]
        (x0, y0), (_x1, y1) = view.cell_offset((0, 0)), view.cell_offset((1, 0))
        between = (y0 + y1) // 2  # the grid line between the two cells
        colors = {path_color(0, level.area), path_color(1, level.area)}
        band = [dx for dx in range(-4, 5) if _bg(view, x0 + dx, between) in colors]
        assert len(band) >= 3  # a band, not a line: three columns at least
        xa, ya = view.cell_offset((0, 1))
        xb, _ = view.cell_offset((0, 2))
        wall = [_bg(view, x, ya) for x in range(xa, xb)]
        assert WALL in wall  # the wall between (0, 1) and (0, 2): a solid bar
        xo, _ = view.cell_offset((0, 0))
        grid_line = "".join(_char(view, x, ya) for x in range(xo, xa))
        assert "│" in grid_line and WALL not in [_bg(view, x, ya) for x in range(xo, xa)]


@pytest.mark.parametrize(
    "level_id",
    ["1-easy/001", "tango-1-easy/001", "zip-1-6x6/001", "sudoku-1-easy/001",
     "patches-1-easy/001", "classic:6"],
)  # fmt: skip
@pytest.mark.slow  # 9 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_the_cursor_leaves_the_cells_own_colour_in_view(level_id: str) -> None:
    app = _app(level_id)
    async with playing(app, size=(120, 40)) as pilot:
        await settled(pilot)
        view = app.game_screen.board_view
        here = view.cursor
        x, y = view.cell_offset(here)
        line = [_bg(view, k, y) for k in range(view.size.width)]
        left = max(k for k in range(x) if line[k] == CURSOR_BARS)
        right = min(k for k in range(x + 1, len(line)) if line[k] == CURSOR_BARS)
        assert 3 <= right - left <= 16  # bars at the cell's two sides
        inside = [_bg(view, k, y) for k in range(left + 1, right)]
        view.cursor = (here[0] + 1, here[1]) if here[0] == 0 else (here[0] - 1, here[1])
        await pilot.pause()
        away = [_bg(view, k, y) for k in range(left + 1, right)]
        assert inside == away and CURSOR_BARS not in away  # the same colours, no bars


@pytest.mark.parametrize(
    "level_id",
    ["1-easy/001", "tango-1-easy/001", "zip-1-6x6/001", "sudoku-1-easy/001",
     "patches-1-easy/001", "classic:8"],
)  # fmt: skip
@pytest.mark.slow  # 12 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_every_board_draws_under_no_color(
    level_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """NO_COLOR turns Textual's monochrome filter on, which failed on classic's and Zip's
    unstyled blanks (the game quit with a traceback)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = _app(level_id)
    async with playing(app, size=(80, 24)) as pilot:
        await settled(pilot)
        assert app.no_color
        await pilot.press("right", "down", "enter")
        await settled(pilot)
        assert app.is_running and app.return_code is None  # drawn, played, still there
        view = app.game_screen.board_view
        assert all(seg.style is not None for y in range(24) for seg in view.render_line(y))


async def test_tango_signs_are_tabs_on_the_shared_edge() -> None:
    from queens_tui.app.widgets.tango import SIGN_BG

    app = _app("tango-1-easy/001")
    async with playing(app, size=(120, 40)) as pilot:
        await settled(pilot)
        view = app.game_screen.board_view
        signs = view.state.level.signs
        a, b = next(pair for pair in signs if pair[0][0] == pair[1][0])
        (xa, y), (xb, _) = view.cell_offset(a), view.cell_offset(b)
        x = next(k for k in range(xa, xb) if _bg(view, k, y) == SIGN_BG)  # the gap between
        assert _char(view, x, y) in "=×"
        assert _bg(view, x, y - 1) == _bg(view, x, y + 1) == SIGN_BG  # a tab, three lines
        (a, b) = next(pair for pair in signs if pair[0][1] == pair[1][1])
        (x, ya), (_, yb) = view.cell_offset(a), view.cell_offset(b)
        y = next(k for k in range(ya, yb) if _bg(view, x, k) == SIGN_BG)
        assert _char(view, x, y) in "=×"
        assert _bg(view, x - 1, y) == _bg(view, x + 1, y) == SIGN_BG  # three columns
