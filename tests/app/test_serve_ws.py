"""`queens-tui serve` driven like its web page does: HTTP for the page, then the websocket.

The page's script (textual-serve's textual.js) opens `/ws?width=W&height=H`,
sends `["stdin", data]` for keys, `["resize", {...}]` when the window changes,
and writes the binary frames it gets into xterm.js. This test does the same
with aiohttp and reads the frames with a small terminal model.
"""

from __future__ import annotations

import asyncio
import codecs
import json
import time
from pathlib import Path

import pytest

from tests.app.served import TerminalScreen, serve
from tests.conftest import EXAMPLE_8

aiohttp = pytest.importorskip("aiohttp", reason="textual-serve (extra 'web') is not installed")


class Page:
    """One browser tab's websocket: what it has shown so far, and how to type."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, width: int, height: int) -> None:
        self.ws = ws
        self.screen = TerminalScreen(width, height)
        self._decode = codecs.getincrementaldecoder("utf-8")("replace").decode

    async def send(self, kind: str, data: object) -> None:
        await self.ws.send_str(json.dumps([kind, data]))

    async def resize(self, width: int, height: int) -> None:
        self.screen = TerminalScreen(width, height)  # the app repaints everything after a resize
        await self.send("resize", {"width": width, "height": height})

    async def until(self, wanted: object, timeout: float = 15.0) -> TerminalScreen:
        """Read frames until the screen's queen count is `wanted`, or shows `wanted` text."""

        def done() -> bool:
            if isinstance(wanted, str):
                return wanted in self.screen.text
            return self.screen.queens() == wanted

        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"wanted {wanted!r}, screen shows:\n{self.screen.text}")
            msg = await self.ws.receive(timeout=left)
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.screen.feed(self._decode(msg.data))
            elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                raise AssertionError(f"the server closed the session:\n{self.screen.text}")
        return self.screen


@pytest.mark.slow  # a real server process and its websocket: ~3 s
async def test_page_and_websocket_play_a_level(tmp_path: Path) -> None:
    level = tmp_path / "eight.txt"
    level.write_text("# name: Served eight\n" + EXAMPLE_8)
    with serve([str(level)], tmp_path) as served:
        async with aiohttp.ClientSession() as http:
            async with http.get(served.url + "/") as page:
                html = await page.text()
            assert page.status == 200
            assert f'data-session-websocket-url="{served.ws_url}"' in html
            assert "queens-tui" in html  # the tab's title

            async with http.ws_connect(served.ws_url + "?width=100&height=30") as ws:
                tab = Page(ws, 100, 30)
                screen = await tab.until((0, 8))
                assert "Served eight" in screen.text
                assert screen.find("┏") is not None  # the board's frame is drawn

                await tab.send("stdin", "\r")  # Enter, as xterm.js sends it
                await tab.until((1, 8))

                await tab.resize(70, 24)
                screen = await tab.until((1, 8))
                status_row = next(y for y, ln in enumerate(screen.lines) if "1 of 8 queens" in ln)
                assert status_row < 24 and max(len(ln) for ln in screen.lines) <= 70

                # The keys panel (palette: "Keys") lists the app's keys, but not ctrl+z:
                # a browser tab cannot be suspended (in a terminal it says "^z Suspend").
                # A tall window, so the panel's last lines (the app's own keys) are on screen.
                await tab.resize(120, 150)
                await tab.until((1, 8))
                await tab.send("stdin", "\x10")  # ctrl+p
                await tab.until("Search for commands")
                await tab.send("stdin", "keys")
                await tab.until("Show help for the focused widget")
                await tab.send("stdin", "\r")
                screen = await tab.until("^q Quit")
                assert "Suspend" not in screen.text and "^z" not in screen.text


@pytest.mark.slow  # a real server process and a websocket session: ~4 s
async def test_the_page_focuses_the_game_logs_quietly_and_stops_cleanly(tmp_path: Path) -> None:
    """Issue 28 item 12: keys typed before any click reach the game (the page focuses its
    terminal), requests are not logged without --verbose, ctrl+c stops without a
    traceback (a game being played included)."""
    import signal

    from queens_tui.cli.serve import FOCUS_SCRIPT

    level = tmp_path / "eight.txt"
    level.write_text("# name: Served eight\n" + EXAMPLE_8)
    with serve([str(level)], tmp_path) as served:
        async with aiohttp.ClientSession() as http:
            async with http.get(served.url + "/") as page:
                html = await page.text()
            assert FOCUS_SCRIPT in html and html.index(FOCUS_SCRIPT) < html.index("</body>")
            async with http.ws_connect(served.ws_url + "?width=100&height=30") as ws:
                await Page(ws, 100, 30).until((0, 8))
                served.process.send_signal(signal.SIGINT)  # the page stays open meanwhile
                code = await asyncio.to_thread(served.process.wait, 15)
                assert code == 0
        log = served.log.read_text(errors="replace")
    assert "GET /" not in log and "INFO" not in log  # no request log by default
    assert "Traceback" not in log and "OSError" not in log, log
    assert "queens-tui serve: stopped" in log
