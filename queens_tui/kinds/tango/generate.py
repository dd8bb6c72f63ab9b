"""A generator of Tango levels that the rules solve, steered towards a difficulty.

How it works (the way Simon Tatham's Unruly and LinkedIn do it):

1. Fill a random valid grid: rows drawn in a shuffled order from the valid
   rows (balanced, no three alike), stacked while the columns stay valid.
2. Take every clue that grid offers: each cell as a given, and between every
   two neighbours the sign that holds (`=` or `×`).
3. Remove the clues one at a time in a random order, keeping a removal only
   while the deduction engine, *limited to the wanted difficulty's rules*,
   still fills the whole grid. A level the rules finish has exactly one
   solution, so uniqueness comes by construction (and the tests check it with
   the exact search and CP-SAT besides).
4. Keep the level only if it is not solvable one tier lower (it would be
   graded easier than asked); else try again with the next sub-seed.

A third of the signs are dropped up front and givens and signs are then
removed in one shuffled order, so levels come out with LinkedIn's mix (a
handful of givens and of signs, not a grid of signs).

Everything random comes from `random.Random` seeded by an integer derived
with SHA-256 from the seed text, size and difficulty, iterating over lists
in a fixed order, so a seed gives the same level byte for byte on every
machine. How fast: docs/performance.md (tests/benchmarks/test_bench_tango.py).
"""

from __future__ import annotations

import random

from queens_tui.core import errors
from queens_tui.core.grid import Cell
from queens_tui.core.seed import seed_int
from queens_tui.core.vocabulary import DIFFICULTIES
from queens_tui.kinds.tango import deduce, search
from queens_tui.kinds.tango.level import DEFAULT_SIZE, SIZES, Level, Pair

MAX_TRIES = 200
"""Sub-seeds tried for a wanted difficulty before giving up."""


class GenerateError(errors.GenerateError):
    """No level could be made with these options."""


class SizeError(GenerateError, errors.SizeError):
    """A size the generator does not make (odd, or out of range)."""


def full_grid(n: int, rng: random.Random) -> list[int]:
    """A random valid solved grid, as one row bit mask per row (bit c: a sun in column c)."""
    rows = list(search.valid_rows(n))
    half = n // 2
    full = (1 << n) - 1
    chosen: list[int] = []

    def ok(bits: int) -> bool:
        r = len(chosen)
        if r >= 2:
            a, b = chosen[-1], chosen[-2]
            if bits & a & b or ~bits & ~a & ~b & full:
                return False
        left = n - r - 1
        for c in range(n):
            s = sum((x >> c) & 1 for x in chosen) + ((bits >> c) & 1)
            if s > half or r + 1 - s > half or s + left < half:
                return False
        return True

    def rec() -> bool:
        if len(chosen) == n:
            return True
        order = list(rows)
        rng.shuffle(order)
        for bits in order:
            if ok(bits):
                chosen.append(bits)
                if rec():
                    return True
                chosen.pop()
        return False

    rec()
    return chosen


def _level(n: int, solution: list[list[int]], givens: list[Cell], signs: list[Pair]) -> Level:
    grid: list[list[int | None]] = [[None] * n for _ in range(n)]
    for r, c in givens:
        grid[r][c] = solution[r][c]
    equal = [p for p in signs if solution[p[0][0]][p[0][1]] == solution[p[1][0]][p[1][1]]]
    opposite = [p for p in signs if p not in equal]
    return Level(tuple(tuple(row) for row in grid), tuple(equal), tuple(opposite))


def attempt(n: int, tier: int, rng: random.Random) -> Level:
    """One level from a fresh random grid, its clues removed while rules up to `tier` finish it."""
    rows = full_grid(n, rng)
    solution = [[(bits >> c) & 1 for c in range(n)] for bits in rows]
    givens: list[Cell] = [(r, c) for r in range(n) for c in range(n)]
    signs: list[Pair] = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
    signs += [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
    rng.shuffle(signs)
    signs = signs[: len(signs) * 2 // 3]  # a third of the signs dropped up front
    clues: list[tuple[int, int]] = [(0, i) for i in range(len(givens))]
    clues += [(1, i) for i in range(len(signs))]
    rng.shuffle(clues)
    kept = [set(range(len(givens))), set(range(len(signs)))]
    for which, i in clues:
        kept[which].discard(i)
        level = _level(
            n, solution, [givens[j] for j in sorted(kept[0])], [signs[j] for j in sorted(kept[1])]
        )
        if not deduce.Engine(level).solved_by(tier):
            kept[which].add(i)
    givens = [givens[j] for j in sorted(kept[0])]
    signs = [signs[j] for j in sorted(kept[1])]
    return _level(n, solution, sorted(givens), sorted(signs))


def generate(size: int | None, seed: str, difficulty: str | None = None) -> Level:
    """A level for `seed`: the same seed, size and difficulty give the same level everywhere.

    `difficulty` None keeps the first level the rules finish (removing clues
    with every rule, so it tends to be hard); otherwise the level needs
    exactly that tier. Raises `SizeError` for a size it does not make and
    `GenerateError` when no sub-seed reaches the difficulty.
    """
    n = DEFAULT_SIZE if size is None else size
    if n not in SIZES:
        raise SizeError(f"Tango sizes are even, {SIZES[0]} to {SIZES[-1]} (got {n})")
    tier = errors.wanted_tier(difficulty, DIFFICULTIES, GenerateError)
    rng = random.Random(seed_int("tango", n, seed, difficulty or ""))
    for _ in range(MAX_TRIES):
        level = attempt(n, tier, rng)
        eng = deduce.Engine(level)
        if difficulty is not None and tier > 1 and eng.solved_by(tier - 1):
            continue
        got = deduce.hardest_tier(level) if difficulty is None else tier
        if got is None:
            continue
        grade = DIFFICULTIES[got - 1]
        return Level(level.givens, level.equal, level.opposite, seed=seed, difficulty=grade)
    raise GenerateError(f"no {n}x{n} {difficulty} level after {MAX_TRIES} tries from seed {seed!r}")
