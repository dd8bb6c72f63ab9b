"""Issue 35 item 15: `import --pack` leaves nothing out without a word, says when it replaces a
pack, and a collection opened with `play` lists its levels under its own name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from queens_tui.catalog.user_packs import import_pack, open_collection, pack_entries
from queens_tui.cli import main
from queens_tui.formats import load_puzzle, reader
from queens_tui.formats.bundled import bundled_levels

from .test_collections import community_tango


def _level_files(folder: Path, count: int, start: int = 0) -> None:
    """`count` bundled Tango levels as text files in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    for i, (_, path) in enumerate(bundled_levels("tango")[start : start + count]):
        level = load_puzzle(path)
        (folder / f"level-{start + i + 1}.txt").write_text(reader("tango").dump(level, "text"))


def test_a_folder_s_sub_folders_are_imported_and_a_link_is_named(tmp_path: Path, capsys) -> None:
    """`import --pack mine DIR` read DIR's own files only: 3 of 11 levels were skipped
    without a word. Sub-folders are read (ids `sub/name`); a link to a folder is named."""
    source = tmp_path / "mine"
    _level_files(source, 2)
    _level_files(source / "week 2", 2, start=2)
    _level_files(source / "week 2" / "extra", 1, start=4)
    (source / "elsewhere").symlink_to(tmp_path / "mine" / "week 2", target_is_directory=True)
    assert main(["import", "--pack", "mine", str(source)]) == 2  # one folder not read
    said = capsys.readouterr()
    assert "mine: 5 levels from" in said.out
    assert f"{source / 'elsewhere'}: a link to a folder, not followed" in said.err
    ids = [entry.ref.path for entry in pack_entries(Path(said.out.split("(")[-1].rstrip(")\n")))]
    assert len(ids) == 5


def test_importing_a_pack_name_again_says_it_replaces_the_pack(tmp_path: Path, capsys) -> None:
    source = tmp_path / "few"
    _level_files(source, 2)
    first = import_pack("mine", source, sync=False)
    assert not any("replaced" in line for line in first.notes)
    _level_files(source, 3)
    again = import_pack("mine", source, sync=False)
    assert again.count == 3
    assert again.notes[0].startswith(
        f"mine: replaced the pack of that name (2 levels from {source})"
    )
    assert main(["import", "--pack", "mine", str(source)]) == 0
    assert "replaced the pack of that name (3 levels" in capsys.readouterr().err


def test_a_collection_opened_lists_its_levels_under_its_own_name(tmp_path: Path) -> None:
    """After importing one Tango file as the pack "community", opening another file with
    the same puzzles (`play linkedin-tango-1-200.json`) listed them under "community"."""
    from datetime import date

    from queens_tui.catalog.listing import Listing
    from queens_tui.catalog.user_packs import listed_packs
    from queens_tui.kinds import get_kind
    from queens_tui.store import Store

    # levels of no bundled pack (the browser lists a puzzle once: a bundled one would win)
    levels = [get_kind("tango").generate(6, f"item-15-{i}", "easy") for i in range(3)]
    community = tmp_path / "community-tango.json"
    community.write_text(json.dumps(community_tango(levels)), encoding="utf-8")
    imported = import_pack("community", community, sync=False)
    linkedin = tmp_path / "linkedin-tango"
    linkedin.mkdir()
    for i, level in enumerate(levels):
        (linkedin / f"{i + 1}.txt").write_text(reader("tango").dump(level, "text"))
    opened = open_collection(linkedin)
    store = Store()
    listing = Listing.load(store, date(2026, 11, 24), packs=listed_packs(store.root, opened.folder))
    keys = {entry.key for entry in pack_entries(opened.folder)}
    assert keys == {entry.key for entry in pack_entries(imported.folder)}  # the same puzzles
    assert {e.pack for e in listing.entries if e.key in keys} == {"linkedin-tango"}
    assert listed_packs(store.root, None) == [imported.folder]  # without one: the player's


@pytest.fixture(autouse=True)
def _no_sync(monkeypatch: pytest.MonkeyPatch) -> None:
    """No fsync in these tests (the CLI writes with it)."""
    from queens_tui.catalog import user_packs

    monkeypatch.setattr(user_packs, "_sync", lambda folder: None)
