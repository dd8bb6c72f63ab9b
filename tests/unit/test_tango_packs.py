"""The bundled Tango packs: enough levels, unique, graded as they say, as the script makes."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

import pytest

from queens_tui.catalog import open_arg
from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels, pack_kind
from queens_tui.kinds.tango import deduce, search
from queens_tui.kinds.tango.level import Level

REPO = Path(__file__).resolve().parents[2]
PACKS = ("tango-1-easy", "tango-2-medium", "tango-3-hard", "tango-4-expert")


@pytest.fixture(scope="module")
def levels() -> dict[str, Level]:
    out = {}
    for level_id, path in bundled_levels("tango"):
        level = load_puzzle(path)
        assert isinstance(level, Level), level_id
        out[level_id] = level
    return out


def test_four_packs_of_graded_levels(levels: dict[str, Level]) -> None:
    assert len(levels) >= 100
    assert sorted({i.split("/")[0] for i in levels}) == list(PACKS)
    for pack in PACKS:
        in_pack = [lv for i, lv in levels.items() if i.startswith(pack + "/")]
        assert {lv.difficulty for lv in in_pack} == {pack.split("-")[2]}


@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
def test_every_level_is_unique_and_needs_exactly_its_grade(levels: dict[str, Level]) -> None:
    tiers: Counter[str] = Counter()
    for level_id, level in levels.items():
        assert search.count(level) == 1, level_id
        tier = deduce.hardest_tier(level)
        assert tier is not None and deduce.DIFFICULTIES[tier - 1] == level.difficulty, level_id
        tiers[level.difficulty or ""] += 1
    assert min(tiers.values()) >= 25


def test_queens_and_tango_packs_are_told_apart() -> None:
    assert pack_kind("tango-1-easy/001") == "tango" and pack_kind("1-easy/001") == "queens"
    queens_ids = [i for i, _ in bundled_levels()]
    assert queens_ids and not any(i.startswith("tango-") for i in queens_ids)
    assert open_arg("tango-2-medium/003")[1].kind == "tango"


def test_the_files_are_what_the_pack_script_makes() -> None:
    path = REPO / "scripts" / "make_tango_packs.py"
    spec = importlib.util.spec_from_file_location("make_tango_packs", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    plan = script.plan()
    assert len(plan) == len(bundled_levels("tango"))
    for pack, number, size, seed, difficulty in plan[::20]:  # a sample; --check does them all
        level_file = REPO / "levels" / pack / f"{number:03d}.txt"
        assert level_file.read_text("utf-8") == script.level_text(size, seed, difficulty)
