"""The Textual application and the one factory that builds it.

`create_app` is used by the CLI, the tests, the snapshots and the screenshot
script alike, so they all run the very same app. Nothing here imports
OR-Tools: the solver, when it comes, is imported inside a worker after the
first frame.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from queens_tui.app.clock import Clock
from queens_tui.app.levels import LevelRef, next_level, open_level
from queens_tui.app.screens.game import ACTIONS, GameScreen


class QueensApp(App[None]):
    """Queens in the terminal."""

    CSS_PATH = "queens.tcss"
    TITLE = "queens-tui"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True)
    ]

    def __init__(self, ref: LevelRef, *, ascii: bool = False, now: Clock = time.monotonic) -> None:
        super().__init__()
        self.ref = ref
        self.ascii = ascii
        self.now = now

    def get_default_screen(self) -> Screen:
        return GameScreen(self.ref, ascii=self.ascii, now=self.now, next_level=next_level)

    @property
    def game_screen(self) -> GameScreen:
        """The game screen under whatever dialog is open."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        raise LookupError("no game screen")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette offers every game action, then Textual's own."""
        if isinstance(screen, GameScreen):
            for title, help_text, action in ACTIONS:
                yield SystemCommand(title, help_text, getattr(screen, f"action_{action}"))
        yield from super().get_system_commands(screen)


def create_app(
    level: str | LevelRef | None = None, *, ascii: bool = False, now: Clock | None = None
) -> QueensApp:
    """Build the app for a level file, a bundled id, a `LevelRef`, or (None) the first level.

    Raises `LevelError` (located, one line) when the level cannot be read,
    before anything touches the terminal.
    """
    ref = level if isinstance(level, LevelRef) else open_level(level)
    return QueensApp(ref, ascii=ascii, now=now or time.monotonic)
