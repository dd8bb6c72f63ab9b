"""A level's score: a model of a person's effort, read off the deduction engine's steps.

Sudoku raters (Sudoku Explainer, HoDoKu) weigh each technique a solution needs; Pelanek's
models of human solving predict solve times from how many steps there are and how hard
each one is to find. Each kind's deduction module turns its logical solution into a few
counts (`features`: the steps, which rules, how many candidates a hard step had to be
picked from, how often the board had only one way forward, the longest run of steps
before the next placement, probes) and an `Effort` weighs them into one number.

The score is on LinkedIn's weekday scale: 1 is a Monday puzzle, 7 a Sunday one (the
weights of Queens and Tango are fitted to LinkedIn's weekdays by `scripts/fit_grades.py`;
see docs/grading.md). The words are bands of it, by `RAMP`: a score that would fall on a
Monday or Tuesday is easy, Wednesday or Thursday medium, Friday or Saturday hard, Sunday
and beyond expert.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from queens_tui.core.kind import RAMP, Grade
from queens_tui.core.vocabulary import Difficulty

NOT_GRADABLE = "not gradable"
"""What `grade` says instead of a word for a level the model does not score."""


@dataclass(frozen=True)
class Effort:
    """A weighted sum of a kind's features: `intercept + sum(weight * feature)`."""

    weights: Mapping[str, float]
    intercept: float = 0.0

    def score(self, features: Mapping[str, float]) -> float:
        """The score of a level's `features` (every weighted feature must be there)."""
        total = self.intercept + sum(w * features[k] for k, w in self.weights.items())
        return round(total, 2)


def band(score: float) -> str:
    """The word for `score`: the `RAMP` word of the weekday it is nearest (clamped to 1..7)."""
    day = min(max(int(score + 0.5), 1), len(RAMP))
    return RAMP[day - 1]


def tier_features(tiers: Sequence[int]) -> dict[str, float]:
    """The counts a kind without a fitted model is scored on, from its steps' tiers (1 the
    easiest rules .. 4 the hardest, as its `DIFFICULTIES` word): `steps`, `medium`, `hard`
    and `expert` (steps of tiers 2, 3 and 4 or more), `stuck` (how often the easiest rules
    ran dry, so a harder step was the only way on) and `longest` (the longest run of
    harder steps in a row)."""
    counts = [0] * 5
    stuck = 0
    before = 1
    for tier in tiers:
        counts[min(max(tier, 1), 4)] += 1
        stuck += tier >= 2 and before == 1
        before = tier
    return {
        "steps": len(tiers),
        Difficulty.MEDIUM: counts[2],
        Difficulty.HARD: counts[3],
        Difficulty.EXPERT: counts[4],
        "stuck": stuck,
        "longest": run_lengths([t >= 2 for t in tiers]),
    }


def tier_effort(
    *,
    steps: float,
    medium: float,
    hard: float,
    expert: float,
    stuck: float,
    longest: float,
    intercept: float,
) -> Effort:
    """The `Effort` of a kind scored on `tier_features`, its weights set by hand, not fitted:
    no weekday of the kind is fitted on (LinkedIn's days are kept to judge the model;
    docs/grading.md). A step of each harder tier weighs more, and so does each time the easy
    rules ran dry."""
    weights = {"steps": steps, Difficulty.MEDIUM: medium, Difficulty.HARD: hard}
    weights |= {Difficulty.EXPERT: expert, "stuck": stuck, "longest": longest}
    return Effort(weights, intercept)


def run_lengths(flags: list[bool]) -> int:
    """The longest run of True in `flags` (the longest chain of steps before a placement)."""
    longest = run = 0
    for flag in flags:
        run = run + 1 if flag else 0
        longest = max(longest, run)
    return longest


def scored(grade: Grade, effort: Effort, features: Callable[[], Mapping[str, float]]) -> Grade:
    """`grade` with its score and the score's word; a level with several solutions, or one
    the rules alone cannot finish, has neither (`not_gradable` says why)."""
    if not (grade.rules_alone and grade.unique):
        return replace(grade, difficulty=None, score=None)
    score = effort.score(features())
    return replace(grade, difficulty=band(score), score=score)


def not_gradable(grade: Grade | None) -> str:
    """What `grade` says of a level without a score: "not gradable: several solutions"."""
    if grade is None:
        why = "no solution"
    elif not grade.unique:
        why = "several solutions"
    else:
        why = "needs the solver"
    return f"{NOT_GRADABLE}: {why}"


def spearman(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman's rank correlation of `x` and `y` (ties share their mean rank): how the
    scores are judged against LinkedIn's weekdays (`scripts/fit_grades.py`) and how our
    own calendars' weeks are checked to rise (`scripts/make_daily.py`)."""
    rx, ry = _ranks(x), _ranks(y)
    n = len(rx)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in order[i : j + 1]:
            out[k] = (i + j) / 2 + 1
        i = j + 1
    return out
