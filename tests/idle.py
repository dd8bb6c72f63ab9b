"""A faster "wait until the app is idle" for Pilot and snapshot tests.

Textual's `pilot.press()` and `pilot.pause()` wait for the app with
`textual._wait.wait_for_idle`: it sleeps in 20 ms steps until one whole step
passes with (almost) no CPU used by the process. Every key press waits at
least twice that (40 ms or more), and the screen repaints only on its own
1/60 s timer: with ~8,000 keys in the suite that was most of its idle time.

`wait_for_idle` here asks the app what is still to do instead of only
sleeping: messages queued for any widget, a repaint or an after-refresh
callback pending on the current screen (it runs the repaint at once, as
`pilot.pause()` itself does at its end, rather than waiting for the timer),
and, as Textual's does, CPU used by any thread of the process (the
assistant's solver threads, a generator). It returns after two short steps
in a row with nothing queued and no CPU used, so it waits for the same things
as Textual's, in far less time. Installed for the whole test session by the
autouse fixture in tests/conftest.py (`fast_idle`).

It reads Textual's private state (message queues, the screen's pending layout, the resize
timer) and asyncio's (the loop's ready and scheduled callbacks): no public API tells
whether an app has work queued. So it is installed only on the Textual release it was
checked against (`CHECKED_WITH`), after checking that every private name it reads is
there. On any other release, or with QUEENS_TUI_TEXTUAL_IDLE=1, the tests use Textual's
own `wait_for_idle` (as `pilot.pause()` does): slower, never wrong, and a warning says so.
A private name gone on the checked release is an error at start, not a hang later.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
import warnings
from importlib.metadata import version
from typing import Any

CHECKED_WITH = (8, 2)
"""The Textual release (major, minor) whose private state `_busy` and `_timer_due` read."""

PRIVATE = {
    "app": ("_registry", "_batch_count", "_resize_event", "_message_queue"),
    "screen": (
        "_layout_required",
        "_scroll_required",
        "_recompose_required",
        "_callbacks",
        "_on_timer_update",
    ),
    "loop": ("_ready", "_scheduled"),
    "textual._context": ("active_app",),
}
"""Every private name read here, by the object it is read on."""

STEP = 0.004
"""Seconds between looks at the app (Textual's step is 0.02)."""

IDLE_CPU = STEP / 20
"""CPU seconds (all threads) a step may use and still count as idle (Textual's ratio)."""

QUIET_STEPS = 2
"""Steps in a row that must be idle while other threads live: a short step could fall in a
gap of a thread's work (the thread descheduled on a busy machine), two make that unlikely.
With the main thread alone, whose work is all seen in the app's queues, one is enough."""


QUIET_PASSES = 3
"""Passes through the event loop in a row with nothing to do, when the main thread is alone."""


def _busy(app: Any) -> bool:
    """True while `app` has work queued; a pending layout is run here and now."""
    try:
        screen = app.screen
    except Exception:  # no screen yet, or the app is closing
        return False
    if app._message_queue.qsize() or any(
        node._message_queue.qsize() for node in list(app._registry)
    ):
        return True
    if app._batch_count or not screen.is_current:
        return False
    if (
        screen._layout_required
        or screen._scroll_required
        or screen._recompose_required
        or screen._callbacks
    ):
        # What the screen's 1/60 s update timer would do next: lay out, then queue the
        # after-refresh callbacks (call_after_refresh) to run. A repaint alone is left to
        # that timer (or to `pilot.pause()`, which ends with one), as in a real terminal
        # where several quick keys share a frame: painting after every key was ~15% of a
        # key's CPU, and tests read what widgets render, not the terminal.
        screen._on_timer_update()
        return True
    return False


async def wait_for_idle(min_sleep: float = STEP, max_sleep: float = 1) -> None:
    """Wait until the app has nothing queued and the process uses no CPU, at most `max_sleep`.

    Same signature and meaning as `textual._wait.wait_for_idle`. While the main thread is the
    only one, all of the process's work is in sight (the app's queues, the event loop's ready
    callbacks and timers), so it yields to the loop instead of sleeping: a key press waits
    for its own work and no more.
    """
    from textual._context import active_app

    app = active_app.get(None)
    loop = asyncio.get_running_loop()
    start = time.monotonic()
    quiet = 0
    pause = 0.0
    while True:
        alone = threading.active_count() == 1
        if alone and not pause and not _timer_due(loop, app):
            cpu = None
            await asyncio.sleep(0)
        else:
            cpu = time.process_time()
            await asyncio.sleep(pause or STEP)
            pause = 0.0
        busy = cpu is not None and time.process_time() - cpu >= IDLE_CPU
        if app is not None and _busy(app):
            busy = True
        if loop._ready:  # type: ignore[attr-defined]  # callbacks the loop runs next
            busy = True
        elapsed = time.monotonic() - start
        if elapsed >= max_sleep:
            return
        quiet = 0 if busy else quiet + 1
        needed = (QUIET_PASSES if cpu is None else 1) if alone else QUIET_STEPS
        if quiet >= needed:
            if elapsed >= min_sleep:
                return
            pause = min_sleep - elapsed  # idle already: sleep out the minimum, don't spin


def _timer_due(loop: asyncio.AbstractEventLoop, app: Any) -> bool:
    """True if a timer will soon have work: one of the loop's fires within a step, or a
    resize waits for Textual's 1/120 s timer. A sleep waits for it, as Textual's would."""
    if app is not None and app._resize_event is not None:
        return True
    scheduled = loop._scheduled  # type: ignore[attr-defined]
    return bool(scheduled) and scheduled[0].when() - loop.time() < STEP


def textual_release() -> tuple[int, ...]:
    """The installed Textual's (major, minor)."""
    return tuple(int(part) for part in version("textual").split(".")[:2])


def missing_private_names() -> list[str]:
    """The private names `_busy` and `_timer_due` read that this Textual (or asyncio) lacks."""
    from textual import _context
    from textual.app import App
    from textual.screen import Screen

    loop = asyncio.new_event_loop()
    try:
        found = {"app": App(), "screen": Screen(), "loop": loop, "textual._context": _context}
        return [
            f"{where}.{name}"
            for where, names in PRIVATE.items()
            for name in names
            if not hasattr(found[where], name)
        ]
    finally:
        loop.close()


def install(monkeypatch: Any) -> bool:
    """Use `wait_for_idle` wherever Textual's test machinery calls its own, on the release it
    was checked against; elsewhere keep Textual's own (and warn). True when installed."""
    release = textual_release()
    if os.environ.get("QUEENS_TUI_TEXTUAL_IDLE") == "1":
        return False
    if release != CHECKED_WITH:
        warnings.warn(
            f"tests/idle.py was checked against Textual {'.'.join(map(str, CHECKED_WITH))}, "
            f"this is {version('textual')}: the tests wait with Textual's own wait_for_idle "
            "(slower). Check the private names it reads (idle.PRIVATE), then CHECKED_WITH.",
            stacklevel=2,
        )
        return False
    missing = missing_private_names()
    if missing:
        raise RuntimeError(
            f"tests/idle.py reads private state this Textual lacks: {', '.join(missing)}; "
            "set QUEENS_TUI_TEXTUAL_IDLE=1 to use Textual's own wait meanwhile"
        )
    import textual._wait
    import textual.app
    import textual.pilot

    for module in (textual._wait, textual.app, textual.pilot):
        monkeypatch.setattr(module, "wait_for_idle", wait_for_idle)
    return True
