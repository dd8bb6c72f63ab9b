"""Unique Zip levels from a seed: a random path, then numbers (and walls) until it is the only one.

1. A random Hamiltonian path: start from a zig-zag through every cell and
   apply "backbite" moves (an end steps to one of its grid neighbours
   already on the path, and the stretch between reverses), `10 x area`
   times at a randomly chosen end each time.
2. Numbers 1 and K sit on the path's two ends. While the exact search finds a
   second path, look where it first leaves ours ("adaptive reveal") and put a
   number there on our path, or (with walls) a wall across the other path's
   first step off ours: that edge is never used by our path, so the wall
   kills the other path and everything sharing its start.
3. Fewest clues: try taking each inner number away (then each wall), in
   random order, keeping the removal when the path stays unique.
4. Fair: while the rules of `deduce` stop short of the path (the level would
   need the solver), put a number in the middle of the longest stretch of the
   path they left undrawn. Every level is then solved by rules a person uses,
   and its grade (easy .. expert) is the hardest rule it needs, as the
   Queens generator keeps only levels its rules finish.

Everything random comes from one `random.Random` seeded from SHA-256 of the
seed text and the options, and the search is deterministic, so the same seed
gives the same level, byte for byte, on every machine.
"""

from __future__ import annotations

import itertools
import random
import string
from collections.abc import Sequence

from queens_tui.core import errors
from queens_tui.core.grid import Cell, neighbours
from queens_tui.core.kind import Grade
from queens_tui.core.seed import seed_int
from queens_tui.core.vocabulary import DIFFICULTIES
from queens_tui.kinds.zip.level import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Wall, ZipLevel, wall
from queens_tui.kinds.zip.rules import Path
from queens_tui.kinds.zip.search import SearchBudgetExceeded, solutions

BUDGET = 2_500
"""Search states allowed for one uniqueness question; past it the question counts as 'no'."""

SPREAD = 5
"""The path starts with a number every this many cells: a search on a level with only 1 and
K wanders long before finding two paths; minimising takes the extra numbers away."""

VERSION = "queens-tui/zip/generate/v1"
"""Part of every seed: change it when the algorithm changes, so old seeds are not misread."""


OPTIONS = ("walls",)
"""Extra keyword options of `generate` that the command line passes through (`--walls`)."""

MAX_TRIES = 40
"""Sub-seeds tried for a wanted difficulty before giving up."""


class GenerateError(errors.GenerateError):
    """No level could be made (a wanted difficulty not reached in `MAX_TRIES` levels)."""


class SizeError(GenerateError, errors.SizeError):
    """A size the generator does not make."""


def zigzag(rows: int, cols: int) -> list[Cell]:
    """The boustrophedon path: left to right on even rows, back on odd ones."""
    return [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]


def random_path(rows: int, cols: int, rng: random.Random) -> list[Cell]:
    """A random Hamiltonian path of the rows x cols grid by backbite moves."""
    path = zigzag(rows, cols)
    n = len(path)
    if n < 3:
        return path
    for _ in range(10 * n):
        if rng.random() < 0.5:
            path.reverse()
        end = path[-1]
        options = [c for c in neighbours(end, rows, cols) if c != path[-2]]
        pick = options[rng.randrange(len(options))]
        i = path.index(pick)
        path[i + 1 :] = path[:i:-1]
    return path


def level_from(
    rows: int, cols: int, path: Sequence[Cell], marks: Sequence[int], walls: Sequence[Wall]
) -> ZipLevel:
    """The level numbering the path cells at indices `marks` (sorted) 1, 2, 3, ..."""
    grid = [[0] * cols for _ in range(rows)]
    for k, i in enumerate(sorted(marks), start=1):
        r, c = path[i]
        grid[r][c] = k
    return ZipLevel(rows, cols, tuple(tuple(row) for row in grid), tuple(walls))


def other_solution(level: ZipLevel, path: Path, budget: int = BUDGET) -> Path | None:
    """A solution of `level` other than `path`, or None (also when the search runs out of budget
    after finding only `path`: the caller then treats the level as not proven unique)."""
    for sol in solutions(level, 2, budget):
        if sol != path:
            return sol
    return None


def unique(level: ZipLevel, budget: int = BUDGET) -> bool:
    """True if `level` has exactly one solution, proved within `budget` search states."""
    try:
        return len(solutions(level, 2, budget)) == 1
    except SearchBudgetExceeded:
        return False


def _first_departure(ours: Path, other: Path) -> int:
    return next(i for i, (a, b) in enumerate(zip(ours, other, strict=True)) if a != b)


def make(
    rows: int, cols: int, rng: random.Random, with_walls: bool = False
) -> tuple[ZipLevel, Grade]:
    """One unique, fair level of rows x cols and its grade (see the module docstring for how)."""
    path = tuple(random_path(rows, cols, rng))
    n = len(path)
    index = {cell: i for i, cell in enumerate(path)}
    step = SPREAD
    marks = {0, n - 1} | {i for i in range(rng.randrange(1, step), n - 1, step)}
    walls: set[Wall] = set()
    while True:
        level = level_from(rows, cols, path, sorted(marks), sorted(walls))
        try:
            other = other_solution(level, path)
        except SearchBudgetExceeded:
            gaps = sorted(marks)
            a, b = max(itertools.pairwise(gaps), key=lambda g: (g[1] - g[0], -g[0]))
            marks.add((a + b) // 2)
            continue
        if other is None:
            break
        j = _first_departure(path, other)
        if with_walls and rng.random() < 0.6:
            walls.add(wall(other[j - 1], other[j]))
            continue
        for i in (j, index[other[j]], j + 1, j - 1):
            if 0 < i < n - 1 and i not in marks:
                marks.add(i)
                break
        else:
            walls.add(wall(other[j - 1], other[j]))
    inner = sorted(marks - {0, n - 1})
    rng.shuffle(inner)
    for i in inner:
        trial = level_from(rows, cols, path, sorted(marks - {i}), sorted(walls))
        if unique(trial):
            marks.discard(i)
    if with_walls:
        ws = sorted(walls)
        rng.shuffle(ws)
        for w in ws:
            trial = level_from(rows, cols, path, sorted(marks), sorted(walls - {w}))
            if unique(trial):
                walls.discard(w)
    return make_fair(rows, cols, path, marks, walls)


def _stuck_index(path: Path, cols: int, undrawn: Sequence[tuple[int, int]], taken: set[int]) -> int:
    """The path index of a new number where the rules stopped: the middle of the longest run of
    undrawn path links, the nearest cell to it that has no number and is not an end; -1: none."""
    index = {cell: i for i, cell in enumerate(path)}
    ks = sorted(min(index[(a // cols, a % cols)], index[(b // cols, b % cols)]) for a, b in undrawn)
    runs: list[tuple[int, int]] = []
    for k in ks:
        if runs and runs[-1][1] == k - 1:
            runs[-1] = (runs[-1][0], k)
        else:
            runs.append((k, k))
    runs.sort(key=lambda run: (run[0] - run[1], run[0]))  # longest first, then earliest
    n = len(path)
    for lo, hi in runs:
        mid = (lo + hi + 1) / 2
        free = [i for i in range(lo, hi + 2) if 0 < i < n - 1 and i not in taken]
        if free:
            return min(free, key=lambda i: (abs(i - mid), i))
    return -1


def make_fair(
    rows: int, cols: int, path: Path, marks: set[int], walls: set[Wall]
) -> tuple[ZipLevel, Grade]:
    """The level of `path`, `marks` and `walls`, with numbers added (step 4 of the module
    docstring) until the rules finish it, and its grade. Adding a number on the path keeps
    the path a solution and the level unique."""
    from queens_tui.kinds.zip import deduce

    marks = set(marks)
    while True:
        level = level_from(rows, cols, path, sorted(marks), sorted(walls))
        steps = deduce.solve_logically(level, solution=path)
        grade = deduce.grade_steps(level, steps)
        if grade.rules_alone:
            return level, grade
        i = _stuck_index(path, cols, steps[-1].links, marks)
        if i < 0:
            return level, grade
        marks.add(i)


def title(seed: str) -> str:
    """A short name for a generated level, from its seed."""
    rng = random.Random(seed_int("title", seed))
    return "Zip " + "".join(rng.choice(string.ascii_uppercase) for _ in range(4))


def generate(
    size: int | None,
    seed: str,
    difficulty: str | None = None,
    walls: bool | None = None,
    cols: int | None = None,
) -> ZipLevel:
    """The level for `seed` (and size, difficulty, walls): the same on every machine.

    It is graded by `deduce`; with a wanted `difficulty`, sub-seeds `seed#1`,
    `seed#2`, ... are tried until one has that grade (`GenerateError` after
    `MAX_TRIES`). Its metadata keep the seed and the grade. `walls` None: the
    seed decides (about every other seed gets walls; the daily puzzle does this).
    """
    rows = DEFAULT_SIZE if size is None else size
    width = rows if cols is None else cols
    for side in (rows, width):
        if not MIN_SIZE <= side <= MAX_SIZE:
            raise SizeError(f"Zip sizes run {MIN_SIZE} to {MAX_SIZE} (got {side})")
    errors.wanted_tier(difficulty, DIFFICULTIES, GenerateError)
    if walls is None:
        walls = seed_int("walls", seed) % 2 == 0
    for k in range(MAX_TRIES if difficulty else 1):
        sub = seed if k == 0 else f"{seed}#{k}"
        rng = random.Random(seed_int(VERSION, rows, width, walls, sub))
        level, graded = make(rows, width, rng, walls)
        grade = graded.difficulty
        if difficulty is None or grade == difficulty:
            return level.with_changes(name=title(sub), seed=sub, difficulty=grade)
    raise GenerateError(
        f"no {rows}x{width} {difficulty} Zip level in {MAX_TRIES} tries from {seed!r}"
    )
