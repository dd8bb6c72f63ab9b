"""A bundled id is found without listing the levels folder, to the same file as the index."""

from __future__ import annotations

from queens_tui.formats import bundled


def test_every_bundled_id_finds_the_file_the_index_lists() -> None:
    root = bundled.levels_dir()
    assert root is not None
    index = bundled._index(root)
    assert len(index) > 100
    assert {level_id: bundled.bundled_path(level_id) for level_id in index} == index


def test_what_the_index_leaves_out_is_not_found_directly() -> None:
    root = bundled.levels_dir()
    assert root is not None
    assert bundled._direct(root, "../pyproject") is None
    assert bundled._direct(root, "1-easy/.hidden") is None
    assert bundled._direct(root, "x" * 300) is None
    assert bundled._direct(root, "1-easy/\0") is None
    assert bundled.bundled_path("daily/queens/2026") is None  # a calendar is not a level
