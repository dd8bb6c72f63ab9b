"""Playing Mini Sudoku in the game: keys to the win, notes, the mouse, repeats, today's daily."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from queens_tui.app import create_app
from queens_tui.app.screens.win import WinScreen
from queens_tui.app.widgets.sudoku import FAULT, SudokuBoard
from queens_tui.formats import sudoku as fmt
from queens_tui.midend.levels import OpenLevel
from queens_tui.store import Store
from tests.app.reading import glyph_of
from tests.player import playing
from tests.scenes import settled, walk
from tests.unit.sudoku_data import LEVEL_1, SOLUTION_1

SIZE = (100, 40)


def sudoku_app(**kw: object):  # type: ignore[no-untyped-def]
    level = fmt.parse(LEVEL_1)
    return create_app(OpenLevel(level), persist=False, engine="search", **kw)  # type: ignore[arg-type]


def board(app) -> SudokuBoard:  # type: ignore[no-untyped-def]
    return app.game_screen.query_one(SudokuBoard)


def drawn(view: SudokuBoard, cell: tuple[int, int], dx: int = 0, dy: int = 0) -> tuple[str, object]:
    """The character drawn at the middle of `cell` (moved by dx, dy) and its style."""
    x, y = view.cell_offset(cell)
    if dx == dy == 0:
        return glyph_of(view, cell)
    pos = 0
    for seg in view.render_line(y + dy):
        if pos <= x + dx < pos + len(seg.text):
            return seg.text[x + dx - pos], seg.style
        pos += len(seg.text)
    raise AssertionError("nothing drawn there")


async def test_keys_play_a_level_to_the_win() -> None:
    holes = {(0, 0), (0, 4), (1, 2), (2, 5), (3, 1), (4, 3), (5, 0), (5, 5)}
    rows = [
        "".join("." if (r, c) in holes else d for c, d in enumerate(row))
        for r, row in enumerate(SOLUTION_1)
    ]
    level = fmt.parse("# kind: sudoku\n# name: Morning\n" + "\n".join(rows))
    app = create_app(OpenLevel(level), persist=False, engine="search")
    async with playing(app, size=SIZE) as pilot:
        view = board(app)
        assert "28 of 36 filled" in app.game_screen.status.plain
        given = view.board.level.given_cells
        for r, row in enumerate(SOLUTION_1):
            for c, digit in enumerate(row):
                if (r, c) not in given:
                    await walk(pilot, (r, c))
                    await pilot.press(digit)
        await settled(pilot)
        assert view.board.rows_text() == SOLUTION_1
        assert isinstance(app.screen, WinScreen)
        text = " ".join(str(w.render()) for w in app.screen.query("Label, Static"))
        text = text.replace("\n", " ")  # the card breaks its lines between phrases
        assert "queens-tui Mini Sudoku Morning (6×6) | 0:" in text and "and flawless 🔢" in text


async def test_notes_mode_writes_small_digits_that_a_placed_digit_hides() -> None:
    app = sudoku_app()
    async with playing(app, size=SIZE) as pilot:
        view = board(app)
        await pilot.press("e", "2", "6")  # r1c1: notes 2 and 6
        assert "✎ notes" in app.game_screen.status.plain
        assert view.board.note((0, 0)) == 0b100010 and view.board.value((0, 0)) is None
        # notes sit at fixed places: 2 in the top line's middle, 6 at the bottom line's right
        assert drawn(view, (0, 0), dy=-1)[0] == "2" and drawn(view, (0, 0), 2, 1)[0] == "6"
        await pilot.press("e", "right", "2")  # r1c2 = 2: r1c1's note 2 is hidden, not erased
        assert view.board.note((0, 0)) == 0b100010 and view.visible_notes((0, 0)) == 0b100000
        assert drawn(view, (0, 0), dy=-1)[0] == " "
        await pilot.press("a")  # auto-notes off: the note shows again
        assert drawn(view, (0, 0), dy=-1)[0] == "2"
        await pilot.press("left", "backspace")  # clears r1c1's notes
        assert view.board.note((0, 0)) == 0
        await pilot.press("u")
        assert view.board.note((0, 0)) == 0b100010


async def test_mouse_selects_and_right_click_clears_and_repeats_turn_red() -> None:
    app = sudoku_app()
    async with playing(app, size=SIZE) as pilot:
        view = board(app)
        x, y = view.cell_offset((0, 3))
        await pilot.click(SudokuBoard, offset=(x, y))
        assert view.cursor == (0, 3) and view.board.value((0, 3)) is None
        await pilot.press("5")  # row 1 already holds a given 5
        await settled(pilot)
        glyph, style = drawn(view, (0, 3))
        assert glyph == "5" and str(style.color.name).lower() == FAULT  # type: ignore[attr-defined]
        assert drawn(view, (0, 2))[0] == "5"  # the given 5 is marked too
        assert "5" in view.board.faults[0].text
        await pilot.click(SudokuBoard, offset=(x, y), button=3)
        assert view.board.value((0, 3)) is None and not view.board.faults


async def test_hint_explains_then_places(tmp_path: Path) -> None:
    app = sudoku_app()
    async with playing(app, size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("h")
        await settled(pilot)
        message = app.game_screen.query_one("#message").render()
        assert "has only one place in" in str(message)
        before = board(app).board.filled
        await pilot.press("h")
        await settled(pilot)
        assert board(app).board.filled == before + 1


async def test_play_kind_sudoku_opens_todays_daily_from_the_calendar(tmp_path: Path) -> None:
    day = date(2026, 11, 23)  # a Monday: the week's easiest
    store = Store(tmp_path / "data", sync=False, today=lambda: day)
    app = create_app(None, store=store, kind="sudoku", engine="search")
    async with playing(app, size=SIZE) as pilot:
        await settled(pilot)
        level = app.game_screen.midend.ref.level
        assert level.kind == "sudoku" and level.name == "Daily Mini Sudoku 2026-11-23"
        assert (
            level.difficulty == "easy"
            and app.game_screen.midend.ref.key == "sudoku-daily:2026-11-23"
        )
    store.close()


async def test_the_browser_lists_the_sudoku_packs_and_dailies(tmp_path: Path) -> None:
    day = date(2026, 11, 23)
    store = Store(tmp_path / "data", sync=False, today=lambda: day)
    app = create_app("sudoku-2-medium/004", store=store, engine="search")
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        browser = app.screen
        keys = [e.key for e in browser.entries]  # type: ignore[attr-defined]
        assert "pack:sudoku-1-easy/001" in keys and "sudoku-daily:2026-11-23" in keys
        entry = next(e for e in browser.entries if e.key == "pack:sudoku-3-hard/002")  # type: ignore[attr-defined]
        assert (entry.size, entry.difficulty) == (6, "hard")
        browser.dismiss(entry.ref)
        await settled(pilot)
        assert app.game_screen.midend.ref.bundled_id == "sudoku-3-hard/002"
    store.close()


async def test_a_note_auto_notes_hide_at_once_says_why() -> None:
    """Issue 35 item 16: with auto-notes on, a note typed for a digit the row, column or box
    already holds vanished at once without a word: it is kept, and the game says why it is
    not shown (and how to see it)."""
    from queens_tui.kinds.sudoku.rules import peers

    app = sudoku_app()
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        screen = app.game_screen
        board = screen.midend.game.state
        cell, digit = next(
            (cell, board.value(p))
            for cell in ((r, c) for r in range(6) for c in range(6))
            if board.value(cell) is None
            for p in sorted(peers(cell))
            if board.value(p) is not None
        )
        screen.board_view.cursor = cell
        await pilot.press("e", str(digit))
        await pilot.pause()
        state = screen.midend.game.state
        assert state.note(cell) >> (digit - 1) & 1  # kept
        said = " ".join(n.message for n in app._notifications)
        assert f"The note {digit} is kept but not shown" in said, said
        assert "a turns them off" in said, said
        assert not board_view_notes(app, cell) >> (digit - 1) & 1  # hidden while on
        await pilot.press("a")  # auto-notes off: the note shows, and typing it says nothing
        await pilot.press("u", str(digit))
        await pilot.pause()
        assert board_view_notes(app, cell) >> (digit - 1) & 1
        kept = [n for n in app._notifications if "is kept but not shown" in n.message]
        assert len(kept) == 1


def board_view_notes(app, cell) -> int:  # type: ignore[no-untyped-def]
    return board(app).visible_notes(cell)
