"""The daily puzzle on screen after start, from a fresh data folder (issue 15 item 2).

For each day of a week, `queens-tui play` starts as a fresh process on a fresh
pseudo-terminal with an empty XDG_DATA_HOME (no saves, no cache), on that day,
and the clock stops when the board's bottom border is on screen. A bare
Textual app showing one `Static` is started before each, in the same run, and each
day is started twice: from source (this environment sets PYTHONDONTWRITEBYTECODE, so
every module is compiled at each start) and as installed (`pip install .` compiles
the bytecode; here a PYTHONPYCACHEPREFIX written once). Absolute times swing with
the shared machine's load, the ratio less, and the ratio of CPU times (each
process's own, read as it is stopped at the board) least: the assertion is on
that ratio for the installed start (what a player runs), the rest is printed.

Target: the daily of any date on screen <= 0.6 s (moonshot 0.45 s) where the
bare start is ~0.4 s, i.e. <= 1.5x the bare start (moonshot 1.125x). The days
are the week after the one the figures were taken in (2026-11-30 to 12-06),
so they come from the shipped calendar, as every day of the next two years
does. A day in the future is refused by `play --date`, so the launcher
makes "today" that day (what a player starting the game on it gets).

Run: `pytest tests/benchmarks/test_bench_daily.py --benchmark-enable -s -o addopts=""`
"""

from __future__ import annotations

import statistics
import sys
from datetime import date, timedelta
from pathlib import Path

from tests.benchmarks.test_bench_app import BARE_APP, first_paint_cpu

WEEK = [(date(2026, 11, 30) + timedelta(days=i)).isoformat() for i in range(7)]
"""Monday to Sunday: 7x7 easy up to 10x10 expert."""

ROUNDS = 5
"""Starts per day (each from its own empty data folder), each right after a bare start."""

LAUNCH = """
import datetime, sys
_day = sys.argv[1]
class _Today(datetime.date):
    @classmethod
    def today(cls):
        return cls.fromisoformat(_day)
datetime.date = _Today
del sys.argv[1]
from queens_tui.cli import main
sys.exit(main())
"""
"""`queens-tui ARGS` run on the day given first (datetime.date.today() answers it)."""


def test_daily_on_screen_from_a_fresh_data_folder(benchmark, tmp_path: Path) -> None:
    bare = tmp_path / "bare.py"
    bare.write_text(BARE_APP)
    bare_cmd = [sys.executable, str(bare)]
    fresh = iter(range(10_000))

    # As `pip install .` leaves it: our modules' bytecode compiled once (this environment
    # sets PYTHONDONTWRITEBYTECODE, so a run from source compiles every module each start).
    cached = {"PYTHONPYCACHEPREFIX": str(tmp_path / "pycache"), "PYTHONDONTWRITEBYTECODE": ""}

    def daily(day: str, extra: dict[str, str] | None = None) -> tuple[float, float]:
        home = tmp_path / f"home-{next(fresh)}"
        home.mkdir()
        return first_paint_cpu(
            [sys.executable, "-c", LAUNCH, day, "play"],
            "┗━",
            env_extra={"XDG_DATA_HOME": str(home), "QUEENS_TUI_DATA_DIR": "", **(extra or {})},
        )

    first_paint_cpu(bare_cmd, "bare-static-ready")  # warm the OS file cache for both
    daily(WEEK[0])
    daily(WEEK[0], cached)  # writes the bytecode cache
    base: list[tuple[float, float]] = []
    days: dict[str, list[tuple[tuple[float, float], tuple[float, float]]]] = {d: [] for d in WEEK}
    installed: dict[str, list[tuple[tuple[float, float], tuple[float, float]]]] = {
        d: [] for d in WEEK
    }

    def run() -> None:
        for _ in range(ROUNDS):
            for day in WEEK:
                bare_start = first_paint_cpu(bare_cmd, "bare-static-ready")
                base.append(bare_start)
                days[day].append((daily(day), bare_start))
                installed[day].append((daily(day, cached), bare_start))

    benchmark.pedantic(run, rounds=1, iterations=1)
    median = statistics.median
    bare_wall, bare_cpu = median(w for w, _ in base), median(c for _, c in base)
    print(
        f"\nbare Textual: median {bare_wall * 1000:.0f} ms wall, {bare_cpu * 1000:.0f} ms CPU "
        f"over {len(base)} starts"
    )
    wall_ratio, cpu_ratio = {}, {}
    for day, pairs in days.items():
        # each start against the bare start just before it: the load drifts less in between
        wall_ratio[day] = median(ours[0] / bare[0] for ours, bare in pairs)
        cpu_ratio[day] = median(ours[1] / bare[1] for ours, bare in pairs)
        walls = [ours[0] for ours, _ in pairs]
        print(
            f"daily {day} ({date.fromisoformat(day):%a}): median {median(walls) * 1000:.0f} ms "
            f"(worst {max(walls) * 1000:.0f}), ratio to bare {wall_ratio[day]:.2f} wall, "
            f"{cpu_ratio[day]:.2f} CPU (as at a bare start of 0.4 s: {wall_ratio[day] * 0.4:.2f} / "
            f"{cpu_ratio[day] * 0.4:.2f} s)"
        )
    every = [pair for pairs in days.values() for pair in pairs]
    week_wall = median(ours[0] / bare[0] for ours, bare in every)
    week_cpu = median(ours[1] / bare[1] for ours, bare in every)
    print(
        f"week: median ratio {week_wall:.2f} wall, {week_cpu:.2f} CPU; worst day "
        f"{max(wall_ratio.values()):.2f} wall, {max(cpu_ratio.values()):.2f} CPU"
    )
    for day, pairs in installed.items():
        walls = [ours[0] for ours, _ in pairs]
        print(
            f"installed (bytecode cached) {day}: median {median(walls) * 1000:.0f} ms "
            f"(worst {max(walls) * 1000:.0f}), ratio to bare "
            f"{median(o[0] / b[0] for o, b in pairs):.2f} wall, "
            f"{median(o[1] / b[1] for o, b in pairs):.2f} CPU"
        )
    benchmark.extra_info.update(
        bare_median_ms=round(bare_wall * 1000, 1),
        ratio_wall=round(week_wall, 3),
        ratio_cpu=round(week_cpu, 3),
        worst_day_cpu=round(max(cpu_ratio.values()), 3),
    )
    # 0.6 s where the bare start takes 0.4 s, as a player runs it (installed: bytecode cached);
    # on CPU time, which the shared load disturbs less. From source it is printed above.
    installed_cpu = {day: median(o[1] / b[1] for o, b in pairs) for day, pairs in installed.items()}
    benchmark.extra_info["worst_day_cpu_installed"] = round(max(installed_cpu.values()), 3)
    assert max(installed_cpu.values()) <= 1.5, installed_cpu
