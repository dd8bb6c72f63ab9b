"""The bundled Zip packs: 60 levels, made by scripts/make_zip_packs.py (their grades and uniqueness:
test_bundled_grades.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels, pack_kind
from queens_tui.kinds.zip import deduce
from queens_tui.kinds.zip.level import ZipLevel

REPO = Path(__file__).resolve().parents[2]
PACKS = ("zip-1-6x6", "zip-2-7x7", "zip-3-8x8")


def _levels() -> dict[str, ZipLevel]:
    out = {}
    for level_id, path in bundled_levels("zip"):
        level = load_puzzle(path)
        assert isinstance(level, ZipLevel), level_id
        out[level_id] = level
    return out


def test_three_packs_by_size() -> None:
    levels = _levels()
    assert len(levels) >= 60
    assert sorted({i.split("/")[0] for i in levels}) == list(PACKS)
    for level_id, level in levels.items():
        assert pack_kind(level_id) == "zip"
        assert level_id.split("/")[0].endswith(level.size_text)
        assert level.seed and level.difficulty in deduce.DIFFICULTIES and level.name
    assert sum(1 for lv in levels.values() if lv.walls) >= 25


def test_the_script_makes_these_files() -> None:
    spec = importlib.util.spec_from_file_location(
        "make_zip_packs", REPO / "scripts/make_zip_packs.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for pack, number, size, seed, walls in module.plan()[::20]:
        if size > 7:
            continue
        path = REPO / "levels" / pack / f"{number:03d}.txt"
        assert path.read_text(encoding="utf-8") == module.level_text(size, seed, walls)
