"""The player's contract, the same for every kind in `KINDS` (issue 34 item 6).

Each test is one promise, run on every kind (the `kind` fixture): the daily opens; a mark,
undo, redo; restart asks and keeps the hints used; a hint is shown, its evidence tinted, then
applied; `m` gives a reason; a relaunch on the same data folder gives the same board, timer,
hints and mistakes; the win card and share line read the same after a relaunch, and a daily
solved with `S` keeps no streak and no best time; at 80x24 the board, the status line, a
two-line message and a footer with the hint key fit; ASCII and NO_COLOR boards read without
colour. Small boards, a fake clock, the pure search: the whole suite is a few seconds.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widget import Widget

from queens_tui.app.screens.confirm import ConfirmScreen
from queens_tui.app.screens.win import GUARD, WinScreen
from queens_tui.app.widgets.keyline import KeyLine
from queens_tui.app.widgets.message import PRESS, fit_text
from queens_tui.kinds import get_kind
from tests.player import playing

from .conftest import DAY, SIZE, launch, mark, plain_board, settle, store_in


def status(app) -> str:
    return app.game_screen.status.plain


def figures(game) -> tuple[object, ...]:
    """What a relaunch must give back: the board, the clock, the hints, the mistakes."""
    json = game.rules.state_to_json(game.state)
    return (json, int(game.stopwatch.elapsed), game.hints_used, game.mistakes)


async def hint_then_mark(pilot, app):
    """A hint looked at (`h`), then a mark of the player's: the game."""
    await pilot.pause()
    game = app.game_screen.midend.game
    await pilot.press("h")
    await settle(pilot)
    await mark(pilot, app)
    return game


async def test_the_daily_opens(kind: str, tmp_path: Path, clock) -> None:
    """`queens-tui play --kind K` opens today's daily (a board of the default size for a kind
    without dailies), its status line naming the day."""
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        screen = app.game_screen
        assert screen.kind == kind and screen.midend.game.moves == 0
        if get_kind(kind).daily is not None:
            assert screen.midend.ref.day == DAY and DAY.isoformat() in status(app)
        assert app.game_screen.board_view.size.area > 0


async def test_a_mark_undo_and_redo(kind: str, tmp_path: Path, clock) -> None:
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        game = app.game_screen.midend.game
        saved = game.rules.state_to_json
        blank = saved(game.state)
        await mark(pilot, app)
        marked = saved(game.state)
        assert marked != blank
        await pilot.press("u")
        assert saved(game.state) == blank and game.undos == 1
        await pilot.press("ctrl+r")
        assert saved(game.state) == marked


async def test_restart_asks_and_keeps_the_hints_used(kind: str, tmp_path: Path, clock) -> None:
    """Issue 35 item 1: a hint counts for the level, whatever happens after (a restart)."""
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        game = await hint_then_mark(pilot, app)
        assert game.hints_used == 1
        clock.advance(30)
        await pilot.press("r")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert game.blank or game.rules.is_blank(game.state)
        assert int(game.stopwatch.elapsed) == 0
        assert game.hints_used == 1 and "1 hint" in status(app)


async def test_a_hint_is_shown_with_its_evidence_then_applied(
    kind: str, tmp_path: Path, clock
) -> None:
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        screen = app.game_screen
        game = screen.midend.game
        before = game.state
        await pilot.press("h")
        await settle(pilot)
        shown = screen.midend.view().message
        assert shown and "again" in shown, shown
        assert screen.board_view.marks, "the hint tints no cell"
        assert game.state is before  # shown, not applied
        await pilot.press("h")
        await settle(pilot)
        assert game.state is not before and game.hints_used == 1
        if not game.solved:  # issue 35 item 3: no "solved with help" on a board not solved
            assert "solved" not in screen.midend.view().helped


async def test_m_gives_a_reason(kind: str, tmp_path: Path, clock) -> None:
    """`m` answers in a sentence, on a board that can be finished or not."""
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        await mark(pilot, app)
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        view = app.game_screen.midend.view()
        assert view.message.rstrip().endswith((".", ")")), view.message
        if "can't" in view.check:
            assert view.marks, "a board that can't be finished shows no wrong mark"


async def test_a_relaunch_gives_the_same_board_timer_hints_and_mistakes(
    kind: str, tmp_path: Path, clock
) -> None:
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        game = await hint_then_mark(pilot, app)
        await settle(pilot)
        clock.advance(42)
        saved = figures(game)
        await pilot.press("q")
    again = launch(kind, tmp_path, clock)
    async with playing(again, size=SIZE) as pilot:
        await pilot.pause()
        game = again.game_screen.midend.game
        assert figures(game) == saved


async def test_the_win_card_reads_the_same_after_a_relaunch(
    kind: str, tmp_path: Path, clock
) -> None:
    """Solved with `S`: the card and share line come back word for word; a daily solved so
    keeps no streak and no best time (issue 35 item 2)."""
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        clock.advance(20)
        await pilot.press("S")
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, WinScreen)
        share = str(app.screen.query_one("#share").render())
        figures = str(app.screen.query_one("#figures").render())
        assert "solved with help" in share
        clock.advance(GUARD + 1)
        await pilot.press("q")
    store = store_in(tmp_path)
    stats = store.level_stats(app.ref.key)
    assert stats is not None and stats.best_time is None
    assert store.streak(DAY, kind).current == 0
    again = launch(kind, tmp_path, clock)
    async with playing(again, size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, WinScreen)
        assert str(again.screen.query_one("#share").render()) == share
        assert str(again.screen.query_one("#figures").render()) == figures


async def test_at_80x24_the_win_card_names_the_level_once_above_the_status_line(
    kind: str, tmp_path: Path, clock
) -> None:
    """Issue 35 item 11: the share line says the kind once ("Classic N-queens 8 queens (8x8)"
    said it twice), its `|` never alone on a line, and the card leaves the status line and
    the key line in view."""
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("S", "y")
        await settle(pilot)
        assert isinstance(app.screen, WinScreen)
        title = get_kind(kind).title
        puzzle = app.screen.result.share_line().split(" | ")[0]
        assert puzzle.count(title) == 1, puzzle
        shown = str(app.screen.query_one("#share").render())
        assert all(line.strip() != "|" for line in shown.splitlines()), shown
        card = app.screen.query_one("#dialog").region
        assert card.bottom <= app.game_screen.status.region.y


def conclusion(text: str) -> str:
    """What a hint or `m` concludes, that the player acts on: the end of its last sentence
    (after "; that leaves " or the last ": " in it), without the closing "Press ..."."""
    last = re.split(r"(?<=[.)])\s+(?=[A-Z])", PRESS.sub("", text).strip())[-1]
    for sep in ("; that leaves ", ": "):
        if sep in last:
            return last.rpartition(sep)[2]
    return last


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_hints_and_m_state_their_conclusion_whole_on_screen(
    kind: str, tmp_path: Path, clock, size: tuple[int, int]
) -> None:
    """Issue 35 item 8: at 80x24 and 120x40, every hint (three in a row, each applied) and
    `m` on a marked board show their conclusion whole in the message area; they never
    count steps the player was not shown ("after 22 forced steps elsewhere", "(2 steps
    first.)"): what they rely on is marked on the board."""
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=size) as pilot:
        await pilot.pause()
        screen = app.game_screen
        area = screen.query_one("#message")
        said: list[str] = []
        for _ in range(3):
            await pilot.press("h")
            await settle(pilot)
            said.append(area.text)
            await pilot.press("h")
            await settle(pilot)
            if screen.midend.game.solved:
                break
        if not screen.midend.game.solved:
            await mark(pilot, app)
            await settle(pilot)
            await pilot.press("m")
            await settle(pilot)
            said.append(area.text)
        for text in said:
            assert not re.search(r"\d+ (forced )?steps? (first|elsewhere)", text), text
        # each text as the area fits it (`fit_text`, the area's own size)
        width, lines = area.content_size.width, area.content_size.height
        for text in said:
            shown = " ".join(PRESS.sub("", fit_text(text, width, lines)).split())
            assert shown.endswith(" ".join(conclusion(text).split())), (size, text, shown)


def inside(widget: Widget, width: int, height: int) -> bool:
    region = widget.region
    return region.area > 0 and region.right <= width and region.bottom <= height


async def test_at_80x24_board_status_line_and_a_two_line_message_fit(
    kind: str, tmp_path: Path, clock
) -> None:
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        screen.show_message(
            "A first line of a message that says something long enough.\nAnd a second."
        )
        await pilot.pause()
        board, status_bar = screen.board_view, screen.status
        message = screen.query_one("#message")
        for widget in (board, status_bar, message):
            assert inside(widget, 80, 24), widget
        assert message.region.height >= 2
        assert not board.region.overlaps(message.region)
        assert not board.region.overlaps(status_bar.region)
        assert inside(screen.query_one(KeyLine), 80, 24)


async def test_at_80x24_the_footer_holds_the_hint_key(kind: str, tmp_path: Path, clock) -> None:
    """Issue 35 item 12: the hint key (and help, quit, undo) always show, in ASCII too."""
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        keyline = app.game_screen.query_one(KeyLine)
        for ascii in (False, True):
            app.game_screen.set_ascii(ascii)
            await pilot.pause()
            drawn = "".join(seg.text for seg in keyline.render_line(0))
            for words in (" h Hint ", " u Undo ", " ? Help ", " q Quit "):
                assert words in drawn, (ascii, drawn)


async def test_at_80x24_the_status_line_says_the_progress_in_words_and_keeps_the_date(
    kind: str, tmp_path: Path, clock
) -> None:
    """Issue 35 item 12: "12 of 36 filled", not "1-6 12/36"; a daily's date stays whole on the
    line at 80 columns, with a hint counted and the live check's verdict."""
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=(80, 24)) as pilot:
        await hint_then_mark(pilot, app)
        await settle(pilot)
        line = status(app)
        assert len(line) <= 78 and "1 hint" in line, line
        assert re.search(r"\b\d+ of \d+ [a-z]+", line), line
        if get_kind(kind).daily is not None:
            assert DAY.isoformat() in line, line


async def test_a_hint_names_no_colour_where_none_is_shown(
    kind: str, tmp_path: Path, clock, monkeypatch
) -> None:
    """With NO_COLOR the board has no colours, so a hint names none ("the grey region (E)",
    "the clue ... (blue)" would point at nothing): it names what is drawn, rows, columns,
    letters and numbers."""
    from queens_tui.app.palette import COLOR_NAMES

    monkeypatch.setenv("NO_COLOR", "1")
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await settle(pilot)
        said = app.game_screen.query_one("#message").text
        assert said, "no hint shown"
        words = set(re.findall(r"[a-z]+", said.lower()))
        assert not words & set(COLOR_NAMES.values()), said


async def test_ascii_and_no_color_boards_read_without_colour(
    kind: str, tmp_path: Path, clock, monkeypatch
) -> None:
    """With NO_COLOR, a mark shows in the board's text itself, not only in its colour; in
    ASCII too, every character plain ASCII."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=SIZE) as pilot:
        await pilot.pause()
        assert app.no_color
        blank = plain_board(app)
        await mark(pilot, app)
        await pilot.pause()
        assert plain_board(app) != blank
        app.game_screen.set_ascii(True)
        await pilot.pause()
        marked = plain_board(app)
        await pilot.press("u")
        await pilot.pause()
        assert plain_board(app) != marked
        assert all(line.isascii() for line in marked), marked


async def test_at_80x24_a_hint_shows_in_the_board_s_text_without_colour(
    kind: str, tmp_path: Path, clock, monkeypatch
) -> None:
    """With NO_COLOR at 80x24, a hint shown (not applied) changes the board's text itself,
    the cursor where it was: its marks (`palette.HINT_MARKS`: `›` `‹` what it reads, `+`
    where it places), or the piece it proposes; not only a tint that is not shown."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.game_screen.board_view
        blank, cursor = plain_board(app), view.cursor
        await pilot.press("h")
        await settle(pilot)
        assert view.marks and view.cursor == cursor
        assert plain_board(app) != blank, "\n".join(blank)


async def test_a_terminal_too_small_for_the_board_says_so_then_the_board_comes_back(
    kind: str, tmp_path: Path, clock
) -> None:
    """Every kind says the same when its board cannot fit (what it needs, what it has), where
    Zip, Patches and classic N-queens drew a board cut at the window's edge and Tango and Mini
    Sudoku a terse line; a bigger window brings the board back."""
    app = launch(kind, tmp_path, clock)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        whole = plain_board(app)
        await pilot.resize_terminal(24, 10)
        text = "\n".join(plain_board(app))
        assert "Terminal too small" in text and "Enlarge the window." in text, text
        assert re.search(r"board: need \d+×\d+,", text), text
        await pilot.resize_terminal(80, 24)
        assert plain_board(app) == whole
