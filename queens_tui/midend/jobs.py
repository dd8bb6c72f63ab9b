"""One runner for every background job of the app: the assistant's requests, the editor's
verdicts, the "several solutions?" count, OR-Tools' warm-up and the daily generator.

Each job runs in a daemon thread with a `solver.CancelToken` that also expires after the
job's time limit: work that polls the token (the pure searches, CP-SAT, which the token can
stop at once) stops at the limit or on `cancel`, and says so in its result. A job has a
group: starting one cancels the group's running job (a newer check replaces an older one).
A cancelled job's result is dropped, never delivered: a stale answer never reaches the
screen. A job that raises hands the error to `failed` (or drops it), never to the terminal.

Daemon threads, not Textual thread workers: those run on asyncio's default executor, which
the interpreter joins at exit, so quitting would wait for a long solve. No Textual here:
`done` and `failed` run in the job's thread, so they hand results over with a thread-safe
call (`post_message`, `call_from_thread`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from queens_tui.solver import CancelToken

T = TypeVar("T")

JOB_GRACE = 0.5
"""Seconds a job may run past the time limit of the work it runs (a request's own limit, a
solver call's): the work times out first and says so; the job's limit is the backstop."""


class Jobs:
    """Background jobs in daemon threads: at most one running per group, each time-limited
    and cancellable, results dropped once cancelled."""

    def __init__(self, prefix: str = "queens") -> None:
        self._prefix = prefix
        self._running: dict[str, CancelToken] = {}
        self._threads: set[threading.Thread] = set()
        self._lock = threading.Lock()
        self.started = 0
        """Jobs started so far (tests read it)."""

    def start(
        self,
        group: str,
        work: Callable[[CancelToken], T],
        done: Callable[[T], None] | None = None,
        *,
        time_limit: float,
        failed: Callable[[Exception], None] | None = None,
    ) -> CancelToken:
        """Run `work(token)` in a thread, then `done(result)` unless the job was cancelled
        meanwhile; the group's older job is cancelled first. The token expires after
        `time_limit` seconds (work that polls it stops and returns what it has)."""
        from queens_tui.solver import CancelToken

        self.cancel(group)
        token = CancelToken(time_limit)
        with self._lock:
            self._running[group] = token

        def run() -> None:
            try:
                result = work(token)
            except Exception as err:  # a bug in a job must not reach the terminal
                if failed is not None and not token.cancelled:
                    failed(err)
                return
            finally:
                with self._lock:
                    self._threads.discard(threading.current_thread())
                    if self._running.get(group) is token:
                        del self._running[group]
            if done is not None and not token.cancelled:
                done(result)

        thread = threading.Thread(target=run, name=f"{self._prefix}-{group}", daemon=True)
        with self._lock:
            self._threads.add(thread)
        self.started += 1
        thread.start()
        return token

    def cancel(self, *groups: str) -> None:
        """Cancel the running jobs of `groups` (every group when none is named)."""
        with self._lock:
            tokens = [
                self._running.pop(g) for g in groups or tuple(self._running) if g in self._running
            ]
        for token in tokens:
            token.cancel()

    @property
    def busy(self) -> bool:
        """True while some job's thread still runs (cancelled ones included)."""
        with self._lock:
            threads = list(self._threads)
        return any(t.is_alive() for t in threads)

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait for every running thread (tests); True if all finished in time."""
        end = time.monotonic() + timeout
        with self._lock:
            threads = list(self._threads)
        for thread in threads:
            thread.join(max(end - time.monotonic(), 0.0))
        return not self.busy


__all__ = ["JOB_GRACE", "Jobs"]
