"""Words a player reads are plain text: no markup tags, no Markdown backticks (issue 35 item 10)."""

from __future__ import annotations

from textual.message import Message
from textual.notifications import Notify

from queens_tui.app import create_app
from queens_tui.midend import actions
from queens_tui.midend.actions import ASSIST, palette
from tests.player import playing


def test_the_palette_shows_no_backticks() -> None:
    offered = {title: text for title, text, _ in palette(ASSIST)}
    assert (
        offered["Hint"]
        == "Hint: explain the next logical step and highlight it; h again applies it (h)"
    )
    every = [text for _, text, _ in palette(actions.game_actions((), ()))]
    assert every and not any("`" in text for text in every)


async def test_ctrl_c_says_which_key_quits_in_plain_words(level8_file) -> None:
    app = create_app(str(level8_file), persist=False)
    messages: list[Message] = []
    async with playing(app, size=(80, 24), message_hook=messages.append) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        said = [m.notification.message for m in messages if isinstance(m, Notify)]
        assert "Press q to quit the game." in said, said
        assert not any("[b]" in text for text in said)
