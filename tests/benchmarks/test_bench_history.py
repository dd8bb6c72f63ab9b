"""Undo history of a 60x60 Queens game after 5,000 moves: memory and time per move (issue 10
item 23: 746 MB and 200+ ms per key before moves replaced whole boards).

Run: `pytest tests/benchmarks/test_bench_history.py --benchmark-enable -s`.
"""

from __future__ import annotations

import random
import time
import tracemalloc

from queens_tui.core.history import History
from queens_tui.kinds.queens.board import Board, Move
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.play import PLAY


def test_60x60_with_5000_moves_stays_small() -> None:
    """Issue 10 item 23: stacks of whole boards took 746 MB; moves must stay under 100 MB."""
    n = 60
    level = Level.from_rows([[f"r{r}"] * n for r in range(n)])
    rng = random.Random(5)
    tracemalloc.start()
    h: History[Board, Move] = History(PLAY, PLAY.new_state(level))
    for i in range(5000):
        cell = (rng.randrange(n), rng.randrange(n))
        move = PLAY.interpret(h.state, "cycle", cell)
        assert move is not None
        h.apply(move)
        if i % 50 == 49:
            h.undo()
    _, peak = tracemalloc.get_traced_memory()
    print(f"\n60x60, 5,000 moves: peak {peak / 2**20:.1f} MB")
    tracemalloc.stop()
    assert peak < 100 * 2**20, f"{peak / 2**20:.0f} MB"
    assert len(h.past) == 4900
    while h.undo():
        pass
    assert h.state == PLAY.new_state(level)


def test_60x60_move_and_undo_time_p95() -> None:
    n = 60
    level = Level.from_rows([[f"r{r}"] * n for r in range(n)])
    rng = random.Random(6)
    h: History[Board, Move] = History(PLAY, PLAY.new_state(level))
    times = []
    for i in range(5000):
        cell = (rng.randrange(n), rng.randrange(n))
        t0 = time.perf_counter()
        move = PLAY.interpret(h.state, "cycle", cell)
        assert move is not None
        h.apply(move)
        if i % 10 == 9:
            h.undo()
        times.append(time.perf_counter() - t0)
    times.sort()
    p95 = times[int(0.95 * len(times))] * 1000
    print(f"\n60x60 move (+ undo every 10th) p95 {p95:.2f} ms, median {times[2500] * 1000:.2f} ms")
    assert p95 <= 16
