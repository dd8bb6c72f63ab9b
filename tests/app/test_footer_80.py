"""Issue 10 item 8: at 80 columns the key line always shows `q Quit` and `? Help`."""

from __future__ import annotations

from typing import ClassVar

import pytest

from queens_tui.app import create_app
from queens_tui.app.widgets.keyline import KeyLine
from tests.player import playing
from tests.scenes import settled


def visible_keys(app, width: int) -> list[tuple[str, str]]:
    """The keys drawn on the line within `width`: whole entries, in order, then the palette's
    key at the right end (a key that does not fit is left out, never cut)."""
    line = app.screen.query_one(KeyLine)
    drawn = line.render_line(0).text
    assert len(drawn) == line.size.width <= width
    *keys, palette = line.entries()
    right = f"▏ {palette.shown} {palette.description} "
    assert drawn.endswith(right), drawn
    left = drawn.removesuffix(right).rstrip(" ") + " "
    shown = line.shown()
    assert left == "".join(f" {k.shown} {k.description} " for k in shown), drawn
    assert len(shown) < len(keys)  # at 80 columns some are left out
    return [(k.key, k.description) for k in shown] + [(palette.key, palette.description)]


async def test_quit_and_help_show_at_80_columns(level8_file) -> None:
    app = create_app(str(level8_file), persist=False)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        keys = visible_keys(app, 80)
        assert ("q", "Quit") in keys and ("question_mark", "Help") in keys, keys
        assert ("space", "Mark") in keys  # the moves still show after them


async def test_quit_and_help_show_for_classic_at_80_columns() -> None:
    from queens_tui.kinds.classic.kind import level
    from queens_tui.midend.levels import OpenLevel

    app = create_app(OpenLevel(level(8, [])), persist=False)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        keys = visible_keys(app, 80)
        assert ("q", "Quit") in keys and ("question_mark", "Help") in keys, keys


async def test_the_board_does_not_move_when_hint_text_appears(level8_file) -> None:
    from .assist_fixtures import settle

    app = create_app(str(level8_file), persist=False)
    async with playing(app, size=(80, 24)) as pilot:
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
    async with playing(app, size=(80, 24)) as pilot:
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
        assert screen.midend.game.stopwatch.elapsed < 1


async def test_ascii_footer_and_status_are_pure_ascii(level8_file) -> None:
    app = create_app(str(level8_file), persist=False, ascii=True)
    async with playing(app, size=(120, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one(KeyLine)
        shown = [k.shown + k.description for k in line.entries()]
        assert shown and all(text.isascii() for text in shown), shown
        drawn = line.render_line(0).text
        assert "? Help" in drawn and drawn.isascii(), drawn
        status = app.game_screen.status.plain
        assert status.isascii(), status


STATUS_80 = [  # (name, size, progress) as each kind's game feeds the status line
    ("Daily 2026-11-23", "7×7", "2 of 7 queens"),
    ("Daily Tango 2026-11-23", "6×6", "4 of 36 filled"),
    ("Daily Zip 2026-11-23", "6×6", "1 of 7 numbers · 3 of 36 cells"),
    ("8 queens", "8×8", "2 of 8 placed · 0 of 92 found · 0 of 12 fundamental"),
    ("A level name as long as a pack file may give it, and longer", "9×9", "0 of 9 queens"),
]


async def test_status_keeps_the_verdict_at_80_columns_for_every_kind() -> None:
    """Issue 10 item 8: at 80 columns the live check's verdict keeps its meaning whatever the
    kind: Zip's and classic's lines cut it to "can't be" before. The clock stays too; the
    move count, the options, the size, the kind's later progress pieces, then the name's end
    give way. With `--ascii` the kind's own pieces are split by " | " like the rest."""
    from textual.app import App, ComposeResult

    from queens_tui.app.widgets.status import StatusBar
    from queens_tui.formats import zip as fmt
    from queens_tui.kinds.zip.play import PLAY
    from queens_tui.midend.actions import default_words
    from queens_tui.midend.assistant import CAN, CANNOT
    from tests.zip_data import linkedin_days

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield StatusBar(id="s")

    app = Host()
    async with playing(app, size=(80, 3)) as pilot:
        bar = app.query_one(StatusBar)
        bar.seconds, bar.moves, bar.options = 7, 12, ("auto-× on",)
        for name, size, progress in STATUS_80:
            for ascii in (False, True):
                bar.ascii = ascii
                bar.level_name, bar.size_text, bar.progress = name, size, progress
                for check, words in ((CANNOT, "can't be finished: press m"), (CAN, CAN)):
                    bar.check = default_words(check)
                    await pilot.pause()
                    line = bar.plain
                    assert len(line) <= 80, line
                    assert line.endswith(f"00:07{bar.sep.plain}{words}"), line
                    assert line.startswith(name[:10]) or name[-10:] in line, line
                    assert progress.split(" · ")[0] in line, line  # the count stays
                    if name == "8 queens":  # the hunt stays too, short of its fundamental count
                        assert "0 of 92 found" in line, line
                    assert line.isascii() == ascii or not ascii, line
        bar.ascii, bar.check = True, ""
        zip_level = fmt.level_from_json(linkedin_days()[3])
        bar.progress = PLAY.progress_text(PLAY.new_state(zip_level), True)
        bar.level_name, bar.size_text = "Daily Zip 2026-11-23", "6×6"
        await pilot.pause()
        pieces = [part.plain for part in bar.segments()]
        assert pieces[2:4] == [f"1 of {zip_level.last} numbers", "1 of 36 cells"], pieces
        assert (
            bar.plain
            == f"Daily Zip 2026-11-23 | 6x6 | 1 of {zip_level.last} numbers | 1 of 36 cells | 00:07"
        )


def test_fit_text_keeps_the_meaning_in_the_lines_it_has() -> None:
    from queens_tui.app.widgets.message import fit_text

    hint = (
        "The blue region (A) and the orange region (B) lie within rows 1 and 2: cross out "
        "the other cells of those rows, at row 1, column 7 and row 2, column 8. "
        "Press h again to apply it."
    )
    assert fit_text(hint, 78, 3) == hint  # three lines: whole
    two = fit_text(hint, 78, 2)
    assert two == hint.removesuffix(" Press h again to apply it.")  # the instruction goes first
    cut = fit_text("word " * 60, 78, 2, "...")
    assert (
        cut.endswith("...") and cut.count("\n") == 1 and all(len(x) <= 78 for x in cut.split("\n"))
    )


async def test_a_three_line_hint_keeps_its_conclusion_at_80x24(level8_file) -> None:
    """Issue 10 item 6: at 80x24 the message area has two lines whatever the text (the board
    stays put); a hint needing three lost its third line (its conclusion) before: now it
    drops the closing "Press h again" first, then the middle of its reasoning ("…")."""
    app = create_app(str(level8_file), persist=False)
    async with playing(app, size=(80, 24)) as pilot:
        await settled(pilot)  # the worker's first answers drawn: nothing redraws the message later
        screen = app.game_screen
        message = screen.query_one("#message")
        before = screen.board_view.region
        hint = (
            "A queen at row 1, column 3 would force a queen at row 2, column 6 (the last free "
            "cell of its line), and then row 4 would have no free cell left: cross it out. "
            "Press h again to apply it."
        )
        screen.show_message(hint)
        await pilot.pause()
        shown = str(message.content)
        assert message.size.height == 2 and screen.board_view.region == before
        # the aside goes, the sentence stays whole (before: "…" cut its middle)
        assert shown == hint.replace(" (the last free cell of its line)", "").removesuffix(
            " Press h again to apply it."
        ), shown
        await pilot.resize_terminal(120, 24)  # room enough: the whole hint
        await settled(pilot)
        screen.show_message(hint)
        await pilot.pause()
        assert str(message.content) == hint


async def test_a_cut_message_follows_ascii_at_once() -> None:
    """Plain ASCII turned on with a message cut on screen: its "…" becomes "..." now, not at
    the next message or resize (the game skips saying a message again when its text, pure
    ASCII already, is unchanged), and back."""
    from textual.app import App, ComposeResult

    from queens_tui.app.widgets.message import MessageArea

    class One(App[None]):
        CSS = "MessageArea { width: 40; height: 2; }"

        def compose(self) -> ComposeResult:
            yield MessageArea()

    app = One()
    async with playing(app, size=(80, 24)) as pilot:
        message = app.query_one(MessageArea)
        message.text = "word " * 60
        await pilot.pause()
        assert str(message.content).endswith("…")
        message.ascii = True
        await pilot.pause()
        assert str(message.content).endswith("...") and "…" not in str(message.content)
        message.ascii = False
        await pilot.pause()
        assert str(message.content).endswith("…")


def test_fit_text_keeps_the_conclusion_of_a_long_hint() -> None:
    from queens_tui.app.widgets.message import fit_text

    hint = (
        "A queen at row 1, column 3 would force a queen at row 2, column 6 (the last free cell "
        "of its line), and then row 4 would have no free cell left: cross it out. Press h "
        "again to apply it."
    )
    two = fit_text(hint, 78, 2)
    assert two == (
        "A queen at row 1, column 3 would force a queen at row 2, column 6, and then row 4 "
        "would have no free cell left: cross it out."
    )  # the aside in parentheses goes first: the sentence reads whole
    tight = fit_text(hint, 60, 2)  # no room even so: the reasoning is cut before the conclusion
    assert tight.startswith("A queen at row 1, column 3") and tight.endswith("…: cross it out.")


async def test_a_click_on_the_key_line_presses_its_key(level8_file) -> None:
    """Every key on the line is a link: a click on ` u Undo ` undoes, as `u` does."""
    from queens_tui.kinds.queens.board import Mark

    app = create_app(str(level8_file), persist=False)
    async with playing(app, size=(120, 24)) as pilot:
        view = app.game_screen.board_view
        await pilot.press("x")
        assert view.board.mark((0, 0)) is Mark.CROSS
        line = app.screen.query_one(KeyLine)
        x = line.render_line(0).text.index(" u Undo ") + 2
        await pilot.click(line, offset=(x, 0))
        await pilot.pause()
        assert view.board.mark((0, 0)) is Mark.EMPTY


async def test_a_disabled_key_is_drawn_dim_and_its_click_does_nothing() -> None:
    """`check_action` None (disabled, still shown) and False (hidden), as Textual's Footer."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding, BindingType
    from textual.screen import Screen

    pressed: list[str] = []

    class Keys(Screen[None]):
        BINDINGS: ClassVar[list[BindingType]] = [
            Binding("a", "press('a')", "Ay"),
            Binding("b", "press('b')", "Bee"),
            Binding("c", "press('c')", "Sea"),
        ]

        def compose(self) -> ComposeResult:
            yield KeyLine()

        def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
            if action != "press":
                return True
            return {"a": True, "b": None, "c": False}[str(parameters[0])]

        def action_press(self, key: str) -> None:
            pressed.append(key)

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(Keys())

    app = Host()
    async with playing(app, size=(80, 5)) as pilot:
        await pilot.pause()
        line = app.screen.query_one(KeyLine)
        entries = {e.key: e.enabled for e in line.entries() if e.key in "abc"}
        assert entries == {"a": True, "b": False}  # c is hidden
        drawn = line.render_line(0)
        bee = next(s for s in drawn if "Bee" in s.text)
        assert bee.style.dim
        text = drawn.text
        await pilot.click(line, offset=(text.index(" b ") + 1, 0))
        await pilot.click(line, offset=(text.index(" a ") + 1, 0))
        await pilot.pause()
        assert pressed == ["a"]


@pytest.mark.parametrize("kind", ["queens", "tango", "zip"])
def test_cut_hints_keep_their_conclusion_on_every_kind(kind: str) -> None:
    """Issue 28 item 8: in two lines of 50 to 78 columns (80x24, a big board beside), every
    step of the hardest bundled levels keeps its conclusion (the end of its last sentence)."""
    from queens_tui.app.widgets.message import PRESS, fit_text
    from queens_tui.formats import load_puzzle
    from queens_tui.formats.bundled import bundled_levels
    from queens_tui.kinds import get_kind

    for _id, path in sorted(bundled_levels(kind))[-2:]:
        for step in get_kind(kind).explain(load_puzzle(path)).steps:
            text = str(step["text"]) + " Press h again to apply it."
            for width in (78, 50):
                shown = PRESS.sub("", fit_text(text, width, 2))
                assert shown.endswith(str(step["text"])[-12:]), (width, text, shown)
