"""Helpers for the `queens-tui serve` tests: start the server, read what a browser would show.

`TerminalScreen` replays the terminal bytes the server sends (Textual writes
only cursor moves, colours and text) into a grid of characters, so a test reads
the status line where a person would, not by grepping the byte stream.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
STATUS = re.compile(r"(\d+) of (\d+) queens")
"""The queen count on the status line: placed / needed."""
_CONTROL = re.compile(
    r"\x1b\[(?P<csi>[0-?]*)[ -/]*(?P<final>[@-~])"  # CSI: cursor moves, colours, modes
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: title, clipboard
    r"|\x1b[@-Z\\-_]"  # other two-byte escapes
    r"|(?P<ctl>[\r\n\x07\x08])"
)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    """A running `queens-tui serve`: its URL and the file its output goes to."""

    url: str
    port: int
    log: Path
    process: subprocess.Popen[bytes]

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"


def _listening(port: int) -> bool:
    """True once something accepts connections on 127.0.0.1:`port`."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


@contextmanager
def serve(args: list[str], tmp_path: Path, timeout: float = 20.0) -> Iterator[Served]:
    """Run `python -m queens_tui serve --port P ARGS` until the block ends (ctrl+c, then wait).

    Output goes to a file, not a pipe, so a chatty server never blocks on a full pipe.
    Skips when textual-serve is not installed (it is an optional extra).
    """
    pytest.importorskip("textual_serve", reason="textual-serve is not installed (extra 'web')")
    port = free_port()
    log = tmp_path / f"serve-{port}.log"
    # The served games save into the test's own folder, whatever the caller's environment.
    env = {**os.environ, "PYTHONPATH": str(REPO), "QUEENS_TUI_DATA_DIR": str(tmp_path / "data")}
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "queens_tui", "serve", "--port", str(port), *args],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=tmp_path,
        )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + timeout
        # The URL is printed before the server listens: wait for both (a loaded machine
        # can take seconds between the two).
        while url not in log.read_text(errors="replace") or not _listening(port):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"serve did not start: {log.read_text(errors='replace')}")
            time.sleep(0.05)
        yield Served(url, port, log, process)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def cell_width(ch: str) -> int:
    """Columns `ch` takes in xterm.js with Unicode 11 widths (what textual-serve's page uses)."""
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


class TerminalScreen:
    """Just enough of a terminal to read Textual's output: cursor moves and text."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.y = self.x = 0

    def feed(self, text: str) -> None:
        pos = 0
        for m in _CONTROL.finditer(text):
            self._put(text[pos : m.start()])
            pos = m.end()
            if m["final"] in ("H", "f"):
                row, _, col = (m["csi"] or "1;1").partition(";")
                self.y, self.x = int(row or 1) - 1, int(col or 1) - 1
            elif m["ctl"] == "\n":
                self.y, self.x = self.y + 1, 0
            elif m["ctl"] == "\r":
                self.x = 0
        self._put(text[pos:])

    def _put(self, chunk: str) -> None:
        for ch in chunk:
            width = cell_width(ch)
            if 0 <= self.y < self.height and 0 <= self.x + width - 1 < self.width:
                self.rows[self.y][self.x] = ch
                if width == 2:
                    self.rows[self.y][self.x + 1] = ""  # the right half of a wide character
            self.x += width

    @property
    def lines(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.rows]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def queens(self) -> tuple[int, int] | None:
        """(placed, needed) from the status line, or None while it is not drawn."""
        for line in reversed(self.lines):
            if m := STATUS.search(line):
                return int(m[1]), int(m[2])
        return None

    def find(self, text: str) -> tuple[int, int] | None:
        """(row, column) of the first `text` on the screen (columns as cells, not chars)."""
        for y, row in enumerate(self.rows):
            line = "".join(row)
            if (i := line.find(text)) >= 0:
                x = chars = 0
                while chars < i:  # a wide character's right half is an empty string
                    chars += len(row[x])
                    x += 1
                return y, x
        return None
