"""The worker controller: runs the assistant's requests in the background.

One small object between the assistant (which decides what to ask) and the
threads (which answer): it starts each request in a daemon thread, cancels
the previous request of the same job (a newer check replaces an older one),
cancels everything when the level is left or the app quits, and posts each
reply (through the screen, `midend.door.Frontend.post`) unless it was cancelled meanwhile, so a
stale result never reaches the screen.

The threads are `midend.jobs.Jobs`' (daemon threads: quitting never waits for a
long solve). A cancelled CP-SAT search stops at once (`CancelToken` calls
`stop_search()`); every request also has a time limit (`assistant.TIME_LIMITS`).

The engine: "cpsat" (the default) is imported by `warm_up` in the
background after the first frame; if OR-Tools cannot load, the engine falls
back to "search", the kind's pure exact search.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from queens_tui.core.play import PlayRules, PlaySolver, QuickCheck
from queens_tui.midend.assistant import TIME_LIMITS, Job, Reply, Request, run_request
from queens_tui.midend.jobs import JOB_GRACE, Jobs

if TYPE_CHECKING:
    from queens_tui.solver import CancelToken

ENGINES = ("cpsat", "search")
"""The engines the game's worker runs. `play --engine auto` (the default) starts "cpsat" and
falls back to "search" if OR-Tools cannot load."""

Post = Callable[[Reply], None]
"""Hands a reply to the UI thread (thread-safe: `post_message`)."""


WARM_UP_SECONDS = 30.0
"""At most this long for OR-Tools' import (a fraction of a second, but a cold disk can take
seconds)."""


class WorkerController:
    """Requests in, replies out; at most one running request per job (`midend.jobs.Jobs`)."""

    def __init__(self, post: Post, engine: str = "cpsat", jobs: Jobs | None = None) -> None:
        self._post = post
        self.engine = "search" if engine == "search" else "cpsat"
        """The engine requests use now ("cpsat" or "search")."""
        self.jobs = jobs or Jobs()
        """Runs the requests (and the screen's other background jobs)."""
        self.quick_answers = 0
        """Checks answered at once by `quick`, without a thread (tests and benchmarks read it)."""

    @property
    def started(self) -> int:
        """Jobs started so far (tests read it)."""
        return self.jobs.started

    def submit(
        self, request: Request, rules: PlayRules[Any, Any, Any], solver: PlaySolver[Any, Any]
    ) -> None:
        """Start `request` in a thread; the older request of the same job is cancelled."""
        engine = self.engine

        def work(token: CancelToken) -> None:
            for reply in run_request(request, rules, solver, engine, token):
                if token.cancelled:
                    return
                self._post(reply)

        limit = TIME_LIMITS[request.job.value] + JOB_GRACE
        self.jobs.start(request.job.value, work, time_limit=limit)

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
        """Cancel the running requests of `jobs` (every job, and the screen's other
        background jobs, when none is named)."""
        self.jobs.cancel(*(job.value for job in jobs))

    @property
    def busy(self) -> bool:
        """True while some request's thread still runs (cancelled ones included)."""
        return self.jobs.busy

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait for every running thread (tests); True if all finished in time."""
        return self.jobs.wait(timeout)

    def warm_up(self, done: Callable[[str, str | None], None]) -> None:
        """Import OR-Tools in a thread (after the first frame); fall back to "search" on failure.

        `done(engine, error)` is called from that thread.
        """
        if self.engine != "cpsat":
            done(self.engine, None)
            return

        def work(token: CancelToken) -> None:
            from queens_tui.solver import warm_up

            warm_up()

        def failed(err: Exception) -> None:  # ImportError, or a broken native library
            self.engine = "search"
            done("search", f"{type(err).__name__}: {err}")

        self.jobs.start(
            "warm-up",
            work,
            lambda _: done("cpsat", None),
            time_limit=WARM_UP_SECONDS,
            failed=failed,
        )


__all__ = ["ENGINES", "WorkerController"]
