"""A generator of Mini Sudoku levels that the rules solve, steered towards a difficulty.

How it works (as Simon Tatham's puzzles and most Sudoku generators do it):

1. A solved grid: the base pattern `(3 * (r % 2) + r // 2 + c) % 6 + 1` (every row,
   column and 2x3 box holds 1-6), its digits relabelled, its bands of two rows,
   the rows within each band, its two stacks of three columns and the columns
   within each stack shuffled: every move keeps the grid valid.
2. Every cell starts as a given; the givens are removed one at a time in a
   random order, keeping a removal only while the deduction engine *limited
   to the wanted difficulty's rules* still fills the whole grid. A level the
   rules finish has exactly one solution, so uniqueness comes by construction
   (the tests check it with the exact search and CP-SAT besides).
3. The level is kept only if the rules one tier lower cannot finish it (it
   would be graded easier than asked); else try again with the next draw.

Everything random comes from `random.Random` seeded by an integer derived
with SHA-256 from the seed text and difficulty, so a seed gives the same
level byte for byte on every machine.
"""

from __future__ import annotations

import random
from itertools import islice

from queens_tui.core import errors
from queens_tui.core.seed import seed_int
from queens_tui.core.vocabulary import DIFFICULTIES
from queens_tui.kinds.sudoku import deduce, search
from queens_tui.kinds.sudoku.level import BOX_COLS, BOX_ROWS, SIZE, Givens, Level

MAX_TRIES = 3000
"""Draws tried for a wanted difficulty before giving up."""


class GenerateError(errors.GenerateError):
    """No level could be made with these options."""


class SizeError(GenerateError, errors.SizeError):
    """A size the generator does not make (anything but 6)."""


def _shuffled_lines(rng: random.Random, per_box: int) -> list[int]:
    """The SIZE lines (rows or columns) in an order that keeps each box's lines together:
    the groups of `per_box` lines shuffled, then the lines within each group."""
    groups = list(range(SIZE // per_box))
    rng.shuffle(groups)
    lines = []
    for g in groups:
        within = list(range(per_box))
        rng.shuffle(within)
        lines += [g * per_box + k for k in within]
    return lines


def solved_grid(rng: random.Random) -> list[list[int]]:
    """A random solved grid: the base pattern with digits, bands, rows, stacks, columns shuffled."""
    digits = list(range(1, SIZE + 1))
    rng.shuffle(digits)
    rows = _shuffled_lines(rng, BOX_ROWS)
    cols = _shuffled_lines(rng, BOX_COLS)
    return [
        [digits[(BOX_COLS * (r % BOX_ROWS) + r // BOX_ROWS + c) % SIZE] for c in cols] for r in rows
    ]


def _grid(solution: list[list[int]], kept: set[int]) -> Givens:
    return tuple(
        tuple(solution[r][c] if r * SIZE + c in kept else None for c in range(SIZE))
        for r in range(SIZE)
    )


def attempt(tier: int, rng: random.Random) -> Level:
    """One level from a fresh grid, its givens removed while it stays within `tier`.

    Tiers 1-3 (singles): a removal stays while those singles still fill the
    grid (`deduce.singles_finish`). Tier 4: while the solution stays unique
    (the exact search), since the expert rules are too slow to run per removal;
    `generate` then checks that the rules finish it.
    """
    solution = solved_grid(rng)
    flat = [d for row in solution for d in row]
    order = list(range(SIZE * SIZE))
    rng.shuffle(order)
    for i in order:
        digit, flat[i] = flat[i], 0
        if tier <= 3:
            ok = deduce.singles_finish_flat(flat, tier)
        else:
            grid = [flat[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)]
            ok = sum(1 for _ in islice(search.solutions_of(grid), 2)) == 1
        if not ok:
            flat[i] = digit
    kept = {i for i in range(SIZE * SIZE) if flat[i]}
    return Level(_grid(solution, kept))


def _fits(level: Level, tier: int) -> bool:
    """`level` needs tier `tier` exactly: the rules of the tier below cannot finish it, the
    rules up to it can."""
    if tier == 1:
        return True
    if deduce.singles_finish(level.givens, min(tier - 1, 3)):
        return False
    return tier <= 3 or deduce.solved_by(level, tier)


def generate(size: int | None, seed: str, difficulty: str | None = None) -> Level:
    """A level for `seed`: the same seed and difficulty give the same level everywhere.

    `difficulty` None removes givens with every rule and grades what is left;
    otherwise the level needs exactly that tier. Raises `SizeError` for a size
    other than 6 and `GenerateError` when no draw reaches the difficulty.
    """
    n = SIZE if size is None else size
    if n != SIZE:
        raise SizeError(f"Mini Sudoku is 6x6 only (got {n})")
    tier = errors.wanted_tier(difficulty, DIFFICULTIES, GenerateError)
    rng = random.Random(seed_int("sudoku", n, seed, difficulty or ""))
    for _ in range(MAX_TRIES):
        level = attempt(tier, rng)
        if difficulty is not None and not _fits(level, tier):
            continue
        got = deduce.hardest_tier(level) if difficulty is None else tier
        if got is None:
            continue
        return Level(level.givens, seed=seed, difficulty=DIFFICULTIES[got - 1])
    raise GenerateError(f"no 6x6 {difficulty} level after {MAX_TRIES} tries from seed {seed!r}")
