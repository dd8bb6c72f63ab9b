"""SIGTERM and SIGHUP end the game as `q` does, so the terminal is given back.

Python's default for both is to die on the spot: the player's terminal stayed in the
alternate screen with mouse reporting on (every click then typed escape codes into the
shell). The saves were never at risk (every move is written at once); the terminal was.
Handled in the app's own event loop (`loop.add_signal_handler`), so the exit runs where
Textual expects it: the driver leaves application mode, the store closes, and the exit
code says which signal it was (128 + its number, as a shell reports a killed program).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable

ENDING = ("SIGTERM", "SIGHUP")
"""The signals that end the game cleanly (where the platform has them)."""


def end_on_signals(end: Callable[[int], None]) -> list[int]:
    """From inside the app's running loop: `end(128 + n)` (the app's exit with that return
    code) on each of `ENDING`. The signals handled (none where the loop cannot: Windows,
    another thread)."""
    loop = asyncio.get_running_loop()
    handled = []
    for name in ENDING:
        number = getattr(signal, name, None)
        if number is None:
            continue
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(number, end, 128 + int(number))
            handled.append(int(number))
    return handled
