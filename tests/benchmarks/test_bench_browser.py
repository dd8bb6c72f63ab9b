"""How fast the level browser opens and filters with a realistic library.

280 bundled levels in 5 packs (sizes 6 to 14, four difficulties), a store
with 60 solved levels and 12 in progress, 31 daily puzzles listed (none
generated). Measured:

1. The catalog: reading every level's header, cold (first opening of the
   session) and warm (metadata cache hit: a stat per file).
2. Opening: `push_screen(LevelBrowser(...))` to the screen mounted with its
   table filled and one frame painted (headless, 120x40), median of 15.
3. The same for a bare screen (a Static and a Footer), the harness's own cost.
4. A filter change (`s` then back): rebuild of the pack counts and the table.

Run: `pytest tests/benchmarks/test_bench_browser.py --benchmark-enable -s`
"""

from __future__ import annotations

import asyncio
import statistics
import time
from datetime import date, timedelta
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Static

from queens_tui.app.screens.browser import LevelBrowser
from queens_tui.catalog.listing import pack_entries
from queens_tui.formats import meta as meta_mod
from queens_tui.formats.queens import load
from queens_tui.kinds.queens.board import History
from queens_tui.store import Store, daily_key, pack_key
from tests.player import playing

TODAY = date(2026, 3, 18)
DIFFICULTIES = ("easy", "medium", "hard", "expert")


def banded(size: int) -> list[str]:
    """A valid (not unique) level of that size: the browser only reads its header."""
    labels = [chr(0x41 + i) for i in range(size)]
    return ["".join(labels[(r + c // 3) % size] for c in range(size)) for r in range(size)]


def library(root: Path, count: int = 280, packs: int = 5) -> list[tuple[str, Path]]:
    out = []
    for i in range(count):
        pack = f"{i % packs + 1}-pack"
        size = 6 + i % 9
        path = root / pack / f"{i // packs + 1:03d}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        diff = DIFFICULTIES[i % 4]
        path.write_text(f"# name: Level {i}\n# difficulty: {diff}\n" + "\n".join(banded(size)))
        out.append((f"{pack}/{i // packs + 1:03d}", path))
    return sorted(out)


def fill_store(data: Path, levels: list[tuple[str, Path]]) -> Store:
    store = Store(data, sync=False, today=lambda: TODAY)
    for i, (level_id, path) in enumerate(levels[:72]):
        if i < 60:
            store.record_solve(pack_key(level_id), 60.0 + i, hints=i % 3, today=TODAY)
        else:
            store.save_progress(pack_key(level_id), History.new(load(path)), 10.0)
    for k in range(1, 10):
        store.record_solve(daily_key(TODAY - timedelta(days=k)), 200.0, today=TODAY)
    store.flush()
    return store


class BareScreen(Screen[None]):
    """The baseline: what pushing and painting any screen costs in this harness."""

    def compose(self) -> ComposeResult:
        yield Static("bare")
        yield Footer()


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Store, list[tuple[str, Path]]]:
    root = tmp_path_factory.mktemp("browser-bench")
    levels = library(root / "levels")
    return fill_store(root / "data", levels), levels


def test_catalog_cold(benchmark, setup) -> None:  # type: ignore[no-untyped-def]
    _store, levels = setup

    def cold() -> int:
        meta_mod._cache.clear()
        return len(pack_entries(levels))

    assert benchmark(cold) == 280


def test_catalog_warm(benchmark, setup) -> None:  # type: ignore[no-untyped-def]
    _store, levels = setup
    pack_entries(levels)
    assert benchmark(lambda: len(pack_entries(levels))) == 280


def test_construct_screen(benchmark, setup) -> None:  # type: ignore[no-untyped-def]
    """Everything before mounting: store stats, in-progress scan, catalog (warm), statuses."""
    store, levels = setup
    screen = benchmark(lambda: LevelBrowser(store, levels=levels, today=TODAY))
    assert len(screen.entries) == 280 + 31


def test_open_and_filter(benchmark, setup) -> None:  # type: ignore[no-untyped-def]
    """Push to painted, and a filter round trip, timed by hand (Textual owns the loop)."""
    store, levels = setup
    opens: list[float] = []
    filters: list[float] = []
    bare: list[float] = []

    async def run() -> None:
        app: App[None] = App()
        async with playing(app, size=(120, 40)) as pilot:
            for i in range(15):
                if i == 0:
                    meta_mod._cache.clear()
                t = time.perf_counter()
                screen = LevelBrowser(store, f"pack:{levels[150][0]}", levels=levels, today=TODAY)
                await app.push_screen(screen)
                await pilot.pause()
                opens.append(time.perf_counter() - t)
                assert screen.table.row_count == 311
                t = time.perf_counter()
                screen.action_cycle("size", 1)
                assert screen.table.row_count < 311
                screen.action_cycle("size", -1)
                await pilot.pause()
                filters.append((time.perf_counter() - t) / 2)
                app.pop_screen()
                await pilot.pause()
                t = time.perf_counter()
                await app.push_screen(BareScreen())
                await pilot.pause()
                bare.append(time.perf_counter() - t)
                app.pop_screen()
                await pilot.pause()

    benchmark.pedantic(lambda: asyncio.run(run()), rounds=1, iterations=1)
    print(
        f"\nbrowser open (push -> painted, 311 rows): first {opens[0] * 1000:.1f} ms (cold), "
        f"median {statistics.median(opens[1:]) * 1000:.1f} ms, max {max(opens[1:]) * 1000:.1f} ms"
        f"\nsame push of a bare screen (one Static + Footer): median "
        f"{statistics.median(bare) * 1000:.1f} ms"
        f"\nfilter change (rebuild + paint): median {statistics.median(filters) * 1000:.1f} ms"
    )
