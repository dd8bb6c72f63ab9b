"""The game's screens: the game itself and its modal dialogs."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.app import App
from textual.screen import Screen

ScreenT = TypeVar("ScreenT", bound=Screen[Any])


def topmost(app: App[Any], kind: type[ScreenT], what: str) -> ScreenT:
    """The topmost screen of type `kind` on `app`'s stack, under whatever dialogs are open
    on top of it; `LookupError("no <what> screen")` when there is none."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, kind):
            return screen
    raise LookupError(f"no {what} screen")
