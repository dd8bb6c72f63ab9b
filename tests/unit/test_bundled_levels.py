"""The levels we ship: every one parses, is unique, connected, titled and graded as it says.

The packs are made by `scripts/make_packs.py` (see its docstring); the last
test regenerates a few of them to prove the files are what the generator
makes from the seeds they carry.
"""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

import pytest

from queens_tui.formats.bundled import bundled_levels
from queens_tui.formats.queens import load
from queens_tui.kinds.queens import search
from queens_tui.kinds.queens.deduce import grade
from queens_tui.kinds.queens.level import Level

REPO = Path(__file__).resolve().parents[2]
LEVELS = REPO / "levels"
PACKS = ("1-easy", "2-medium", "3-hard", "4-expert")


def _all() -> list[tuple[str, Path]]:
    found = sorted(
        (p.relative_to(LEVELS).with_suffix("").as_posix(), p)
        for pack in PACKS
        for p in (LEVELS / pack).rglob("*.txt")
    )
    assert found, "no bundled levels"
    return found


@pytest.fixture(scope="module")
def levels() -> dict[str, Level]:
    return {level_id: load(path) for level_id, path in _all()}


def test_the_bundle_is_big_enough_and_spread(levels: dict[str, Level]) -> None:
    assert len(levels) >= 200
    assert sorted({i.split("/")[0] for i in levels}) == list(PACKS)
    sizes = Counter(lv.size for lv in levels.values())
    assert sorted(sizes) == list(range(6, 15))
    by_difficulty = Counter(lv.difficulty for lv in levels.values())
    assert set(by_difficulty) == {"easy", "medium", "hard", "expert"}
    assert min(by_difficulty.values()) >= 40
    for pack in PACKS:
        in_pack = [lv for i, lv in levels.items() if i.startswith(pack + "/")]
        assert {lv.difficulty for lv in in_pack} == {pack.split("-")[1]}
        assert [lv.size for lv in in_pack] == sorted(lv.size for lv in in_pack)  # a progression


def test_the_locator_lists_exactly_these_files(levels: dict[str, Level]) -> None:
    """What the game finds is what this test checks (no stray or missing level); it lists
    them pack by pack, each pack in its play order (`test_pack_order`)."""
    found = [i for i, _ in bundled_levels()]
    assert sorted(found) == sorted(levels)
    assert [i.split("/")[0] for i in found] == sorted(i.split("/")[0] for i in levels)


def test_every_level_is_unique_connected_and_titled(levels: dict[str, Level]) -> None:
    names = Counter()
    for level_id, level in levels.items():
        assert search.count(level, limit=2) == 1, level_id
        assert level.disconnected_regions == (), level_id
        assert level.name and level.seed, level_id
        names[level.name] += 1
    assert names.most_common(1)[0][1] == 1, "two bundled levels share a title"


@pytest.mark.slow  # grades all 216 bundled levels
def test_every_level_has_the_difficulty_it_claims(levels: dict[str, Level]) -> None:
    wrong = [i for i, lv in levels.items() if grade(lv) != lv.difficulty]
    assert wrong == []


@pytest.mark.slow  # regenerates all 216 bundled levels and compares bytes (~5 s of CPU)
def test_the_files_are_what_the_pack_script_makes() -> None:
    spec = importlib.util.spec_from_file_location("make_packs", REPO / "scripts" / "make_packs.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    plan = script.plan()
    numbers: Counter[str] = Counter()
    checked = 0
    for pack, size, seed, difficulty in plan:
        numbers[pack] += 1
        if size > 8 or numbers[pack] % 5:
            continue  # a sample: the small sizes, every fifth level
        path = LEVELS / pack / f"{numbers[pack]:03d}.txt"
        assert path.read_text("utf-8") == script.level_text(size, seed, difficulty)
        checked += 1
    assert checked >= 8
    assert sum(numbers.values()) == len(_all())


def _shape(level: Level) -> tuple[int, float]:
    """(one-cell regions, snakiest region's perimeter over a square's of the same area)."""
    n = level.size
    ids = level.region_ids
    area = [0] * n
    perimeter = [0] * n
    for r in range(n):
        for c in range(n):
            k = ids[r][c]
            area[k] += 1
            for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if not (0 <= y < n and 0 <= x < n) or ids[y][x] != k:
                    perimeter[k] += 1
    snakiest = max(p / (4 * a**0.5) for p, a in zip(perimeter, area, strict=True))
    return sum(1 for a in area if a == 1), snakiest


def test_regions_are_shaped_like_linkedins(levels: dict[str, Level]) -> None:
    """LinkedIn's 644 levels in the corpus: 0.28 one-cell regions per level, snakiest
    region median 2.02 (10% under 1.59, 10% over 2.60). Ours were 0.69 and 1.94 before
    the generator gave lone queens a second cell (`generate._fatten`)."""
    shapes = [_shape(level) for level in levels.values()]
    ones = sum(s[0] for s in shapes) / len(shapes)
    snakiest = sorted(s[1] for s in shapes)
    median = snakiest[len(snakiest) // 2]
    assert ones <= 0.35
    assert 1.8 <= median <= 2.2
    assert snakiest[len(snakiest) // 10] >= 1.4 and snakiest[9 * len(snakiest) // 10] <= 2.8
