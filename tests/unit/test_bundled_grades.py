"""Every bundled Tango and Zip level is what its label says, and `queens-tui grade` scores it.

The grade is asked the way the command asks it (`get_kind(kind).grade`): a level the
rules cannot finish, or with a second solution, has no score (issue 14: 17 Zip levels were
labelled expert while `grade` said they needed the solver). The label is the generator's
word, the hardest tier of rules the level needs (`grade_steps`), which `grade`'s word (the
band of the score, issue 41) need not be. The quick packs run by default; the slower ones
(seconds) are marked slow.
"""

from __future__ import annotations

from typing import Any

import pytest

from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels
from queens_tui.kinds import get_kind

SLOW = {"tango-3-hard", "zip-2-7x7", "zip-3-8x8"}
"""Packs whose grading takes over a second here (measured: 1.2-4 s each)."""

PACKS = [
    pytest.param(kind, pack, marks=[pytest.mark.slow] if pack in SLOW else [], id=pack)
    for kind, pack in (
        ("tango", "tango-1-easy"),
        ("tango", "tango-2-medium"),
        ("tango", "tango-3-hard"),
        ("tango", "tango-4-expert"),
        ("zip", "zip-1-6x6"),
        ("zip", "zip-2-7x7"),
        ("zip", "zip-3-8x8"),
    )
]


@pytest.mark.parametrize(("kind", "pack"), PACKS)
def test_label_is_the_grade(kind: str, pack: str) -> None:
    grader = get_kind(kind)
    levels = [(i, p) for i, p in bundled_levels(kind) if i.split("/")[0] == pack]
    assert len(levels) >= 20
    for level_id, path in levels:
        level = load_puzzle(path)
        grade = grader.grade(level)
        assert grade.unique and grade.rules_alone and grade.score is not None, level_id
        label = level.metadata.get("difficulty")
        assert label is not None and tier_word(kind, level) == label, level_id


def tier_word(kind: str, level: Any) -> str | None:
    """The word of the hardest tier of rules `level`'s logical solution needs."""
    deduce = get_kind(kind).own("deduce")
    steps = deduce.solve_logically(level)
    graded = deduce.grade_steps(level, steps) if kind == "zip" else deduce.grade_steps(steps)
    word: str | None = graded.difficulty
    return word
