"""Issue 10 item 8: at 80 columns the footer always shows `q Quit` and `? Help`."""

from __future__ import annotations

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from queens_tui.app import create_app


def visible_keys(app, width: int) -> list[tuple[str, str]]:
    footer = app.screen.query_one(Footer)
    return [
        (k.key, k.description)
        for k in footer.query(FooterKey)
        if k.region.width > 0 and k.region.right <= width
    ]


async def test_quit_and_help_show_at_80_columns(level8_file) -> None:
    app = create_app(str(level8_file), persist=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = visible_keys(app, 80)
        assert ("q", "Quit") in keys and ("question_mark", "Help") in keys, keys
        assert ("space", "Mark") in keys  # the moves still show after them


async def test_quit_and_help_show_for_classic_at_80_columns() -> None:
    from queens_tui.app.levels import OpenLevel
    from queens_tui.kinds.classic.kind import level

    app = create_app(OpenLevel(level(8, [])), persist=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = visible_keys(app, 80)
        assert ("q", "Quit") in keys and ("question_mark", "Help") in keys, keys


async def test_the_board_does_not_move_when_hint_text_appears(level8_file) -> None:
    from .assist_fixtures import settle

    app = create_app(str(level8_file), persist=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.game_screen
        before = screen.board_view.region
        screen.show_message("A long hint " * 20)  # wraps in its own area
        await pilot.pause()
        assert screen.board_view.region == before
        await pilot.press("h")
        await settle(pilot, app)
        assert screen.board_view.region == before


async def test_fg_after_ctrl_z_repaints_and_the_clock_stayed_paused(level8_file, clock) -> None:
    app = create_app(str(level8_file), persist=False, now=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        drawn: list[str] = []
        board = screen.board_view
        original = board.refresh

        def spy(*args, **kwargs):
            drawn.append("board")
            return original(*args, **kwargs)

        board.refresh = spy  # type: ignore[method-assign]
        app.app_suspend_signal.publish(app)
        clock.advance(60)  # a minute in the shell
        app.app_resume_signal.publish(app)
        await pilot.pause()
        await pilot.pause()
        assert drawn  # drawn again at once, not at the next key
        assert screen.game.stopwatch.elapsed < 1


async def test_ascii_footer_and_status_are_pure_ascii(level8_file) -> None:
    app = create_app(str(level8_file), persist=False, ascii=True)
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        shown = [k.key_display for k in footer.query(FooterKey)]
        assert shown and all(text.isascii() for text in shown), shown
        status = app.game_screen.status.plain
        assert status.isascii(), status
