"""The tests' key player (tests/player.py): the keys it sends are the ones Textual's Pilot
sends, and its wait ends only after what a key set going is done and drawn: messages passed
on, a repaint's after-refresh callback, a thread's work coming back. Public names only."""

from __future__ import annotations

import ast
import threading
import time
from pathlib import Path

from textual import events
from textual.app import App, ComposeResult
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from tests.player import Player, playing
from tests.unit.test_textual_public import private_uses

KEYS = ("h", "H", "?", "-", "=", " ", "enter", "ctrl+z", "minus", "question_mark", "left", "tab")


class Recorder(App[None]):
    """Keeps every key it is sent; `r` passes a message on, `t` works in a thread, `d`
    opens a dialog."""

    class Passed(Message):
        pass

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[tuple[str, str | None]] = []
        self.log_: list[str] = []

    def compose(self) -> ComposeResult:
        self.said = Static("", id="said")
        yield self.said

    def on_key(self, event: events.Key) -> None:
        self.keys.append((event.key, event.character))
        if event.key == "r":
            self.said.post_message(self.Passed())
        elif event.key == "t":
            threading.Thread(target=self.work, daemon=True).start()
        elif event.key == "d":
            self.push_screen(ModalScreen())

    def on_recorder_passed(self, _: Passed) -> None:
        self.said.update("passed")
        self.said.call_after_refresh(self.log_.append, "drawn")  # after its screen's refresh

    def work(self) -> None:
        end = time.process_time() + 0.05  # 50 ms of CPU, then the answer
        while time.process_time() < end:
            pass
        self.call_from_thread(self.log_.append, "worked")


async def test_the_keys_are_the_ones_pilot_sends() -> None:
    ours, pilots = Recorder(), Recorder()
    async with playing(ours) as player:
        await player.press(*KEYS)
    async with pilots.run_test() as pilot:
        await pilot.press(*KEYS)
    assert ours.keys == pilots.keys and len(ours.keys) == len(KEYS)


async def test_a_key_is_waited_for_until_its_work_is_done_and_drawn() -> None:
    app = Recorder()
    async with playing(app) as player:
        await player.press("r")  # a message passed on, then an after-refresh callback
        assert app.log_ == ["drawn"]
        assert str(app.said.render()) == "passed"
        await player.press("t")  # a thread's 50 ms of work, answered through the app
        assert app.log_ == ["drawn", "worked"]


async def test_a_change_under_a_dialog_is_waited_for_and_drawn() -> None:
    app = Recorder()
    async with playing(app) as player:
        await player.press("d", "r")  # a dialog, then a widget under it is changed
        assert isinstance(app.screen, ModalScreen) and app.log_ == ["drawn"]
        app.pop_screen()
        await player.press("r")
        assert not isinstance(app.screen, ModalScreen) and app.log_ == ["drawn", "drawn"]


async def test_everything_else_is_the_pilot_s_own() -> None:
    app = Recorder()
    async with playing(app, size=(40, 10)) as player:
        assert isinstance(player, Player) and player.app is app
        await player.resize_terminal(50, 12)
        assert app.size == (50, 12)
        assert await player.click("#said")  # Pilot.click


def test_the_player_uses_textual_s_public_api_only() -> None:
    """Issue 34 item 2: the tests' wait reads no private state of Textual's."""
    for name in ("player.py", "conftest.py"):
        source = (Path(__file__).parent.parent / name).read_text(encoding="utf-8")
        assert private_uses(ast.parse(source)) == [], name
