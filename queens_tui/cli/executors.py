"""Where batch work runs: this process, a pool of local processes, or a Dask cluster.

Every parallel command (`nqueens` counts, `generate --count`, the calendar
script) hands its tasks to a `concurrent.futures.Executor` and needs nothing
else from it, so one flag set picks the engine for all of them:

- `--jobs N` (default: one per core): a `ProcessPoolExecutor` of N local
  processes. Its workers ignore ctrl+c (the parent decides what an interrupt
  means, and ends them itself) and exit on their own when the parent dies,
  even by SIGKILL, so no worker outlives the command.
- `--jobs 1`: this process, one task after the other (`InlineExecutor`).
- `--scheduler ADDRESS`: a Dask cluster (`Client(address).get_executor()`);
  `--scheduler local` starts a `LocalCluster` of `--jobs` workers here,
  which is how the distributed path is tested on one machine. Dask is an
  optional extra: without it the flag says how to install it.

Tasks are module-level functions of the pure layers, so a worker imports
little (never Textual): see `tests/unit/test_split.py`.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

T = TypeVar("T")
R = TypeVar("R")
P = ParamSpec("P")

INSTALL_HINT = "pip install 'queens-tui[cluster]'"
"""How to get Dask (the `cluster` extra of pyproject.toml)."""

MAX_JOBS = 1024

DASK_BATCH = 4
"""Tasks of a split count per Dask submission. Dask's own cost per task is ~3.5 ms of the
worker's CPU and ~3 ms of its scheduler's (measured: N=16's 256 tasks one by one took the
worker 3.8-4.0 s of CPU, the same tasks in one submission 3.0 s); N=17's tasks take ~50 ms
each, so four at a time cut that cost to a quarter, and the last submission still ends within
a few tasks of the others."""


CONNECT_SECONDS = 10.0
"""How long `--scheduler ADDRESS` waits for the scheduler to answer before giving up."""


class PoolError(Exception):
    """The executor asked for cannot be had; the message is the line to print."""


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class InlineExecutor(Executor):
    """Runs each task at once in this process, inside `submit` (`--jobs 1`).

    An exception of the task goes into its future, like any executor's; an
    interrupt (KeyboardInterrupt, SystemExit) goes straight up to the caller.
    """

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as err:
            future.set_exception(err)
        return future


def _watch_parent(parent: int) -> None:
    """End this worker when its parent is gone (even SIGKILLed): it would wait for work forever
    otherwise, the pipe to the parent held open by its siblings. (The parent is the command's
    process, or the forkserver that dies with it.)"""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _worker_start() -> None:
    """Each pool worker's first act: ctrl+c is the parent's to handle (it reaches the whole
    process group on a terminal), SIGTERM ends the worker plainly, and it dies with its
    parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()


@dataclass
class Pool:
    """An executor and what to call it in the final line of a command."""

    executor: Executor
    name: str
    workers: int
    window: int = 0
    """Tasks worth submitting ahead of the results: a few per worker for a local pool, 1 for
    this process (each done inside `submit`), 0 (all) for Dask, whose scheduler queues them."""
    batch: int = 1
    """Small tasks worth sending together in one submission, where the executor's own cost
    per submission is high (`DASK_BATCH`); 1 for local processes, whose cost is ~1 ms."""
    _restart: Callable[[], Executor] | None = None
    _closers: list[Callable[[], None]] = field(default_factory=list)

    @property
    def restartable(self) -> bool:
        """True for a local process pool: after a worker is lost it can be made again."""
        return self._restart is not None

    def restart(self) -> None:
        """Replace a broken process pool by a new one (its running tasks are lost: run them
        again)."""
        if self._restart is None:
            raise RuntimeError("only a process pool can be restarted")
        stop_processes(self.executor)
        self.executor = self._restart()

    def stop(self) -> None:
        """End now: cancel what has not started, end the workers of a local pool at once."""
        stop_processes(self.executor)
        self.executor.shutdown(wait=False)  # Dask's executor cancels its futures here


def stop_processes(executor: Executor) -> None:
    """Terminate the workers of a `ProcessPoolExecutor` (their running tasks are abandoned:
    `shutdown` alone would wait for them), then wait for the pool's manager thread, which ends
    at once when its workers are gone. Left running, that thread raced Python's exit: it closed
    its wake-up pipe while the exit hook wrote to it, and about one finished count in twelve
    printed an `OSError: [Errno 9]` traceback after its result (Python 3.11). Python 3.14 has
    `terminate_workers`; before it the only handle on the workers is the pool's process table."""
    if not isinstance(executor, ProcessPoolExecutor):
        return
    terminate = getattr(executor, "terminate_workers", None)
    if terminate is not None:
        terminate()
    else:
        processes: dict[int, Any] = getattr(executor, "_processes", None) or {}
        for process in list(processes.values()):
            with contextlib.suppress(Exception):
                process.terminate()
    executor.shutdown(wait=True, cancel_futures=True)


def _process_pool(jobs: int) -> ProcessPoolExecutor:
    # fork on Linux: the workers start in milliseconds, with the parent's modules (light:
    # the CLI never imports Textual for these commands). Not from a process with other
    # threads (a test runner, an embedding program): a lock one of them held would stay
    # locked in the child forever; forkserver starts clean workers instead.
    method = "fork" if threading.active_count() == 1 else "forkserver"
    context = multiprocessing.get_context(method) if sys.platform == "linux" else None
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker_start)


def _dask_pool(scheduler: str, workers: int) -> Pool:
    import importlib
    import logging
    import warnings

    try:  # as Any: Dask's classes have no annotations mypy could check calls against
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise PoolError(f"--scheduler needs Dask: {INSTALL_HINT}") from None
    Client, LocalCluster = distributed.Client, distributed.LocalCluster
    closers: list[Callable[[], None]] = []
    if scheduler == "local":
        # The workers start with ctrl+c ignored (an ignored signal stays ignored in a new
        # program), as the pool's do: on a terminal it reaches every process of the group, and
        # each worker would print a traceback. (A ctrl+c during these seconds is lost.)
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        # Our own cluster need not profile its workers: the sampler wakes every 10 ms in
        # each worker, competing for the interpreter with the task it samples. On Linux its
        # worker processes are forked from this one, which has imported Dask already: Dask's
        # default, spawn, starts a new interpreter per worker that imports it all again (the
        # cluster was up in 0.7 s instead of 1.7 s, with 0.3 s of the workers' CPU instead of
        # 1.5 s). Dask supports fork; what it warns of, environment variables its nanny sets
        # before spawning (thread counts, malloc trimming), does not touch our tasks.
        settings: dict[str, object] = {"distributed.worker.profile.enabled": False}
        if sys.platform == "linux":
            settings["distributed.worker.multiprocessing-method"] = "fork"
        quiet = importlib.import_module("dask").config.set(settings)
        try:
            with warnings.catch_warnings():
                # Its scheduler serves a few HTTP routes even without a dashboard, on port 8787
                # of this machine or, when another cluster has it, any free port, with a
                # UserWarning the command's user has no use for.
                warnings.filterwarnings("ignore", "Port .* is already in use", UserWarning)
                cluster = LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.CRITICAL,  # a lost worker is retried: no need to shout
                )
        finally:
            signal.signal(signal.SIGINT, previous)
            quiet.__exit__(None, None, None)
        client = Client(cluster)
        # Our cluster ends with the command: what its scheduler logs while its connections
        # close under a ctrl+c (a "connection already closed" traceback) says nothing to the
        # player, who has the command's own line.
        closers += [lambda: logging.disable(logging.CRITICAL), client.close, cluster.close]
        name = f"a local Dask cluster of {workers} workers"
    else:
        client = _connect(Client, scheduler)
        closers.append(client.close)
        workers = len(client.scheduler_info().get("workers", {}))
        name = f"the Dask cluster at {scheduler} ({workers} workers)"
    # pure=False: a task sent again after a lost worker is a new task, not the failed one
    executor = client.get_executor(pure=False)
    return Pool(executor, name, workers, 0, DASK_BATCH, _closers=closers)


def _connect(client_class: Any, scheduler: str) -> Any:
    """A Dask `Client` of the scheduler at `scheduler`, or `PoolError` within `CONNECT_SECONDS`.

    Dask's own `timeout` does not bound every wait: a port that accepts and never speaks held
    `Client()` for minutes, and a peer that is not a scheduler can raise anything from deep
    in its protocol (a `struct.error` for a short frame). So the client is made in a daemon
    thread that this one stops waiting for; one that is late is left to die with the process.
    """
    seconds = CONNECT_SECONDS
    outcome: list[Any] = []

    def attempt() -> None:
        try:
            outcome.append(client_class(scheduler, timeout=f"{seconds}s"))
        except Exception as err:  # whatever a peer that is not a scheduler makes Dask raise
            outcome.append(err)

    threading.Thread(target=attempt, name="dask-connect", daemon=True).start()
    deadline = time.monotonic() + seconds
    while not outcome and time.monotonic() < deadline:
        time.sleep(0.05)
    where = f"cannot reach the Dask scheduler at {scheduler}"
    if not outcome:
        raise PoolError(f"{where}: no answer within {seconds:g} s")
    found = outcome[0]
    if isinstance(found, OSError | ValueError | TypeError):
        raise PoolError(f"{where}: {found}")
    if isinstance(found, Exception):
        raise PoolError(f"{where}: it does not speak Dask's protocol ({type(found).__name__})")
    return found


@contextlib.contextmanager
def open_pool(
    jobs: int | None, scheduler: str | None = None, *, tasks: int | None = None
) -> Iterator[Pool]:
    """The executor `--jobs` and `--scheduler` ask for, closed on the way out.

    `tasks`, when known, caps the local workers: a worker without a task would
    only cost its start (`generate --count 1 --jobs 4` runs in this process).
    Raises `PoolError` (the line to print) when it cannot be had: Dask not
    installed, a scheduler out of reach, a bad number of jobs.
    """
    if jobs is not None and not 1 <= jobs <= MAX_JOBS:
        raise PoolError(f"--jobs must be 1 to {MAX_JOBS}, got {jobs}")
    workers = jobs or cores()
    if tasks is not None:
        workers = min(workers, max(1, tasks))
    if scheduler is not None:
        pool = _dask_pool(scheduler, workers)
    elif workers == 1:
        pool = Pool(InlineExecutor(), "this process", 1, 1)
    else:
        pool = Pool(
            _process_pool(workers),
            f"{workers} processes",
            workers,
            2 * workers,
            _restart=lambda: _process_pool(workers),
        )
    try:
        yield pool
    finally:
        pool.stop()
        for close in pool._closers:
            with contextlib.suppress(Exception):
                close()


def ordered_map(
    executor: Executor,
    fn: Callable[[T], R],
    items: Iterable[T],
    *,
    window: int = 0,
    timeout: float | None = None,
) -> Iterator[R]:
    """`map(fn, items)` on `executor`: results in the order of `items`, at most `window`
    tasks submitted ahead of the one awaited (default: all of them).

    `Executor.map` submits every item at once; here a long or endless
    `items` stays bounded, and a consumer that stops early (`break`, an
    exception, ctrl+c, `close()`) cancels the tasks not yet started. A task's
    exception is raised when its turn comes; `timeout` bounds the wait for
    each result (from when its turn comes: the task has run at least that
    long) with `concurrent.futures.TimeoutError`.
    """
    ahead: deque[Future[R]] = deque()
    try:
        for item in items:
            ahead.append(executor.submit(fn, item))
            if window and len(ahead) >= window:
                yield ahead.popleft().result(timeout)
        while ahead:
            yield ahead.popleft().result(timeout)
    finally:
        for future in ahead:
            future.cancel()
