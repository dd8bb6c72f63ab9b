"""How fast the game reacts and starts.

1. Key press -> board redrawn, at 11x11 and 18x18: the time from a key event
   entering the app to the compositor handing the repainted screen to the
   display (rendered to terminal segments). Target: median under one frame
   (16 ms); p95 is reported. A second benchmark times the board's own share
   (apply the move + draw every line) with pytest-benchmark.
2. Cold start to the first painted board in a real pseudo-terminal, against a
   bare Textual app showing one `Static`, alternated in the same run. Target:
   at most 1.5x the bare app (so nothing heavy, OR-Tools above all, loads
   before the first frame).

Run: `pytest tests/benchmarks/test_bench_app.py --benchmark-enable -s`
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from queens_tui.app import create_app
from queens_tui.app.levels import LevelRef
from queens_tui.core.level import Level
from queens_tui.core.search import first
from queens_tui.formats import dump_text

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus" / "community-levels.json"
VENV_BIN = Path(sys.executable).parent


def bench_level(size: int) -> Level:
    """A community level of that size if the corpus is beside the repo, else a banded one."""
    if CORPUS.exists():
        for entry in json.loads(CORPUS.read_text())["levels"]:
            if entry["size"] == size:
                return Level.from_rows(entry["regions"], name=f"corpus {entry['id']}")
    labels = [chr(0x41 + i) if i < 26 else chr(0x61 + i - 26) for i in range(size)]
    rows = ["".join(labels[(r + c // 3) % size] for c in range(size)) for r in range(size)]
    return Level.from_rows(rows, name=f"banded {size}")


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def key_to_paint(level: Level, presses: int) -> list[float]:
    """Seconds from each key event to the repainted screen, for a mix of moves and marks."""
    app = create_app(LevelRef(level), now=lambda: 0.0)
    samples: list[float] = []
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        painted = asyncio.Event()
        original = app._display

        def display(target, renderable) -> None:
            original(target, renderable)
            if renderable is not None:
                list(renderable.render_segments(app.console))  # what a terminal would get
                painted.set()

        app._display = display  # type: ignore[method-assign]
        # a few queens first, so conflicts and auto-crosses are part of every frame
        solution = first(level) or ()
        for cell in solution[: level.size // 2]:
            screen.game.toggle_queen(cell)
        screen.game.toggle_queen((0, 0))
        screen._sync()
        await pilot.pause()
        from textual import events

        keys = ["space", "right", "space", "down", "x", "left", "enter", "up"]
        for i in range(presses):
            key = keys[i % len(keys)]
            painted.clear()
            start = time.perf_counter()
            app._driver.send_message(events.Key(key, " " if key == "space" else None))
            await asyncio.wait_for(painted.wait(), 2)
            samples.append(time.perf_counter() - start)
            await asyncio.sleep(0.02)  # let timers settle so frames don't coalesce
    return samples


@pytest.mark.parametrize("size", [11, 18])
def test_key_press_to_board_redrawn(benchmark, size: int) -> None:
    level = bench_level(size)
    samples: list[float] = []

    def run() -> None:
        samples.extend(asyncio.run(key_to_paint(level, 120)))

    benchmark.pedantic(run, rounds=1, iterations=1)
    median, p95 = statistics.median(samples) * 1000, percentile(samples, 95) * 1000
    benchmark.extra_info.update(median_ms=round(median, 2), p95_ms=round(p95, 2))
    print(f"\n{size}x{size} key -> painted: median {median:.2f} ms, p95 {p95:.2f} ms")
    assert median < 16, f"median {median:.1f} ms is over one frame"


@pytest.mark.parametrize("size", [11, 18])
def test_board_redraw_cost(benchmark, size: int) -> None:
    """The board's own share of a key press: core applies a move, the widget draws every line."""
    from queens_tui.core.board import Mark, Move

    level = bench_level(size)

    async def measure() -> None:
        app = create_app(LevelRef(level), now=lambda: 0.0)
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            view = app.screen.board_view
            assert view.layout_now is not None and view.layout_now.bordered
            board = view.board.with_queens((first(level) or ())[: size // 2])
            state = {"i": 0, "board": board}

            def step() -> None:
                i = state["i"] = state["i"] + 1
                cell = (i % size, (i * 7) % size)
                board = state["board"]
                mark = Mark.CROSS if board.mark(cell) is Mark.EMPTY else Mark.EMPTY
                state["board"] = board.apply(Move.set(cell, mark))
                view.show(state["board"], True)
                for y in range(view.size.height):
                    view.render_line(y)

            benchmark(step)

    asyncio.run(measure())
    assert benchmark.stats.stats.median < 0.016


# --- cold start in a real terminal ------------------------------------------------------

ANSI = re.compile(
    r"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|.)"
)
"""Terminal escape sequences (CSI, OSC, DCS and two-byte ones), stripped to find text."""

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("bare-static-ready")

if __name__ == "__main__":
    Bare().run()
"""


def first_paint(cmd: list[str], marker: str, cols: int = 120, rows: int = 40) -> float:
    """Seconds from spawning `cmd` on a fresh pty until `marker` is on screen."""
    master, slave = os.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor"}
    env.pop("TEXTUAL", None)
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True, cwd=REPO
    )
    os.close(slave)
    seen = ""
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 10)
            if not ready:
                raise TimeoutError(f"{cmd[0]}: nothing painted in 10 s; saw {seen[-300:]!r}")
            try:
                chunk = os.read(master, 65536).decode("utf-8", "replace")
            except OSError as err:
                raise RuntimeError(f"{cmd}: exited before painting: {seen[-300:]!r}") from err
            seen += ANSI.sub("", chunk)
            if marker in seen:
                return time.perf_counter() - start
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(master)


def test_cold_start_first_board_vs_bare_textual(benchmark, tmp_path: Path) -> None:
    level_file = tmp_path / "eleven.txt"
    level_file.write_text(dump_text(bench_level(11)))
    bare = tmp_path / "bare.py"
    bare.write_text(BARE_APP)
    ours_cmd = [str(VENV_BIN / "queens-tui"), "play", str(level_file)]
    bare_cmd = [sys.executable, str(bare)]
    first_paint(bare_cmd, "bare-static-ready")  # warm the OS file cache for both
    first_paint(ours_cmd, "┗━")
    ours: list[float] = []
    base: list[float] = []

    def run() -> None:
        for _ in range(9):
            base.append(first_paint(bare_cmd, "bare-static-ready"))
            ours.append(first_paint(ours_cmd, "┗━"))

    benchmark.pedantic(run, rounds=1, iterations=1)
    ratio = statistics.median(ours) / statistics.median(base)
    benchmark.extra_info.update(
        ours_median_ms=round(statistics.median(ours) * 1000, 1),
        bare_median_ms=round(statistics.median(base) * 1000, 1),
        ratio=round(ratio, 2),
    )
    print(
        f"\ncold start to first painted board: queens-tui median "
        f"{statistics.median(ours) * 1000:.0f} ms, bare Textual "
        f"{statistics.median(base) * 1000:.0f} ms, ratio {ratio:.2f}"
    )
    assert ratio <= 1.5
