"""The score of a person's effort (`core.effort`): its bands, its words for what has no
score, and the rank correlation the fits are judged by (issue 41; issue 35 item 9)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from queens_tui.cli import main
from queens_tui.core.effort import Effort, band, not_gradable, scored, spearman, tier_features
from queens_tui.core.kind import RAMP, Grade
from queens_tui.core.vocabulary import DIFFICULTIES
from tests.conftest import REPO


def test_bands_follow_linkedins_week() -> None:
    """A score is a weekday: Monday-Tuesday easy, Wednesday-Thursday medium, Friday-Saturday
    hard, Sunday and beyond expert; every word is one of `DIFFICULTIES`."""
    assert [band(day) for day in range(1, 8)] == list(RAMP)
    assert (band(-3.0), band(2.49), band(2.5), band(6.49), band(6.5), band(40.0)) == (
        "easy",
        "easy",
        "medium",
        "hard",
        "expert",
        "expert",
    )
    assert set(RAMP) == set(DIFFICULTIES)


def test_a_level_without_one_solution_by_the_rules_has_no_score() -> None:
    effort = Effort({"steps": 0.5}, 1.0)
    ok = Grade("easy", 4, "last_cell_row")
    assert scored(ok, effort, lambda: {"steps": 4}) == replace(ok, difficulty="medium", score=3.0)
    several = replace(ok, unique=False)
    assert scored(several, effort, lambda: {"steps": 4}).score is None
    assert not_gradable(several) == "not gradable: several solutions"
    assert not_gradable(replace(ok, rules_alone=False)) == "not gradable: needs the solver"
    assert not_gradable(None) == "not gradable: no solution"


def test_tier_features_count_what_a_person_meets() -> None:
    assert tier_features([1, 1, 2, 2, 1, 3, 4, 1]) == {
        "steps": 8,
        "medium": 2,
        "hard": 1,
        "expert": 1,
        "stuck": 2,
        "longest": 2,
    }


def test_spearman() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 1, 2], [1, 2, 3]) == pytest.approx(0.866, abs=1e-3)  # ties share ranks


def test_grade_says_not_gradable_never_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 35 item 9: a level with several solutions was graded "None"."""
    multi = tmp_path / "multi.txt"
    multi.write_text("AABBB\nAABBB\nCCDDB\nCCDEE\nCCDEE\n", encoding="utf-8")
    assert main(["grade", str(multi)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{multi}: 5x5, not gradable: several solutions (")
    assert "None" not in out


def test_the_patches_day_of_issue_35_is_not_gradable(capsys: pytest.CaptureFixture[str]) -> None:
    day = REPO.parent / "shared" / "archive" / "2026-07-15_patches.json"
    if not day.is_file():
        pytest.skip(f"LinkedIn's archive day is not here: {day}")
    assert main(["grade", "--json", str(day)]) == 1
    line = json.loads(capsys.readouterr().out)
    assert (line["difficulty"], line["score"]) == ("not gradable: several solutions", None)
