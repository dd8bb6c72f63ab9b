"""Move -> progress check shown: how long after a key the status says `on track` / `mistake`.

For each sample a key ("enter" or "x") enters the app as a driver event, the
game makes the move, the check worker asks the solver service in a thread,
and the verdict message reaches the status line; the clock stops at the
first frame painted with that verdict (rendered to terminal segments). Moves
are random queens and crosses on a board that already holds half the
solution, each placed and then taken back, so both verdicts come up.
The engine is CP-SAT (the game's default) or the pure search.
Target (issues 4 and 9): p95 <= 50 ms at 9x9 and 18x18, asserted on the verdict
reaching the status widget; the painted figure (one more frame at most, at
Textual's 60 fps pacing) is printed beside it.

Three ways through, `path`:
- "game": as the game runs. The Queens solver's quick check answers most
  moves in the key's own handler from the solutions CP-SAT found for the
  level (counted once, on the first check); the rest go to the worker.
- "worker": the quick check hidden, so every verdict goes through the
  worker thread (whose check still answers from the known solutions).
- "solve": every verdict through the worker by a fresh CP-SAT solve under
  the board's marks (the cached model with assumptions), nothing remembered:
  what a level with many solutions costs.

Run: `pytest tests/benchmarks/test_bench_assist.py --benchmark-enable -s`
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from textual import events

from queens_tui.app import create_app
from queens_tui.core.play import Verdict
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.search import first
from queens_tui.midend.actions import default_words
from queens_tui.midend.assistant import CAN
from queens_tui.midend.assistant import CANNOT as CANNOT_SAID
from queens_tui.midend.levels import OpenLevel
from tests.conftest import EXAMPLE_9
from tests.player import playing
from tests.scenes import settled

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus" / "community-levels.json"
CANNOT = default_words(CANNOT_SAID)
VERDICTS = (CAN, CANNOT)
"""The live check's verdicts as the status line says them."""


def level_of(size: int) -> Level:
    """9x9: the worked example; 18x18: the first corpus level of that size (or skip)."""
    if size == 9:
        return Level.from_rows(EXAMPLE_9.split(), name="example 9")
    if not CORPUS.exists():
        pytest.skip("community corpus not present beside the repository")
    for entry in json.loads(CORPUS.read_text())["levels"]:
        if entry["size"] == size:
            return Level.from_rows(entry["regions"], name=f"corpus {entry['id']}")
    pytest.skip(f"no {size}x{size} level in the corpus")


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


class Through:
    """The game's solver with its quick check hidden (and, for "solve", nothing remembered)."""

    def __init__(self, inner: Any, solve: bool) -> None:
        self.inner = inner
        self.solve_every_move = solve

    def check(self, state: Any, *, engine: str, time_limit: float, cancel: Any) -> Verdict:
        if not self.solve_every_move:
            return self.inner.check(state, engine=engine, time_limit=time_limit, cancel=cancel)
        from queens_tui.solver.queens import service

        got = service.completable(
            state.level,
            state.queens,
            state.crosses,
            time_limit=time_limit,
            cancel=cancel,
            engine=engine,
        )
        if got.completable is None:
            return Verdict.UNKNOWN
        return Verdict.CAN_FINISH if got.completable else Verdict.CANNOT_FINISH

    def __getattr__(self, name: str) -> Any:
        if name == "quick_check":
            raise AttributeError(name)
        return getattr(self.inner, name)


async def move_to_verdict(
    level: Level, presses: int, seed: int = 4, engine: str = "cpsat", path: str = "game"
) -> tuple[list[float], list[float], dict]:
    """Seconds from each key event to the first frame that shows the new board's verdict.

    Also returns the seconds to the verdict reaching the status widget (before
    the paint), which separates the worker from Textual's frame pacing.
    """
    app = create_app(OpenLevel(level), now=lambda: 0.0, persist=False, engine=engine)
    samples: list[float] = []
    shown: list[float] = []
    seen = {CAN: 0, CANNOT: 0}
    async with playing(app, size=(120, 50)) as pilot:
        await settled(pilot)
        screen = app.screen
        status = screen.status
        painted = asyncio.Event()
        want = {"generation": -1}
        original = app._display

        def display(target, renderable) -> None:
            original(target, renderable)
            if (
                renderable is not None
                and screen.midend.assistant.generation == want["generation"]
                and status.check in VERDICTS
            ):
                list(renderable.render_segments(app.console))  # what a terminal would get
                painted.set()

        app._display = display  # type: ignore[method-assign]
        marks: dict[str, float] = {}

        show_assist = screen.draw

        def verdict_set() -> None:
            # Stamped where the screen hands the assistant's view to the status widget: a
            # verdict equal to the last one changes no reactive, so a watcher would miss it.
            show_assist()
            if (
                status.check in VERDICTS
                and screen.midend.assistant.generation == want["generation"]
            ):
                marks.setdefault("shown", time.perf_counter())

        screen.draw = verdict_set  # type: ignore[method-assign]
        solution = first(level) or ()
        for cell in solution[: level.size // 2]:
            screen.midend.game.act("queen", cell)
        screen.midend.changed()
        screen.draw()
        await settled(pilot)
        if engine == "cpsat":  # OR-Tools warms up in the background after the first frame
            while "ortools.sat.python.cp_model" not in sys.modules:
                await asyncio.sleep(0.05)
        assert screen.midend.worker.engine == engine
        if path != "game":
            screen.midend.solver = Through(screen.midend.solver, solve=path == "solve")  # type: ignore[assignment]
        quick_before = screen.midend.worker.quick_answers
        rng = random.Random(seed)
        n = level.size
        for i in range(presses):
            if i % 2 == 0:
                cell = (rng.randrange(n), rng.randrange(n))
                key = rng.choice(["enter", "x"])
                screen.board_view.cursor = cell
                await pilot.pause()
            # odd presses repeat the key on the same cell: the mark comes off again
            before = screen.midend.game.board
            painted.clear()
            marks.clear()
            want["generation"] = screen.midend.assistant.generation + 1
            start = time.perf_counter()
            app.post_message(events.Key(key, None))
            await asyncio.wait_for(painted.wait(), 5)
            samples.append(time.perf_counter() - start)
            shown.append(marks["shown"] - start)
            assert screen.midend.game.board is not before
            seen[status.check] += 1
            await settled(pilot)
            await asyncio.sleep(0.01)
        seen["quick"] = screen.midend.worker.quick_answers - quick_before
    return samples, shown, seen


@pytest.mark.parametrize(
    ("engine", "path"),
    [("cpsat", "game"), ("cpsat", "worker"), ("cpsat", "solve"), ("search", "game")],
)
@pytest.mark.parametrize("size", [9, 18])
def test_move_to_status_updated(benchmark, size: int, engine: str, path: str) -> None:
    level = level_of(size)
    result: dict = {}

    def run() -> None:
        result["samples"], result["shown"], result["seen"] = asyncio.run(
            move_to_verdict(level, 200, engine=engine, path=path)
        )

    benchmark.pedantic(run, rounds=1, iterations=1)
    samples = result["samples"]
    median, p95 = statistics.median(samples) * 1000, percentile(samples, 95) * 1000
    worst = max(samples) * 1000
    set_median = statistics.median(result["shown"]) * 1000
    set_p95 = percentile(result["shown"], 95) * 1000
    benchmark.extra_info.update(median_ms=round(median, 2), p95_ms=round(p95, 2))
    print(
        f"\n{engine} ({path}) {size}x{size} ({level.name}) move -> status updated: "
        f"median {median:.2f} ms, "
        f"p95 {p95:.2f} ms, max {worst:.2f} ms over {len(samples)} moves {result['seen']}; "
        f"verdict in the status widget (before the paint): median {set_median:.2f} ms, "
        f"p95 {set_p95:.2f} ms"
    )
    assert result["seen"][CAN] and result["seen"][CANNOT]
    if path != "game":
        return  # reported, for the cost of the worker's way (a level with many solutions)
    # The target is on the check pipeline (key -> worker -> verdict in the status).
    # The paint after it follows Textual's 60 fps pacing, shared by every key.
    assert set_p95 <= 50, f"p95 {set_p95:.1f} ms is over the 50 ms target"
    assert median <= 34, f"median {median:.1f} ms to the painted verdict is over two frames"
