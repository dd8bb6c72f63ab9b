"""Issue 26: collections of levels as packs (a file of many levels, a folder of level files).

The community Tango app's `puzzles.json` (raw form), the community Queens game's levels as
one object keyed by level, a `levels` list, and a folder of LinkedIn archive days: read as
(id, level) items; `solve`/`check` go through every level, one line each named `FILE#ID`;
`import --pack NAME` copies one into the player's packs, which the browser's listing shows
with the same keys the game saves under; `play FILE_OR_FOLDER` opens the browser on it.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from queens_tui.catalog.listing import BrowserState, Listing
from queens_tui.catalog.user_packs import open_collection, pack_entries, packs_root
from queens_tui.cli import main
from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels
from queens_tui.formats.collection import read_collection
from queens_tui.store import Store
from queens_tui.store.progress import grid_key
from tests.player import playing
from tests.unit.test_archive_days import tango_day, zip_day

SUN, MOON = "☀️", "🌑"


def community_tango(levels: list[Any]) -> list[dict[str, Any]]:
    """Bundled Tango levels in the community app's raw form, ids 684.. (LinkedIn numbers)."""
    out = []
    for i, level in enumerate(levels):
        out.append(
            {
                "id": 684 + i,
                "size": level.size,
                "prefilled": {
                    f"{r},{c}": SUN if v == 1 else MOON for (r, c), v in level.given_cells.items()
                },
                "constraints": [[f"{a[0]},{a[1]}", f"{b[0]},{b[1]}", "="] for a, b in level.equal]
                + [[f"{a[0]},{a[1]}", f"{b[0]},{b[1]}", "x"] for a, b in level.opposite],
                "difficulty": 7,
            }
        )
    return out


def _tango(count: int) -> list[Any]:
    return [load_puzzle(p) for _, p in bundled_levels("tango")[:count]]


def test_the_community_tango_form_reads_with_linkedins_numbers(tmp_path: Path) -> None:
    levels = _tango(3)
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(community_tango(levels), ensure_ascii=False))
    pack = read_collection(path)
    assert pack is not None and pack.name == "puzzles"
    assert [i for i, _ in pack.items] == ["684", "685", "686"]
    for (_, got), want in zip(pack.items, levels, strict=True):
        assert (got.givens, got.equal, got.opposite) == (want.givens, want.equal, want.opposite)
    first = pack.items[0][1]
    assert (first.name, first.number, first.source, first.difficulty) == (
        "Tango #684",
        "684",
        "linkedin",
        "expert",
    )


def test_the_community_queens_form_keyed_by_level_reads(tmp_path: Path) -> None:
    queens = [load_puzzle(p) for _, p in bundled_levels("queens")[:2]]
    body = {
        f"level{i + 1}": {"size": lv.size, "colorRegions": [list(row) for row in lv.grid]}
        for i, lv in enumerate(queens)
    }
    path = tmp_path / "levels.json"
    path.write_text(json.dumps(body))
    pack = read_collection(path)
    assert pack is not None
    assert [(i, lv.grid) for i, lv in pack.items] == [
        ("level1", queens[0].grid),
        ("level2", queens[1].grid),
    ]


def test_a_single_level_file_is_not_a_collection(tmp_path: Path) -> None:
    path = tmp_path / "day.json"
    path.write_text(json.dumps(tango_day(_tango(1)[0])))
    assert read_collection(path) is None


@pytest.fixture
def archive_folder(tmp_path: Path) -> Path:
    """Two days in the archive's two layouts, and a Crossclimb day that is not read."""
    folder = tmp_path / "days"
    (folder / "2026-07-14").mkdir(parents=True)
    (folder / "2026-07-13_tango.json").write_text(json.dumps(tango_day(_tango(1)[0])))
    zip_level = load_puzzle(bundled_levels("zip")[0][1])
    (folder / "2026-07-14" / "zip.json").write_text(json.dumps(zip_day(zip_level)))
    (folder / "2026-07-13_crossclimb.json").write_text('{"game": "crossclimb", "rungs": []}')
    return folder


def test_batch_commands_go_through_every_level_one_line_each(
    tmp_path: Path, archive_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(community_tango(_tango(3)), ensure_ascii=False))
    assert main(["solve", "--json", str(path)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(d["file"], d["solutions"]) for d in lines] == [
        (f"{path}#{n}", 1) for n in (684, 685, 686)
    ]
    assert main(["check", str(archive_folder)]) == 2  # the Crossclimb day: exit 2
    out, err = capsys.readouterr()
    assert [line.split(": ")[0] for line in out.splitlines()] == [
        f"{archive_folder}#2026-07-13_tango",
        f"{archive_folder}#2026-07-14/zip",
    ]
    assert err.count("\n") == 1 and '"game" is "crossclimb"' in err


def test_import_pack_lists_it_in_the_browser_with_the_games_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = _tango(5)
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(community_tango(levels), ensure_ascii=False))
    assert main(["import", "--pack", "linkedin tango", str(path)]) == 0
    assert capsys.readouterr().out.startswith("linkedin tango: 5 levels from ")
    folder = packs_root() / "linkedin tango"
    entries = pack_entries(folder)
    assert [e.title for e in entries] == [f"Tango #{n}" for n in range(684, 689)]
    first = load_puzzle(entries[0].ref.path or "")
    assert entries[0].key == grid_key(first) == grid_key(levels[0])  # what the game saves under
    assert first.number == "684"
    listing = Listing.load(Store(), date(2026, 11, 24))
    shown = listing.query(BrowserState(pack="linkedin tango")).shown
    assert [e.key for e in shown] == [e.key for e in entries]
    assert main(["import", "--pack", "1-easy", str(path)]) == 2  # a bundled pack's name
    assert "bundled pack" in capsys.readouterr().err


def test_open_collection_makes_its_pack_once(tmp_path: Path, archive_folder: Path) -> None:
    first = open_collection(archive_folder)
    assert first.count == 2 and len(first.errors) == 1
    again = open_collection(archive_folder)
    assert again.folder == first.folder and again.errors == ()  # not read a second time
    assert [e.title for e in pack_entries(first.folder)] == [
        "Tango #644 · 2026-07-13",
        "Zip #483 · 2026-07-13",
    ]


async def test_play_a_collection_opens_the_browser_on_it(archive_folder: Path) -> None:
    from queens_tui.app import create_app
    from queens_tui.app.screens.browser import LevelBrowser
    from queens_tui.catalog import LevelRef
    from queens_tui.midend.levels import open_ref

    pack = open_collection(archive_folder)
    first = pack_entries(pack.folder)[0].ref
    app = create_app(open_ref(LevelRef.file(first.path or "")), browse=pack.folder)
    async with playing(app, size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LevelBrowser)
        assert screen.state.pack == "days"
        assert [e.title for e in screen.shown] == [
            "Tango #644 · 2026-07-13",
            "Zip #483 · 2026-07-13",
        ]
