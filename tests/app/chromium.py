"""Headless Chromium driven over the DevTools protocol, with aiohttp (no Playwright needed).

Chromium is the system one (`apt-get install chromium` on Debian; found on PATH),
started with the flags a closed, GPU-less machine needs and a fresh profile.
`Tab` sends real input events (keys, mouse buttons, drags) and reads the page
with JavaScript; the page's own scripts do everything else.

`WEBSOCKET_TAP` is put in the page before its scripts run: it keeps a copy of the
terminal bytes the page's websocket receives and the messages it sends, so a
test can read what the page's terminal shows (xterm.js draws on a canvas, where
no DOM query reaches) and which size the page reported.
"""

from __future__ import annotations

import asyncio
import itertools
import shutil
import subprocess
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless",
    "--no-sandbox",  # we run as root on these machines
    "--disable-gpu",
    "--disable-dev-shm-usage",  # containers often have a tiny /dev/shm
    "--disable-quic",
    "--no-first-run",
    # The machine has no network but the loopback: without these, Chromium keeps dialling out.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-port=0",
)

WEBSOCKET_TAP = """
(() => {
  const Native = window.WebSocket;
  const tap = (window.__tap = { received: "", sent: [] });
  const decoder = new TextDecoder();
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (typeof event.data !== "string") {
          tap.received += decoder.decode(new Uint8Array(event.data), { stream: true });
        }
      });
    }
    send(data) {
      tap.sent.push(data);
      super.send(data);
    }
  };
})();
"""

KEYS: dict[str, tuple[str, str, int, str]] = {
    # name: (key, code, Windows virtual key code, text typed)
    "enter": ("Enter", "Enter", 13, "\r"),
    "right": ("ArrowRight", "ArrowRight", 39, ""),
    "S": ("S", "KeyS", 83, "S"),
    "c": ("c", "KeyC", 67, "c"),
    "y": ("y", "KeyY", 89, "y"),
}
SHIFT = 8
"""The shift bit of CDP's `modifiers`."""


def find_chromium() -> str | None:
    """The path of a Chromium-like browser on PATH, or None."""
    return next((p for name in CHROMIUM_NAMES if (p := shutil.which(name))), None)


class DevTools:
    """One DevTools websocket: commands by id, answers matched as they come."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            data = msg.json()
            future = self._waiting.pop(data.get("id", -1), None)
            if future is not None and not future.done():
                future.set_result(data)
        for future in self._waiting.values():
            future.set_exception(ConnectionError("DevTools connection closed"))

    async def send(
        self, method: str, params: dict[str, Any] | None = None, session: str | None = None
    ) -> dict[str, Any]:
        """Run `method` and return its result; a protocol error raises."""
        ident = next(self._ids)
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        future = asyncio.get_running_loop().create_future()
        self._waiting[ident] = future
        await self.ws.send_json(message)
        answer = await asyncio.wait_for(future, 30)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return dict(answer.get("result", {}))

    async def close(self) -> None:
        self._reader.cancel()
        await self.ws.close()


class Tab:
    """A page in the browser, with input and JavaScript."""

    def __init__(self, devtools: DevTools, session: str) -> None:
        self.devtools = devtools
        self.session = session

    async def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return await self.devtools.send(method, params, self.session)

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression (promises awaited)."""
        result = await self.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def press(self, name: str) -> None:
        """A key pressed and released, as a keyboard does it."""
        key, code, vk, text = KEYS[name]
        modifiers = SHIFT if key.isupper() else 0
        common = {"key": key, "code": code, "windowsVirtualKeyCode": vk, "modifiers": modifiers}
        down = {"type": "keyDown", "text": text} if text else {"type": "rawKeyDown"}
        await self.send("Input.dispatchKeyEvent", {**down, **common})
        await self.send("Input.dispatchKeyEvent", {"type": "keyUp", **common})

    async def mouse(self, kind: str, x: float, y: float, button: str = "left") -> None:
        """One mouse event (`mousePressed`, `mouseMoved`, `mouseReleased`) at pixel (x, y)."""
        params: dict[str, Any] = {"type": kind, "x": x, "y": y, "button": button}
        if kind != "mouseMoved":
            params["clickCount"] = 1
        else:
            params["buttons"] = 1 if button == "left" else 0
            params["button"] = button if button == "left" else "none"
        await self.send("Input.dispatchMouseEvent", params)

    async def click(self, x: float, y: float, button: str = "left") -> None:
        await self.mouse("mouseMoved", x, y, "none")
        await self.mouse("mousePressed", x, y, button)
        await self.mouse("mouseReleased", x, y, button)

    async def drag(self, points: list[tuple[float, float]]) -> None:
        """Press the left button at the first point, move through the rest, release."""
        (x0, y0), rest = points[0], points[1:]
        await self.mouse("mouseMoved", x0, y0, "none")
        await self.mouse("mousePressed", x0, y0)
        for x, y in rest:
            await self.mouse("mouseMoved", x, y)
        await self.mouse("mouseReleased", *points[-1])

    async def screenshot(self, path: Path) -> None:
        import base64

        shot = await self.send("Page.captureScreenshot", {"format": "png"})
        path.write_bytes(base64.b64decode(shot["data"]))


@asynccontextmanager
async def chromium(
    executable: str, profile: Path, size: tuple[int, int] = (1280, 800)
) -> AsyncIterator[tuple[aiohttp.ClientSession, DevTools]]:
    """Start headless Chromium with a fresh profile; yield an HTTP session and its DevTools."""
    profile.mkdir(parents=True, exist_ok=True)
    log = (profile.parent / "chromium.log").open("wb")
    process = subprocess.Popen(
        [
            executable,
            *FLAGS,
            f"--user-data-dir={profile}",
            f"--window-size={size[0]},{size[1]}",
            "about:blank",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and len(port_file.read_text().split()) >= 2):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"Chromium did not start: {log.name}")
            await asyncio.sleep(0.05)
        port, path = port_file.read_text().split()[:2]
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"ws://127.0.0.1:{port}{path}", max_msg_size=0)
            devtools = DevTools(ws)
            try:
                yield http, devtools
            finally:
                await devtools.close()
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


async def open_tab(devtools: DevTools, url: str, size: tuple[int, int]) -> Tab:
    """A new tab on `url`, with the websocket tap in place and clipboard access granted."""
    origin = url.rstrip("/")
    await devtools.send(
        "Browser.grantPermissions",
        {"origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )
    target = await devtools.send("Target.createTarget", {"url": "about:blank"})
    attached = await devtools.send(
        "Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}
    )
    tab = Tab(devtools, attached["sessionId"])
    await tab.send("Page.enable")
    await tab.send("Page.addScriptToEvaluateOnNewDocument", {"source": WEBSOCKET_TAP})
    await tab.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False},
    )
    await tab.send("Page.navigate", {"url": url})
    return tab
