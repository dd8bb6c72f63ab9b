"""A level's difficulty, read off its logical solution."""

from __future__ import annotations

from dataclasses import dataclass

from queens_tui.kinds.queens.deduce.driver import solve_logically
from queens_tui.kinds.queens.deduce.steps import Step
from queens_tui.kinds.queens.level import Level


@dataclass(frozen=True)
class Grade:
    """A level's difficulty and the numbers it comes from."""

    difficulty: str
    steps: int
    hardest_rule: str
    rules: dict[str, int]
    """How many steps used each rule."""
    hardest_tier: int = 0


HARD_AFTER = 6
"""A solution with this many medium steps (common attacks, pairs) is graded hard."""

EXPERT_AFTER = 4
"""A solution with this many hard steps (big pigeonholes, depth-1 probes) is graded expert."""


def grade_steps(steps: list[Step]) -> Grade:
    """Grade a logical solution by its hardest step, and how often the hard steps come.

    Tiers (see `Step.tier`): 0-1 last cells and confinement, 2 common attacks
    and two-region pigeonholes, 3 bigger pigeonholes and depth-1 probes, 4
    depth-2 and nested probes, 5 the exact search. easy = tiers 0-1 only; medium = tier
    2, fewer than `HARD_AFTER` times; hard = tier 2 that often, or tier 3
    fewer than `EXPERT_AFTER` times; expert = the rest. The thresholds come
    from the corpus (official levels: about a quarter easy, half medium, a
    quarter hard; the probes appear only in community levels).
    """
    rules: dict[str, int] = {}
    for s in steps:
        rules[s.rule] = rules.get(s.rule, 0) + 1
    if not steps:
        return Grade("easy", 0, "last_cell_row", rules)
    hardest_step = max(steps, key=lambda s: s.tier)
    tier = hardest_step.tier
    count = sum(1 for s in steps if s.tier == tier)
    if tier <= 1:
        difficulty = "easy"
    elif tier == 2:
        difficulty = "medium" if count < HARD_AFTER else "hard"
    elif tier == 3:
        difficulty = "hard" if count < EXPERT_AFTER else "expert"
    else:
        difficulty = "expert"
    return Grade(difficulty, len(steps), hardest_step.rule, rules, tier)


def grade(level: Level) -> str:
    """The difficulty of `level`: "easy", "medium", "hard" or "expert"."""
    return grade_steps(solve_logically(level)).difficulty
