"""A generator of Patches levels that the rules solve, steered towards a difficulty.

How it works (as Simon Tatham's `rect.c` does for Rectangles):

1. Cut the grid into random rectangles: take the first uncovered cell in
   reading order and lay a rectangle with its top-left corner there, drawn
   among those that fit the free space, areas 2 to `MAX_AREA` favoured and
   1x1 patches rare (at most `MAX_SINGLES` a level).
2. Put a clue on a random cell of each rectangle, saying its shape and size.
3. In a random order, try to say less about each clue (drop the size, or
   make the shape free, or both), keeping a change only while the deduction
   engine, with the rules the wanted difficulty allows, still fixes every
   patch. A level the rules finish has exactly one solution, so uniqueness
   comes by construction (the tests check it with CP-SAT besides).
4. Keep the level if it grades as asked; a level graded easier is kept only
   after `MAX_TRIES` sub-seeds found none harder.

Everything random comes from `random.Random` seeded by SHA-256 of the seed
text, size and difficulty, iterating in fixed orders, so a seed gives the
same level on every machine. Tens of milliseconds a 7x7 level
(tests/benchmarks/test_bench_patches.py).
"""

from __future__ import annotations

import random

from queens_tui.core import errors
from queens_tui.core.seed import seed_int
from queens_tui.core.vocabulary import DIFFICULTIES
from queens_tui.kinds.patches import deduce
from queens_tui.kinds.patches.level import DEFAULT_SIZE, FREE, SIZES, Clue, Level, Rect, shape_of

MAX_AREA = 9
MAX_SINGLES = 1
MAX_TRIES = 40
"""Sub-seeds tried for a wanted difficulty before settling for an easier level."""


class GenerateError(errors.GenerateError):
    """No level could be made with these options."""


class SizeError(GenerateError, errors.SizeError):
    """A size the generator does not make."""


def _weight(height: int, width: int) -> float:
    """How likely a rectangle is drawn: areas 3 to 6 most, long thin strips and 1x1 rarely."""
    area = height * width
    if area == 1:
        return 0.15
    if max(height, width) > 4 * min(height, width):
        return 0.3
    return {2: 1.0, 3: 1.6, 4: 2.2, 5: 1.4, 6: 2.0, 7: 0.7, 8: 1.4, 9: 1.0}.get(area, 0.5)


def cut(n: int, rng: random.Random) -> list[Rect] | None:
    """A random tiling of the n x n grid by rectangles; None when it made too many 1x1s."""
    free = [[True] * n for _ in range(n)]
    rects: list[Rect] = []
    singles = 0
    for r in range(n):
        for c in range(n):
            if not free[r][c]:
                continue
            widths = 0
            while c + widths < n and free[r][c + widths]:
                widths += 1
            options: list[tuple[int, int]] = []
            max_w = widths
            for h in range(1, n - r + 1):
                if not free[r + h - 1][c]:
                    break
                while max_w and not all(free[r + h - 1][c : c + max_w]):
                    max_w -= 1
                options += [(h, w) for w in range(1, max_w + 1) if h * w <= MAX_AREA]
            weights = [_weight(h, w) for h, w in options]
            h, w = rng.choices(options, weights)[0]
            if h * w == 1:
                singles += 1
                if singles > MAX_SINGLES:
                    return None
            for rr in range(r, r + h):
                for cc in range(c, c + w):
                    free[rr][cc] = False
            rects.append((r, c, r + h - 1, c + w - 1))
    return rects


def _full_clues(rects: list[Rect], rng: random.Random) -> list[Clue]:
    clues = []
    for top, left, bottom, right in rects:
        row, col = rng.randint(top, bottom), rng.randint(left, right)
        height, width = bottom - top + 1, right - left + 1
        clues.append(Clue(row, col, shape_of(height, width), height * width))
    return clues


def _grade(level: Level, max_rank: int) -> str | None:
    """The level's difficulty if the rules finish it within `max_rank`, else None."""
    steps = deduce.solved_by_rules(level, min(3, max_rank + 1))
    if steps is None:
        return None
    g = deduce.grade_steps(steps).difficulty
    return g if deduce.difficulty_rank(g) <= max_rank else None


def _attempt(n: int, rng: random.Random, max_rank: int) -> tuple[Level, str] | None:
    rects = cut(n, rng)
    if rects is None:
        return None
    clues = _full_clues(rects, rng)
    level = Level(n, n, tuple(clues))
    graded = _grade(level, max_rank)
    if graded is None:
        return None
    order = list(range(len(clues)))
    rng.shuffle(order)
    for i in order:
        clue = clues[i]
        options = [
            Clue(clue.row, clue.col, FREE, None),
            Clue(clue.row, clue.col, FREE, clue.size),
            Clue(clue.row, clue.col, clue.shape, None),
        ]
        if clue.shape == "square" or rng.random() < 0.5:
            options[1], options[2] = options[2], options[1]
        for option in options:
            if option.shape == FREE and option.size is None and rng.random() < 0.7:
                continue  # LinkedIn gives few clues that say nothing
            trial = [*clues]
            trial[i] = option
            candidate = Level(n, n, tuple(trial))
            g = _grade(candidate, max_rank)
            if g is not None:
                clues, level, graded = trial, candidate, g
                break
    return level, graded


def generate(size: int | None, seed: str, difficulty: str | None = None) -> Level:
    """A level of `size` x `size` (default 7) with exactly one solution, from `seed`.

    `difficulty` (one of `DIFFICULTIES`; None: any) caps the rules the
    solution may need and is aimed at: the level's `difficulty` says what it
    grades as.
    """
    n = DEFAULT_SIZE if size is None else size
    if n not in SIZES:
        low, high = SIZES[0], SIZES[-1]
        raise SizeError(f"Patches levels are {low}x{low} to {high}x{high}")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise GenerateError(f"difficulty is one of {', '.join(DIFFICULTIES)}")
    want = deduce.difficulty_rank(difficulty) if difficulty else len(DIFFICULTIES) - 1
    best: tuple[Level, str] | None = None
    for attempt in range(MAX_TRIES * 10):
        rng = random.Random(seed_int("patches", seed, n, difficulty, attempt))
        made = _attempt(n, rng, want)
        if made is None:
            continue
        level, graded = made
        if difficulty is None or deduce.difficulty_rank(graded) == want:
            best = made
            break
        if best is None or deduce.difficulty_rank(graded) > deduce.difficulty_rank(best[1]):
            best = made
        if attempt >= MAX_TRIES:
            break
    if best is None:
        raise GenerateError(f"no {n}x{n} level found from seed {seed!r}")
    level, graded = best
    return Level(n, n, level.clues, seed=seed, difficulty=graded)
