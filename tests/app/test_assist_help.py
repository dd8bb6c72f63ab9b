"""Hints (`h` explains and highlights, `h` again applies as one undo step) and `S` (solve)."""

from __future__ import annotations

from datetime import date

import pytest

from queens_tui.app.bindings import bindings, help_text, own_actions
from queens_tui.app.kinds.queens import describe
from queens_tui.app.screens.confirm import ConfirmScreen
from queens_tui.app.screens.game import GameScreen
from queens_tui.app.screens.help import kind_help
from queens_tui.app.screens.win import WinScreen
from queens_tui.kinds.queens import deduce
from queens_tui.kinds.queens.board import Board
from queens_tui.kinds.queens.deduce import Mistake, Step
from queens_tui.midend.game import Result
from tests.player import playing

from .assist_fixtures import message_text, settle, wrong_marks
from .conftest import SIZE, board_view, drawn, game_screen, go_to


async def test_hint_highlights_then_applies_as_one_undo_step(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        view = board_view(app8)
        await settle(pilot, app8)
        before = screen.midend.game.board
        expected = deduce.hint(before)
        assert isinstance(expected, Step)
        await pilot.press("h")
        await settle(pilot, app8)
        # explained, highlighted, nothing changed yet
        assert screen.midend.game.board is before
        # the kind's words, with the region named as the board shows it ("the grey region (E)")
        shown = describe(board_view(app8).level, expected.text)
        assert message_text(app8).startswith(shown)
        marks = view.highlights
        for cell in expected.cells:
            assert cell in marks
        for cell in expected.place:
            assert marks[cell] == "place"
            assert drawn(view, cell)[0] == "♕"  # the queen-to-be, drawn hollow
        for cell in expected.cross:
            assert marks[cell] == "cross"
        assert screen.midend.game.hints_used == 1
        await pilot.press("h")
        await settle(pilot, app8)
        assert screen.midend.game.board == expected.apply(before)
        assert view.highlights == {}
        assert screen.midend.game.hints_used == 1  # applying is the same hint
        assert screen.status.check == "can still be finished"
        await pilot.press("u")  # one undo step takes the whole hint back
        await settle(pilot, app8)
        assert screen.midend.game.board == before


async def test_hint_with_crosses_draws_them_in_their_own_colour(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        view = board_view(app8)
        # press h twice until a hint that crosses cells out comes up
        for _ in range(12):
            await pilot.press("h")
            await settle(pilot, app8)
            if "cross" in view.highlights.values():
                break
            await pilot.press("h")
            await settle(pilot, app8)
        crosses = [cell for cell, kind in view.highlights.items() if kind == "cross"]
        assert crosses, "no crossing hint on the way to the solution"
        cell = next(c for c in crosses if c != view.cursor)
        glyph = drawn(view, cell)[0]
        assert glyph == "×"
        board = screen.midend.game.board
        await pilot.press("h")
        await settle(pilot, app8)
        assert set(crosses) <= screen.midend.game.board.crosses
        assert screen.midend.game.board != board


async def test_hint_on_a_mistake_says_so_first_and_can_take_it_away(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        await pilot.press("enter")  # queen at (0, 0): in no solution
        await settle(pilot, app8)
        await pilot.press("h")
        await settle(pilot, app8)
        assert isinstance(deduce.hint(screen.midend.game.board), Mistake)
        assert " is a mistake: " in message_text(app8)
        assert wrong_marks(board_view(app8).highlights) == {(0, 0)}
        await pilot.press("h")
        await settle(pilot, app8)
        assert not screen.midend.game.board.queens
        assert screen.status.check == "can still be finished"


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_a_move_between_the_two_presses_drops_the_hint(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        await pilot.press("h")
        await settle(pilot, app8)
        assert board_view(app8).highlights
        await go_to(pilot, app8, (7, 7))
        await pilot.press("x")
        await settle(pilot, app8)
        assert board_view(app8).highlights == {}
        assert message_text(app8) == ""
        board = screen.midend.game.board
        await pilot.press("h")  # a fresh explanation, not the old step applied
        await settle(pilot, app8)
        assert screen.midend.game.board is board
        assert screen.midend.game.hints_used == 2


async def test_solver_fallback_reveals_one_queen_and_says_so(app8, monkeypatch) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        monkeypatch.setattr(deduce, "next_step", lambda board, cancel=None: None)  # no rule applies
        await pilot.press("h")
        await settle(pilot, app8)
        assert "solver reveals one queen" in message_text(app8)
        marks = board_view(app8).highlights
        assert list(marks.values()) == ["place"]
        await pilot.press("h")
        await settle(pilot, app8)
        assert len(screen.midend.game.board.queens) == 1
        assert screen.midend.game.helped


async def test_S_fills_the_board_keeps_right_queens_and_win_says_with_help(app8, solution8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        for cell in solution8[:2]:
            await go_to(pilot, app8, cell)
            await pilot.press("enter")
        await pilot.press("S", "y")
        await settle(pilot, app8)
        assert screen.midend.game.solved
        assert screen.midend.game.board.queens == frozenset(solution8)
        assert isinstance(app8.screen, WinScreen)
        text = " ".join(str(w.render()) for w in app8.screen.query("Static"))
        assert "solved with help" in text
        result = screen.midend.game.result()
        assert result.helped and "solved with help" in result.share_line()


async def test_S_with_a_wrong_queen_gives_the_solution_outright(app8, solution8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        await pilot.press("enter")  # wrong queen at (0, 0)
        await pilot.press("S", "y")
        await settle(pilot, app8)
        assert screen.midend.game.board.queens == frozenset(solution8)
        assert screen.midend.game.solved


@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_hints_count_on_the_win_screen_and_share_line(app8, solution8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        await pilot.press("h")
        await settle(pilot, app8)
        await pilot.press("h")
        await settle(pilot, app8)
        for cell in solution8:
            if screen.midend.game.board.mark(cell).value != "Q":
                await go_to(pilot, app8, cell)
                await pilot.press("enter")
        await settle(pilot, app8)
        assert isinstance(app8.screen, WinScreen)
        text = " ".join(str(w.render()) for w in app8.screen.query("Static"))
        assert "1 hint" in text and "solved with help" not in text
        assert "1 hint" in screen.midend.game.result().share_line()


def test_share_line_wording() -> None:
    line = Result("L", "8×8", 27, 9).share_line()
    assert line == "queens-tui Queens L (8×8) | 0:27 and flawless 👑"
    assert "| 1:00 with 1 hint 👑" in Result("L", "8×8", 60, 9, 1).share_line()
    assert "with 3 hints" in Result("L", "8×8", 60, 9, 3).share_line()
    assert "with solved with help" not in Result("L", "8×8", 60, 9, 0, True).share_line()
    assert "solved with help" in Result("L", "8×8", 60, 9, 0, True).share_line()
    daily = Result("L", "8×8", 27, 9, squares="🟩 🟦 ⬜", streak=3, day="2026-11-24")
    assert daily.share_line() == (
        "queens-tui Queens 2026-11-24 | 0:27 and flawless 👑\nFirst 👑s: 🟩 🟦 ⬜\n🔥 3-day streak"
    )
    linkedin = Result("L", "8×8", 27, 9, number="426")
    assert linkedin.share_line().startswith("Queens #426 | 0:27")
    assert "with 2 undos, 1 mistake" in Result("L", "8×8", 5, 9, undos=2, mistakes=1).share_line()


def test_only_a_level_whose_file_says_linkedin_shares_linkedins_number() -> None:
    """Our dailies are our own puzzles: LinkedIn's number for that date would mislead."""
    from types import SimpleNamespace

    from queens_tui.midend.game import linkedin_number

    def level(**meta: str) -> SimpleNamespace:
        return SimpleNamespace(metadata=meta)

    assert linkedin_number(level(number="426", source="LinkedIn archive")) == "426"
    assert linkedin_number(level(number="#426", source="linkedin")) == "426"
    assert linkedin_number(level(number="426")) == ""  # not said to be LinkedIn's
    assert linkedin_number(level(number="426", source="queens-tui")) == ""
    assert linkedin_number(level(source="LinkedIn")) == ""
    assert linkedin_number(level(number="x1", source="LinkedIn")) == ""


def test_help_and_bindings_list_the_assist_keys() -> None:
    keys = {b.key: b.action for b in bindings(own_actions("queens"))}
    assert keys["h"] == "hint" and keys["S"] == "solve"
    assert keys["m"] == "mistakes" and keys["c"] == "toggle_live"
    for key in ("`h`", "`S`", "`m`", "`c`"):
        assert key in kind_help()


async def test_hint_on_a_solved_board_does_nothing(app8, solution8, clock) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        await pilot.press("S", "y")
        await settle(pilot, app8)
        clock.advance(1)  # keys within half a second of the win do nothing
        await pilot.press("escape")  # look at the board
        await pilot.pause()
        assert isinstance(app8.screen, GameScreen)
        board = screen.midend.game.board
        await pilot.press("h", "S")  # solved: S says so, asks nothing
        await settle(pilot, app8)
        assert screen.midend.game.board is board
        assert isinstance(board, Board) and board.is_solved


async def test_S_asks_first_and_no_keeps_the_board(app8, solution8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        await go_to(pilot, app8, solution8[0])
        await pilot.press("enter")
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app8.screen, ConfirmScreen)
        assert "solved with help" in str(app8.screen.query_one("#question").render())
        await pilot.press("n")
        await settle(pilot, app8)
        assert not screen.midend.game.solved and not screen.midend.game.helped
        assert screen.midend.game.board.queens == frozenset(solution8[:1])


async def test_a_hint_only_looked_at_counts_everywhere_alike(app8, solution8) -> None:
    """Issue 28 item 4: `h` then `escape`: the status line says so, as the card, the share
    line and the stats will; the help states the rule, the same for every kind."""
    from queens_tui.kinds import KINDS
    from queens_tui.midend.game import help_words
    from queens_tui.store.stats import LevelStats

    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        assert "hint" not in screen.status.plain
        await pilot.press("h")
        await settle(pilot, app8)
        await pilot.press("escape")
        await settle(pilot, app8)
        assert screen.midend.game.hints_used == 1
        assert "1 hint" in screen.status.plain
        result = screen.midend.game.result()
        assert result.help_text == help_words(1, False) == "1 hint"
        assert "with 1 hint" in result.share_line() and not result.flawless
    assert LevelStats().with_solve(60, date(2026, 1, 1), hints=1).helped
    for kind in KINDS:
        assert "A hint counts as soon as it is shown" in help_text(kind), kind


async def test_help_and_palette_say_how_to_switch_kind(app8) -> None:
    """Issue 28 item 13: another kind is one palette command (or the browser) away."""
    async with playing(app8, size=SIZE) as pilot:
        await pilot.pause()
        titles = [c.title for c in app8.get_system_commands(app8.screen)]
        assert "Play today's Tango" in titles and "Play today's Zip" in titles
        assert "Play today's Queens" not in titles  # the kind being played
    text = help_text("queens")
    assert "## Other kinds" in text and "--kind tango" in text and "`l`" in text
