"""Issue 10 items 1 and 2: a win is never wiped by an eager key, and a solved level opens solved."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from queens_tui.app import create_app
from queens_tui.app.screens.game import GameScreen
from queens_tui.app.screens.win import GUARD, WinScreen
from tests.conftest import EXAMPLE_8
from tests.player import playing

from .conftest import go_to
from .session_fixtures import SIZE, TODAY, make_store, wait_until


async def solve(pilot, app, cells, clock, *, last_twice: bool = False) -> None:
    for cell in cells:
        await go_to(pilot, app, cell)
        clock.advance(5)
        await pilot.press("enter")
    if last_twice:
        await pilot.press("enter")  # the eager second Enter, at once
    await pilot.pause()


def card_text(app) -> str:
    """The card's texts as one line (the card breaks its lines between phrases)."""
    return " ".join(str(w.render()) for w in app.screen.query("Static")).replace("\n", " ")


async def test_eager_double_enter_keeps_the_win(level8_file: Path, tmp_path, clock, solution8):
    store = make_store(tmp_path / "data")
    app = create_app(str(level8_file), now=clock, store=store)
    async with playing(app, size=SIZE) as pilot:
        await solve(pilot, app, solution8, clock, last_twice=True)
        assert isinstance(app.screen, WinScreen)
        assert app.screen.focused is None  # no button takes Enter
        await pilot.press("r", "n", "enter")  # within GUARD of the win: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, WinScreen)
        assert app.game_screen.midend.game.solved
        clock.advance(GUARD + 1)
        await pilot.press("enter")  # later too: nothing is focused
        await pilot.pause()
        assert isinstance(app.screen, WinScreen) and app.game_screen.midend.game.solved
        # the card is beside the board, not over it
        board = app.game_screen.board_view.region
        card = app.screen.query_one("#dialog").region
        assert board.right <= card.x
        stats = store.level_stats(app.ref.key)
        assert stats is not None and stats.solves == 1


async def test_a_solved_level_opens_solved(level8_file: Path, tmp_path, clock, solution8):
    data = tmp_path / "data"
    app = create_app(str(level8_file), now=clock, store=make_store(data))
    async with playing(app, size=SIZE) as pilot:
        await solve(pilot, app, solution8, clock)
        assert isinstance(app.screen, WinScreen)
        clock.advance(GUARD + 1)
        await pilot.press("q")
    store = make_store(data)
    again = create_app(str(level8_file), now=clock, store=store)
    async with playing(again, size=SIZE) as pilot:
        await pilot.pause()
        game = again.game_screen.midend.game
        assert game.solved and game.state.queens == frozenset(solution8)
        assert isinstance(again.screen, WinScreen)
        assert "00:40" in card_text(again)  # the first result: 8 queens, 5 s each
        clock.advance(100)
        again.game_screen._tick()  # what the 0.25 s timer does, now
        await pilot.pause()
        assert int(game.stopwatch.elapsed) == 40  # the clock stays stopped
        assert not game.stopwatch.running
        assert again.ref.key not in store.in_progress()  # the browser says solved, not playing
        stats = store.level_stats(again.ref.key)
        assert stats is not None and stats.solves == 1  # reopening is not another solve


def yesterdays_daily(tmp_path):
    """A data folder whose daily folder holds yesterday's level: (the folder, the day)."""
    data = tmp_path / "data"
    day = TODAY - timedelta(days=1)
    (data / "daily").mkdir(parents=True)
    (data / "daily" / f"{day.isoformat()}.txt").write_text("# name: Yesterday\n" + EXAMPLE_8)
    return data, day


@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_replaying_a_solved_daily_keeps_the_first_result(tmp_path, clock, solution8):
    data, day = yesterdays_daily(tmp_path)
    app = create_app(now=clock, store=make_store(data), daily=day)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        await solve(pilot, app, solution8, clock)
        assert isinstance(app.screen, WinScreen)
        clock.advance(GUARD + 1)
        await pilot.press("r")  # replay: an explicit choice
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and not app.game_screen.midend.game.solved
        for cell in solution8:  # faster this time
            await go_to(pilot, app, cell)
            await pilot.press("enter")
        await pilot.pause()
        assert "first result is kept" in card_text(app)
        # our own daily: our name and its date, never LinkedIn's number for that date
        assert f"queens-tui Queens {day.isoformat()} | 0:00 and flawless" in card_text(app)
        assert "#" not in card_text(app)
        clock.advance(GUARD + 1)
        await pilot.press("q")
    store = make_store(data)
    stats = store.level_stats(f"daily:{day.isoformat()}")
    assert stats is not None and stats.solves == 1 and stats.best_time == 40
    again = create_app(now=clock, store=store, daily=day)
    async with playing(again, size=SIZE) as pilot:
        await pilot.pause()
        game = again.game_screen.midend.game
        assert game.solved and int(game.stopwatch.elapsed) == 40  # not the replay's time


async def test_an_undo_is_not_flawless(level8_file: Path, clock, solution8) -> None:
    app = create_app(str(level8_file), now=clock, persist=False)
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("x", "u")  # a cross, undone
        await solve(pilot, app, solution8, clock)
        line = app.game_screen.midend.game.result().share_line()
        assert "| 0:40 with 1 undo 👑" in line and "flawless" not in line


async def test_copied_only_when_confirmed(level8_file: Path, clock, solution8, monkeypatch):
    from queens_tui.app.screens import win

    app = create_app(str(level8_file), now=clock, persist=False)
    async with playing(app, size=SIZE) as pilot:
        await solve(pilot, app, solution8, clock)
        clock.advance(GUARD + 1)
        monkeypatch.setattr(win, "copy_with_tool", lambda text: False)  # OSC 52 only
        await pilot.press("c")
        await pilot.pause()
        hint = str(app.screen.query_one("#copy-hint").render())
        assert "copied" not in hint and "copy it" in hint
        assert "| 0:40 and flawless" in card_text(app)  # the text to copy by hand
        monkeypatch.setattr(win, "copy_with_tool", lambda text: True)  # a tool took it
        await pilot.press("c")
        await pilot.pause()
        assert "copied to the clipboard" in str(app.screen.query_one("#copy-hint").render())


async def test_a_level_with_several_solutions_says_so(tmp_path: Path) -> None:
    from .session_fixtures import EXAMPLE_6, notices

    several = tmp_path / "six.txt"
    several.write_text(EXAMPLE_6)
    app = create_app(str(several), persist=False)
    async with playing(app, size=SIZE) as pilot:
        await wait_until(pilot, lambda: any("more than one solution" in n for n in notices(app)))
        assert any("more than one solution" in n for n in notices(app))


async def test_a_unique_level_says_nothing_of_it(level8_file: Path, monkeypatch) -> None:
    from queens_tui.midend import door as game

    from .session_fixtures import notices

    counted: list[int] = []

    def count(kind: str, level: object, limit: int, cancel: object = None) -> int:
        counted.append(real(kind, level, limit, cancel))
        return counted[-1]

    real = game.count_solutions
    monkeypatch.setattr(game, "count_solutions", count)
    app = create_app(str(level8_file), persist=False)
    async with playing(app, size=SIZE) as pilot:
        # the count runs in a thread after the first frame: wait until it has answered
        await wait_until(pilot, lambda: counted == [1])
        await pilot.pause()
        assert not any("more than one solution" in n for n in notices(app))


async def test_names_and_paths_with_brackets_are_shown_as_they_are(tmp_path: Path, clock) -> None:
    """A level named "[/] ..." crashed the app at the win (MarkupError on the card), and a
    notice naming a path with "[/]" in it would crash the toast: names are text, not markup."""
    from queens_tui.formats.queens import parse_text
    from queens_tui.store import grid_key

    from .session_fixtures import notices

    name = "[/] evil [@click=app.quit]x[/]"
    level_file = tmp_path / "lvl.txt"
    level_file.write_text(f"# name: {name}\n{EXAMPLE_8}")
    store = make_store(tmp_path / "[/]data")
    bad = store.progress_path(grid_key(parse_text(EXAMPLE_8)))
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text("{")  # set aside with a notice that names its path
    app = create_app(str(level_file), now=clock, store=store, engine="search")
    async with playing(app, size=SIZE, notifications=True) as pilot:
        await pilot.press("S", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, WinScreen))
        assert name in card_text(app)
        warnings = notices(app, "warning")
        assert len(warnings) == 1 and "[/]data" in warnings[0]
        from queens_tui.app.screens.loading import LoadingScreen

        await app.push_screen(LoadingScreen(f"Could not make it: {name}", cancellable=False))
        await pilot.pause()
        assert name in str(app.screen.query_one("#loading-text").render())
        assert app.return_code is None  # still running


async def test_the_card_says_the_same_after_a_restart(
    level8_file: Path, tmp_path, clock, solution8
):
    """Issue 28 item 2: hints, undos and mistakes are saved with the win; a wrong queen
    undone and redone is one mistake, not two."""
    from .assist_fixtures import settle

    data = tmp_path / "data"
    app = create_app(str(level8_file), now=clock, store=make_store(data))
    async with playing(app, size=SIZE) as pilot:
        game = app.game_screen.midend.game
        wrong = next(c for c in [(0, 0), (0, 1), (1, 0)] if c not in solution8)
        await go_to(pilot, app, wrong)
        await pilot.press("enter")  # a wrong queen: the check finds it can't be finished
        await settle(pilot, app)
        await pilot.press("u", "ctrl+r")  # undone and redone: the same mistake
        await settle(pilot, app)
        await pilot.press("u")
        await settle(pilot, app)
        assert (game.mistakes, game.undos) == (1, 2)
        await pilot.press("h")
        await settle(pilot, app)
        await pilot.press("h")
        await settle(pilot, app)
        await solve(pilot, app, [c for c in solution8 if c not in game.state.queens], clock)
        await settle(pilot, app)
        assert isinstance(app.screen, WinScreen)
        first = str(app.screen.query_one("#share").render())
        assert "1 hint, 2 undos, 1 mistake" in first.replace("\n", " "), first
        clock.advance(GUARD + 1)
        await pilot.press("q")
    store = make_store(data)
    stats = store.level_stats(app.ref.key)
    assert stats is not None and (stats.last_undos, stats.last_mistakes) == (2, 1)
    again = create_app(str(level8_file), now=clock, store=store)
    async with playing(again, size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, WinScreen)
        assert str(again.screen.query_one("#share").render()) == first


@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_a_replay_is_saved_and_resumes(tmp_path, clock, solution8):
    """Issue 28 item 3: `r` on a solved daily, two queens, quit, relaunch: the replay
    resumes; the first result stays as it was."""
    data, day = yesterdays_daily(tmp_path)
    app = create_app(now=clock, store=make_store(data), daily=day)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        await solve(pilot, app, solution8, clock)
        clock.advance(GUARD + 1)
        await pilot.press("r")
        await pilot.pause()
        await solve(pilot, app, solution8[:2], clock)
        await pilot.press("q")
    store = make_store(data)
    again = create_app(now=clock, store=store, daily=day)
    async with playing(again, size=SIZE) as pilot:
        await pilot.pause()
        game = again.game_screen.midend.game
        assert not game.solved and game.replaying
        assert game.state.queens == frozenset(solution8[:2])
        await solve(pilot, again, solution8[2:], clock)
        assert "first result is kept" in card_text(again)
        clock.advance(GUARD + 1)
        await pilot.press("q")
    store = make_store(data)
    stats = store.level_stats(f"daily:{day.isoformat()}")
    assert stats is not None and stats.solves == 1 and stats.best_time == 40
    assert f"daily:{day.isoformat()}" not in store.in_progress()


@pytest.mark.slow  # 5 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_n_on_todays_solved_daily_says_when_the_next_comes(tmp_path, clock, solution8):
    """Issue 28 item 5: not "This was the last level": when the next daily comes, and the
    packs (`l` opens the level browser from the card)."""
    from queens_tui.app.screens.browser import LevelBrowser

    data = tmp_path / "data"
    folder = data / "daily"
    folder.mkdir(parents=True)
    (folder / f"{TODAY.isoformat()}.txt").write_text("# name: Today\n" + EXAMPLE_8)
    app = create_app(now=clock, store=make_store(data), daily=TODAY)
    async with playing(app, size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await solve(pilot, app, solution8, clock)
        clock.advance(GUARD + 1)
        await pilot.press("n")
        await pilot.pause()
        said = " ".join(n.message for n in app._notifications)
        assert "next Queens daily comes at midnight" in said and "level packs" in said
        assert "last level" not in said
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LevelBrowser)


def test_next_daily_words_count_down_to_midnight() -> None:
    from datetime import datetime, timezone

    from queens_tui.midend.session import next_daily_words

    now = datetime(2026, 11, 24, 21, 50, tzinfo=timezone.utc)
    assert next_daily_words("tango", now) == (
        "The next Tango daily comes at midnight, in 2 h 10 min. Press l for the level packs."
    )
    late = datetime(2026, 11, 24, 23, 59, 30, tzinfo=timezone.utc)
    assert "in 1 min." in next_daily_words("zip", late)


def test_the_card_breaks_lines_between_phrases_by_cell_width() -> None:
    """Issue 28 item 11: no "moves 10 · 2" / "hints"; "☀️" (with its variation selector)
    does not push the border out: every line fits the card's width in cells."""
    from rich.cells import cell_len

    from queens_tui.app.screens.win import TEXT_WIDTH, lay_out
    from queens_tui.midend.game import Result

    figures = lay_out("time 00:40 · moves 10 · 2 hints")
    assert figures.splitlines() == ["time 00:40 · moves 10 ·", "2 hints"]
    tango = Result("Sun", "6×6", 27, 9, 2, kind_title="Tango", emoji="☀️", day="2026-11-24")
    shown = lay_out(tango.share_line())
    assert "\ufe0f" not in shown and "\ufe0f" in tango.share_line()  # the copy keeps it
    assert all(cell_len(line) <= TEXT_WIDTH for line in shown.splitlines()), shown
    assert "with 2 hints" in shown.replace("\n", " ")


def test_the_share_line_names_the_kind_and_size_once() -> None:
    """Issue 35 item 11: "queens-tui Zip Zip LLRW (6x6)" and "Classic N-queens 8 queens
    (8x8)" said the kind twice; a LinkedIn number only on LinkedIn's own levels."""
    from queens_tui.midend.game import Result

    zip_pack = Result("Zip, pack 2-7x7, level 14", "7×7", 4, 9, kind_title="Zip")
    assert zip_pack.puzzle == "queens-tui Zip, pack 2-7x7, level 14"
    classic = Result("Classic N-queens 8×8", "8×8", 4, 9, kind_title="Classic N-queens")
    assert classic.puzzle == "queens-tui Classic N-queens 8×8"
    queens = Result("Cross", "8×8", 4, 9)
    assert queens.puzzle == "queens-tui Queens Cross (8×8)"
    linkedin = Result("LinkedIn Tango 1", "6×6", 4, 9, kind_title="Tango", number="1")
    assert linkedin.puzzle == "Tango #1"


def test_a_bundled_level_with_a_made_up_name_is_named_by_its_pack_and_number() -> None:
    """Issue 35 item 11: "Zip LLRW" (the generator's code) means nothing to a player."""
    from queens_tui.catalog import LevelRef
    from queens_tui.kinds.classic.kind import level
    from queens_tui.midend.levels import OpenLevel, open_ref

    zip_level = open_ref(LevelRef.bundled("zip-2-7x7/014"))
    assert zip_level.level.name.startswith("Zip ")  # the file's own made-up name
    assert zip_level.title == zip_level.full_title == "Zip, pack 2-7x7, level 14"
    sudoku = open_ref(LevelRef.bundled("sudoku-1-easy/003"))
    assert sudoku.title == "Mini Sudoku, pack 1-easy, level 3"
    named = open_ref(LevelRef.bundled("1-easy/001"))
    assert named.title == named.level.name  # a real name stays
    board = OpenLevel(level(8, []))
    assert (board.title, board.full_title) == ("8 queens", "Classic N-queens 8×8")


def test_the_share_lines_bar_never_stands_alone_on_the_card() -> None:
    """Issue 35 item 11: a name wider than the card left the `|` alone on a line."""
    from rich.cells import cell_len

    from queens_tui.app.screens.win import TEXT_WIDTH, lay_out

    for name in ("Zip Zip URVV (7×7)", "Zip, pack 2-7x7, level 14", "Classic N-queens 8×8"):
        shown = lay_out(f"queens-tui {name} | 0:04 solved with help 🛑")
        lines = shown.splitlines()
        assert all(line.strip() != "|" for line in lines), shown
        assert all(cell_len(line) <= TEXT_WIDTH for line in lines), shown
        assert " ".join(lines).split() == f"queens-tui {name} | 0:04 solved with help 🛑".split()


async def test_at_80x24_a_tall_card_leaves_the_status_line_in_view(tmp_path, clock) -> None:
    """Issue 35 item 11: at 80x24 the card covered the status line; it ends above it (and
    scrolls what does not fit)."""
    from queens_tui.app.widgets.keyline import KeyLine

    path = tmp_path / "long.txt"
    long = "A level whose name runs over three lines of the card, as files may name them"
    path.write_text(f"# name: {long}\n" + EXAMPLE_8)
    store = make_store(tmp_path / "data")
    app = create_app(str(path), now=clock, store=store, engine="search")
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        clock.advance(20)
        await pilot.press("S", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, WinScreen))
        card = app.screen.query_one("#dialog").region
        game = app.game_screen
        assert card.bottom <= game.status.region.y, (card, game.status.region)
        assert card.bottom <= game.query_one(KeyLine).region.y
