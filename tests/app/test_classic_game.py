"""Playing classic N-queens in the game: the board, auto crosses, the hunt, browse, hint, S, CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens_tui import cli
from queens_tui.app import create_app
from queens_tui.app.glyphs import QUEEN
from queens_tui.app.messages import HuntFound
from queens_tui.app.screens.win import WinScreen
from queens_tui.app.widgets.classic import ClassicBoard
from queens_tui.kinds.classic.kind import level
from queens_tui.midend.levels import OpenLevel
from queens_tui.store.hunt import load_found
from tests.app.reading import glyph_of
from tests.player import playing
from tests.scenes import settled

from .conftest import SIZE

SOL8 = (0, 4, 7, 5, 2, 6, 1, 3)


def classic_app(size: int = 8, found: list[tuple[int, ...]] | None = None, clock=None):
    return create_app(OpenLevel(level(size, found or [])), now=clock or (lambda: 0.0))


def cell_char(view: ClassicBoard, cell: tuple[int, int]) -> str:
    x, y = view.cell_offset(cell)
    return "".join(seg.text for seg in view.render_line(y))[x]


async def place(pilot, view: ClassicBoard, cells) -> None:
    """Queens on `cells`: the first walked to with the arrow keys, the rest by moving the
    cursor directly (what the arrow keys do; 100 key presses a board made the tests slow)."""
    for i, (r, c) in enumerate(cells):
        if i == 0:
            keys = ["up"] * view.cursor[0] + ["left"] * view.cursor[1]
            await pilot.press(*keys, *(["down"] * r), *(["right"] * c))
            assert view.cursor == (r, c)
        else:
            view.cursor = (r, c)
        await pilot.press("enter")


async def test_board_hunt_status_and_auto_crosses() -> None:
    app = classic_app()
    async with playing(app, size=SIZE) as pilot:
        view = app.game_screen.query_one(ClassicBoard)
        status = app.game_screen.status.plain
        assert "0 of 8 placed" in status and "0 of 92 found · 0 of 12 fundamental" in status
        await place(pilot, view, [(0, 0)])
        assert cell_char(view, (7, 7)) == "×"  # the full diagonal is crossed out
        assert cell_char(view, (1, 2)) == " "
        await pilot.press("a")  # automatic crosses off
        await pilot.pause()
        assert cell_char(view, (7, 7)) == " "
        await pilot.press("a")
        await place(pilot, view, [(3, 3)])  # same diagonal: a clash, drawn red
        await pilot.pause()
        glyph, style = glyph_of(view, (3, 3))
        assert glyph == QUEEN and style.color is not None
        assert style.color.triplet is not None and style.color.triplet.red > 200
        await pilot.press("u")
        assert app.game_screen.midend.game.state.queens == {(0, 0)}


async def test_a_solution_found_joins_the_hunt_and_is_saved() -> None:
    app = classic_app()
    async with playing(app, size=SIZE) as pilot:
        view = app.game_screen.query_one(ClassicBoard)
        await place(pilot, view, list(enumerate(SOL8)))
        await pilot.pause()
        assert isinstance(app.screen, WinScreen)
        assert load_found(8) == [SOL8]
        status = app.game_screen.status.plain
        assert "#1, a new fundamental" in status and "1 of 92 found · 1 of 12 fundamental" in status


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_a_mirror_of_a_found_one_is_named() -> None:
    mirror = tuple(7 - c for c in SOL8)
    app = classic_app(found=[SOL8])
    async with playing(app, size=SIZE) as pilot:
        view = app.game_screen.query_one(ClassicBoard)
        await place(pilot, view, list(enumerate(mirror)))
        await pilot.pause()
        status = app.game_screen.status.plain
        assert "#2: the left-right mirror of #1" in status
        assert "2 of 92 found · 1 of 12 fundamental" in status


async def test_browse_found_solutions_on_the_board() -> None:
    app = classic_app(found=[SOL8])
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("right_square_bracket")
        await pilot.pause()
        state = app.game_screen.midend.game.state
        assert state.viewing == 1 and state.solution == SOL8
        assert not isinstance(app.screen, WinScreen)
        assert "viewing #1" in app.game_screen.status.plain


async def test_a_solution_after_a_hint_counts_with_help() -> None:
    """A solution reached after a hint joins the hunt (and its file) marked "with help"."""
    from queens_tui.store.hunt import hunt_level

    app = classic_app(size=4)
    async with playing(app, size=SIZE) as pilot:
        view = app.game_screen.query_one(ClassicBoard)
        await place(pilot, view, [(0, 1)])
        await settled(pilot)
        await pilot.press("h")
        await settled(pilot)
        assert view.marks.get((1, 3)) == "place"
        await pilot.press("h")
        await settled(pilot)
        assert (1, 3) in app.game_screen.midend.game.state.queens
        await place(pilot, view, [(2, 0), (3, 2)])
        await pilot.pause()
        assert isinstance(app.screen, WinScreen)
        # every piece of the line (at 100 columns the hunt's total gives way to the clock)
        status = " · ".join(part.plain for part in app.game_screen.status.segments())
        assert "#1, a new fundamental (with help)" in status
        assert "1 of 2 found (1 with help)" in status
        hunt = hunt_level(4).hunt
        assert hunt is not None and hunt.found == [(1, 3, 0, 2)] == hunt.found_with_help()


def test_a_board_s_filled_in_is_not_in_the_hunt(monkeypatch) -> None:
    """What `S` shows (`solved_state`: marked `filled`) never joins the hunt nor asks to be
    saved, even when the board shows it; the same solution reached by the player does."""
    from queens_tui.kinds.classic.play import PLAY, solved_state

    lv = level(4, [])
    view = ClassicBoard(solved_state(PLAY.new_state(lv), (2, 0, 3, 1)))  # a save reopened
    posted: list[HuntFound] = []
    monkeypatch.setattr(view, "post_message", posted.append)
    view.show(solved_state(PLAY.new_state(lv), (1, 3, 0, 2)))  # S pressed
    assert lv.hunt is not None and lv.hunt.found == [] and posted == []
    view.show(PLAY.apply(PLAY.new_state(lv), PLAY.diff(PLAY.new_state(lv), view._state)))
    assert lv.hunt.found == [(1, 3, 0, 2)]
    assert [(m.size, m.found, m.helped) for m in posted] == [(4, ((1, 3, 0, 2),), ())]


@pytest.mark.parametrize("where", ["persist off", "read-only", "its own folder"])
async def test_the_hunt_is_saved_through_the_store_only(where: str, tmp_path: Path) -> None:
    """The hunt is written where the game's store says, and never with `persist=False` or a
    read-only data folder (another game holds it): the board itself writes nothing."""
    from queens_tui.store import Store

    store = None if where == "persist off" else Store(tmp_path / "own", sync=False)
    if store is not None:
        store.read_only = where == "read-only"
    app = create_app(OpenLevel(level(4, [])), now=lambda: 0.0, store=store, persist=False)
    async with playing(app, size=SIZE) as pilot:
        view = app.game_screen.query_one(ClassicBoard)
        await place(pilot, view, list(enumerate((1, 3, 0, 2))))
        for _ in range(100):  # the find is counted when its message arrives (late under load)
            await settled(pilot)
            if "1 of 2 found" in app.game_screen.status.plain:
                break
        assert isinstance(app.screen, WinScreen)
        assert "1 of 2 found" in app.game_screen.status.plain
    assert load_found(4) == []  # the user's data folder: never
    assert load_found(4, tmp_path / "own") == ([(1, 3, 0, 2)] if where == "its own folder" else [])


def test_play_kind_classic_bad_size_exits_2(capsys) -> None:
    assert cli.main(["play", "--kind", "classic", "--size", "3"]) == 2
    assert "--size must be 4 to 16" in capsys.readouterr().err
    assert cli.main(["play", "--kind", "classic", "somefile.txt"]) == 2


def test_browser_rows_for_classic_sizes() -> None:
    from queens_tui.catalog.listing import board_entries

    rows = board_entries("classic", found=lambda n: n - 4)
    assert [e.key for e in rows] == [f"classic:{n}" for n in range(4, 17)]
    assert rows[4].title == "8 queens · 4 of 92 found" and rows[4].size == 8


@pytest.mark.slow  # 9 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_browser_lists_classic_sizes_and_opens_one() -> None:
    from queens_tui.app.screens.browser import LevelBrowser
    from queens_tui.store.hunt import save_found

    save_found(8, [SOL8])  # the browser reads the hunt files
    app = classic_app(found=load_found(8))
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        browser = app.screen
        assert isinstance(browser, LevelBrowser)
        assert "classic:8" in browser.table.keys and "classic:16" in browser.table.keys
        assert browser.highlighted is not None and browser.highlighted.key == "classic:8"
        assert browser.highlighted.title == "8 queens · 1 of 92 found"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.game_screen.midend.game.state.level.size == 9
        assert "0 of 352 found" in app.game_screen.status.plain


async def test_n_and_p_step_through_sizes() -> None:
    app = classic_app(size=15)
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert app.game_screen.midend.game.state.level.size == 16
        await pilot.press("n")  # no 17: a note, the board stays
        await pilot.pause()
        assert app.game_screen.midend.game.state.level.size == 16
        await pilot.press("p", "p")
        await pilot.pause()
        assert app.game_screen.midend.game.state.level.size == 14


def test_classic_board_takes_the_base_constructor() -> None:
    """ClassicBoard sets itself up in `BoardWidget.prepare` (no constructor of its own): it takes
    every argument the base does (name, classes were refused before) and reads its options."""
    from queens_tui.app.widgets.base import BoardWidget
    from queens_tui.kinds.classic.play import PLAY

    assert "__init__" not in ClassicBoard.__dict__
    lv = level(4, [])
    view = ClassicBoard(
        PLAY.new_state(lv), options={"auto_cross": False}, name="b", classes="c", ascii=True
    )
    assert isinstance(view, BoardWidget) and view.name == "b" and view.has_class("c")
    assert view.ascii and view._auto is False and view.state.level is lv
    assert ClassicBoard(PLAY.new_state(lv))._auto is True


async def test_browse_keys_on_a_solved_board_browse_the_hunt() -> None:
    """Issue 35 item 13: on a solved board `]` and `[` said "Solved! Press r to play it
    again."; they start a replay (the first result kept) and show the solutions found."""
    app = classic_app(found=[tuple(7 - c for c in SOL8)])
    async with playing(app, size=SIZE) as pilot:
        view = app.game_screen.query_one(ClassicBoard)
        await place(pilot, view, list(enumerate(SOL8)))
        await pilot.pause()
        assert isinstance(app.screen, WinScreen)
        app.screen.dismiss("close")  # escape: look at the board
        await pilot.pause()
        game = app.game_screen.midend.game
        assert game.solved
        await pilot.press("right_square_bracket")
        await pilot.pause()
        game = app.game_screen.midend.game
        assert game.state.viewing == 1 and game.replaying, game.state
        assert "viewing #1" in app.game_screen.status.plain
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert game.state.viewing == 2 and game.state.solution == SOL8


async def test_browse_keys_on_a_solved_board_with_nothing_found_keep_the_board() -> None:
    """Issue 35 item 13: with no solution found (the board filled by S), `]` has nothing to
    show: the solved board stays (no replay of an empty board)."""
    app = classic_app(size=4)
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("S", "y")
        await settled(pilot)
        assert isinstance(app.screen, WinScreen)
        app.screen.dismiss("close")
        await pilot.pause()
        await pilot.press("right_square_bracket")
        await pilot.pause()
        game = app.game_screen.midend.game
        assert game.solved and not game.replaying


async def test_without_colour_a_free_square_shows_a_dot(monkeypatch) -> None:
    """The board is a checkerboard of shades; with NO_COLOR the shades are gone, and the free
    squares were blank (no grid lines either). Now each shows a dot, as `--ascii` does."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = classic_app()
    async with playing(app, size=SIZE) as pilot:
        await settled(pilot)
        view = app.game_screen.board_view
        assert app.no_color and isinstance(view, ClassicBoard)
        assert cell_char(view, (7, 7)) == "·"
        await place(pilot, view, [(0, 0)])
        assert cell_char(view, (7, 7)) == "×" and cell_char(view, (7, 6)) == "·"  # attacked
