"""Keys and pauses for Pilot tests, through Textual's public API only.

Textual's `pilot.press()` and `pilot.pause()` wait for the app with its own idle wait: it
sleeps in 20 ms steps until one whole step passes with (almost) no CPU used, so every key
costs 40 ms or more. The suite presses about 8,000 keys: with those waits the default run
took 142 s against its 90 s budget (2026-11-29, `docs/performance.md`).

`Player` wraps a `Pilot`. It plays a key as a terminal sends it (`App.post_message` of an
`events.Key`), then waits for what the key set going by asking the app, not the clock:

- the screen refreshed after the messages already queued (`wait_for_refresh`: its layout,
  its repaint and the after-refresh callbacks a handler queued),
- then every message queue of the app, its screens and the current screen's widgets empty
  (`message_queue_size`), twice in a row,
- and, while other threads live (the assistant's solver, a generator), no CPU used by the
  process over a short step, as Textual's own wait checks (at most `BUSY_LIMIT` seconds:
  a long computation is the test's own to wait for, as with Pilot).

A screen refreshes on its own timer, `TEXTUAL_FPS` times a second (60 by default, read when
Textual is imported). tests/conftest.py raises it for the suite's worker processes, which
start after it does, so a refresh costs a millisecond rather than up to 16; a run without
workers (`-n 0`) is slower, never wrong.

Clicks, hovers, resizes and `exit` go to the Pilot itself (`__getattr__`): they are rare,
and Pilot's own wait is right for them (a resize waits for Textual's 1/120 s timer).
"""

from __future__ import annotations

import asyncio
import threading
import time
import unicodedata
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from typing import Any, Generic, TypeVar

from textual import events
from textual.app import App, ScreenStackError
from textual.dom import DOMNode
from textual.keys import KEY_NAME_REPLACEMENTS, KEY_TO_UNICODE_NAME, REPLACED_KEYS
from textual.pilot import Pilot
from textual.screen import Screen

ReturnType = TypeVar("ReturnType")

FPS = 1000
"""`TEXTUAL_FPS` for the suite's workers: a refresh waits at most a millisecond."""

STEP = 0.004
"""Seconds a look at the process's CPU lasts while other threads live."""

IDLE_CPU = STEP / 20
"""CPU seconds (all threads) a step may use and still count as idle (Textual's own ratio)."""

QUIET = 2
"""Looks in a row that must find nothing to do: one could fall between two awaits of a
handler, or in a gap of a thread's work."""

BUSY_LIMIT = 1.0
"""Seconds the wait follows other threads' CPU at most, as Textual's own wait does."""

LOOK = 0.05
"""Seconds between looks at whether a screen waited for is still there."""

REFRESH_LIMIT = 30.0
"""Seconds a refresh may take before the wait fails, as Pilot's wait for the screen does."""


def key_event(key: str) -> events.Key:
    """The `events.Key` a terminal sends for `key` ("h", "?", "enter", "ctrl+z", "minus"),
    named and given its character as Pilot's own `press` does."""
    if len(key) == 1 and not key.isalnum():
        name = unicodedata.name(key, key).lower().replace("-", "_").replace(" ", "_")
        key = KEY_NAME_REPLACEMENTS.get(name, name)
    original = REPLACED_KEYS.get(key, key)
    try:
        character: str | None = unicodedata.lookup(KEY_TO_UNICODE_NAME.get(original, original))
    except KeyError:
        character = key if len(key) == 1 else None
    return events.Key(key, character)


def nodes(app: App[Any]) -> Iterator[DOMNode]:
    """The app, every screen on its stack and every widget of the current screen."""
    yield app
    yield from app.screen_stack
    yield from app.screen.walk_children()


class Player(Generic[ReturnType]):
    """A Pilot whose `press` and `pause` wait by asking the app (see the module's docstring);
    everything else is the Pilot's own."""

    def __init__(self, pilot: Pilot[ReturnType]) -> None:
        self.pilot = pilot

    @property
    def app(self) -> App[ReturnType]:
        return self.pilot.app

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pilot, name)

    async def press(self, *keys: str) -> None:
        """Press `keys` one after the other, each one's work done before the next, as a
        person waits to see a key's effect ("wait:50" sleeps 50 ms, as with Pilot)."""
        for key in keys:
            if key.startswith("wait:"):
                await asyncio.sleep(float(key.partition(":")[2]) / 1000)
            else:
                self.app.post_message(key_event(key))
            await self.settle()

    async def pause(self, delay: float | None = None) -> None:
        """Sleep `delay` seconds if given, then wait until the app has nothing to do."""
        if delay is not None:
            await asyncio.sleep(delay)
        await self.settle()

    async def resize_terminal(self, width: int, height: int) -> None:
        """Pilot's resize (it waits for Textual's resize timer), then what it set going."""
        await self.pilot.resize_terminal(width, height)
        await self.settle()

    async def settle(self) -> None:
        """Wait until the app has nothing queued, its screen has refreshed after the last
        message and no other thread of the process works (see the module's docstring)."""
        app = self.app
        start = time.monotonic()
        quiet = 0
        while quiet < QUIET:
            if app.return_code is not None:  # the app is closing: nothing more to draw
                return
            try:
                screen = app.screen
            except ScreenStackError:  # not started yet
                return
            if screen.is_running and screen.is_active:
                await refreshed(screen)
            threads = threading.active_count() > 1
            cpu = time.process_time()
            await asyncio.sleep(STEP if threads else 0)
            queued = any(node.message_queue_size for node in nodes(app))
            working = threads and time.process_time() - cpu >= IDLE_CPU
            if working and not queued and time.monotonic() - start >= BUSY_LIMIT:
                return
            quiet = 0 if queued or working else quiet + 1


async def refreshed(screen: Screen[Any]) -> None:
    """Wait until `screen` has refreshed after the messages queued to it, or has left the top
    of the stack: one under another (a dialog, the help) refreshes only when it is back on
    top, and one that is dismissed (or whose app quits) never again."""
    done = asyncio.Event()
    if not screen.call_after_refresh(done.set):
        return
    end = time.monotonic() + REFRESH_LIMIT
    while not done.is_set():
        try:
            await asyncio.wait_for(done.wait(), LOOK)
        except asyncio.TimeoutError:
            if not (screen.is_running and screen.is_active) or screen.app.return_code is not None:
                return
            if time.monotonic() > end:
                raise TimeoutError(f"{screen!r} did not refresh in {REFRESH_LIMIT} s") from None


@asynccontextmanager
async def playing(app: App[ReturnType], **options: Any) -> AsyncIterator[Player[ReturnType]]:
    """`app.run_test(**options)`, with a `Player` for its pilot."""
    async with app.run_test(**options) as pilot:
        yield Player(pilot)


def played(
    scene: Callable[[Any], Awaitable[None]],
) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """A snapshot's `run_before` scene, played with a `Player` on the snapshot's Pilot."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await scene(Player(pilot))

    return run_before
