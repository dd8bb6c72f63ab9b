"""A level's difficulty, read off its logical solution: the tier ladder the generator steers
by, and the score of a person's effort (`core.effort`) that `grade` reports."""

from __future__ import annotations

from math import log2

from queens_tui.core.effort import Effort, run_lengths
from queens_tui.core.kind import Grade, rule_counts
from queens_tui.core.vocabulary import Difficulty
from queens_tui.kinds.queens.deduce.driver import solve_logically
from queens_tui.kinds.queens.deduce.probes import Engine
from queens_tui.kinds.queens.deduce.steps import Step
from queens_tui.kinds.queens.level import Level

HARD_AFTER = 6
"""A solution with this many medium steps (common attacks, pairs) is graded hard."""

EXPERT_AFTER = 4
"""A solution with this many hard steps (big pigeonholes, depth-1 probes) is graded expert."""


def difficulty(steps: list[Step]) -> str:
    """A logical solution's difficulty, by its hardest step and how often the hard steps come.

    Tiers (see `Step.tier`): 0-1 last cells and confinement, 2 common attacks
    and two-region pigeonholes, 3 bigger pigeonholes and depth-1 probes, 4
    depth-2 and nested probes, 5 the exact search. easy = tiers 0-1 only; medium = tier
    2, fewer than `HARD_AFTER` times; hard = tier 2 that often, or tier 3
    fewer than `EXPERT_AFTER` times; expert = the rest. The thresholds come
    from the corpus (official levels: about a quarter easy, half medium, a
    quarter hard; the probes appear only in community levels).
    """
    if not steps:
        return Difficulty.EASY
    tier = max(s.tier for s in steps)
    count = sum(1 for s in steps if s.tier == tier)
    if tier <= 1:
        return Difficulty.EASY
    if tier == 2:
        return Difficulty.MEDIUM if count < HARD_AFTER else Difficulty.HARD
    if tier == 3:
        return Difficulty.HARD if count < EXPERT_AFTER else Difficulty.EXPERT
    return Difficulty.EXPERT


def grade_steps(steps: list[Step]) -> Grade:
    """Grade a logical solution (`difficulty`), with the numbers it comes from."""
    rules = rule_counts(steps)
    if not steps:
        return Grade(Difficulty.EASY, 0, "last_cell_row", rules)  # an empty board: nothing to grade
    hardest = max(steps, key=lambda s: s.tier)
    alone = hardest.rule != "solver"
    tier = hardest.tier
    return Grade(difficulty(steps), len(steps), hardest.rule, rules, alone, hardest_tier=tier)


def grade(level: Level) -> str:
    """The difficulty of `level`: "easy", "medium", "hard" or "expert"."""
    return difficulty(solve_logically(level))


EFFORT = Effort(
    {
        "size": 0.5845,
        "steps": 0.3525,
        "confinements": -0.3445,
        Difficulty.MEDIUM: -0.1144,
        Difficulty.HARD: 0.2269,
        "hidden": 0.0375,
        "small_regions": -0.1555,
        "scan": -0.0032,
        "longest": 0.0317,
    },
    -4.7931,
)
"""The weights of `features`, fitted to LinkedIn Queens #1-#400's weekdays by
`scripts/fit_grades.py` (least squares; docs/grading.md has the fit and its check on
#401-#616). Run the script again after changing the rules or the features."""


def features(level: Level, steps: list[Step]) -> dict[str, float]:
    """What a person's effort on `level` is made of, replayed from its logical solution.

    - `size`: the side (the rows and columns to read, the queens to place);
    - `steps`: how many steps the solution takes;
    - `confinements`, `medium`, `hard`: steps of tier 1 (confinement), 2 (two-line
      pigeonholes, common attacks) and 3 or more (bigger pigeonholes, probes);
    - `hidden`: confinements of a region's *free* cells (not the whole region): seen only
      after the crosses that made them;
    - `small_regions`: regions of at most three cells, which a person starts from;
    - `scan`: how many candidates each step beyond a last cell had to be found among (the
      sum of log2 of the free cells then);
    - `longest`: the longest run of steps that cross cells out before the next queen.

    Also tried, and left out: how many steps had exactly one row, column or region down to
    one free cell (one obvious way forward). It did not help the held-out agreement (0.686
    with it, 0.691 without) and cost a tenth of the grading time.
    """
    engine = Engine.of(level)
    free, placed = engine.full, 0
    scan = 0.0
    hidden = 0
    tiers = [0] * 6
    n = level.size
    for step in steps:
        tier = min(step.tier, 5)
        tiers[tier] += 1
        if tier > 0:
            scan += log2(1 + free.bit_count())
        if tier == 1:
            read = sum(1 << (r * n + c) for r, c in step.cells)
            hidden += read & ~free != 0
        free, placed = engine.after(step, free, placed)
    return {
        "size": level.size,
        "steps": len(steps),
        "confinements": tiers[1],
        Difficulty.MEDIUM: tiers[2],
        Difficulty.HARD: sum(tiers[3:]),
        "hidden": hidden,
        "small_regions": sum(1 for cells in level.region_cells if len(cells) <= 3),
        "scan": round(scan, 3),
        "longest": run_lengths([not s.place for s in steps]),
    }
