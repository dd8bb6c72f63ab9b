"""`nqueens N` at scale: every core, a Dask cluster, checkpoints that resume, workers lost."""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from queens_tui import cli
from queens_tui.cli import executors
from queens_tui.cli.progress import Progress
from queens_tui.kinds.classic import split
from queens_tui.store import checkpoint as cpfile

from .test_classic import FUNDAMENTAL, TOTAL

REPO = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}
A000170 = {**{n + 1: t for n, t in enumerate(TOTAL)}, 17: 95815104, 18: 666090624}
A002562 = {**{n + 1: f for n, f in enumerate(FUNDAMENTAL)}, 17: 11977939, 18: 83263591}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["nqueens", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def nqueens(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """A whole process (the process pools fork: not from inside pytest's own process)."""
    cmd = [sys.executable, "-m", "queens_tui", "nqueens", *argv]
    return subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=timeout)


def test_two_processes_count_exactly_and_say_so() -> None:
    done = nqueens("12", "--jobs", "2", "--json")
    obj = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert (obj["solutions"], obj["fundamental"]) == (A000170[12], A002562[12])
    assert obj["executor"] == "2 processes" and obj["tasks"] == split.default_tasks(12)


def _counting(monkeypatch: pytest.MonkeyPatch, path: Path | None = None) -> list[int]:
    """Record the index of each task counted in this process (`--jobs 1`), checking that the
    checkpoint at `path` already holds every task finished before it."""
    seen: list[int] = []
    real = split.count_task
    before = len(cpfile.load(path).done) if path is not None else 0

    def counted(task: split.Task) -> int:
        if path is not None:
            assert len(cpfile.load(path).done) == before + len(seen)
        seen.append(task.index)
        return real(task)

    monkeypatch.setattr(split, "count_task", counted)
    return seen


def test_a_checkpoint_resumes_only_the_tasks_not_done(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # half the tasks done in an earlier run (as a killed run leaves them)
    sp = split.split(12)
    cp = cpfile.Checkpoint.of(sp)
    first = sp.tasks[: len(sp.tasks) // 2]
    cp.done = {t.index: split.count_task(t) for t in first}
    path = tmp_path / "12.json"
    cpfile.save(path, cp)
    seen = _counting(monkeypatch, path)
    code, out, _ = run(capsys, "12", "--resume", str(path), "--jobs", "1", "--json")
    obj = json.loads(out)
    assert code == 0 and (obj["solutions"], obj["fundamental"]) == (A000170[12], A002562[12])
    assert obj["resumed"] == len(first) and obj["executor"] == "this process"
    assert sorted(seen) == [t.index for t in sp.tasks[len(first) :]]  # none twice, none lost
    kept = cpfile.load(path)
    assert sorted(kept.done) == list(range(len(sp.tasks)))
    assert kept.solutions() == A000170[12]
    # a finished checkpoint gives the answer again without counting (N read from it)
    seen.clear()
    code, out, _ = run(capsys, "--resume", str(path), "--jobs", "1")
    assert code == 0 and seen == [] and out.startswith("12-queens: 14,200 solutions, 1,787")


def test_a_new_checkpoint_records_every_task_and_is_never_overwritten(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "11.json"
    code, out, _ = run(capsys, "11", "--jobs", "1", "--checkpoint", str(path))
    assert out.startswith("11-queens: 2,680 solutions, 341 fundamental (")
    assert out.rstrip().endswith("s, engine fast, this process, 64 tasks)")
    cp = cpfile.load(path)
    assert code == 0 and cp.n == 11 and len(cp.done) == cp.tasks == split.default_tasks(11)
    assert cp.solutions() == A000170[11]
    code, _, err = run(capsys, "11", "--jobs", "1", "--checkpoint", str(path))
    assert code == 2 and "already exists" in err and f"--resume {path}" in err


def test_a_checkpoint_of_another_count_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "cp.json"
    cpfile.save(path, cpfile.Checkpoint.of(split.split(12)))
    code, _, err = run(capsys, "13", "--resume", str(path))
    assert code == 2 and err == (
        f"queens-tui nqueens: {path}: it is the checkpoint of a count of N=12, not N=13\n"
    )
    other = cpfile.Checkpoint.of(split.split(12, tasks=100))  # another split of the same N
    cpfile.save(path, other)
    code, _, err = run(capsys, "12", "--resume", str(path))
    assert code == 2 and "its split (100 tasks" in err and len(err.splitlines()) == 1
    bad = json.loads(path.read_text())
    bad["done"] = {"5": -3}
    path.write_text(json.dumps(bad))
    code, _, err = run(capsys, "12", "--resume", str(path))
    assert code == 2 and "not a usable checkpoint: task 5: bad count -3" in err
    path.write_text("{not json")
    code, _, err = run(capsys, "12", "--resume", str(path))
    assert code == 2 and "not a usable checkpoint: it is not valid JSON" in err
    code, _, err = run(capsys, "--resume", str(tmp_path / "absent.json"))
    assert code == 2 and "absent.json: no such file" in err
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code, _, err = run(capsys, "12", "--checkpoint", str(blocker / "cp.json"))
    assert code == 2 and f"{blocker / 'cp.json'}: cannot write:" in err


OLD_CHECKPOINT = (
    '{"format":"queens-tui-nqueens-checkpoint","version":1,"n":12,"split":{"tasks":64,'
    '"depth":3,"fingerprint":"dc60ce1168cb1779"},"done":{"0":124,"1":118,"2":122},"check":'
    '"f6a5c4fca3886a3537ee7fa0960e719bb0854af04a90f46467786a11a05b2c94","seconds":0.0}'
)
"""A checkpoint written by the version that split by the mirror alone (N=12, three tasks
done): the same number of tasks and depth as today's split, other prefixes."""


def test_a_checkpoint_of_the_mirror_only_split_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "old.json"
    path.write_text(OLD_CHECKPOINT)
    code, out, err = run(capsys, "--resume", str(path))
    assert code == 2 and out == ""
    assert err == (
        f"queens-tui nqueens: {path}: its split (64 tasks, 3 rows deep, dc60ce1168cb1779) is "
        f"not the one this version makes (64 tasks, 3 rows deep, {split.split(12).fingerprint()})\n"
    )
    assert path.read_text() == OLD_CHECKPOINT  # left as it was


def test_scheduler_without_dask_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    code, _, err = run(capsys, "12", "--scheduler", "local")
    assert code == 2
    assert err == "queens-tui nqueens: --scheduler needs Dask: pip install 'queens-tui[cluster]'\n"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["12", "--jobs", "0"], "--jobs must be 1 to"),
        (["8", "--all", "--jobs", "2"], "--jobs: only for a count"),
        (["8", "--first", "--checkpoint", "x"], "--checkpoint: only for a count"),
        (["8", "--engine", "cp", "--scheduler", "local"], "--scheduler: only for a count"),
    ],
)
def test_scale_flags_out_of_place_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and says in err and len(err.splitlines()) == 1


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # 1 GB: a big list fails fast


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["1000000000", "--first"], "N=1000000000 is too large to write a solution of"),
        (["1" + "0" * 26, "--first"], "N=100000...000 (27 digits) is too large to write"),
        (["30000", "--first", "--boards"], "N=30000 is too large to draw a solution of"),
    ],
)
def test_first_past_what_fits_is_one_line_not_a_traceback(argv: list[str], says: str) -> None:
    # issue 29: these ended in MemoryError and OverflowError tracebacks
    cmd = [sys.executable, "-m", "queens_tui", "nqueens", *argv]
    done = subprocess.run(
        cmd, capture_output=True, text=True, env=ENV, timeout=60, preexec_fn=_limited
    )
    assert done.returncode == 2 and done.stdout == ""
    assert says in done.stderr and len(done.stderr.splitlines()) == 1


def test_first_boards_are_drawn_row_by_row(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "5", "--first", "--boards")
    assert code == 0
    assert out == ". Q . . .\n. . . Q .\nQ . . . .\n. . Q . .\n. . . . Q\n\n"


def test_progress_lines_give_tasks_and_the_time_left() -> None:
    stream = io.StringIO()
    progress = Progress("nqueens 17", stream, start_fraction=0.25)
    progress.start -= 10  # ten seconds in, from a quarter done to half done
    progress.update(0.5, 1234567, (256, 512))
    assert stream.getvalue() == (
        "nqueens 17: 50% done, 256 of 512 tasks, 1,234,567 solutions so far, 10.0 s, "
        "about 20 s left\n"
    )


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("columns", [80, 120])
def test_the_bar_fits_the_terminal_and_keeps_the_time_left(
    monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    # a line wider than the terminal wraps, and each redraw left a copy of it on the screen
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a: os.terminal_size((columns, 24)))
    stream = _Terminal()
    progress = Progress("nqueens 17", stream)
    progress.start -= 10
    progress.update(0.5, 12345678, (256, 512))
    line = stream.getvalue().removeprefix("\r").removesuffix("\x1b[K")
    assert len(line) < columns and line.endswith("10.0 s  10 s left")
    assert ("[###" in line) == (columns == 120)  # the drawing goes first when room is short


def test_ordered_map_keeps_the_order_and_a_bounded_window() -> None:
    submitted: list[int] = []

    class Counting(executors.InlineExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            submitted.append(args[0])
            return super().submit(fn, *args, **kwargs)

    results = executors.ordered_map(Counting(), lambda x: x * x, range(100), window=3)
    assert next(results) == 0 and submitted == [0, 1, 2]  # three ahead, no more
    assert list(results) == [i * i for i in range(1, 100)]
    with ThreadPoolExecutor(4) as pool:
        slow_first = executors.ordered_map(pool, _sleepy, [0.2, 0.0, 0.1, 0.0], window=2)
        assert list(slow_first) == [0.2, 0.0, 0.1, 0.0]


def _sleepy(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_ordered_map_raises_a_task_error_in_its_turn_and_cancels_the_rest() -> None:
    def boom(x: int) -> int:
        if x == 2:
            raise ValueError("two")
        return x

    got: list[int] = []
    with pytest.raises(ValueError, match="two"):
        for x in executors.ordered_map(executors.InlineExecutor(), boom, range(5)):
            got.append(x)
    assert got == [0, 1]
    pool: Executor
    with ThreadPoolExecutor(1) as pool:
        futures: list[Future[float]] = []
        real_submit = pool.submit

        def tracking(fn: Any, /, *args: Any) -> Future[Any]:
            futures.append(real_submit(fn, *args))
            return futures[-1]

        pool.submit = tracking  # type: ignore[method-assign]
        results = executors.ordered_map(pool, _sleepy, [0.1] * 6, window=4)
        next(results)
        results.close()  # the consumer stops: what has not started is cancelled
        assert any(f.cancelled() for f in futures)


def test_no_more_local_workers_than_tasks() -> None:
    with executors.open_pool(4, tasks=1) as pool:  # one level: no pool to start at all
        assert (pool.name, pool.workers) == ("this process", 1)
    with executors.open_pool(4, tasks=2) as pool:
        assert (pool.name, pool.workers) == ("2 processes", 2)
    with executors.open_pool(None, tasks=0) as pool:  # a resumed count with nothing left
        assert pool.workers == 1
    bad = executors.open_pool(0, tasks=1)  # a bad --jobs is still said
    with pytest.raises(executors.PoolError, match="got 0"):
        bad.__enter__()


def test_tasks_sent_in_batches_are_each_recorded_once() -> None:
    from queens_tui.cli import nqueens_split

    sent: list[int] = []

    class Counting(executors.InlineExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            sent.append(len(args[0]))
            return super().submit(fn, *args, **kwargs)

    sp = split.split(10)
    cp = cpfile.Checkpoint.of(sp)
    cp.done[5] = split.count_task(sp.tasks[5])  # done before: not sent again
    run = nqueens_split.Run(sp, cp, None, Progress("t", io.StringIO()), 1)
    nqueens_split._count(run, executors.Pool(Counting(), "batches", 1, 1, batch=4))
    assert cp.solutions() == A000170[10] and sorted(cp.done) == list(range(len(sp.tasks)))
    assert sum(sent) == len(sp.tasks) - 1 and max(sent) == 4 and len(sent) == -(-sum(sent) // 4)


def test_a_pool_broken_between_results_is_made_again_and_nothing_counted_twice() -> None:
    # A worker killed after the last wait: the pool refuses the next submission before any
    # future says it broke (CI saw this as a BrokenProcessPool traceback).
    from concurrent.futures.process import BrokenProcessPool

    from queens_tui.cli import nqueens_split

    made: list[executors.InlineExecutor] = []

    class BreaksOnce(executors.InlineExecutor):
        def __init__(self) -> None:
            self.calls = 0
            made.append(self)

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            self.calls += 1
            if len(made) == 1 and self.calls == 3:
                raise BrokenProcessPool("a child process terminated abruptly")
            return super().submit(fn, *args, **kwargs)

    sp = split.split(10)
    cp = cpfile.Checkpoint.of(sp)
    run = nqueens_split.Run(sp, cp, None, Progress("t", io.StringIO()), 0)
    pool = executors.Pool(BreaksOnce(), "breaks", 1, 1, _restart=BreaksOnce)
    nqueens_split._count(run, pool)
    assert len(made) == 2  # made again once
    assert cp.solutions() == A000170[10] and sorted(cp.done) == list(range(len(sp.tasks)))


def test_a_finished_pool_leaves_no_thread_behind() -> None:
    # The pool's manager thread, left running, raced Python's exit and printed an OSError
    # traceback after about one result in twelve: `open_pool` now waits for it.
    script = (
        "import threading\n"
        "from queens_tui.cli.executors import open_pool\n"
        "with open_pool(2) as pool:\n"
        "    assert pool.executor.submit(abs, -1).result() == 1\n"
        "print([t.name for t in threading.enumerate()])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=ENV, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "['MainThread']\n", "")


# --- whole runs: exact counts, interrupted and killed runs resumed, lost workers -------------


@pytest.mark.slow
@pytest.mark.parametrize("n", [13, 14, 15, 16])
def test_parallel_counts_match_oeis(n: int) -> None:
    obj = json.loads(nqueens(str(n), "--jobs", "2", "--json").stdout)
    assert (obj["solutions"], obj["fundamental"]) == (A000170[n], A002562[n])


@pytest.mark.slow
def test_n17_with_two_processes_matches_oeis() -> None:
    obj = json.loads(nqueens("17", "--jobs", "2", "--json", timeout=600).stdout)
    assert (obj["solutions"], obj["fundamental"]) == (A000170[17], A002562[17])


def _start(*argv: str) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "queens_tui", "nqueens", *argv]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)


def _children(pid: int) -> list[int]:
    tasks = Path(f"/proc/{pid}/task")
    kids: list[int] = []
    for t in tasks.iterdir():
        kids += [int(k) for k in (t / "children").read_text().split()]
    return kids


def _wait_for_tasks(path: Path, at_least: int, timeout: float = 120) -> int:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            done = len(cpfile.load(path).done)
        except cpfile.CheckpointError:
            done = 0
        if done >= at_least:
            return done
        time.sleep(0.1)
    raise AssertionError(f"fewer than {at_least} tasks done in {timeout} s")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc")
def test_a_sigkilled_count_resumes_exactly_and_leaves_no_worker(tmp_path: Path) -> None:
    path = tmp_path / "17.json"
    proc = _start("17", "--jobs", "2", "--checkpoint", str(path))
    _wait_for_tasks(path, 20)
    workers = _children(proc.pid)
    assert workers
    proc.kill()
    proc.communicate(timeout=20)
    end = time.monotonic() + 20
    while any(Path(f"/proc/{w}").exists() for w in workers) and time.monotonic() < end:
        time.sleep(0.2)
    assert not any(Path(f"/proc/{w}").exists() for w in workers), "a worker outlived its parent"
    before = len(cpfile.load(path).done)
    obj = json.loads(nqueens("17", "--resume", str(path), "--jobs", "2", "--json").stdout)
    assert obj["resumed"] == before > 0
    assert (obj["solutions"], obj["fundamental"]) == (A000170[17], A002562[17])


@pytest.mark.slow
def test_sigterm_leaves_a_checkpoint_and_says_how_to_continue(tmp_path: Path) -> None:
    path = tmp_path / "17.json"
    proc = _start("17", "--jobs", "2", "--checkpoint", str(path))
    _wait_for_tasks(path, 10)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 143 and "Traceback" not in err
    assert out.startswith("17-queens: interrupted after ")
    assert out.rstrip().endswith(f"continue with: queens-tui nqueens 17 --resume {path}")
    obj = json.loads(nqueens("17", "--resume", str(path), "--json").stdout)
    assert obj["solutions"] == A000170[17]


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc")
def test_a_lost_local_worker_is_replaced_and_its_tasks_counted_once(tmp_path: Path) -> None:
    path = tmp_path / "17.json"
    proc = _start("17", "--jobs", "2", "--checkpoint", str(path), "--json")
    _wait_for_tasks(path, 10)
    os.kill(_children(proc.pid)[0], signal.SIGKILL)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    obj = json.loads(out)
    assert (obj["solutions"], obj["fundamental"]) == (A000170[17], A002562[17])


@pytest.mark.slow
def test_a_local_dask_cluster_counts_exactly() -> None:
    pytest.importorskip("distributed", reason="the cluster extra (Dask) is not installed")
    with contextlib.ExitStack() as stack:
        # another cluster's HTTP port (8787) taken: Dask's warning about it is not the user's
        taken = stack.enter_context(socket.socket())
        with contextlib.suppress(OSError):  # already taken by someone else: as good
            taken.bind(("127.0.0.1", 8787))
            taken.listen()
        done = nqueens("14", "--scheduler", "local", "--jobs", "2", "--json")
    obj = json.loads(done.stdout)
    assert (obj["solutions"], obj["fundamental"]) == (A000170[14], A002562[14])
    assert obj["executor"] == "a local Dask cluster of 2 workers"
    assert "Warning" not in done.stderr and "Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc")
def test_a_lost_dask_worker_is_retried_and_counted_once(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="the cluster extra (Dask) is not installed")
    path = tmp_path / "17.json"
    proc = _start("17", "--scheduler", "local", "--jobs", "2", "--checkpoint", str(path), "--json")
    _wait_for_tasks(path, 10)
    workers = [
        k
        for k in _children(proc.pid)
        if "resource_tracker" not in Path(f"/proc/{k}/cmdline").read_text()
    ]
    os.kill(workers[0], signal.SIGKILL)
    out, err = proc.communicate(timeout=300)
    obj = json.loads(out)
    assert proc.returncode == 0, err
    assert (obj["solutions"], obj["fundamental"]) == (A000170[17], A002562[17])


@pytest.mark.slow
@pytest.mark.parametrize("how", [["--jobs", "2"], ["--scheduler", "local", "--jobs", "2"]])
def test_ctrl_c_on_a_terminal_stops_every_worker_quietly(tmp_path: Path, how: list[str]) -> None:
    # ctrl+c on a terminal signals the whole process group: the workers as well as the command
    if "--scheduler" in how:
        pytest.importorskip("distributed", reason="the cluster extra (Dask) is not installed")
    path = tmp_path / "17.json"
    cmd = [sys.executable, "-m", "queens_tui", "nqueens", "17", *how, "--checkpoint", str(path)]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
        start_new_session=True,
    )  # fmt: skip
    _wait_for_tasks(path, 5)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err
    assert out.startswith("17-queens: interrupted after ")
    done = len(cpfile.load(path).done)
    assert f": {done} of 512 tasks done" in out
