"""A level's difficulty, read off its logical solution."""

from __future__ import annotations

from queens_tui.core.kind import Grade, rule_counts
from queens_tui.kinds.queens.deduce.driver import solve_logically
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
        return "easy"
    tier = max(s.tier for s in steps)
    count = sum(1 for s in steps if s.tier == tier)
    if tier <= 1:
        return "easy"
    if tier == 2:
        return "medium" if count < HARD_AFTER else "hard"
    if tier == 3:
        return "hard" if count < EXPERT_AFTER else "expert"
    return "expert"


def grade_steps(steps: list[Step]) -> Grade:
    """Grade a logical solution (`difficulty`), with the numbers it comes from."""
    rules = rule_counts(steps)
    if not steps:
        return Grade("easy", 0, "last_cell_row", rules)  # an empty board: nothing to grade
    hardest = max(steps, key=lambda s: s.tier)
    alone = hardest.rule != "solver"
    tier = hardest.tier
    return Grade(difficulty(steps), len(steps), hardest.rule, rules, alone, hardest_tier=tier)


def grade(level: Level) -> str:
    """The difficulty of `level`: "easy", "medium", "hard" or "expert"."""
    return difficulty(solve_logically(level))
