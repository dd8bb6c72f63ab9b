"""The classic N-queens count split into independent tasks, for any executor.

A count past N=16 takes minutes to days on one core; split into tasks it
runs on every core of a machine, or on a cluster, and a long run can stop
and resume task by task. The split pre-places the first rows: the prefixes
of `count.prefixes` (row 0's queen in the left half, weight 2 for its
mirror; the middle column apart for odd N), extended until there are at
least `PER_TASK` per task. Task i takes prefixes i, i + T, i + 2T, ... (T
tasks): neighbouring prefixes cost about the same, so striding gives tasks
of about equal work, which balances the workers and makes "tasks done" a
fair measure of the work done (the progress line's estimate of the time
left). Each task is counted by the fast counter (`count.completions`).

The split is a pure function of (N, tasks, depth), so a checkpoint names it
by those and by a fingerprint of its prefixes: a resumed count either gets
exactly the same tasks or is refused.

Pure, and light to import: a worker process or a Dask worker imports this
module and `count` (numpy inside the counting functions), nothing else.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from queens_tui.kinds.classic.count import Prefix, completions, prefixes

PER_TASK = 4
"""Prefixes a task holds at least (when N is big enough to have them): several per task
even out their differences."""

MIN_TASKS, MAX_TASKS = 64, 4096
"""Bounds of the default number of tasks: enough to keep every core of a machine (or a small
cluster) busy to the end; few enough that each task's fixed cost (~1 ms) and its line in the
checkpoint stay small."""


def default_tasks(n: int) -> int:
    """Tasks for an N-queens count: 2^(N-8) (each N costs ~6.5x the one before, so tasks grow
    in time too), between `MIN_TASKS` and `MAX_TASKS`: N=16 256 (~15 ms each on one core
    here), N=17 512 (~70 ms), N=18 1024, N=20 4096."""
    return min(MAX_TASKS, max(MIN_TASKS, 1 << max(0, n - 8)))


@dataclass(frozen=True)
class Task:
    """Part of a count: the solutions completing `prefixes`, each counted `weight` times."""

    n: int
    index: int
    prefixes: tuple[Prefix, ...]


@dataclass(frozen=True)
class Split:
    """An N-queens count as `tasks`, made from the prefixes `depth` rows deep (or more)."""

    n: int
    depth: int
    tasks: tuple[Task, ...]

    def fingerprint(self) -> str:
        """A short hash of every task's prefixes: equal for equal splits, whatever made them."""
        data = json.dumps([self.n, [[list(p) for p in t.prefixes] for t in self.tasks]])
        return hashlib.sha256(data.encode()).hexdigest()[:16]


def depth_for(n: int, tasks: int) -> int:
    """The fewest rows to pre-place for at least `PER_TASK` prefixes per task (or the whole
    board, for the smallest N)."""
    for depth in range(1, n + 1):
        if len(prefixes(n, depth)) >= PER_TASK * tasks:
            return depth
    return max(1, n)


def split(n: int, tasks: int | None = None, depth: int | None = None) -> Split:
    """The count of n-queens as at most `tasks` tasks (default: `default_tasks(n)`), from the
    prefixes `depth` rows deep (default: `depth_for(n, tasks)`). Fewer tasks when there are
    fewer prefixes; none at all for N = 2 and 3."""
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    wanted = default_tasks(n) if tasks is None else tasks
    if wanted < 1:
        raise ValueError(f"tasks must be at least 1, got {wanted}")
    rows = depth_for(n, wanted) if depth is None else depth
    found = prefixes(n, rows)
    count = min(wanted, len(found))
    return Split(n, rows, tuple(Task(n, i, tuple(found[i::count])) for i in range(count)))


def count_task(task: Task) -> int:
    """The solutions `task` stands for: each prefix's completions times its weight.

    Prefixes of the same row and weight are counted together, so numpy
    expands them in one array.
    """
    groups: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for p in task.prefixes:
        groups.setdefault((p.row, p.weight), []).append((p.cols, p.ld, p.rd))
    return sum(
        weight * completions(task.n, row, states) for (row, weight), states in groups.items()
    )


def count_tasks(tasks: Sequence[Task]) -> list[int]:
    """`count_task` of each of `tasks`, in one call: an executor's own cost per call (Dask's
    is several milliseconds of CPU) is paid once for them all."""
    return [count_task(task) for task in tasks]
