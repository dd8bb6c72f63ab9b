"""`serve` stays up (issue 33, item 11): half-open requests time out, connections are capped,
running out of file descriptors is one line and never an exit, and ctrl+c stops within 2 s,
quietly, even with clients that never read."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="textual-serve is not installed (extra 'web')")

from queens_tui.cli import web
from tests.conftest import REPO


def _server(port: int = 0) -> web.QueensServer:
    url = f"http://127.0.0.1:{port}"
    door = web.Door.of({url}, loopback_port=port)
    return web.QueensServer("true", host="127.0.0.1", port=port, url=url, door=door)


def test_running_out_of_descriptors_is_one_line_and_never_raises(
    capsys: pytest.CaptureFixture[str],
) -> None:
    server = _server()
    loop = asyncio.new_event_loop()
    try:
        full = {"message": "socket.accept() out of system resource"}
        for _ in range(3):  # asyncio retries every second: said once per 10 s
            server._loop_error(loop, {**full, "exception": OSError(errno.EMFILE, "Too many")})
        assert capsys.readouterr().err == (
            "queens-tui serve: cannot accept a connection: Too many; trying again\n"
        )

        def broken(context: object) -> None:
            raise OSError(errno.EMFILE, "a handler that needs a file")  # rich, under EMFILE

        loop.default_exception_handler = broken  # type: ignore[method-assign]
        server._loop_error(loop, {"message": "anything else", "exception": ValueError()})
    finally:
        loop.close()


async def test_half_open_requests_time_out_and_connections_are_capped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(web, "MAX_CONNECTIONS", 3)
    monkeypatch.setattr(web, "REQUEST_SECONDS", 0.3)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = _server(port)
    bound = asyncio.Event()
    server.announce = bound.set
    running = asyncio.create_task(server._run())
    try:
        await asyncio.wait_for(bound.wait(), 10)
        half = b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: " % port
        held = []
        for _ in range(5):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(half)
            held.append((reader, writer))
        start = time.monotonic()
        ends = await asyncio.wait_for(asyncio.gather(*(r.read() for r, _ in held)), 5)
        assert ends == [b""] * 5  # each closed by the server: 2 at once, 3 after 0.3 s
        assert 0.2 < time.monotonic() - start < 3
        for _, writer in held:
            writer.close()
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
        answer = await asyncio.wait_for(reader.read(), 5)
        assert answer.startswith(b"HTTP/1.1 200")
        writer.close()
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(running, 5)


def _hold(port: int, request: bytes, count: int) -> list[socket.socket]:
    held = []
    for _ in range(count):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.settimeout(5)
        s.connect(("127.0.0.1", port))
        s.sendall(request)
        held.append(s)
    return held


def _status(port: int) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
        return s.recv(12)


@pytest.mark.slow  # a real server under `ulimit -n 256`, 300 sockets, a 10 s timeout: ~20 s
@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_NOFILE and /proc")
def test_serve_under_a_small_descriptor_limit_stays_up_and_stops_quietly(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path / "serve.log"
    env = {**os.environ, "PYTHONPATH": str(REPO), "QUEENS_TUI_DATA_DIR": str(tmp_path / "data")}
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "queens_tui", "serve", "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256)),
        )
    held: list[socket.socket] = []
    try:
        deadline = time.monotonic() + 30
        while b"open http" not in log.read_bytes():
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        held = _hold(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: " % port, 300)
        time.sleep(12)  # the half-open ones time out (web.REQUEST_SECONDS, 10 s)
        assert process.poll() is None, log.read_text()
        assert _status(port) == b"HTTP/1.1 200"
        for s in held:
            s.close()
        script = b"GET /static/js/textual.js HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port
        held = _hold(port, script, 20)  # clients that never read
        time.sleep(0.5)
        start = time.monotonic()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=10)
        assert time.monotonic() - start < 2.0
    finally:
        for s in held:
            s.close()
        if process.poll() is None:
            process.kill()
            process.wait()
    text = log.read_text()
    assert process.returncode == 0 and "Traceback" not in text and "cannot listen" not in text
    assert text.splitlines()[-1] == "queens-tui serve: stopped"
