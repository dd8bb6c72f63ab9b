"""Time limits for work that has no cancel hook of its own (the generators)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class OutOfTime(Exception):
    """`within`'s time ran out."""


REINTERRUPT = 0.5
"""Seconds between interrupts while `within`'s main thread has not stopped."""


def within(seconds: float | None, make: Callable[[], T]) -> T:
    """`make()`, interrupted after `seconds` (None: never) with `OutOfTime`; a ctrl+c stays
    a ctrl+c.

    The pure generator has no cancel hook: a watcher thread interrupts the main
    thread (`_thread.interrupt_main`, portable), and the KeyboardInterrupt it
    raises is told apart from the player's by a flag set under a lock. An
    interrupt can be lost: one that lands in a garbage-collector callback or a
    finalizer is only printed by Python, and `make()` runs on (a test run once
    saw `generate --time-limit 1` take 312 s). So it is sent again every
    `REINTERRUPT` seconds until the main thread has stopped.
    """
    if seconds is None:
        return make()
    import _thread
    import threading

    lock = threading.Lock()
    done = threading.Event()
    fired = threading.Event()

    def watch() -> None:
        wait = seconds
        while not done.wait(wait):
            with lock:
                if done.is_set():
                    return
                fired.set()
                _thread.interrupt_main()
            wait = REINTERRUPT

    threading.Thread(target=watch, name="queens-time-limit", daemon=True).start()
    try:
        try:
            return make()
        finally:
            with lock:
                done.set()
    except KeyboardInterrupt:
        if fired.is_set():
            raise OutOfTime from None
        raise
