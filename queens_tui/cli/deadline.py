"""Time limits for work that has no cancel hook of its own (the generators)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


MAX_SECONDS = 1e6
"""The longest `--time-limit` taken (11 days: "no limit" in practice, but a number)."""


def seconds(text: str) -> float:
    """`--time-limit`'s type: a number of seconds, 0 (give up at once) to `MAX_SECONDS`.
    `nan` and `inf` are refused (argparse says so in one line, exit 2): a nan limit was
    never reached, so the command never gave up."""
    import argparse
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or not 0 <= value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds, 0 to {MAX_SECONDS:g}, not {text!r}"
        )
    return value


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
    import signal
    import threading

    if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
        return _within_alarm(seconds, make)
    import _thread

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


class _Alarm(KeyboardInterrupt):
    """`_within_alarm`'s timer rang (a KeyboardInterrupt, so `except Exception` lets it by)."""


def _within_alarm(seconds: float, make: Callable[[], T]) -> T:
    """`within` by an interval timer (POSIX, main thread): SIGALRM after `seconds`, again
    every `REINTERRUPT` seconds (a lost one is followed by the next), stopped before the
    handler is put back. Nothing rings after this returns: the watcher thread's interrupt
    could land late, in the next file's work (a batch command gives up per file), because
    an interrupt landing as it stopped left it running."""
    import signal

    def ring(signum: int, frame: object) -> None:
        raise _Alarm

    previous = signal.signal(signal.SIGALRM, ring)
    try:
        signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-6), REINTERRUPT)
        try:
            return make()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except _Alarm:
        raise OutOfTime from None
    finally:  # a ring still pending now finds no handler of ours: Python drops it
        signal.signal(signal.SIGALRM, previous)
