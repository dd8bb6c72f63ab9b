"""The level browser's quick look at a file goes through the file's own reader (`formats.meta`):
the same name, size and difficulty as reading the whole level, for every kind and format."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens_tui.formats import load_puzzle
from queens_tui.formats.meta import LevelMeta, read_meta, scan_meta

LEVELS = Path(__file__).resolve().parents[2] / "levels"


@pytest.mark.parametrize("level_id", ["1-easy/001", "tango-1-easy/001", "zip-2-7x7/001"])
def test_meta_agrees_with_the_full_reader(level_id: str) -> None:
    path = LEVELS / f"{level_id}.txt"
    level = load_puzzle(path)
    meta = read_meta(path)
    size = getattr(level, "size", None) or getattr(level, "rows", None)
    assert meta == LevelMeta(level.name, size, level.difficulty)
    assert meta.size and meta.difficulty  # the packs are all graded


def test_zip_json_and_queens_json_are_read_by_their_readers() -> None:
    zip_json = '{"kind": "zip", "name": "Corner", "rows": 2, "cols": 2, "difficulty": "easy",'
    zip_json += ' "numbers": [[1, 0], [0, 2]]}'
    assert scan_meta(zip_json, ".json") == LevelMeta("Corner", 2, "easy")
    queens_json = '{"name": "J", "difficulty": "Easy", "regions": ["AB", "BA"]}'
    assert scan_meta(queens_json, ".json") == LevelMeta("J", 2, "easy")


def test_a_zip_drawing_counts_its_cell_lines_not_its_borders() -> None:
    text = "# kind: zip\n# name: Z\n+---+---+\n| 1   2 |\n+---+---+\n"
    assert scan_meta(text) == LevelMeta("Z", 1, None)


def test_a_broken_file_lists_empty(tmp_path: Path) -> None:
    bad = tmp_path / "b.json"
    bad.write_text("{")
    assert read_meta(bad) == LevelMeta()
    latin = tmp_path / "c.txt"
    latin.write_bytes(b"# name: caf\xe9\nAB\nBA\n")
    assert read_meta(latin) == LevelMeta()  # not UTF-8: opening it says where
