"""The Mini Sudoku generator: seeded, unique (by CP-SAT too), graded as asked; the packs."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from queens_tui.catalog import open_arg
from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels, pack_kind
from queens_tui.kinds.sudoku import deduce, search
from queens_tui.kinds.sudoku.generate import GenerateError, SizeError, generate
from queens_tui.kinds.sudoku.kind import DAILY_WEEK
from queens_tui.kinds.sudoku.level import Level

REPO = Path(__file__).resolve().parents[2]
PACKS = ("sudoku-1-easy", "sudoku-2-medium", "sudoku-3-hard", "sudoku-4-expert")


def test_a_seed_gives_the_same_level_and_the_grade_asked() -> None:
    for difficulty in ("easy", "medium", "expert"):
        level = generate(None, "t", difficulty)
        assert generate(6, "t", difficulty) == level
        assert level.difficulty == difficulty == deduce.grade(level)
        assert search.count(level, 2) == 1
    assert generate(None, "t", "easy") != generate(None, "u", "easy")
    with pytest.raises(SizeError):
        generate(9, "t")
    with pytest.raises(GenerateError):
        generate(None, "t", "fiendish")


def test_cpsat_agrees_the_generated_levels_are_unique() -> None:
    from queens_tui.solver.sudoku import solutions

    for k in range(3):
        level = generate(None, f"cp{k}", DAILY_WEEK[2 * k][1] or "easy")
        assert solutions(level, 2) == list(search.solutions(level))
        assert len(solutions(level, 2)) == 1


@pytest.mark.slow
def test_twenty_levels_unique_by_cpsat_and_graded_as_labelled() -> None:
    from queens_tui.solver.sudoku import solutions

    difficulties = deduce.DIFFICULTIES
    for k in range(20):
        level = generate(None, f"twenty-{k}", difficulties[k % 4])
        assert len(solutions(level, 2)) == 1
        assert deduce.grade(level) == level.difficulty == difficulties[k % 4]


def test_four_packs_of_levels_needing_exactly_their_grade() -> None:
    levels: dict[str, Level] = {}
    for level_id, path in bundled_levels("sudoku"):
        level = load_puzzle(path)
        assert isinstance(level, Level), level_id
        levels[level_id] = level
    assert sorted({i.split("/")[0] for i in levels}) == list(PACKS)
    for level_id, level in list(levels.items())[::5]:  # a sample; the slow test does them all
        assert search.count(level, 2) == 1, level_id
        tier = deduce.hardest_tier(level)
        assert tier is not None and deduce.DIFFICULTIES[tier - 1] == level.difficulty, level_id
    assert pack_kind("sudoku-1-easy/001") == "sudoku"
    assert open_arg("sudoku-2-medium/003")[1].kind == "sudoku"


def test_the_files_are_what_the_pack_script_makes() -> None:
    path = REPO / "scripts" / "make_sudoku_packs.py"
    spec = importlib.util.spec_from_file_location("make_sudoku_packs", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    plan = script.plan()
    assert len(plan) == len(bundled_levels("sudoku"))
    for pack, number, seed, difficulty in plan[::40]:  # a sample; --check does them all
        level_file = REPO / "levels" / pack / f"{number:03d}.txt"
        assert level_file.read_text("utf-8") == script.level_text(seed, difficulty)
