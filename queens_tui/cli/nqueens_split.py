"""`nqueens N` counted as a split: tasks on any executor, a checkpoint after each one.

The count is cut into tasks (`kinds.classic.split`) and handed to the
executor `--jobs`/`--scheduler` chose (`cli.executors`). As each task
finishes its count goes into the checkpoint (`store.checkpoint`, when one
was asked for) and the progress line. What can go wrong on the way, and
what happens then:

- ctrl+c or SIGTERM: the workers are ended, the checkpoint (already written
  after the last finished task) is written once more with fsync, and the
  line says how to continue; exit 130 (143 for SIGTERM).
- SIGKILL, a crash, a reboot: the checkpoint is as of the last finished task.
- a local worker lost (killed, out of memory): the pool is made again and
  the tasks that were running go again, `LOST_WORKER_RETRIES` times at
  most; Dask retries a lost worker's tasks itself, and a task it gives up on
  (`KilledWorker`) is sent again here the same number of times. A task's
  count is recorded once, by its index: never lost, never counted twice.
"""

from __future__ import annotations

import signal
import sys
from collections import deque
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Future, wait
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from queens_tui.cli.executors import Pool, PoolError, open_pool
from queens_tui.cli.progress import Progress, count_json
from queens_tui.core.errors import printable
from queens_tui.kinds.classic import split as splitting
from queens_tui.store import checkpoint as cpfile

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_TERMINATED = 0, 1, 2, 130, 143

LOST_WORKER_RETRIES = 3
"""Times the tasks of lost workers are sent again before the count gives up."""


class Stopped(BaseException):
    """SIGTERM arrived: unwind like ctrl+c does (a BaseException, so no `except Exception`
    on the way swallows it)."""


class TaskFailed(Exception):
    """A task raised, or its workers kept dying; the message is the line to print."""


@dataclass
class Run:
    """One run of a split count: what it counts, where its checkpoint goes, what it found."""

    split: splitting.Split
    checkpoint: cpfile.Checkpoint
    path: Path | None
    progress: Progress
    resumed: int
    """Tasks done before this run (from `--resume`)."""
    unwritable: bool = False
    """A write of the checkpoint failed (a full disk): said once, and the count went on
    without checkpoints; the file keeps the tasks done until then."""

    def record(self, tasks: list[splitting.Task], solutions: list[int]) -> None:
        for task, found in zip(tasks, solutions, strict=True):
            self.checkpoint.done[task.index] = found
        self.keep()

    def keep(self, *, sync: bool = False) -> None:
        """`save`, or on its first failure say so and go on counting without checkpoints:
        hours of counting are worth more than the file, which stays valid as of its last
        write (`store.checkpoint.save` replaces it whole or not at all)."""
        if self.unwritable:
            return
        try:
            self.save(sync=sync)
        except OSError as err:
            self.unwritable = True
            where = printable(str(self.path))
            self.progress.done()
            print(
                f"queens-tui nqueens: {where}: cannot write: {err.strerror or err}; counting "
                f"on without checkpoints ({where} keeps the tasks done until now)",
                file=sys.stderr,
                flush=True,
            )

    def save(self, *, sync: bool = False) -> None:
        if self.path is None:
            return
        before = self.checkpoint.seconds
        self.checkpoint.seconds = before + self.progress.elapsed()
        try:
            cpfile.save(self.path, self.checkpoint, sync=sync)
        finally:
            self.checkpoint.seconds = before

    def show(self) -> None:
        done, total = len(self.checkpoint.done), len(self.split.tasks)
        fraction = done / total if total else 1.0
        self.progress.update(fraction, self.checkpoint.solutions(), (done, total))


def _is_lost_worker(err: BaseException) -> bool:
    # Dask's KilledWorker: the scheduler gave up on a task whose workers kept dying. Matched by
    # name so this module never imports Dask.
    return type(err).__name__ == "KilledWorker"


def _count(run: Run, pool: Pool) -> None:
    """Run every task not done yet on `pool`, recording each as it finishes.

    Tasks go `pool.batch` at a time (one submission, recorded together), at most
    `pool.window` submissions ahead (all of them for Dask, whose scheduler queues them): one
    at a time in this process, so each is recorded as soon as it is done.
    """
    todo = deque(t for t in run.split.tasks if t.index not in run.checkpoint.done)
    pending: dict[Future[list[int]], list[splitting.Task]] = {}
    tries: dict[int, int] = {}

    def fill() -> None:
        while todo and (not pool.window or len(pending) < pool.window):
            batch = [todo.popleft() for _ in range(min(pool.batch, len(todo)))]
            try:
                pending[pool.executor.submit(splitting.count_tasks, batch)] = batch
            except BrokenExecutor as err:  # a worker died since the last wait: the pool
                lost_pool(batch, err)  # refuses new work before any future says so

    def lost_pool(batch: list[splitting.Task], err: BrokenExecutor) -> None:
        """A local worker died: every pending task failed with it; make the pool again and
        send them (and `batch`) once more."""
        if not pool.restartable:
            raise TaskFailed(f"the workers were lost ({err})") from None
        lost = [*batch, *(t for b in pending.values() for t in b)]
        pending.clear()
        pool.restart()
        again(lost, err)

    def again(tasks: list[splitting.Task], err: BaseException) -> None:
        for task in tasks:
            tries[task.index] = tries.get(task.index, 0) + 1
            if tries[task.index] > LOST_WORKER_RETRIES:
                raise TaskFailed(
                    f"task {task.index} lost its worker {LOST_WORKER_RETRIES + 1} times "
                    f"({type(err).__name__}: {err})"
                )
        todo.extendleft(reversed(tasks))

    fill()
    run.show()
    while pending:
        finished, _ = wait(list(pending), timeout=0.25, return_when=FIRST_COMPLETED)
        for future in finished:
            if future not in pending:  # sent again after a broken pool, below
                continue
            batch = pending.pop(future)
            try:
                solutions = future.result()
            except BrokenExecutor as err:
                lost_pool(batch, err)
                break
            except Exception as err:
                if not _is_lost_worker(err):
                    which = ", ".join(str(t.index) for t in batch)
                    raise TaskFailed(f"task {which} failed: {type(err).__name__}: {err}") from err
                again(batch, err)
                continue
            run.record(batch, solutions)
        fill()
        run.show()


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise Stopped


def _print_result(n: int, run: Run, pool_name: str, as_json: bool) -> None:
    from queens_tui.kinds.classic.count import fundamental_from, s90, s180

    total = run.checkpoint.solutions()
    fundamental = fundamental_from(n, total, s90(n), s180(n))
    seconds = round(run.progress.elapsed(), 3)
    tasks = len(run.split.tasks)
    if as_json:
        resumed = {"resumed": run.resumed} if run.resumed else {}
        print(
            count_json(n, total, fundamental, seconds, executor=pool_name, tasks=tasks, **resumed),
            flush=True,
        )
        return
    before = f", {run.resumed:,} of them done before" if run.resumed else ""
    print(
        f"{n}-queens: {total:,} solutions, {fundamental:,} fundamental ({seconds:.2f} s, "
        f"engine fast, {pool_name}, {tasks:,} tasks{before})",
        flush=True,
    )


def _print_interrupted(n: int, run: Run, as_json: bool) -> None:
    done, total = len(run.checkpoint.done), len(run.split.tasks)
    found = run.checkpoint.solutions()
    seconds = round(run.progress.elapsed(), 3)
    if as_json:
        where = {"checkpoint": str(run.path)} if run.path is not None else {}
        line = count_json(
            n, found, None, seconds, interrupted=True, tasks_done=done, tasks=total, **where
        )
        print(line, flush=True)
        return
    then = (
        f"; continue with: queens-tui nqueens {n} --resume {printable(str(run.path))}"
        if run.path is not None
        else ""
    )
    print(
        f"{n}-queens: interrupted after {seconds:.2f} s: {done:,} of {total:,} tasks done, "
        f"at least {found:,} solutions{then}",
        flush=True,
    )


def n_of(resume: str) -> int:
    """The N the checkpoint `resume` counts; ValueError with the line to print if unreadable."""
    try:
        return cpfile.load(Path(resume)).n
    except cpfile.CheckpointError as err:
        raise ValueError(f"{printable(resume)}: {err}") from None


def _start(
    n: int, checkpoint: str | None, resume: str | None
) -> tuple[splitting.Split, cpfile.Checkpoint, Path | None]:
    """The split and the checkpoint to start from; ValueError with the line to print when the
    files given cannot be used."""
    sp = splitting.split(n)
    if resume is not None:
        try:
            cp = cpfile.load(Path(resume))
        except cpfile.CheckpointError as err:
            raise ValueError(f"{printable(resume)}: {err}") from None
        refusal = cp.refusal(sp)
        if refusal is not None:
            raise ValueError(f"{printable(resume)}: {refusal}")
        return sp, cp, Path(checkpoint if checkpoint is not None else resume)
    if checkpoint is None:
        return sp, cpfile.Checkpoint.of(sp), None
    path = Path(checkpoint)
    if path.exists() or path.is_symlink():
        raise ValueError(
            f"{printable(checkpoint)}: already exists: continue that count with --resume "
            f"{printable(checkpoint)}, or remove the file"
        )
    return sp, cpfile.Checkpoint.of(sp), path


def count(
    n: int,
    *,
    jobs: int | None,
    scheduler: str | None,
    checkpoint: str | None,
    resume: str | None,
    as_json: bool,
) -> int:
    """Count n-queens as a split on the executor asked for; the exit code."""
    try:
        sp, cp, path = _start(n, checkpoint, resume)
    except ValueError as err:
        print(f"queens-tui nqueens: {err}", file=sys.stderr, flush=True)
        return EXIT_USAGE
    total = len(sp.tasks)
    resumed = len(cp.done)
    progress = Progress(f"nqueens {n}", start_fraction=resumed / total if total else 0.0)
    run = Run(sp, cp, path, progress, resumed)
    try:
        run.save(sync=True)  # a checkpoint that cannot be written is said now, not after hours
    except OSError as err:
        where = printable(str(path))
        print(f"queens-tui nqueens: {where}: cannot write: {err.strerror or err}", file=sys.stderr)
        return EXIT_USAGE
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        with open_pool(jobs, scheduler, tasks=total - resumed) as pool:
            _count(run, pool)
            name = pool.name
    except PoolError as err:
        progress.done()
        print(f"queens-tui nqueens: {err}", file=sys.stderr, flush=True)
        return EXIT_USAGE
    except TaskFailed as err:
        progress.done()
        run.keep(sync=True)
        kept = f"; {printable(str(path))} keeps the tasks done" if path is not None else ""
        print(f"queens-tui nqueens: {err}{kept}", file=sys.stderr, flush=True)
        return EXIT_FAILED
    except (KeyboardInterrupt, Stopped) as stop:
        progress.done()
        run.keep(sync=True)
        _print_interrupted(n, run, as_json)
        return EXIT_TERMINATED if isinstance(stop, Stopped) else EXIT_INTERRUPTED
    finally:
        signal.signal(signal.SIGTERM, previous)
    progress.done()
    run.keep(sync=True)
    try:
        _print_result(n, run, name, as_json)
    except ArithmeticError as err:  # counts that are no count of N-queens: never a total
        print(f"queens-tui nqueens: the task counts are wrong: {err}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK
