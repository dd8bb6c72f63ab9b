"""The cancel flag of every background solver call, whatever the kind.

A `CancelToken` is set from the UI thread (a newer request, leaving a level, quitting) and
also stops a running CP-SAT search at once (`cpsat.solve` attaches the solver to it); the pure
searches look at it between steps (`is_set()`), and so does anything with a time limit.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any


class CancelToken:
    """A cancel flag that can also stop a running CP-SAT search immediately.

    `cancel()` may be called from any thread, any number of times. The lock
    only guards the set of running solvers and is never held while solving,
    so a UI thread that cancels never waits on the solver.

    One narrow race remains: a cancel that lands in the microseconds between
    the call's own check and CP-SAT starting is missed by `stop_search()`;
    the search then stops at its first solution (the callback checks the
    flag) or at its time limit.
    """

    def __init__(self, time_limit: float | None = None) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._solvers: set[Any] = set()
        self._end = None if time_limit is None else time.monotonic() + time_limit
        """With a time limit, the token also counts as set once it has passed."""

    def cancel(self) -> None:
        """Ask every call using this token to stop."""
        self._event.set()
        with self._lock:
            solvers = list(self._solvers)
        for solver in solvers:
            solver.stop_search()

    def is_set(self) -> bool:
        """True once `cancel()` was called, or the time limit (if any) has passed."""
        if self._event.is_set():
            return True
        return self._end is not None and time.monotonic() >= self._end

    @property
    def cancelled(self) -> bool:
        """True once `cancel()` was called (not merely timed out): its results are stale."""
        return self._event.is_set()

    def attach(self, solver: Any) -> Callable[[], None]:
        """Register a running CP-SAT solver; returns the function that unregisters it."""
        with self._lock:
            self._solvers.add(solver)

        def detach() -> None:
            with self._lock:
                self._solvers.discard(solver)

        return detach
