"""What saving after every move costs: an 18x18 game with 500 undo steps.

Run: pytest tests/benchmarks/test_store_bench.py --benchmark-enable
Each round makes one move, then saves (encode + atomic write, with and
without fsync, and in the background as the app should), as the app does
after every move. Loading is measured too
(once per level opened).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from queens_tui.kinds.queens.board import History, Mark, Move
from queens_tui.kinds.queens.level import Level
from queens_tui.store import Store

N = 18
STEPS = 500


def _game() -> History:
    level = Level.from_rows([chr(ord("A") + r) * N for r in range(N)])
    rng = random.Random(1)
    h = History.new(level)
    while h.moves < STEPS:
        h.apply(Move.set((rng.randrange(N), rng.randrange(N)), rng.choice(list(Mark))))
    return h


@pytest.mark.parametrize(
    ("sync", "background"),
    [(True, False), (False, False), (True, True)],
    ids=["fsync", "no-fsync", "background-fsync"],
)
def test_bench_save_after_a_move(benchmark, tmp_path: Path, sync: bool, background: bool) -> None:  # type: ignore[no-untyped-def]
    """background: what the game waits for (encode + hand-over); the write runs on a thread."""
    h = _game()
    store = Store(tmp_path, sync=sync)
    store.save_progress("pack:big", h, 1.0)
    rng = random.Random(2)

    def move_and_save() -> None:
        h.apply(Move.set((rng.randrange(N), rng.randrange(N)), Mark.CROSS))
        store.save_progress("pack:big", h, 2.0, background=background)

    benchmark.pedantic(move_and_save, rounds=200, iterations=1, warmup_rounds=5)
    assert store.flush(timeout=60)
    size = store.progress_path("pack:big").stat().st_size
    benchmark.extra_info["file_bytes"] = size
    print(f"\nprogress file: {size} bytes for {len(h.past)} undo steps")
    assert store.load_progress("pack:big", h.board.level) is not None


def test_bench_load(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    h = _game()
    store = Store(tmp_path)
    store.save_progress("pack:big", h, 1.0)
    level = h.board.level
    saved = benchmark(store.load_progress, "pack:big", level)
    assert saved is not None and saved.history.state == h.board
