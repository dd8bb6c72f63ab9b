"""`serve` behind its door (issue 29, items 1, 2 and 13): only the served address gets in,
sizes and messages are bounded, games are few and end with their tab and with the server,
and the address is announced only once the port is bound."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="textual-serve is not installed (extra 'web')")

from queens_tui.cli import web
from tests.conftest import REPO

URL = "http://127.0.0.1:8000"


def door() -> web.Door:
    return web.Door.of({URL, "https://queens.example"}, loopback_port=8000)


@pytest.mark.parametrize(
    ("host", "origin"),
    [
        ("127.0.0.1:8000", None),  # a client that is not a page
        ("127.0.0.1:8000", URL),
        ("LOCALHOST:8000", "http://localhost:8000"),  # this machine's other names
        ("[::1]:8000", "http://127.0.0.1:8000/"),
        ("queens.example", "https://queens.example"),  # --public-url
    ],
)
def test_the_served_address_gets_in(host: str, origin: str | None) -> None:
    assert door().refusal(host, origin) is None


@pytest.mark.parametrize(
    ("host", "origin", "why"),
    [
        ("127.0.0.1:8000", "http://evil.example.com", "Origin"),  # any page the player visits
        ("127.0.0.1:8000", "null", "Origin"),
        ("evil.example.com:8000", URL, "Host"),  # DNS rebinding: the attacker's name
        ("127.0.0.1:8001", None, "Host"),
        (None, None, "Host"),
        ("queens.example", "http://queens.example", "Origin"),  # not the https page
    ],
)
def test_anything_else_is_refused(host: str | None, origin: str | None, why: str) -> None:
    refusal = door().refusal(host, origin)
    assert refusal is not None and refusal.startswith(why)


def test_sizes_are_clamped() -> None:
    assert web.clamp_size("100000", "100000") == (web.MAX_COLUMNS, web.MAX_ROWS)
    assert web.clamp_size(100000, -5) == (web.MAX_COLUMNS, 1)
    assert web.clamp_size("x", None) == (80, 24)
    assert web.clamp_size(120, 40) == (120, 40)


@pytest.mark.slow
def test_a_busy_port_is_one_line_and_no_address_is_announced(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": str(REPO), "XDG_DATA_HOME": str(tmp_path)}
        done = subprocess.run(
            [sys.executable, "-m", "queens_tui", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stdout == "" and "cannot listen on" in done.stderr


# --- live: a real server, sleeping "games" ------------------------------------------------------


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:  # a zombie is gone for our purpose
        return f.read().rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
async def test_live_door_bounds_and_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    from aiohttp import ClientSession, WSServerHandshakeError
    from aiohttp.test_utils import TestServer

    monkeypatch.setattr(web, "MAX_SESSIONS", 2)
    game = f"{sys.executable} -c 'import time; time.sleep(600)'"  # reads nothing: a busy game
    server = web.QueensServer(
        game, host="127.0.0.1", port=0, url="", door=web.Door(frozenset(), frozenset())
    )
    test_server = TestServer(await server._make_app(), host="127.0.0.1")
    await test_server.start_server()
    base = f"http://127.0.0.1:{test_server.port}"
    server.door = web.Door.of({base})
    server.public_url = base
    try:
        async with ClientSession() as client:
            for headers in ({"Origin": "http://evil.example.com"}, {"Host": "evil.example"}):
                with pytest.raises(WSServerHandshakeError) as refused:
                    await client.ws_connect(f"{base}/ws", headers=headers)
                assert refused.value.status == 403
            first = await client.ws_connect(
                f"{base}/ws?width=100000&height=9", headers={"Origin": base}
            )
            second = await client.ws_connect(f"{base}/ws", headers={"Origin": base})
            third = await client.ws_connect(f"{base}/ws", headers={"Origin": base})
            told = await asyncio.wait_for(third.receive(), 10)
            assert b"2 games are already open" in told.data
            await asyncio.sleep(0.5)
            pids = [g._process.pid for g in server.games if g._process is not None]
            assert len(pids) == 2 and all(_alive(p) for p in pids)
            flood = json.dumps(["stdin", "x" * 60_000])
            start = time.monotonic()
            for _ in range(40):  # 2.4 MB the game never reads: dropped, the socket stays live
                await first.send_str(flood)
            await first.close()
            while all(_alive(p) for p in pids) and time.monotonic() - start < 10:
                await asyncio.sleep(0.1)
            ended = [p for p in pids if not _alive(p)]
            assert len(ended) == 1 and time.monotonic() - start < 6
            assert len(server.games) == 1
            assert not second.closed
    finally:
        await test_server.close()  # the server's shutdown ends the other game
    assert not any(_alive(p) for p in pids)
