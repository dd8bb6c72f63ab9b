"""The ways into the lessons besides `queens-tui learn`: "Learn" in the command palette and `L`
in the level browser (issue 42 item 2); both open the list, escape comes back."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens_tui.app import create_app
from queens_tui.app.screens.browser import LevelBrowser
from queens_tui.app.screens.game import GameScreen
from queens_tui.app.screens.lessons import LessonList
from queens_tui.store import Store
from tests.lessons_helpers import quick_lessons, write_cache
from tests.player import playing


def game_app(root: Path):  # type: ignore[no-untyped-def]
    write_cache(root, quick_lessons("tango"))
    return create_app("tango-1-easy/001", store=Store(root, sync=False), engine="search")


@pytest.mark.slow  # 11 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_l_in_the_level_browser_opens_the_lessons(tmp_path: Path) -> None:
    app = game_app(tmp_path)
    async with playing(app, size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LevelBrowser)
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LessonList)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LevelBrowser)


@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_learn_in_the_command_palette(tmp_path: Path) -> None:
    app = game_app(tmp_path)
    async with playing(app, size=(100, 36)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Learn" in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Learn")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LessonList)
        while not app.screen.items:
            await pilot.pause()
        assert [x.id for x in app.screen.items] == [x.id for x in quick_lessons("tango")]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_the_list_in_ascii_says_done_and_not_yet_in_plain_text(tmp_path: Path) -> None:
    write_cache(tmp_path, quick_lessons("tango"))
    app = create_app(None, learn=True, ascii=True, store=Store(tmp_path, sync=False))
    async with playing(app, size=(80, 24)) as pilot:
        while not (isinstance(app.screen, LessonList) and app.screen.items):
            await pilot.pause()
        box = app.screen.query_one("OptionList")
        prompts = [str(box.get_option_at_index(i).prompt) for i in range(box.option_count)]
        assert prompts[0] == "Tango" and all(p.isascii() for p in prompts)
        assert all(". not yet" in p for p in prompts[1:])
        note = str(app.screen.query_one("#lessons-note").render())
        assert note.isascii() and note.startswith("0 of ")


async def test_n_and_p_in_a_lesson_open_the_next_and_previous(tmp_path: Path) -> None:
    from queens_tui.app.screens.lessons import LessonScreen

    found = quick_lessons("tango")
    write_cache(tmp_path, found)
    app = create_app(None, learn=True, store=Store(tmp_path, sync=False), engine="search")
    async with playing(app, size=(80, 24)) as pilot:
        while not (isinstance(app.screen, LessonList) and app.screen.items):
            await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        assert screen.midend.lesson is not None and screen.midend.lesson.lesson == found[1]
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        assert screen.midend.lesson is not None and screen.midend.lesson.lesson == found[0]
        await pilot.press("p")  # the first: back on the list, which says so
        await pilot.pause()
        assert isinstance(app.screen, LessonList)
