"""The browser's door: textual-serve's server, open only to its own address, and bounded.

textual-serve as it comes answers any page and any client: a page the player
visits while `serve` runs could open a websocket to it (no Origin check) or
reach it through DNS rebinding (no Host check) and play as the player, write
their saves and start game processes; a client could ask for a 100000x100000
terminal (one game grew to 5 GB), flood a game with input it works through
long after the tab closed, and open any number of games. `QueensServer`
keeps textual-serve's page, protocol and streaming, and adds:

- the door (`Door`): a request whose Host is not the served address (the one
  printed, `--public-url`, and on a loopback address its other loopback
  names), or whose Origin is not that address, gets 403 and one log line;
- bounds: at most `MAX_SESSIONS` games (a further tab is told so, in its
  terminal), websocket messages of at most `MAX_MESSAGE` bytes, terminal sizes
  clamped to `MAX_COLUMNS` x `MAX_ROWS`, and input a busy game has not taken
  yet (`MAX_BACKLOG`) dropped instead of queued;
- ends: a game ends as soon as its socket closes (asked to quit, then its
  whole process group terminated, then killed), every game ends with the
  server, and on Linux the kernel ends a game whose server died anyhow;
- a server that stays up: at most `MAX_CONNECTIONS` connections (one more is
  closed as soon as it is accepted), a request whose headers are not all in
  within `REQUEST_SECONDS` is dropped, and running out of file descriptors
  is one line while the loop waits and accepts again (asyncio's back-off),
  never an exit; ctrl+c stops within `STOP_SECONDS`, quietly, even with
  clients that never read;
- the address is announced only once the port is bound.

This module imports textual-serve (and aiohttp) at the top: `serve` imports it
only when it runs, and says how to install the extra when it is missing.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import shlex
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from aiohttp.web_runner import GracefulExit
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

log = logging.getLogger("textual-serve")

MAX_SESSIONS = 4
"""Games served at once: a player has a tab or two; more is a runaway page or a client."""

MAX_MESSAGE = 64 * 1024
"""Bytes in one websocket message (a key, a paste, a resize are far smaller)."""

MAX_COLUMNS, MAX_ROWS = 500, 200
"""The largest terminal a browser may ask for (a 4K screen at a tiny font is ~480x135)."""

MAX_BACKLOG = 256 * 1024
"""Bytes of input a game may have waiting in its pipe; beyond that, input is dropped (the
game is busy) rather than queued for it to work through after the tab has closed."""

QUIT_GRACE, TERM_GRACE = 1.0, 2.0
"""Seconds a game gets to quit when asked, then to end after SIGTERM, before SIGKILL."""

STOP_QUIT_GRACE, STOP_TERM_GRACE = 0.3, 0.5
"""The same when the server stops (ctrl+c): a game saves after every move, and a game whose
tab does not read is stuck writing to it, so the server does not wait long for it."""

MAX_CONNECTIONS = 64
"""Connections open at once (a tab holds one websocket and briefly a few page loads); with
`MAX_SESSIONS` games and their pipes, well within a 256 file descriptor limit."""

REQUEST_SECONDS = 10.0
"""A connection that has not sent a whole request within this long (and an idle keep-alive
connection after this long) is closed: half-open requests cannot hold the server's sockets."""

STOP_SECONDS = 0.5
"""On ctrl+c, how long a request still being answered (to a client that does not read) may
take before its connection is dropped."""

OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
"""What `accept()` fails with when the process or the system has no descriptor (or memory)
left: asyncio stops accepting for a second and tries again."""

FULL = (
    "\r\nqueens-tui serve: {n} games are already open, the most this server runs at once.\r\n"
    "Close one of them, then reload this page.\r\n"
)
"""What a tab beyond `MAX_SESSIONS` shows in its terminal."""

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


@dataclass(frozen=True)
class Door:
    """Who may come in: the Host names (host[:port], lower case) and the Origins
    (scheme://host[:port]) of the served address."""

    hosts: frozenset[str]
    origins: frozenset[str]

    @classmethod
    def of(cls, urls: Iterable[str], loopback_port: int | None = None) -> Door:
        """The door of the addresses `urls` (http://127.0.0.1:8000, --public-url); with
        `loopback_port`, this machine's other loopback names on that port too (a person at
        the machine types localhost or 127.0.0.1 alike; a rebinding page cannot be either)."""
        found = [urlsplit(u) for u in urls]
        if loopback_port is not None:
            found += [urlsplit(f"http://{name}:{loopback_port}") for name in LOOPBACK_NAMES]
        hosts = frozenset(p.netloc.lower() for p in found if p.netloc)
        origins = frozenset(f"{p.scheme.lower()}://{p.netloc.lower()}" for p in found if p.netloc)
        return cls(hosts, origins)

    def refusal(self, host: str | None, origin: str | None) -> str | None:
        """Why a request with these headers is refused, or None to let it in. A request
        without an Origin is not from a web page (browsers always send it on a websocket
        and on any other page's request), so only its Host is checked."""
        if host is None or host.lower() not in self.hosts:
            return f"Host {host!r} is not this server's address"
        if origin is not None and origin.rstrip("/").lower() not in self.origins:
            return f"Origin {origin!r} is not this server's page"
        return None


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """A terminal size a browser asked for, as whole numbers within 1..MAX."""
    w = to_int(str(width), 80) if not isinstance(width, int) else width
    h = to_int(str(height), 24) if not isinstance(height, int) else height
    return max(1, min(MAX_COLUMNS, w)), max(1, min(MAX_ROWS, h))


def _die_with_parent() -> None:  # pragma: no cover - runs in the child, between fork and exec
    """Linux: the game gets SIGTERM when the server dies, however it dies (even SIGKILL)."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class GameService(AppService):
    """One browser tab's game: its own process group, input that never piles up, an end."""

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        """The game, run directly (no shell), in a new session so its whole group can be
        ended, and (on Linux) tied to the server's life."""
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,
            preexec_fn=_die_with_parent if sys.platform == "linux" else None,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    def _busy(self) -> bool:
        """True when the game has not yet read `MAX_BACKLOG` bytes of input (or is gone)."""
        stdin = self._stdin
        if stdin is None or stdin.is_closing():
            return True
        return stdin.transport.get_write_buffer_size() > MAX_BACKLOG

    async def send_bytes(self, data: bytes) -> bool:
        """Input for the game, written without waiting: when the game is behind, dropped.
        (Waiting here stalled the socket: its close went unseen while the game worked.)"""
        if self._busy():
            return False
        self.stdin.write(self.encode_packet(b"D", data))
        return True

    async def send_meta(self, data: dict[str, str | int | bool | None]) -> bool:
        """A resize, blur, focus or quit for the game, written without waiting (as input)."""
        if self._busy():
            return False
        self.stdin.write(self.encode_packet(b"M", json.dumps(data).encode("utf-8")))
        return True

    async def end(self, *, hurry: bool = False) -> None:
        """End the game now: ask it to quit, then SIGTERM its group, then SIGKILL; `hurry`
        (the server stopping): with the shorter graces, and its stream to the tab cut rather
        than waited for."""
        process = self._process
        quit_grace, term_grace = (
            (STOP_QUIT_GRACE, STOP_TERM_GRACE) if hurry else (QUIT_GRACE, TERM_GRACE)
        )
        with contextlib.suppress(Exception):
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if process is not None and process.returncode is None:
            await self.send_meta({"type": "quit"})
            for sig, grace in ((None, quit_grace), (signal.SIGTERM, term_grace)):
                if sig is not None:
                    _signal_group(process.pid, sig)
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(process.wait(), grace)
                if process.returncode is not None:
                    break
            else:
                _signal_group(process.pid, signal.SIGKILL)
                await process.wait()
        task, self._task = self._task, None
        if task is not None:
            if hurry:
                task.cancel()
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(task, term_grace)


class _Refused(asyncio.Protocol):
    """A connection beyond `MAX_CONNECTIONS`: closed as soon as it is accepted."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()


def _signal_group(pid: int, sig: int) -> None:
    """Send `sig` to the game's process group (its session), quietly if it is gone."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)


class QueensServer(Server):
    """textual-serve's server behind the door, with bounded games (see the module)."""

    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        url: str,
        door: Door,
        verbose: bool = False,
        page: Callable[[str], str] = str,
        **kw: Any,
    ) -> None:
        super().__init__(command, host=host, port=port, public_url=url, **kw)
        self.door = door
        self.verbose = verbose
        """Log every request (`--verbose`); else warnings and errors only."""
        self.page = page
        """What the served page becomes (`serve.with_focus`: the terminal takes the keys)."""
        self.games: set[GameService] = set()
        self.announce: Callable[[], None] = lambda: None
        """Called once the port is bound (the address is printed only then)."""

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._guard)
        return app

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """403 and one log line for a request from outside the door."""
        why = self.door.refusal(request.headers.get("Host"), request.headers.get("Origin"))
        if why is not None:
            log.warning(
                "refused %s %s from %s: %s", request.method, request.path, request.remote, why
            )
            raise web.HTTPForbidden(text=f"queens-tui serve: {why}\n")
        response = await handler(request)
        if request.path == "/" and isinstance(response, web.Response) and response.text:
            response.text = self.page(response.text)
        return response

    def initialize_logging(self) -> None:
        """textual-serve's logging, quiet unless `--verbose` (requests are logged at INFO)."""
        super().initialize_logging()
        if not self.verbose:
            logging.getLogger().setLevel(logging.WARNING)

    async def on_startup(self, app: web.Application) -> None:
        """Nothing yet: the address is announced once bound (see `serve`)."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Every game ends with the server, at once."""
        await asyncio.gather(*(game.end(hurry=True) for game in list(self.games)))

    def serve(self, debug: bool = False) -> None:
        """Serve until ctrl+c or SIGTERM, announcing the address once bound. Not
        `web.run_app`: this runs aiohttp's runner behind a capped accept (`_accept`) and
        with a loop error handler that never raises (`_loop_error`); a start-up fault (the
        port taken) is raised as `OSError`."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        loop.set_exception_handler(self._loop_error)
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        main = loop.create_task(self._run())
        try:
            loop.run_until_complete(main)
        except (GracefulExit, KeyboardInterrupt):
            pass
        finally:
            try:
                if not main.done():
                    main.cancel()
                    with contextlib.suppress(asyncio.CancelledError, GracefulExit):
                        loop.run_until_complete(main)
            finally:
                rest = asyncio.all_tasks(loop)
                for task in rest:
                    task.cancel()
                with contextlib.suppress(BaseException):
                    loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
                    loop.run_until_complete(loop.shutdown_asyncgens())
                loop.close()

    async def _run(self) -> None:
        """aiohttp's runner (its app, its handlers, its clean-up, every game's end) on a
        listening socket of our own, until cancelled."""
        runner = web.AppRunner(
            await self._make_app(),
            handle_signals=False,
            keepalive_timeout=REQUEST_SECONDS,
            shutdown_timeout=STOP_SECONDS,
        )
        await runner.setup()
        try:
            handlers = runner.server
            assert handlers is not None

            def accept() -> asyncio.BaseProtocol:
                if len(handlers.connections) >= MAX_CONNECTIONS:
                    return _Refused()
                return handlers()

            listening = await asyncio.get_running_loop().create_server(
                accept, self.host, self.port, backlog=128
            )
            try:
                self.announce()
                await asyncio.Event().wait()  # until cancelled (ctrl+c, SIGTERM)
            finally:
                listening.close()
        finally:
            with contextlib.suppress(Exception):
                await runner.cleanup()

    _last_warning = 0.0

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The loop's error handler, which must never raise (an exception here ended the
        server: logging a failed accept under EMFILE made rich import a module, which needs a
        file descriptor). Out of descriptors: one line every 10 s at most, and asyncio
        accepts again a second later. Anything else: asyncio's own report, or nothing."""
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in OUT_OF_RESOURCES:
            now = time.monotonic()
            if now - self._last_warning >= 10.0:
                self._last_warning = now
                with contextlib.suppress(Exception):
                    print(
                        f"queens-tui serve: cannot accept a connection: {error.strerror}; "
                        "trying again",
                        file=sys.stderr,
                        flush=True,
                    )
            return
        with contextlib.suppress(Exception):
            loop.default_exception_handler(context)

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: Any) -> None:
        """The browser's messages, each checked: bad JSON or unknown shapes are ignored,
        sizes clamped, input bounded."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(
                    *clamp_size(data.get("width"), data.get("height"))
                )
            elif kind == "ping" and isinstance(data, (str, int, float)):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab's game, within the bounds; a tab beyond `MAX_SESSIONS` is told why."""
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        width, height = clamp_size(
            request.query.get("width", "80"), request.query.get("height", "24")
        )
        await websocket.prepare(request)
        if len(self.games) >= MAX_SESSIONS:
            log.warning("refused a game for %s: %d games are open", request.remote, len(self.games))
            await websocket.send_bytes(FULL.format(n=len(self.games)).encode("utf-8"))
            await websocket.close(code=1013, message=b"too many games")  # try again later
            return websocket
        game = GameService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,  # type: ignore[arg-type]  # returns a bool, unused
            download_manager=self.download_manager,
            debug=self.debug,
        )
        self.games.add(game)
        try:
            await game.start(width, height)
            await self._process_messages(websocket, game)
        except asyncio.CancelledError:
            pass
        except Exception as error:  # textual-serve's own handler logs and carries on too
            log.exception(error)
        finally:
            self.games.discard(game)
            await asyncio.shield(game.end())
            await websocket.close()
        return websocket
