"""Playing Tango in the game: keys, mouse, givens, broken lines, undo, hints, S, daily, browser."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from queens_tui.app import create_app
from queens_tui.app.screens.win import WinScreen
from queens_tui.app.widgets.tango import FAULT, TangoBoard
from queens_tui.formats import tango as fmt
from queens_tui.formats.bundled import bundled_levels
from queens_tui.kinds.tango.level import MOON, SUN
from queens_tui.midend.levels import OpenLevel
from queens_tui.store import Store
from tests.app.reading import glyph_of
from tests.player import playing
from tests.scenes import settled
from tests.unit.test_tango_formats import JSON_1

SIZE = (100, 40)
SOLUTION_1 = ["001101", "011010", "110010", "100101", "001101", "110010"]


def tango_app(**kw: object):  # type: ignore[no-untyped-def]
    level = fmt.parse(JSON_1)
    return create_app(OpenLevel(level), persist=False, engine="search", **kw)  # type: ignore[arg-type]


def board(app) -> TangoBoard:  # type: ignore[no-untyped-def]
    return app.game_screen.query_one(TangoBoard)


def drawn(view: TangoBoard, cell: tuple[int, int]) -> tuple[str, object]:
    return glyph_of(view, cell)


async def test_keys_cycle_place_and_never_touch_givens() -> None:
    app = tango_app()
    async with playing(app, size=SIZE) as pilot:
        view = board(app)
        status = app.game_screen.status.plain
        assert "LinkedIn Tango #1" in status and "6×6" in status and "4 of 36 filled" in status
        drawn_text = "".join(
            seg.text for y in range(view.size.height) for seg in view.render_line(y)
        )
        assert "☀  Tango  ☾" in drawn_text  # the caption says which game, whatever the name
        seen = []
        for _ in range(3):
            await pilot.press("space")
            seen.append(view.board.value((0, 0)))
        assert seen == [SUN, MOON, None]
        await pilot.press("1")
        assert drawn(view, (0, 0))[0] == "☀"
        await pilot.press("0")
        assert drawn(view, (0, 0))[0] == "☾"
        await pilot.press("backspace")
        assert view.board.value((0, 0)) is None
        await pilot.press("down", "right")  # r2c2: a given sun
        await pilot.press("0", "space", "backspace")
        assert view.board.value((1, 1)) == SUN
        await pilot.press("u")  # undo the last change (r1c1 cleared -> a moon again)
        assert view.board.value((0, 0)) == MOON
        await pilot.press("ctrl+r")
        assert view.board.value((0, 0)) is None


async def test_mouse_cycles_forward_and_back() -> None:
    app = tango_app()
    async with playing(app, size=SIZE) as pilot:
        view = board(app)
        x, y = view.cell_offset((2, 3))
        await pilot.click(TangoBoard, offset=(x, y))
        assert view.board.value((2, 3)) == SUN
        await pilot.click(TangoBoard, offset=(x, y))
        assert view.board.value((2, 3)) == MOON
        await pilot.click(TangoBoard, offset=(x, y), button=3)
        assert view.board.value((2, 3)) == SUN


async def test_a_broken_line_is_marked_and_the_check_says_mistake() -> None:
    app = tango_app()
    async with playing(app, size=SIZE) as pilot:
        view = board(app)
        await pilot.press("1", "right", "1", "right", "1")  # three suns in row 1
        await settled(pilot)
        glyph, style = drawn(view, (0, 1))
        assert glyph == "☀" and style.color.name == FAULT  # type: ignore[attr-defined]
        assert "can't be finished" in app.game_screen.status.plain
        await pilot.press("h")
        await settled(pilot)
        message = str(app.game_screen.query_one("#message").content)  # type: ignore[attr-defined]
        assert "three suns side by side" in message


async def test_hint_highlights_then_applies() -> None:
    app = tango_app()
    async with playing(app, size=SIZE) as pilot:
        view = board(app)
        await pilot.press("h")
        await settled(pilot)
        assert view.marks[(4, 2)] == "place-sun" and view.marks[(4, 1)] == "evidence"
        assert view.board.value((4, 2)) is None
        assert drawn(view, (4, 2))[0] == "☀"  # previewed, faint
        await pilot.press("h")
        await settled(pilot)
        assert view.board.value((4, 2)) == SUN and view.board.value((4, 3)) == SUN


async def test_solve_wins_with_a_share_line() -> None:
    app = tango_app()
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("S", "y")  # S asks first: the level then counts as solved with help
        await settled(pilot)
        assert board(app).board.rows_text() == SOLUTION_1
        assert isinstance(app.screen, WinScreen)
        text = " ".join(str(w.render()) for w in app.screen.query("Label, Static"))
        assert (
            "☀  Solved  ☀" in text
            and "queens-tui Tango LinkedIn Tango #1 (6×6) | 0:00" in text.replace("\n", " ")
        )


async def test_play_kind_tango_opens_todays_tango_and_saves(tmp_path: Path) -> None:
    day = date(2026, 11, 23)
    store = Store(tmp_path / "data", sync=False, today=lambda: day)
    app = create_app(None, store=store, kind="tango", engine="search")
    async with playing(app, size=SIZE) as pilot:
        await settled(pilot)
        level = app.game_screen.midend.ref.level
        assert level.kind == "tango" and level.name == "Daily Tango 2026-11-23"
        assert app.game_screen.midend.ref.key == "tango-daily:2026-11-23"
        assert "Daily Tango 2026-11-23" in app.game_screen.status.plain
        await pilot.press("h", "h")
        await settled(pilot)
        placed = board(app).board.rows_text()
        await pilot.press("p")  # the day before: yesterday's Tango
        await settled(pilot)
        assert app.game_screen.midend.ref.level.name == "Daily Tango 2026-11-22"
    store.close()
    store = Store(tmp_path / "data", sync=False, today=lambda: day)
    app = create_app(None, store=store, kind="tango", engine="search")
    async with playing(app, size=SIZE) as pilot:
        await settled(pilot)
        assert board(app).board.rows_text() == placed  # the hint's cells came back
    store.close()


async def test_the_browser_lists_tango_packs_and_dailies(tmp_path: Path) -> None:
    day = date(2026, 11, 23)
    store = Store(tmp_path / "data", sync=False, today=lambda: day)
    app = create_app("tango-2-medium/004", store=store, engine="search")
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        browser = app.screen
        keys = [e.key for e in browser.entries]  # type: ignore[attr-defined]
        assert "pack:tango-1-easy/001" in keys and "tango-daily:2026-11-23" in keys
        assert "daily:2026-11-23" in keys  # Queens' own daily is still there
        assert {"tango-1-easy", "tango-4-expert", "tango-daily"} <= set(browser.packs)  # type: ignore[attr-defined]
        entry = next(e for e in browser.entries if e.key == "pack:tango-3-hard/002")  # type: ignore[attr-defined]
        assert (entry.size, entry.difficulty) == (6, "hard")
        browser.dismiss(entry.ref)
        await settled(pilot)
        assert app.game_screen.midend.ref.bundled_id == "tango-3-hard/002"
        await pilot.press("n")
        await settled(pilot)
        ids = [i for i, _ in bundled_levels("tango") if i.startswith("tango-3-hard/")]
        after = ids[ids.index("tango-3-hard/002") + 1]  # the pack's play order (its ORDER)
        assert app.game_screen.midend.ref.bundled_id == after
    store.close()


async def test_help_shows_the_tango_rules_and_keys() -> None:
    app = tango_app()
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        from queens_tui.app.screens.help import HelpScreen

        assert isinstance(app.screen, HelpScreen)
        text = app.screen.text
        assert "no three" in text and "as many suns as moons" in text
        assert "place or remove a sun" in text and "place or remove a moon" in text


async def test_a_new_theme_repaints_the_board_in_its_colours() -> None:
    """The board's own CSS colours are worked out once a repaint (`BoardWidget.base_style`):
    a theme change must still reach every line it draws."""
    app = tango_app()
    async with playing(app, size=SIZE) as pilot:
        await settled(pilot)
        view = board(app)
        before = next(iter(view.render_line(0))).style
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await settled(pilot)
        after = next(iter(view.render_line(0))).style
        assert after is not None and before is not None
        assert after.bgcolor == view.rich_style.bgcolor != before.bgcolor
