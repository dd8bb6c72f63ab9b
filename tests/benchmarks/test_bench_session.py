"""Bare `queens-tui` on a Sunday (the largest, hardest generated daily) on a fresh pty.

Three figures, whole process, medians: the first frame (the "generating" screen)
in a fresh data dir, the board once the puzzle is generated, and the board on the
second start of the day (the puzzle comes from the store's cache). A bare Textual
app is the baseline for the first frame.

Run: `pytest tests/benchmarks/test_bench_session.py --benchmark-enable -s`.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import pytest

from tests.benchmarks.test_bench_app import BARE_APP, VENV_BIN, first_paint

SUNDAY = "2026-03-22"
"""A Sunday (10x10 expert); its generation takes about 2-3 s here."""

RUNS = 5


def test_bare_start_on_a_sunday(benchmark, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bare = tmp_path / "bare.py"
    bare.write_text(BARE_APP)
    cmd = [str(VENV_BIN / "queens-tui"), "--date", SUNDAY]
    first: list[float] = []
    board: list[float] = []
    cached: list[float] = []
    base: list[float] = []

    def fresh_home(name: str) -> None:
        monkeypatch.setenv("QUEENS_TUI_DATA_DIR", str(tmp_path / name))

    first_paint([sys.executable, str(bare)], "bare-static-ready")  # warm the file cache

    def run() -> None:
        for i in range(RUNS):
            base.append(first_paint([sys.executable, str(bare)], "bare-static-ready"))
            fresh_home(f"first-{i}")
            first.append(first_paint(cmd, "Generating"))
            fresh_home(f"board-{i}")
            board.append(first_paint(cmd, "┗━"))
            cached.append(first_paint(cmd, "┗━"))  # same home: the cached puzzle

    benchmark.pedantic(run, rounds=1, iterations=1)
    figures = {
        "first_frame_ms": statistics.median(first) * 1000,
        "board_after_generating_ms": statistics.median(board) * 1000,
        "board_cached_ms": statistics.median(cached) * 1000,
        "bare_textual_ms": statistics.median(base) * 1000,
    }
    benchmark.extra_info.update({k: round(v, 1) for k, v in figures.items()})
    print(
        "\nbare queens-tui on a Sunday, medians of "
        f"{RUNS}: first frame {figures['first_frame_ms']:.0f} ms "
        f"(bare Textual {figures['bare_textual_ms']:.0f} ms), board after generating "
        f"{figures['board_after_generating_ms']:.0f} ms, board when cached "
        f"{figures['board_cached_ms']:.0f} ms"
    )
    assert figures["first_frame_ms"] <= 1.5 * figures["bare_textual_ms"]
    assert figures["board_cached_ms"] <= 1.5 * figures["bare_textual_ms"]
