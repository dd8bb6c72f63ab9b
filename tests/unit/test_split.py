"""The N-queens count split into tasks: the symmetry bookkeeping and every task size add up."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from queens_tui.kinds.classic import count, listing, split

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


def _rule(n: int, rows: tuple[int, ...]) -> int:
    """The weight the symmetry rule gives a placement of the first rows, 0 if it has none:
    row 0 in the left half (2: it stands for its mirror too); for odd N the middle of row 0
    with row 1 in the left half (2); N=1's lone queen (1)."""
    half = n // 2
    if rows[0] < half:
        return 2
    if n == 1:
        return 1
    if n % 2 and rows[0] == half and len(rows) > 1 and rows[1] < half:
        return 2
    return 0


def _placements(n: int, k: int) -> list[tuple[int, ...]]:
    """Every placement of k non-attacking queens in rows 0..k-1."""
    out: list[tuple[int, ...]] = [()]
    for r in range(k):
        out = [
            (*q, c)
            for q in out
            for c in range(n)
            if all(c != qc and abs(c - qc) != r - qr for qr, qc in enumerate(q))
        ]
    return out


def _expected(n: int, depth: int) -> dict[tuple[int, ...], int]:
    """The placements the counter should start from at `depth`, with their weights: those the
    rule keeps, `depth` rows deep (2 at least for odd N's middle start, N at most)."""
    out: dict[tuple[int, ...], int] = {}
    for k in range(1, n + 1):
        for q in _placements(n, k):
            start = 2 if n > 1 and n % 2 and q[0] == n // 2 else 1
            if k == min(n, max(depth, start)) and (w := _rule(n, q)):
                out[q] = w
    return out


SLOW = pytest.mark.slow  # the bigger boards: seconds each


@pytest.mark.parametrize(
    "n", [*range(1, 8), pytest.param(8, marks=SLOW), pytest.param(9, marks=SLOW)]
)
def test_each_solution_or_its_mirror_starts_with_exactly_one_prefix(n: int) -> None:
    # The symmetry bookkeeping: of each solution and its mirror image exactly one starts with a
    # placement the rule keeps, and its weight is the number of images it stands for; the
    # prefixes the counter starts from are exactly those placements (compared by their masks,
    # which is all the counter keeps of them).
    solutions = list(listing.solutions(n))
    for depth in range(1, n + 1):
        kept = _expected(n, depth)
        found = count.prefixes(n, depth)
        assert Counter(tuple(p) for p in found) == Counter(
            (*_masks(n, q), w) for q, w in kept.items()
        ), (n, depth)
        for q in solutions:
            images = {q, tuple(n - 1 - c for c in q)}  # one image for N=1
            hits = [kept[s[:k]] for s in images for k in range(1, n + 1) if s[:k] in kept]
            assert hits == [len(images)], (n, depth, q)


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


def test_odd_n_middle_column_prefixes_start_two_rows_down() -> None:
    # N=5: row 0 in columns 0-1 (weight 2), or in the middle (column 2) with row 1's queen in
    # column 0 (column 1 is attacked): one prefix of two rows
    starts = count.prefixes(5, 1)
    assert [(p.row, p.cols, p.weight) for p in starts] == [
        (1, 0b00001, 2),
        (1, 0b00010, 2),
        (2, 0b00101, 2),
    ]
    assert count.prefixes(1, 1) == [count.Prefix(1, 1, 0, 0, 1)]


def test_default_split_sizes_grow_with_n_within_bounds() -> None:
    sizes = [split.default_tasks(n) for n in range(1, 25)]
    assert sizes == sorted(sizes)
    assert min(sizes) == split.MIN_TASKS and max(sizes) == split.MAX_TASKS
    for n in (14, 16, 17, 18):
        sp = split.split(n)
        assert len(sp.tasks) == split.default_tasks(n)
        assert min(len(t.prefixes) for t in sp.tasks) >= split.PER_TASK


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
