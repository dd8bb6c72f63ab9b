"""`queens-tui serve` in a real browser: headless Chromium loads the page and plays.

Real input events go through the page's own xterm.js and websocket: keys
(arrows, then Enter places a queen), a right click (a queen), a left drag (crosses, one
move), a window resize, then `S` and `c` on the win screen put the share line
on the browser's clipboard. What the page's terminal shows is read from a copy
of the bytes its websocket received (see `chromium.WEBSOCKET_TAP`).

Skipped when Chromium is not installed (`apt-get install chromium`) or
textual-serve is not (extra `web`). The browser's screenshot is saved in the
test's folder; `python -m tests.app.test_serve_browser screenshots/serve-browser.png`
refreshes the README's.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.app.served import TerminalScreen, serve
from tests.conftest import EXAMPLE_8

pytest.importorskip("aiohttp", reason="textual-serve (extra 'web') is not installed")

from tests.app.chromium import Tab, chromium, find_chromium, open_tab

WINDOW = (1280, 800)
SMALLER = (900, 600)
MOVES = re.compile(r"moves (\d+)")


async def shown(tab: Tab) -> TerminalScreen | None:
    """The page's terminal as it stands, at the size the page last reported, if any yet."""
    tap = await tab.evaluate("JSON.stringify(window.__tap || null)")
    data = json.loads(tap) if tap else None
    if not data:
        return None
    sizes = [m[1] for m in map(json.loads, data["sent"]) if m[0] == "resize"]
    if not sizes:
        return None
    screen = TerminalScreen(sizes[-1]["width"], sizes[-1]["height"])
    screen.feed(data["received"])
    return screen


async def until(
    tab: Tab, ok: Callable[[TerminalScreen], bool], what: str, timeout: float = 20.0
) -> TerminalScreen:
    """Poll the page until its terminal satisfies `ok`."""
    deadline = time.monotonic() + timeout
    screen = None
    while time.monotonic() < deadline:
        screen = await shown(tab)
        if screen is not None and ok(screen):
            return screen
        await asyncio.sleep(0.05)
    raise AssertionError(f"{what}: the page shows\n{screen.text if screen else '(nothing)'}")


def moves(screen: TerminalScreen) -> int:
    m = MOVES.search(screen.text)
    assert m, screen.text
    return int(m[1])


class Pixels:
    """Where a board cell's centre is on the page, from the frame drawn in the terminal."""

    def __init__(self, screen: TerminalScreen, rect: list[float], n: int) -> None:
        top, bottom = screen.find("┏"), screen.find("┛")
        assert top and bottom, screen.text
        self.y0, self.x0 = top
        self.dy, self.dx = (bottom[0] - top[0]) / n, (bottom[1] - top[1]) / n
        left, page_top, width, height = rect
        self.left, self.top = left, page_top
        self.cw, self.ch = width / screen.width, height / screen.height

    def cell(self, r: int, c: int) -> tuple[int, int]:
        """(row, column) in the terminal of the middle of board cell (r, c)."""
        return int(self.y0 + r * self.dy + self.dy / 2), int(self.x0 + c * self.dx + self.dx / 2)

    def __call__(self, r: int, c: int) -> tuple[float, float]:
        row, col = self.cell(r, c)
        return self.left + (col + 0.5) * self.cw, self.top + (row + 0.5) * self.ch


async def play_in_browser(executable: str, tmp_path: Path, shot: Path) -> None:
    level = tmp_path / "eight.txt"
    level.write_text("# name: Served eight\n" + EXAMPLE_8)
    with serve([str(level)], tmp_path) as served:
        async with chromium(executable, tmp_path / "profile", WINDOW) as (_, devtools):
            tab = await open_tab(devtools, served.url + "/", WINDOW)
            first = await until(tab, lambda s: s.queens() == (0, 8), "the board loads")
            await tab.evaluate('document.querySelector(".xterm-helper-textarea").focus()')

            for key in ("right", "right", "right", "enter"):  # keys: a queen on (0, 3)
                await tab.press(key)
            await until(tab, lambda s: s.queens() == (1, 8), "Enter places a queen")

            rect = await tab.evaluate(
                "(() => { const r = document.querySelector('.xterm-screen')"
                ".getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()"
            )
            px = Pixels(first, rect, 8)
            await tab.click(*px(1, 5), button="right")  # a right click: a queen
            screen = await until(tab, lambda s: s.queens() == (2, 8), "right click: a queen")

            before = moves(screen)
            cells = [(6, 2), (6, 3), (6, 4)]
            await tab.drag([px(*cell) for cell in cells])  # a left drag: crosses, one move
            screen = await until(tab, lambda s: moves(s) == before + 1, "a drag is one move")
            for cell in cells:
                row, col = px.cell(*cell)
                assert screen.rows[row][col] == "×", screen.text
            # Both queens are the solution's: the live check (on by default) agrees.
            await until(
                tab, lambda s: "can still be finished" in s.text, "the live check says on track"
            )
            await tab.screenshot(shot)

            await tab.send(
                "Emulation.setDeviceMetricsOverride",
                {
                    "width": SMALLER[0],
                    "height": SMALLER[1],
                    "deviceScaleFactor": 1,
                    "mobile": False,
                },
            )
            smaller = await until(
                tab,
                lambda s: (
                    s.width < first.width and s.height < first.height and s.queens() == (2, 8)
                ),
                "a smaller window: the page reports a smaller terminal and the game redraws",
            )
            assert smaller.find("┏") is not None  # the board is drawn again

            await tab.press("S")  # solve: asks first
            await until(tab, lambda s: "Show a solution?" in s.text, "S: the question")
            await tab.press("y")
            await until(tab, lambda s: "c: copy the share text" in s.text, "S: the win screen")
            await asyncio.sleep(0.6)  # keys within 0.5 s of the win do nothing
            await tab.press("c")  # copy the share line: OSC 52, then the browser's clipboard
            await until(tab, lambda s: "copied to the clipboard" in s.text, "c: copied")
            deadline = time.monotonic() + 10
            clip = ""
            while not clip.startswith("Queens ") and time.monotonic() < deadline:
                clip = await tab.evaluate("navigator.clipboard.readText()") or ""
                await asyncio.sleep(0.05)
            assert clip.startswith("queens-tui Queens Served eight (8×8) | "), clip
            assert "solved with help" in clip


@pytest.mark.slow  # a real Chromium and a served game: ~7 s; test_serve_ws covers the protocol
async def test_play_in_headless_chromium(tmp_path: Path) -> None:
    executable = find_chromium()
    if executable is None:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    shot = tmp_path / "serve-browser.png"
    await play_in_browser(executable, tmp_path, shot)
    assert shot.read_bytes().startswith(b"\x89PNG")


if __name__ == "__main__":
    import tempfile

    target = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots/serve-browser.png")
    browser = find_chromium()
    if browser is None:
        sys.exit("Chromium is not installed (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(play_in_browser(browser, Path(tmp), target.resolve()))
    print(target)
