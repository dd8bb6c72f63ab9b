"""A stopwatch that can be paused, with an injectable time source.

Tests and screenshots pass their own `now` function so nothing sleeps and
every picture shows the same time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]
"""Returns the current time in seconds (`time.monotonic` by default)."""


class Stopwatch:
    """Counts the seconds spent playing: paused under modal screens, stopped on a win."""

    def __init__(self, now: Clock = time.monotonic) -> None:
        self.now = now
        """The time source (tests inject a fake one)."""
        self._banked = 0.0
        self._since: float | None = None
        self.stopped = False
        """True once the level is solved: the time is final."""

    @property
    def running(self) -> bool:
        """True while time is being counted."""
        return self._since is not None

    def start(self) -> None:
        """Start (or resume) counting, unless stopped for good."""
        if self._since is None and not self.stopped:
            self._since = self.now()

    def pause(self) -> None:
        """Stop counting for now; `start` carries on from the same time."""
        if self._since is not None:
            self._banked += self.now() - self._since
            self._since = None

    def stop(self) -> None:
        """Freeze the time for good (the level is solved)."""
        self.pause()
        self.stopped = True

    def reopen(self) -> None:
        """The win was taken back (undo of `S`'s solution): not final any more; `start`
        carries on from the time it stopped at."""
        self.stopped = False

    def set_elapsed(self, seconds: float) -> None:
        """Carry on from `seconds` already played (a saved game); running or not stays as is."""
        self._banked = max(0.0, float(seconds))
        if self._since is not None:
            self._since = self.now()

    def reset(self) -> None:
        """Back to zero, not running."""
        self._banked = 0.0
        self._since = None
        self.stopped = False

    @property
    def elapsed(self) -> float:
        """Seconds counted so far."""
        if self._since is None:
            return self._banked
        return self._banked + self.now() - self._since
