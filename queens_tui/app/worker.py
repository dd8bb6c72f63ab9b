"""The worker controller: runs the assistant's requests in the background.

One small object between the assistant (which decides what to ask) and the
threads (which answer): it starts each request in a daemon thread, cancels
the previous request of the same job (a newer check replaces an older one),
cancels everything when the level is left or the app quits, and posts each
reply as an `AssistReply` message unless it was cancelled meanwhile, so a
stale result never reaches the screen.

Daemon threads, not Textual thread workers: those run on asyncio's default
executor, which the interpreter joins at exit, so quitting would wait for a
long solve. A cancelled CP-SAT search stops at once (`CancelToken` calls
`stop_search()`); every request also has a time limit (`assistant.TIME_LIMITS`).

The engine: "cpsat" (the default) is imported by `warm_up` in the
background after the first frame; if OR-Tools cannot load, the engine falls
back to "search", the kind's pure exact search.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from queens_tui.app.assistant import Job, Reply, Request, run_request
from queens_tui.core.play import PlayRules, PlaySolver, QuickCheck

ENGINES = ("cpsat", "search")
"""The engines the game's worker runs. `play --engine auto` (the default) starts "cpsat" and
falls back to "search" if OR-Tools cannot load."""

Post = Callable[[Reply], None]
"""Hands a reply to the UI thread (thread-safe: `post_message`)."""


class WorkerController:
    """Requests in, replies out; at most one running request per job."""

    def __init__(self, post: Post, engine: str = "cpsat") -> None:
        self._post = post
        self.engine = "search" if engine == "search" else "cpsat"
        """The engine requests use now ("cpsat" or "search")."""
        self._running: dict[Job, Any] = {}
        self._threads: set[threading.Thread] = set()
        self.started = 0
        """Requests started so far (tests read it)."""
        self.quick_answers = 0
        """Checks answered at once by `quick`, without a thread (tests and benchmarks read it)."""

    def submit(
        self, request: Request, rules: PlayRules[Any, Any, Any], solver: PlaySolver[Any, Any]
    ) -> None:
        """Start `request` in a thread; the older request of the same job is cancelled."""
        from queens_tui.solver import CancelToken

        self.cancel(request.job)
        token = CancelToken()
        self._running[request.job] = token
        engine = self.engine

        def work() -> None:
            try:
                for reply in run_request(request, rules, solver, engine, token):
                    if token.is_set():
                        return
                    self._post(reply)
            finally:
                self._threads.discard(threading.current_thread())

        thread = threading.Thread(target=work, name=f"queens-{request.job.value}", daemon=True)
        self._threads.add(thread)
        self.started += 1
        thread.start()

    def quick(self, request: Request, solver: PlaySolver[Any, Any]) -> Reply | None:
        """A check's verdict at once, in the caller's thread, when the kind's solver is sure
        of it without solving (`core.play.QuickCheck`); None: submit the request."""
        if request.job is not Job.CHECK or not isinstance(solver, QuickCheck):
            return None
        t0 = time.perf_counter()
        try:
            verdict = solver.quick_check(request.state)
        except Exception:  # the worker's check will say what is wrong
            return None
        if verdict is None:
            return None
        self.quick_answers += 1
        return Reply(request, verdict, seconds=time.perf_counter() - t0)

    def cancel(self, *jobs: Job) -> None:
        """Cancel the running requests of `jobs` (all jobs when none is named)."""
        for job in jobs or tuple(self._running):
            token = self._running.pop(job, None)
            if token is not None:
                token.cancel()

    @property
    def busy(self) -> bool:
        """True while some request's thread still runs (cancelled ones included)."""
        return any(t.is_alive() for t in list(self._threads))

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait for every running thread (tests); True if all finished in time."""
        end = time.monotonic() + timeout
        for thread in list(self._threads):
            thread.join(max(end - time.monotonic(), 0.0))
        return not self.busy

    def warm_up(self, done: Callable[[str, str | None], None]) -> None:
        """Import OR-Tools in a thread (after the first frame); fall back to "search" on failure.

        `done(engine, error)` is called from that thread.
        """
        if self.engine != "cpsat":
            done(self.engine, None)
            return

        def work() -> None:
            try:
                from queens_tui.solver import warm_up

                warm_up()
            except Exception as err:  # ImportError, or a broken native library
                self.engine = "search"
                done("search", f"{type(err).__name__}: {err}")
                return
            done("cpsat", None)

        threading.Thread(target=work, name="queens-warm-up", daemon=True).start()


__all__ = ["ENGINES", "WorkerController"]
