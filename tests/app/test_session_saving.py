"""Saving and resuming: after every move, across app instances, corrupt saves, solves, settings."""

from __future__ import annotations

from pathlib import Path

from queens_tui.app import create_app
from queens_tui.app.screens.win import WinScreen
from queens_tui.kinds.queens.board import Mark
from queens_tui.store import grid_key
from tests.player import playing

from .conftest import board_view, game_screen, go_to
from .session_fixtures import SIZE, make_store, notices, settle


async def test_progress_is_saved_after_every_move(level8_file: Path, tmp_path, clock) -> None:
    store = make_store(tmp_path / "data")
    app = create_app(str(level8_file), now=clock, store=store)
    async with playing(app, size=SIZE) as pilot:
        level = game_screen(app).midend.game.level
        key = grid_key(level)
        assert store.load_progress(key, level) is None
        await go_to(pilot, app, (0, 3))
        await pilot.press("enter")
        clock.advance(12)
        await go_to(pilot, app, (2, 0))
        await pilot.press("x")
        store.flush()  # the save runs on the store's writer thread
        saved = store.load_progress(key, level)
        assert saved is not None
        assert saved.history.state.mark((0, 3)) is Mark.QUEEN
        assert saved.history.state.mark((2, 0)) is Mark.CROSS
        assert len(saved.history.past) == 2
        assert saved.elapsed == 12
        await pilot.press("u")  # an undo is saved too
        store.flush()
        saved = store.load_progress(key, level)
        assert saved is not None and saved.history.state.mark((2, 0)) is Mark.EMPTY
        assert len(saved.history.future) == 1


async def test_level_resumes_with_history_and_clock_in_a_new_app(
    level8_file: Path, tmp_path, clock
) -> None:
    data = tmp_path / "data"
    first = create_app(str(level8_file), now=clock, store=make_store(data))
    async with playing(first, size=SIZE) as pilot:
        await go_to(pilot, first, (0, 3))
        await pilot.press("enter")
        await go_to(pilot, first, (5, 5))
        await pilot.press("x")
        await go_to(pilot, first, (7, 0))
        await pilot.press("x", "u")  # undone: waits in the redo list
        clock.advance(75)
        await pilot.press("q")  # quit saves the clock as it stands
        await pilot.pause()
    assert first.return_code == 0

    second = create_app(str(level8_file), now=clock, store=make_store(data))
    async with playing(second, size=SIZE) as pilot:
        screen = game_screen(second)
        board = board_view(second).board
        assert board.mark((0, 3)) is Mark.QUEEN
        assert board.mark((5, 5)) is Mark.CROSS
        assert board.mark((7, 0)) is Mark.EMPTY
        assert screen.midend.game.moves == 3
        assert int(screen.midend.game.stopwatch.elapsed) == 75
        assert "01:15" in screen.status.plain
        clock.advance(5)
        await pilot.pause()
        assert int(screen.midend.game.stopwatch.elapsed) == 80  # the timer carries on
        await pilot.press("ctrl+r")  # the redo list came back too
        assert board_view(second).board.mark((7, 0)) is Mark.CROSS
        await pilot.press("u", "u", "u")
        assert not board_view(second).board.queens  # ...and the whole undo history


async def test_corrupt_save_is_set_aside_with_a_notice_and_the_game_starts(
    level8_file: Path, tmp_path, clock
) -> None:
    data = tmp_path / "data"
    store = make_store(data)
    app = create_app(str(level8_file), now=clock, store=store)
    path = store.progress_path(grid_key(app.ref.level))
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "queens-tui/progress", "version": 1, "board": [')
    (data / "stats.json").write_text("\x00\x01 not json")
    app = create_app(str(level8_file), now=clock, store=make_store(data))
    async with playing(app, size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        warnings = notices(app, "warning")
        assert any("saved progress" in text and "moved to" in text for text in warnings)
        assert any("stats" in text and "moved to" in text for text in warnings)
        assert not path.exists()
        assert list(path.parent.glob(path.name + ".corrupt-*"))
        assert list(data.glob("stats.json.corrupt-*"))
        # the game goes on, clean, and saves again
        assert not board_view(app).board.queens
        await pilot.press("enter")
        app.store.flush()
        assert path.exists()


async def test_restart_empties_the_board_and_keeps_what_counted(
    level8_file: Path, tmp_path, clock
) -> None:
    """A restart empties the board and the clock; the mistake made before still counts, in
    the game and in its save (issue 35 item 1), so quitting then is no way to a clean slate."""
    store = make_store(tmp_path / "data")
    app = create_app(str(level8_file), now=clock, store=store)
    async with playing(app, size=SIZE) as pilot:
        key = app.ref.key
        await pilot.press("enter")  # a queen at the corner: the level can't be finished
        await pilot.pause()
        store.flush()
        assert key in store.in_progress()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("y")  # yes, restart
        await pilot.pause()
        assert not board_view(app).board.queens
        assert app.game_screen.midend.game.mistakes == 1
        store.flush()
        saved = store.load_progress(key, app.ref.level)
        assert saved is not None and saved.mistakes == 1 and not saved.history.past


async def test_solve_is_recorded_and_the_win_screen_shows_the_best_time(
    level8_file: Path, tmp_path, clock, solution8
) -> None:
    store = make_store(tmp_path / "data")
    app = create_app(str(level8_file), now=clock, store=store)
    async with playing(app, size=SIZE) as pilot:
        for cell in solution8:
            await go_to(pilot, app, cell)
            await pilot.press("enter")
            clock.advance(10)
        await pilot.pause()
        assert isinstance(app.screen, WinScreen)
        stats = store.level_stats(app.ref.key)
        assert stats is not None and stats.solves == 1 and stats.best_time == 70
        assert app.ref.key not in store.in_progress()  # a solved level starts clean next time
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "best 01:10" in text
        await pilot.press("r")  # replay, and solve again faster: a second solve counts
        await pilot.pause()
        for cell in solution8:
            await go_to(pilot, app, cell)
            await pilot.press("enter")
            clock.advance(1)
        await pilot.pause()
        stats = store.level_stats(app.ref.key)
        assert stats is not None and stats.solves == 2 and stats.best_time == 7
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "new best 00:07" in text and "solved 2 times" in text


async def test_settings_persist_auto_cross_live_check_theme(
    level8_file: Path, tmp_path, clock
) -> None:
    data = tmp_path / "data"
    app = create_app(str(level8_file), now=clock, store=make_store(data))
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("a", "c")
        app.theme = "textual-light"
        await settle(pilot, app)
    settings = make_store(data).settings
    assert (settings.auto_cross, settings.live_check, settings.theme) == (
        False,
        False,
        "textual-light",
    )
    again = create_app(str(level8_file), now=clock, store=make_store(data))
    async with playing(again, size=SIZE) as pilot:
        screen = game_screen(again)
        assert (
            screen.midend.game.options["auto_cross"] is False
            and screen.midend.assistant.live is False
        )
        assert again.theme == "textual-light"
        assert "auto-× off" in game_screen(again).status.plain


async def test_undo_takes_S_back_as_the_question_says_and_a_new_solve_is_kept(
    level8_file: Path, tmp_path, clock, solution8
) -> None:
    from queens_tui.app.screens.confirm import ConfirmScreen

    store = make_store(tmp_path / "data")
    app = create_app(str(level8_file), now=clock, store=store, engine="search")  # no CP-SAT import
    async with playing(app, size=SIZE) as pilot:
        screen = game_screen(app)
        await go_to(pilot, app, solution8[0])
        await pilot.press("enter")
        clock.advance(30)
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "undo (u) takes it back" in str(app.screen.query_one("#question").render())
        await pilot.press("y")
        await settle(pilot, app)
        assert isinstance(app.screen, WinScreen) and screen.midend.game.solved
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "u: take the solution back" in text
        clock.advance(1)  # past the card's guard
        await pilot.press("u")
        await pilot.pause()
        assert app.screen is screen and not screen.midend.game.solved
        assert screen.midend.game.board.queens == frozenset(solution8[:1])
        assert screen.midend.game.helped and screen.midend.game.stopwatch.running
        store.flush()
        assert app.ref.key in store.in_progress()  # the board as it was is saved again
        await pilot.press("ctrl+r")  # redo: solved again, the card again, counted once
        await pilot.pause()
        assert isinstance(app.screen, WinScreen) and screen.midend.game.solved
        stats = store.level_stats(app.ref.key)
        assert stats is not None and stats.solves == 1  # one game, counted once
    store.flush()
    assert app.ref.key not in store.in_progress()
    won = store.load_solved(app.ref.key, screen.midend.game.level)
    assert won is not None and won.history.state.is_solved
