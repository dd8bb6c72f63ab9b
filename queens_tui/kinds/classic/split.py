"""The classic N-queens count split into independent tasks, for any executor.

A count past N=16 takes minutes to days on one core; split into tasks it
runs on every core of a machine, or on a cluster, and a long run can stop
and resume task by task. The split pre-places the first rows: the prefixes
of `count.prefixes` (the starts of `starts`, one search per kind of class
under the 8 symmetries, each with its weight and its closed cells),
extended until there are at least `PER_TASK` per task. Each search gets its
share of the tasks by its number of prefixes (one at least), and a task
holds prefixes of one search only, so numpy expands a task in one array.
Within a search, task i takes prefixes i, i + k, i + 2k, ... (k tasks):
neighbouring prefixes cost about the same, so striding gives tasks of
about equal work within a search (the searches nearest a corner cost more a
prefix than the rest). The tasks of each search are spread evenly over the
order they are sent in, so "tasks done" stays a fair measure of the work
done (the progress line's estimate of the time left): sent search by
search, 84 % of N=18's tasks held 99.8 % of its solutions. Each task is
counted by the fast counter (`count.count_prefixes`).

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

from queens_tui.kinds.classic.count import count_prefixes, prefixes
from queens_tui.kinds.classic.starts import Prefix

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
    searches: dict[tuple[int, int, tuple[int, ...]], list[Prefix]] = {}
    for p in found:
        searches.setdefault((p.row, p.weight, p.blocked), []).append(p)
    if count < len(searches):  # the smallest boards: any split is fast
        parts = [found[i::count] for i in range(count)]
    else:  # each search its share of the tasks by its number of prefixes, one at least
        spare = count - len(searches)
        shares = [len(members) * spare for members in searches.values()]
        tasks_of = [1 + share // len(found) for share in shares]
        by_rest = sorted(range(len(shares)), key=lambda i: -(shares[i] % len(found)))
        for i in by_rest[: count - sum(tasks_of)]:
            tasks_of[i] += 1
        # each search's tasks spread evenly over the order the tasks are sent in
        placed: list[tuple[float, list[Prefix]]] = []
        for members, k in zip(searches.values(), tasks_of, strict=True):
            placed.extend(((i + 0.5) / k, members[i::k]) for i in range(k))
        parts = [part for _, part in sorted(placed, key=lambda item: item[0])]
    return Split(n, rows, tuple(Task(n, i, tuple(part)) for i, part in enumerate(parts)))


def count_task(task: Task) -> int:
    """The solutions `task` stands for: each prefix's completions times its weight.

    Prefixes of the same row, weight and closed cells are counted together, so
    numpy expands them in one array.
    """
    return count_prefixes(task.n, task.prefixes)


def count_tasks(tasks: Sequence[Task]) -> list[int]:
    """`count_task` of each of `tasks`, in one call: an executor's own cost per call (Dask's
    is several milliseconds of CPU) is paid once for them all."""
    return [count_task(task) for task in tasks]
