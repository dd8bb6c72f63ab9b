"""SIGTERM and SIGHUP end the game as `q` does, so the terminal is given back.

Python's default for both is to die on the spot: the player's terminal stayed in the
alternate screen with mouse reporting on (every click then typed escape codes into the
shell). The saves were never at risk (every move is written at once); the terminal was.
Handled in the app's own event loop (`loop.add_signal_handler`), so the exit runs where
Textual expects it: the driver leaves application mode, the store closes, and the exit
code says which signal it was (128 + its number, as a shell reports a killed program).

If that clean exit has not ended the process `GRACE` seconds later, the process ends there
and then, with the same code: a hung-up terminal can leave Textual's output thread unable
to drain (seen when the terminal closed while a library was being graded), and a process
stuck on its way out keeps the data folder's lock, so the next game would open read-only.
Nothing is lost by ending it: every move is already saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
from collections.abc import Callable

ENDING = ("SIGTERM", "SIGHUP")
"""The signals that end the game cleanly (where the platform has them)."""

GRACE = 3.0
"""Seconds a signalled game has to end cleanly before it ends at once."""


def _ending(end: Callable[[int], None], code: int, grace: float | None) -> None:
    """`end(code)`, and a daemon timer that ends the process with `code` after `grace`
    seconds (it dies with the process when the clean exit comes first; None: no timer)."""
    if grace is not None:
        timer = threading.Timer(grace, os._exit, args=(code,))
        timer.daemon = True
        timer.start()
    end(code)


def end_on_signals(end: Callable[[int], None], grace: float | None = GRACE) -> list[int]:
    """From inside the app's running loop: `end(128 + n)` (the app's exit with that return
    code) on each of `ENDING`, the process ended anyway `grace` seconds later. The signals
    handled (none where the loop cannot: Windows, another thread)."""
    loop = asyncio.get_running_loop()
    handled = []
    for name in ENDING:
        number = getattr(signal, name, None)
        if number is None:
            continue
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(number, _ending, end, 128 + int(number), grace)
            handled.append(int(number))
    return handled
