"""Playing with the keyboard: moving, marking, auto-crosses, conflicts, undo/redo, restart, win."""

from __future__ import annotations

import re

import pytest

from queens_tui.app.screens.confirm import ConfirmScreen
from queens_tui.app.screens.game import GameScreen
from queens_tui.app.screens.help import HelpScreen
from queens_tui.app.screens.win import WinScreen
from queens_tui.app.theme import QUEENS_CONFLICT as CONFLICT_QUEEN
from queens_tui.app.widgets.queens import CONFLICT_TINT
from queens_tui.kinds.queens.board import Mark
from tests.player import playing

from .conftest import SIZE, board_view, drawn, game_screen, go_to

WIDE = (150, 40)
"""Wide enough for the whole status line: narrower ones drop the move count and options
before the live check's sentence (see `StatusBar.render`)."""


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_whole_level_with_keys_until_solved(app8, solution8, clock) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        assert view.cursor == (0, 0)
        for cell in solution8:
            await go_to(pilot, app8, cell)
            await pilot.press("enter")
            clock.advance(7)
        await pilot.pause()
        game = game_screen(app8).midend.game
        assert game.solved
        assert isinstance(app8.screen, WinScreen)
        text = " ".join(str(w.render()) for w in app8.screen.query("Label, Static"))
        assert "Solved" in text
        assert "00:49" in text  # 7 s before each of the last 7 queens
        assert "moves 8" in text
        # the clock stopped: time passing changes nothing any more
        clock.advance(100)
        game_screen(app8)._tick()  # what the 0.25 s timer does, now
        await pilot.pause()
        assert int(game.stopwatch.elapsed) == 49
        assert "00:49" in game_screen(app8).status.plain
        assert "Solved" in game_screen(app8).status.plain


async def test_space_cycles_and_x_enter_backspace(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        await pilot.press("right")
        cell = (0, 1)
        seen = []
        for _ in range(3):
            await pilot.press("space")
            seen.append(view.board.mark(cell))
        assert seen == [Mark.CROSS, Mark.QUEEN, Mark.EMPTY]
        await pilot.press("x")
        assert view.board.mark(cell) is Mark.CROSS
        assert drawn(view, cell)[0] == "×"
        await pilot.press("x")
        assert view.board.mark(cell) is Mark.EMPTY
        await pilot.press("enter")
        assert view.board.mark(cell) is Mark.QUEEN
        assert drawn(view, cell)[0] == "♛"
        await pilot.press("backspace")
        assert view.board.mark(cell) is Mark.EMPTY
        await pilot.press("enter", "delete")
        assert view.board.mark(cell) is Mark.EMPTY
        # the cursor stops at the edges
        await pilot.press(*["left"] * 5, *["up"] * 5)
        assert view.cursor == (0, 0)
        await pilot.press(*["right"] * 20, *["down"] * 20)
        assert view.cursor == (7, 7)


async def test_auto_crosses_appear_and_retract_with_overlapping_queens(app8) -> None:
    async with playing(app8, size=WIDE) as pilot:
        view = board_view(app8)
        await go_to(pilot, app8, (0, 0))
        await pilot.press("enter")
        # row, column, region and neighbours of (0, 0)
        for cell in [(0, 5), (6, 0), (1, 1), (0, 1)]:
            assert cell in view.board.auto_crosses
            assert drawn(view, cell)[0] == "×"
        await go_to(pilot, app8, (2, 5))
        await pilot.press("enter")
        shared = (0, 5)  # row of the first queen, column of the second
        only_first = (6, 0)
        await go_to(pilot, app8, (0, 0))
        await pilot.press("enter")  # take the first queen away
        assert view.board.mark((0, 0)) is Mark.EMPTY
        assert shared in view.board.auto_crosses
        assert drawn(view, shared)[0] == "×"
        assert only_first not in view.board.auto_crosses
        assert drawn(view, only_first)[0] == " "
        # auto crosses are fainter than manual ones
        await go_to(pilot, app8, (7, 7))
        await pilot.press("x")
        await go_to(pilot, app8, (3, 3))
        auto_style = drawn(view, shared)[1]
        manual_style = drawn(view, (7, 7))[1]
        assert manual_style.bold and not auto_style.bold
        assert auto_style.color != manual_style.color
        # `a` hides them and says so
        await pilot.press("a")
        assert drawn(view, shared)[0] == " "
        assert "auto-× off" in game_screen(app8).status.plain
        await pilot.press("a")
        assert drawn(view, shared)[0] == "×"
        assert "auto-× on" in game_screen(app8).status.plain


async def test_queen_on_an_auto_cross_is_allowed_and_conflicts_show_red(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        await pilot.press("enter")  # queen on (0, 0)
        await go_to(pilot, app8, (0, 4))  # same row: auto-crossed
        assert drawn(view, (0, 4))[0] == "×"
        await pilot.press("enter")
        assert view.board.mark((0, 4)) is Mark.QUEEN
        conflicts = view.board.conflicts
        assert conflicts.queens == {(0, 0), (0, 4)}
        assert conflicts.rows == {0}
        await go_to(pilot, app8, (5, 5))
        for q in [(0, 0), (0, 4)]:
            char, style = drawn(view, q)
            assert char == "♛"
            assert style.color.triplet.hex == CONFLICT_QUEEN
        # the row they fight over gets red bars (tests/app/test_clash_marks.py), another not

        def line_backgrounds(cell: tuple[int, int]) -> set[str]:
            line = view.render_line(view.cell_offset(cell)[1])
            return {
                seg.style.bgcolor.triplet.hex for seg in line if seg.style and seg.style.bgcolor
            }

        assert CONFLICT_TINT in line_backgrounds((0, 2))
        assert CONFLICT_TINT not in line_backgrounds((1, 2))
        # touching queens conflict too
        await go_to(pilot, app8, (1, 1))
        await pilot.press("enter")
        assert (1, 1) in view.board.conflicts.queens


async def test_undo_redo_without_limit(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        boards = [view.board]
        for cell in [(0, 0), (2, 3), (4, 6), (6, 1)]:
            await go_to(pilot, app8, cell)
            await pilot.press("space")
            boards.append(view.board)
        status = game_screen(app8).status
        assert "moves 4" in status.plain
        for expected in reversed(boards[:-1]):
            await pilot.press("u")
            assert view.board == expected
        await pilot.press("u")  # nothing left: harmless
        assert view.board == boards[0]
        for expected in boards[1:]:
            await pilot.press("ctrl+r")
            assert view.board == expected
        assert "moves 4" in status.plain


@pytest.mark.slow  # 5 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_restart_asks_first(app8, clock) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        await pilot.press("enter", "right", "right", "x")
        clock.advance(30)
        await pilot.press("r")
        assert isinstance(app8.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app8.screen, GameScreen)
        assert view.board.queens == {(0, 0)}
        await pilot.press("r")
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app8.screen, GameScreen)
        assert not view.board.queens and not view.board.crosses
        assert view.cursor == (0, 0)
        status = game_screen(app8).status
        assert "moves 0" in status.plain and "00:00" in status.plain


async def test_timer_runs_and_pauses_under_dialogs(app8, clock) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        clock.advance(65)
        await pilot.pause(0.35)  # the real 0.25 s timer repaints the clock
        assert "01:05" in screen.status.plain
        await pilot.press("question_mark")
        assert isinstance(app8.screen, HelpScreen)
        clock.advance(600)  # reading the help does not count
        await pilot.press("escape")
        screen._tick()  # the real timer's repaint is proved above
        await pilot.pause()
        assert isinstance(app8.screen, GameScreen)
        assert int(screen.midend.game.stopwatch.elapsed) == 65
        # the app being suspended (ctrl+z) pauses it too
        app8.app_suspend_signal.publish(app8)
        await pilot.pause()
        clock.advance(300)
        app8.app_resume_signal.publish(app8)
        await pilot.pause()
        assert int(screen.midend.game.stopwatch.elapsed) == 65
        clock.advance(5)
        assert int(screen.midend.game.stopwatch.elapsed) == 70


async def test_status_line_shows_level_size_queens_moves(app8) -> None:
    async with playing(app8, size=WIDE) as pilot:
        await pilot.press("enter", "right", "right", "x")
        plain = game_screen(app8).status.plain
        for part in ("Example eight", "8×8", "1 of 8 queens", "00:00", "moves 2", "auto-× on"):
            assert part in plain


async def test_help_lists_rules_keys_and_glyphs(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        from queens_tui.app.screens.help import kind_help

        for needle in ("never touch", "ctrl+r", "backspace", "right click", "automatic cross"):
            assert needle in kind_help()
        assert isinstance(app8.screen, HelpScreen)
        from .test_ascii_screen import screen_text

        drawn = screen_text(app8)  # the page as drawn: the rules, then the key table
        assert "Place one queen (♛) in every row" in drawn
        assert re.search(r"space\s+cycle the cell: empty → × → ♛ → empty", drawn), drawn
        assert "**" not in drawn and "|---" not in drawn
        await pilot.press("question_mark")
        assert isinstance(app8.screen, GameScreen)


async def test_q_quits(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert app8.return_code == 0
        assert not app8.is_running
