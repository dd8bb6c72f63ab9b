"""Mouse play: click cycles, right click toggles a queen, drags paint or erase crosses."""

from __future__ import annotations

import pytest

from queens_tui.app.screens.win import WinScreen
from queens_tui.app.widgets.queens import BoardView
from queens_tui.kinds.queens.board import Mark
from tests.player import playing

from .conftest import SIZE, board_view, game_screen


async def click(pilot, view: BoardView, cell, button: int = 1) -> None:
    await pilot.click(view, offset=view.cell_offset(cell), button=button)


async def drag(pilot, view: BoardView, cells) -> None:
    """Press on the first cell, move over the others, release on the last."""
    await pilot.mouse_down(view, offset=view.cell_offset(cells[0]))
    for cell in cells[1:]:
        await pilot.hover(view, offset=view.cell_offset(cell))
    await pilot.mouse_up(view, offset=view.cell_offset(cells[-1]))
    await pilot.pause()


async def test_left_click_cycles_and_moves_the_cursor(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        cell = (3, 4)
        marks = []
        for _ in range(3):
            await click(pilot, view, cell)
            marks.append(view.board.mark(cell))
        assert marks == [Mark.CROSS, Mark.QUEEN, Mark.EMPTY]
        assert view.cursor == cell
        # a click on a border line does nothing
        _, y = view.cell_offset((0, 0))
        lay = view.layout_now
        before = view.board
        await pilot.click(view, offset=(lay.left, y))
        assert view.board is before


async def test_right_click_toggles_a_queen(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        await click(pilot, view, (2, 2), button=3)
        assert view.board.mark((2, 2)) is Mark.QUEEN
        await click(pilot, view, (2, 2), button=3)
        assert view.board.mark((2, 2)) is Mark.EMPTY


async def test_drag_paints_crosses_as_one_undo_step(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        await click(pilot, view, (1, 3), button=3)  # a queen the drag must leave alone
        moves_before = game_screen(app8).midend.game.moves
        row = [(1, c) for c in range(8)]
        await drag(pilot, view, row)
        assert view.board.mark((1, 3)) is Mark.QUEEN
        assert all(view.board.mark(c) is Mark.CROSS for c in row if c != (1, 3))
        assert game_screen(app8).midend.game.moves == moves_before + 1
        await pilot.press("u")
        assert view.board.crosses == frozenset()
        assert view.board.queens == {(1, 3)}
        await pilot.press("ctrl+r")
        assert len(view.board.crosses) == 7


async def test_drag_starting_on_a_cross_erases_crosses(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        await drag(pilot, view, [(5, c) for c in range(6)])
        assert len(view.board.crosses) == 6
        await drag(pilot, view, [(5, 1), (5, 2), (5, 3), (6, 3)])  # starts on a cross
        assert view.board.crosses == {(5, 0), (5, 4), (5, 5)}
        assert view.board.mark((6, 3)) is Mark.EMPTY  # erasing never adds


@pytest.mark.slow  # 10 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_whole_level_with_the_mouse(app8, solution8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        # cross out an empty corner by dragging, then place queens: right clicks and double clicks
        await drag(pilot, view, [(7, 7), (7, 6)])
        for i, cell in enumerate(solution8):
            if i % 2:
                await click(pilot, view, cell, button=3)
            else:
                await click(pilot, view, cell)
                await click(pilot, view, cell)
        await pilot.pause()
        assert game_screen(app8).midend.game.solved
        assert isinstance(app8.screen, WinScreen)


async def test_classic_board_mouse_works_as_on_the_queens_board() -> None:
    """Classic N-queens uses `BoardWidget`'s mouse with MOUSE = "drag", as Queens does: a click
    cycles the pressed cell, a right click toggles a queen, a drag paints crosses over empty
    cells (leaving queens alone) as one undo step, and a drag begun on a cross erases crosses."""
    from queens_tui.app import create_app
    from queens_tui.app.widgets.classic import ClassicBoard
    from queens_tui.kinds.classic.kind import level
    from queens_tui.midend.levels import OpenLevel

    app = create_app(OpenLevel(level(6, [])), now=lambda: 0.0)
    async with playing(app, size=SIZE) as pilot:
        view = app.screen.query_one(ClassicBoard)
        await pilot.click(view, offset=view.cell_offset((1, 2)), button=3)
        assert view._state.queens == {(1, 2)}
        await pilot.click(view, offset=view.cell_offset((3, 0)))
        assert view._state.crosses == {(3, 0)}
        await pilot.click(view, offset=view.cell_offset((3, 0)))
        assert (3, 0) in view._state.queens and view.cursor == (3, 0)
        await pilot.click(view, offset=view.cell_offset((3, 0)))
        assert (3, 0) not in view._state.queens | view._state.crosses
        moves = game_screen(app).midend.game.moves
        await drag(pilot, view, [(1, c) for c in range(6)])  # over the queen on (1, 2)
        assert view._state.queens == {(1, 2)}
        assert view._state.crosses == {(1, c) for c in range(6) if c != 2}
        assert game_screen(app).midend.game.moves == moves + 1
        await pilot.press("u")
        assert view._state.crosses == frozenset()
        await pilot.press("ctrl+r")
        await drag(pilot, view, [(1, 3), (1, 4), (2, 4)])  # starts on a cross: erases only
        assert view._state.crosses == {(1, 0), (1, 1), (1, 5)}
