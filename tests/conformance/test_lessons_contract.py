"""The player's contract for lessons (issue 42 item 5), on every kind that has lessons.

`queens-tui learn` opens the list; a lesson opens its board at 80x24 with the question; the
rule's move is taken and the lesson is done, and the list says so after a relaunch; a wrong
move says why in one line and undo takes it back to the lesson's position; NO_COLOR boards
read; q quits from a lesson. Lessons come from each kind's first pack (a cache written for
the test), so nothing here waits for the whole build.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from queens_tui.app import create_app
from queens_tui.app.screens.lessons import LessonList, LessonScreen
from queens_tui.catalog.lessons import lesson_kinds
from tests.lessons_helpers import presses, quick_lessons, right_presses, write_cache
from tests.player import playing

from .conftest import SIZE, plain_board, settle, store_in


@pytest.fixture(params=lesson_kinds())
def lesson_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def learn_app(kind: str, root: Path, clock: Any) -> Any:
    write_cache(root, quick_lessons(kind))
    return create_app(None, learn=True, store=store_in(root), now=clock, engine="search")


async def the_list(pilot: Any) -> LessonList:
    """The list of lessons, once its thread has read them."""
    end = time.monotonic() + 20
    while True:
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, LessonList) and screen.items:
            return screen
        assert time.monotonic() < end, "the lessons did not come"
        await asyncio.sleep(0.01)


async def first_lesson(pilot: Any) -> LessonScreen:
    """Open the first lesson of the list, as a player does: enter."""
    await the_list(pilot)
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, LessonScreen)
    return screen


async def press_at(pilot: Any, screen: LessonScreen, presses: Any) -> None:
    for cell, key in presses:
        screen.board_view.cursor = cell
        await pilot.press(key)
    await settle(pilot)


def inside(widget: Any, width: int, height: int) -> bool:
    r = widget.region
    return r.width > 0 and r.height > 0 and r.right <= width and r.bottom <= height


async def test_a_lesson_opens_at_80x24_reads_without_colour_and_q_quits(
    lesson_kind: str, tmp_path, clock, monkeypatch
):
    """At 80x24 with NO_COLOR: the lesson's board, its question and the status line fit, the
    position is the lesson's, the rule's move shows in the board's text itself, q quits."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = learn_app(lesson_kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        screen = await first_lesson(pilot)
        assert app.no_color
        midend = screen.midend
        lesson = midend.lesson
        assert lesson is not None and lesson.lesson == quick_lessons(lesson_kind)[0]
        rules = midend.game.rules
        assert rules.state_to_json(midend.game.state) == rules.state_to_json(lesson.start)
        for widget in (screen.board_view, screen.status, screen.query_one("#message")):
            assert inside(widget, *SIZE), widget
        assert "Find the next move" in screen.query_one("#message").text
        assert screen.status.plain.startswith("Lesson: ")
        before = plain_board(app)
        presses = right_presses(lesson_kind, lesson, rules)
        assert presses is not None
        await press_at(pilot, screen, presses)
        assert plain_board(app) != before
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_the_rules_move_is_done_and_still_done_after_a_relaunch(
    lesson_kind: str, tmp_path, clock
):
    app = learn_app(lesson_kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        screen = await first_lesson(pilot)
        play = screen.midend.lesson
        presses = right_presses(lesson_kind, play, screen.midend.game.rules)
        assert presses is not None, "no key makes the rule's move"
        await press_at(pilot, screen, presses)
        assert play.done and "Right" in screen.query_one("#message").text
        await pilot.press("escape")
        listing = await the_list(pilot)
        assert listing.progress is not None and listing.progress.is_done(play.lesson.id)
        assert "1 of" in str(listing.query_one("#lessons-note").render())
    again = learn_app(lesson_kind, tmp_path, clock)
    async with playing(again, size=SIZE) as pilot:
        listing = await the_list(pilot)
        assert listing.progress is not None and listing.progress.is_done(play.lesson.id)
        first = listing.query_one("OptionList").get_option_at_index(1)
        assert "done" in str(first.prompt) and "not yet" not in str(first.prompt)


def a_wrong_move(kind: str, screen: LessonScreen) -> Any:
    """The presses of a move the lesson's rule does not give, or None (every key gives it:
    Zip's 1 with one way out)."""
    return presses(kind, screen.midend.lesson, screen.midend.game.rules, right=False)


async def test_a_wrong_move_says_why_in_one_line_and_undo_takes_it_back(
    lesson_kind: str, tmp_path, clock
):
    app = learn_app(lesson_kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        screen = await first_lesson(pilot)
        wrong = a_wrong_move(lesson_kind, screen)
        for _ in range(len(quick_lessons(lesson_kind))):  # else the next, down the list
            if wrong is not None:
                break
            await pilot.press("escape")
            await the_list(pilot)
            await pilot.press("down", "enter")
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, LessonScreen)
            wrong = a_wrong_move(lesson_kind, screen)
        play, rules = screen.midend.lesson, screen.midend.game.rules
        start = rules.state_to_json(play.start)
        assert wrong is not None, "every move of every lesson is right"
        await press_at(pilot, screen, wrong)
        said = screen.midend.view().message
        assert not play.done and said and "\n" not in said and "Find the next" not in said
        await pilot.press("u")
        await settle(pilot)
        assert rules.state_to_json(screen.midend.game.state) == start
        assert "Find the next move" in screen.midend.view().message


async def test_h_twice_shows_the_move_but_the_lesson_is_not_done_and_no_win_card(tmp_path, clock):
    """`h` explains the rule on the lesson's board and a second `h` puts its move there: the
    lesson is not done by it (it says so), and a board solved in a lesson brings no win card."""
    from queens_tui.app.screens.win import WinScreen

    app = learn_app("tango", tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        screen = await first_lesson(pilot)
        midend = screen.midend
        play = midend.lesson
        assert play is not None and play.hint is not None
        await pilot.press("h")
        await settle(pilot)
        assert midend.view().message.startswith(play.hint.text[:20])
        await pilot.press("h")
        await settle(pilot)
        assert not play.done and "shown by" in midend.view().message
        assert not listing_done(app, play.lesson.id)
        rules = midend.game.rules
        while not midend.game.solved:
            hint = rules.hint(midend.game.state)
            midend.game.apply_hint_move(hint.move)
            midend.changed()
        await settle(pilot)
        assert not any(isinstance(s, WinScreen) for s in app.screen_stack)
        assert "solved" in midend.view().message


def listing_done(app: Any, lesson_id: str) -> bool:
    listing = app.screen_stack[0]
    return bool(listing.progress and listing.progress.is_done(lesson_id))
