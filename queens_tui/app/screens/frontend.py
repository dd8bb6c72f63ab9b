"""A screen as the midend's front end: what `midend.door.Frontend` asks, in Textual's terms.

Tatham's midend asks its front end for a timer, a redraw and a status bar; ours asks to run
a worker's answer on the UI thread, to run something after the frame or in n seconds, to
redraw and to show a toast (`post`, `after_frame`, `later`, `redraw`, `note`). The clock
of the level runs only while the screen is in front and the app is not suspended
(`ctrl+z`): the handlers here pause and resume it. The game screen draws and forwards keys;
this is the rest of what a front end does, apart from it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual import events
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.types import NoActiveAppError

from queens_tui.midend.session import NOTICE_SECONDS

if TYPE_CHECKING:
    from queens_tui.app.widgets import StatusBar
    from queens_tui.midend.door import Midend

TICK = 0.25
"""Seconds between timer refreshes of the status line."""


@runtime_checkable
class AsciiApp(Protocol):
    """An app that draws its own text in plain ASCII on request (`app.QueensApp`).

    Checked by shape, not by class: the app module imports this one, so importing it back
    would make a circle."""

    ascii: bool


class Call(Message):
    """Run `fn` on the UI thread (posted from a worker thread by the midend)."""

    def __init__(self, fn: Callable[[], None]) -> None:
        super().__init__()
        self.fn = fn


class FrontendScreen(Screen[None]):
    """The midend's front end (see the module docstring); `GameScreen` is one."""

    midend: Midend
    swapping = False
    """True while the widgets are being replaced (a level of another kind): nothing to draw
    on, no key to take."""

    @property
    def status(self) -> StatusBar:
        """The status line, whose timer ticks here (the game screen says where it is)."""
        raise NotImplementedError

    def draw(self) -> None:
        """Draw the midend's view (the game screen says how)."""
        raise NotImplementedError

    # --- midend.door.Frontend ---------------------------------------------------------------

    def post(self, fn: Callable[[], None]) -> None:
        # a reply can arrive as the screen leaves or the app quits: nobody wants it then
        with contextlib.suppress(NoActiveAppError):
            self.post_message(Call(fn))

    def on_call(self, message: Call) -> None:
        message.stop()
        if self.is_attached:
            message.fn()

    def after_frame(self, fn: Callable[[], None]) -> None:
        def run() -> None:
            if self.is_attached:
                fn()

        self.call_after_refresh(run)

    def later(self, seconds: float, fn: Callable[[], None]) -> None:
        self.set_timer(seconds, fn)

    def redraw(self) -> None:
        if self.is_attached and not self.swapping:
            self.draw()

    def note(self, text: str, severity: str = "information", timeout: float = 1.5) -> None:
        level: SeverityLevel = "error" if severity == "error" else "information"
        self.notify(text, severity="warning" if severity == "warning" else level, timeout=timeout)

    def show_notices(self) -> None:
        """What the store has to say (a file set aside, a failed write) as warnings."""
        for text in self.midend.session.notices():
            self.notify(text, severity="warning", timeout=NOTICE_SECONDS)

    # --- the clock: runs only while this screen is on top and the app is in front ----------

    def start_clock(self) -> None:
        """Tick the status line's timer; follow the app's suspend (ctrl+z) and resume."""
        self.set_interval(TICK, self._tick_and_notices)
        # immediate: the process stops right after the signal, before any queued callback
        self.app.app_suspend_signal.subscribe(self, self._on_app_suspend, immediate=True)
        self.app.app_resume_signal.subscribe(self, self._on_app_resume)

    def _tick(self) -> None:
        if not self.swapping:
            self.status.seconds = self.midend.seconds

    def _tick_and_notices(self) -> None:
        """The timer's tick; also what the store has said since (a background save that
        failed after the last move), so a notice never waits for the next key."""
        self._tick()
        self.show_notices()

    def on_screen_suspend(self, event: events.ScreenSuspend) -> None:
        self.midend.pause()
        self._paused(not self.midend.game.solved)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        self.midend.resume()
        self._paused(False)

    def _paused(self, paused: bool) -> None:
        if not self.swapping:
            self.status.paused = paused
            self._tick()

    def _on_app_suspend(self, app: object) -> None:
        self.midend.pause()

    def _on_app_resume(self, app: object) -> None:
        """Back from ctrl+z / fg: the terminal was cleared meanwhile, so draw everything again
        now (not at the next key); the clock goes on only if this screen is in front."""
        if self.is_current:
            self.midend.resume()
        self.app.call_after_refresh(self.repaint_all)

    def repaint_all(self) -> None:
        """Redraw every widget of the screen on top in full."""
        screen = self.app.screen
        for widget in screen.query("*"):
            widget.refresh()
        screen.refresh(layout=True, repaint=True)
        self.app.refresh(layout=True, repaint=True)


__all__ = ["TICK", "Call", "FrontendScreen"]
