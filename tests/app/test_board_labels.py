"""Issue 10 item 5: row and column labels (on where there is room), the letters setting (each
region's letter in its cells), and hints that name regions by colour and letter."""

from __future__ import annotations

from queens_tui.app.kinds.queens import describe
from queens_tui.app.palette import color_name, region_colors
from queens_tui.app.widgets.queens import fit_labelled
from tests.conftest import EXAMPLE_8, level_from
from tests.player import playing

from .assist_fixtures import message_text, settle
from .conftest import SIZE, board_view, game_screen


def line(view, y: int) -> str:
    return view.render_line(y).text


async def test_labels_number_rows_and_columns_and_go_when_there_is_no_room(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        lay = view.layout_now
        assert lay is not None and lay.labels
        numbers = line(view, lay.top - 1)
        for c in range(8):  # each column's number over the middle of its cells
            x, _ = view.cell_offset((0, c))
            assert numbers[x] == str(c + 1), numbers
        for r in range(8):  # each row's number left of the board, on its glyph line
            _, y = view.cell_offset((r, 0))
            assert line(view, y)[: lay.left].split() == [str(r + 1)]
        # a terminal with no room for them: the board stays, the labels go
        assert fit_labelled(8, 33, 8, True) == fit_labelled(8, 33, 8, False)
        assert not fit_labelled(8, 33, 8, True).labels
        game_screen(app8).action_toggle_option("labels")  # the setting turns them off
        await pilot.pause()
        assert not view.layout_now.labels


async def test_letters_print_each_regions_letter_in_its_cells(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        level = view.level
        lay = view.layout_now

        def corner(cell: tuple[int, int]) -> str:
            x = lay.left + cell[1] * lay.pitch_x + 2  # the cell's bottom-left corner
            y = lay.top + cell[0] * lay.pitch_y + lay.cell_h
            return line(view, y)[x]

        # the standard palette's touching regions look alike to some eyes: letters by themselves
        assert view.figure < 20 and corner((0, 0)) == "A"
        app8.set_palette("colour-blind")  # regions apart for every eye: no letters needed
        await pilot.pause()
        assert view.figure >= 30 and not view.letters_shown and corner((0, 0)) == " "
        game_screen(app8).action_toggle_option("letters")
        await pilot.pause()
        for cell in [(0, 0), (1, 1), (3, 5), (7, 7)]:
            assert corner(cell) == level.labels[level.region_ids[cell[0]][cell[1]]]


async def test_hints_name_regions_by_colour_and_letter(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        await pilot.press("h")
        await settle(pilot, app8)
        # region E of the example is the single cell at row 2, column 6; its colour: grey.
        # Rows and columns by the numbers the labels show.
        assert message_text(app8).startswith("The grey region (E) is a single cell")
        assert "row 2, column 6" in message_text(app8)


def test_describe_uses_the_palettes_colour_names() -> None:
    level = level_from(EXAMPLE_8)
    colors = region_colors(level)
    text = describe(level, "Region A's cells lie in row 1, so region B can't use it (region Z).")
    assert text == (
        f"The {color_name(colors[0])} region (A)'s cells lie in row 1, so the "
        f"{color_name(colors[1])} region (B) can't use it (region Z)."
    )
    assert color_name(colors[0]) == "blue" and color_name("#bba3e2") == "purple"
    assert color_name("#bca4e0") == "purple"  # a level file's own colour: the nearest name


async def test_every_kind_numbers_rows_and_columns_while_the_labels_setting_is_on() -> None:
    """Issue 35 item 5: hints and `m` say "row R, column C" on every kind, so every board
    numbers its rows and columns (on by default, the same setting for all), and the setting
    takes them away."""
    from queens_tui.app import create_app
    from queens_tui.kinds.classic.kind import level as classic_level
    from queens_tui.midend.levels import OpenLevel

    for ref in ("zip-1-6x6/001", "sudoku-1-easy/001", "patches-1-easy/001", "tango-1-easy/001"):
        await _numbers_come_and_go(create_app(ref, persist=False, engine="search"), 6)
    classic = create_app(OpenLevel(classic_level(8, [])), persist=False, engine="search")
    await _numbers_come_and_go(classic, 8)


async def _numbers_come_and_go(app, n: int) -> None:
    async with playing(app, size=(80, 30)) as pilot:
        screen = game_screen(app)
        view = screen.board_view
        assert screen.midend.game.options.get("labels", True)

        def numbered() -> tuple[list[str], list[str]]:
            lines = [view.render_line(y).text.split() for y in range(view.size.height)]
            numbers = [str(c + 1) for c in range(n)]
            rows = [ln[0] for ln in lines if ln and ln[0].isdigit() and ln != numbers]
            return rows, numbers if numbers in lines else []

        rows, cols = numbered()
        assert rows == [str(r + 1) for r in range(n)] and len(cols) == n, (rows, cols)
        screen.action_toggle_option("labels")
        await pilot.pause()
        assert numbered() == ([], []), app
