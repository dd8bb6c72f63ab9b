"""The N-queens count split into tasks: the symmetry bookkeeping and every task size add up."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from queens_tui.kinds.classic import count, listing, split, starts, symmetry

from .test_classic import TOTAL

REPO = Path(__file__).resolve().parents[2]


def _masks(n: int, rows: tuple[int, ...]) -> tuple[int, int, int, int]:
    """(rows placed, cols, ld, rd) after placing queens in `rows` (column per row), as the
    counter tracks them: the columns and diagonals attacked in the next row."""
    full = (1 << n) - 1
    cols = ld = rd = 0
    for c in rows:
        b = 1 << c
        cols, ld, rd = cols | b, ((ld | b) << 1) & full, (rd | b) >> 1
    return len(rows), cols, ld, rd


SLOW = pytest.mark.slow  # the bigger boards: seconds each


@pytest.mark.parametrize(
    "n", [*range(1, 11), pytest.param(11, marks=SLOW), pytest.param(12, marks=SLOW)]
)
def test_each_class_of_solutions_is_counted_exactly_once_by_the_starts(n: int) -> None:
    # The symmetry bookkeeping, class by class: over the (up to 8) boards of a class under the
    # turns and mirrors of the square, the weights of the starts they complete (the start's
    # rows placed as the board has them, no queen on a closed cell below) add up to the size
    # of the class, so every class counts as many solutions as it has, and no more.
    found = count.prefixes(n, 1)  # the starts themselves
    assert found == starts.starts(n)
    assert {p.weight for p in found} <= {1, 2, 4, 8}
    by_masks: dict[tuple[int, int, int, int], list[starts.Prefix]] = {}
    for p in found:
        by_masks.setdefault((p.row, p.cols, p.ld, p.rd), []).append(p)
    weights: Counter[tuple[int, ...]] = Counter()
    sizes: Counter[tuple[int, ...]] = Counter()
    for q in listing.solutions(n):
        cls = symmetry.canonical(q)
        sizes[cls] += 1
        for row in {p.row for p in found}:
            for p in by_masks.get(_masks(n, q[:row]), []):
                if all(not p.blocked[r] >> q[r] & 1 for r in range(row, n)):
                    weights[cls] += p.weight
    assert weights == sizes  # N = 2, 3: no solution, no class


def test_the_starts_use_every_symmetry() -> None:
    # one start a class where the mirror alone needed one for half the boards: N=5's ten
    # solutions are a class of eight with a corner queen (one start, weight 8) and the class
    # of two unchanged by a quarter turn (weight 2)
    counted = [
        (p.weight, count.completions(5, p.row, [(p.cols, p.ld, p.rd)], p.blocked))
        for p in starts.starts(5)
    ]
    assert sorted(c for c in counted if c[1]) == [(2, 1), (8, 1)]
    assert starts.starts(1) == [starts.Prefix(1, 1, 0, 0, 1, (0,))]
    assert starts.starts(0) == []
    # a frame's images: the four turns and their mirrors; fewer when it is symmetric (a half
    # turn: four; a quarter turn: two)
    assert len(set(starts.frame_images(7, (1, 2, 3, 5)))) == 8
    assert len(set(starts.frame_images(7, (1, 6, 3, 4)))) == 4
    assert len(set(starts.frame_images(7, (2, 5, 2, 5)))) == 2


@pytest.mark.parametrize(
    "n", [*range(1, 9), pytest.param(9, marks=SLOW), pytest.param(10, marks=SLOW)]
)
def test_every_depth_and_task_size_adds_up_to_the_count(n: int) -> None:
    for depth in range(1, n + 1):
        found = count.prefixes(n, depth)
        for tasks in sorted({1, 2, 3, 7, max(1, len(found) // 2), max(1, len(found)), 1000}):
            sp = split.split(n, tasks=tasks, depth=depth)
            assert len(sp.tasks) == min(tasks, len(found)), (n, depth, tasks)
            assert [t.index for t in sp.tasks] == list(range(len(sp.tasks)))
            # the tasks partition the prefixes: each exactly once
            dealt = sorted(p for t in sp.tasks for p in t.prefixes)
            assert dealt == sorted(found), (n, depth, tasks)
            assert sum(split.count_task(t) for t in sp.tasks) == TOTAL[n - 1], (n, depth, tasks)


@pytest.mark.parametrize("n", [11, pytest.param(12, marks=SLOW)])
def test_the_numpy_counter_counts_tasks_of_every_size(n: int) -> None:
    for tasks in (1, 7, 300):
        sp = split.split(n, tasks=tasks)
        assert sum(split.count_task(t) for t in sp.tasks) == TOTAL[n - 1], tasks


def test_default_split_sizes_grow_with_n_within_bounds() -> None:
    sizes = [split.default_tasks(n) for n in range(1, 25)]
    assert sizes == sorted(sizes)
    assert min(sizes) == split.MIN_TASKS and max(sizes) == split.MAX_TASKS
    for n in (14, 16, 17, 18):
        sp = split.split(n)
        # each search (start) gets its share of the tasks, one at least: a task is one search
        assert len(sp.tasks) == split.default_tasks(n)
        assert all(len({(p.row, p.weight, p.blocked) for p in t.prefixes}) == 1 for t in sp.tasks)


def test_the_fingerprint_names_the_split() -> None:
    a, b = split.split(12), split.split(12)
    assert a.fingerprint() == b.fingerprint()
    assert split.split(12, tasks=100).fingerprint() != a.fingerprint()
    assert split.split(13).fingerprint() != a.fingerprint()
    with pytest.raises(ValueError):
        split.split(0)
    with pytest.raises(ValueError):
        split.split(8, tasks=0)


def test_a_task_runs_in_a_fresh_interpreter_without_the_app() -> None:
    # what a spawned worker or a Dask worker does: import the split and count a task (numpy
    # path, N=11), and nothing of the app comes with it
    code = (
        "import json, sys\n"
        "from queens_tui.kinds.classic import split\n"
        "sp = split.split(11)\n"
        "total = sum(split.count_task(t) for t in sp.tasks)\n"
        "heavy = sorted({m.split('.')[0] for m in sys.modules} & "
        "{'textual', 'ortools', 'rich', 'PIL', 'queens_tui.app'})\n"
        "print(json.dumps([total, heavy, 'queens_tui.cli' in sys.modules]))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert json.loads(out.stdout) == [TOTAL[10], [], False]
