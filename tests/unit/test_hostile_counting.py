"""Issue 33, items 8-10: a scheduler that never answers, an edited checkpoint, a full disk.

Each is one line and a clean exit, never a traceback or a hang: `--scheduler` gives up after
`executors.CONNECT_SECONDS` whatever the peer does; a checkpoint whose task counts do not
match its SHA-256 `check` is refused; a checkpoint write that fails mid-count is said once and
the count goes on without checkpoints (the file keeps what it had).
"""

from __future__ import annotations

import contextlib
import errno
import json
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from queens_tui import cli
from queens_tui.cli import executors
from queens_tui.store import checkpoint as cpfile

A000170_10 = 724


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["nqueens", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


# --- 8: a scheduler that accepts and never speaks, or speaks nonsense ---------------------


def test_a_client_that_never_comes_gives_up_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(executors, "CONNECT_SECONDS", 0.1)
    forever = threading.Event()

    def hangs(address: str, timeout: str) -> None:
        forever.wait()  # Dask's Client on a port that accepts and never speaks

    start = time.monotonic()
    with pytest.raises(executors.PoolError, match=r"no answer within 0\.1 s"):
        executors._connect(hangs, "tcp://127.0.0.1:1")
    assert time.monotonic() - start < 1.0
    forever.set()


def test_a_peer_that_is_not_dask_is_one_line() -> None:
    def garbled(address: str, timeout: str) -> None:
        struct.unpack_from("Q", b"\x01")  # what Dask raised on a short frame

    with pytest.raises(executors.PoolError) as info:
        executors._connect(garbled, "tcp://127.0.0.1:1")
    assert str(info.value) == (
        "cannot reach the Dask scheduler at tcp://127.0.0.1:1: it does not speak Dask's "
        "protocol (error)"
    )


@contextlib.contextmanager
def server(reply: bytes | None) -> Iterator[str]:
    """A port that accepts every connection and sends `reply` (None: nothing), then idles."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    held: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = sock.accept()
                held.append(conn)
                if reply is not None:
                    conn.sendall(reply)

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        sock.close()
        for conn in held:
            conn.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("reply", "says"),
    [(None, "no answer within 2 s"), (struct.pack("QQ", 1, 3) + b"abc", "does not speak")],
    ids=["silent", "short-frame"],
)
def test_nqueens_on_a_scheduler_that_is_not_one_exits_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    reply: bytes | None,
    says: str,
) -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    monkeypatch.setattr(executors, "CONNECT_SECONDS", 2.0)
    with server(reply) as address:
        start = time.monotonic()
        code, out, err = run(capsys, "8", "--scheduler", address)
        took = time.monotonic() - start
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and says in err, err
    assert took < 2.0 + 5.0  # the wait, and Dask's import


# --- 9: an edited checkpoint ------------------------------------------------------------


@pytest.fixture(scope="module")
def counted(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The checkpoint of a finished count of N=10 (made once for the module)."""
    path = tmp_path_factory.mktemp("count") / "10.json"
    assert cli.main(["nqueens", "10", "--jobs", "1", "--checkpoint", str(path)]) == 0
    return path.read_text()


@pytest.fixture
def finished(tmp_path: Path, counted: str, capsys: pytest.CaptureFixture[str]) -> Path:
    capsys.readouterr()
    path = tmp_path / "10.json"
    path.write_text(counted)
    return path


def _edit(path: Path, change: str) -> None:
    body = json.loads(path.read_text())
    done = body["done"]
    first = next(iter(done))
    if change == "one":
        done[first] += 1
    elif change == "zeros":
        body["done"] = {key: 0 for key in done}
    elif change == "no-check":
        del body["check"]
    elif change == "one-rechecked":  # the check recomputed: then Burnside's sum tells
        done[first] += 1
        body["check"] = cpfile.counts_check({int(k): v for k, v in done.items()})
    path.write_text(json.dumps(body))


@pytest.mark.parametrize("change", ["one", "zeros", "no-check"])
def test_an_edited_checkpoint_is_refused_with_one_line(
    capsys: pytest.CaptureFixture[str], finished: Path, change: str
) -> None:
    _edit(finished, change)
    code, out, err = run(capsys, "10", "--resume", str(finished))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"queens-tui nqueens: {finished}: not a usable checkpoint: ")
    assert ("missing 'check'" if change == "no-check" else "do not match its check") in err


def test_counts_that_cannot_be_a_count_are_one_line(
    capsys: pytest.CaptureFixture[str], finished: Path
) -> None:
    _edit(finished, "one-rechecked")
    code, out, err = run(capsys, "10", "--resume", str(finished))
    assert code == 1 and out == ""
    assert err == (
        "queens-tui nqueens: the task counts are wrong: Burnside's sum for n=10 is not a "
        "multiple of 8\n"
    )


def test_the_check_is_of_the_counts_in_task_order() -> None:
    assert cpfile.counts_check({2: 5, 0: 1}) == cpfile.counts_check({0: 1, 2: 5})
    assert cpfile.counts_check({0: 1, 2: 5}) != cpfile.counts_check({0: 1, 2: 6})


# --- 10: a disk that fills during the count ---------------------------------------------


def test_a_full_disk_is_said_once_and_the_count_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "10.json"
    real, writes = cpfile.save, []

    def fills(*args: object, **kwargs: object) -> None:
        writes.append(1)
        if len(writes) > 3:  # the start's write and two tasks fit
            raise OSError(errno.ENOSPC, "No space left on device")
        real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cpfile, "save", fills)
    code, out, err = run(capsys, "10", "--jobs", "1", "--checkpoint", str(path))
    assert code == 0 and out.startswith("10-queens: 724 solutions, 92 fundamental")
    assert err == (
        f"queens-tui nqueens: {path}: cannot write: No space left on device; counting on "
        f"without checkpoints ({path} keeps the tasks done until now)\n"
    )
    assert len(writes) == 4  # no write tried after the failure
    kept = cpfile.load(path)
    assert len(kept.done) == 2
    monkeypatch.setattr(cpfile, "save", real)
    code, out, _ = run(capsys, "10", "--jobs", "1", "--resume", str(path))
    assert code == 0 and out.startswith(f"10-queens: {A000170_10} solutions")
