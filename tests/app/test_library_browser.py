"""Issue 37 in the game: `play DIR` on LinkedIn's archive opens the level browser on it (every
kind, LinkedIn's numbers, our grades filled in the background, the days that are not clean
puzzles with their reason), `n` / `p` go day by day, `o` opens another folder, and a big
library is read in the background with a progress line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from queens_tui.app import create_app
from queens_tui.app.screens.browser import LevelBrowser
from queens_tui.app.screens.folder import FolderPrompt
from queens_tui.app.screens.game import GameScreen
from queens_tui.catalog import LevelRef
from queens_tui.catalog.listing import SEVERAL_NOTE, library_pack
from queens_tui.midend.levels import open_ref
from tests.app.session_fixtures import notices, wait_until
from tests.player import playing
from tests.unit.test_archive_days import _bundled, queens_days, tango_day

ARCHIVE = Path(__file__).resolve().parents[2].parent / "shared" / "archive"


def _copy_archive(to: Path) -> Path:
    """The real days (not the README) in a folder of the test's own, nested layout."""
    for path in ARCHIVE.glob("*_*.json"):
        day, _, game = path.stem.partition("_")
        target = to / "outputs" / day / f"{game}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    return to


def _small_library(root: Path, days: int) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    queens = queens_days(_bundled("queens", 2))[0]
    tango = tango_day(_bundled("tango", 2))
    for k in range(days):
        day = f"{2020 + k // 300}-{1 + k // 28 % 10:02d}-{1 + k % 28:02d}"
        (root / f"{day}_queens.json").write_text(json.dumps({**queens, "number": 100 + k}))
        (root / f"{day}_tango.json").write_text(json.dumps({**tango, "number": 500 + k}))
    return root


@pytest.mark.slow  # grades 58 real days: 1.5 s of solving, more on a busy machine
@pytest.mark.skipif(not ARCHIVE.is_dir(), reason="../shared/archive (real days) is not here")
async def test_play_a_library_lists_every_kind_with_grades_and_reasons(tmp_path: Path) -> None:
    folder = _copy_archive(tmp_path / "archive")
    first = open_ref(LevelRef.file(folder / "outputs" / "2026-07-22" / "queens.json", "queens"))
    app = create_app(first, library=folder)
    async with playing(app, size=(130, 40), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LevelBrowser)
        assert screen.state.pack == library_pack("queens")
        assert [e.title for e in screen.shown][:2] == [
            "#813 · 2026-07-22 Wed",
            "#812 · 2026-07-21 Tue",
        ]
        for kind in ("queens", "tango", "zip", "sudoku", "patches"):
            assert library_pack(kind) in screen.packs
        await wait_until(pilot, lambda: not screen.has_class("-busy"), timeout=60)
        by_title = {(e.pack, e.title): e for e in screen.entries}
        patches = library_pack("patches")
        assert by_title[patches, "#119 · 2026-07-14 Tue"].note == SEVERAL_NOTE
        assert by_title[patches, "#118 · 2026-07-13 Mon"].difficulty is not None
        broken = by_title[library_pack("tango"), "2026-07-11 Sat"]
        assert broken.note is not None and "cells" in broken.note
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("p")
        await wait_until(pilot, lambda: "2026-07-21" in str(app.screen.midend.ref.path))
        assert app.screen.midend.ref.key == "linkedin:queens:812"
    assert (folder / "outputs").is_dir() and not any(folder.glob("*.json"))  # nothing written


@pytest.fixture
def quick_grades(monkeypatch: pytest.MonkeyPatch) -> None:
    """Our grade without the solve (graded for real in tests/unit/test_library.py)."""
    from queens_tui.catalog import library

    monkeypatch.setattr(library, "grade_day", lambda day: library.Graded("easy"))


@pytest.mark.usefixtures("quick_grades")
@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_a_big_library_is_read_in_the_background_with_a_progress_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _small_library(tmp_path / "lib", 8)
    monkeypatch.setattr(LevelBrowser, "BIG_LIBRARY", 10)  # 16 files: "big" for this test
    said: list[str] = []
    real = LevelBrowser._busy

    def busy(self: LevelBrowser, text: str) -> None:
        said.append(text)
        real(self, text)

    monkeypatch.setattr(LevelBrowser, "_busy", busy)
    first = open_ref(LevelRef.file(next(folder.glob("*_queens.json")), "queens"))
    app = create_app(first, library=folder)
    async with playing(app, size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LevelBrowser)
        await wait_until(pilot, lambda: len(screen.shown) == 8, timeout=30)
        await wait_until(pilot, lambda: not screen.has_class("-busy"), timeout=60)
    assert any(s.startswith("Reading the library: ") and "of 16 days" in s for s in said)
    assert any(s.startswith("Grading: ") for s in said)


@pytest.mark.usefixtures("quick_grades")
@pytest.mark.slow  # 22 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_o_opens_a_folder_of_archive_days(tmp_path: Path) -> None:
    folder = _small_library(tmp_path / "lib", 3)
    (folder / "notes.txt").write_text("not a day")
    app = create_app(open_ref(LevelRef.file(folder / "2020-01-01_queens.json", "queens")))
    async with playing(app, size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LevelBrowser))
        browser = app.screen
        assert isinstance(browser, LevelBrowser)
        assert library_pack("tango") not in browser.packs
        await pilot.press("o")
        await wait_until(pilot, lambda: isinstance(app.screen, FolderPrompt))
        await pilot.press(*str(folder), "enter")
        await wait_until(pilot, lambda: library_pack("tango") in browser.packs, timeout=30)
        assert any("notes.txt" in m for m in notices(app, "warning"))
        assert app.library == folder


@pytest.mark.skipif(not ARCHIVE.is_dir(), reason="../shared/archive (real days) is not here")
async def test_a_day_with_several_solutions_says_so_on_the_win_card(tmp_path: Path) -> None:
    from queens_tui.app.screens.win import WinScreen
    from queens_tui.midend.door import SEVERAL_WON
    from tests.app.session_fixtures import settle

    path = tmp_path / "2026-07-14_patches.json"
    shutil.copyfile(ARCHIVE / path.name, path)
    app = create_app(open_ref(LevelRef.file(path, "patches")))
    async with playing(app, size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_until(pilot, lambda: screen.midend.several, timeout=30)
        await pilot.press("S", "y")
        await settle(pilot, app)
        await wait_until(pilot, lambda: isinstance(app.screen, WinScreen), timeout=30)
        text = " ".join(" ".join(str(w.render()) for w in app.screen.query("Static")).split())
        assert SEVERAL_WON in text  # (wrapped on the card: compared word by word)
        assert "Patches #119" in screen.midend.game.result().share_line()


@pytest.mark.usefixtures("quick_grades")
@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_a_daily_folder_of_archive_days_is_listed_as_the_library(tmp_path: Path) -> None:
    from datetime import date

    from queens_tui.store import Store

    folder = _small_library(tmp_path / "days", 3)
    store = Store(tmp_path / "data", daily_dir=folder)
    app = create_app(open_ref(LevelRef.file(folder / "2020-01-01_queens.json")), store=store)
    async with playing(app, size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(LevelBrowser(store, today=date(2020, 1, 3)))
        await wait_until(pilot, lambda: isinstance(app.screen, LevelBrowser))
        await pilot.pause()  # mounted, before the app ends
        browser = app.screen
        assert isinstance(browser, LevelBrowser)
        linkedin = [e for e in browser.entries if e.pack == library_pack("queens")]
        assert [e.key for e in linkedin] == [f"linkedin:queens:{n}" for n in (102, 101, 100)]
        dailies = [e for e in browser.entries if e.pack == "daily"]
        assert all(e.ref.path is None for e in dailies)  # the archive days are listed once
    store.close()


async def test_a_game_saved_before_linkedin_keys_resumes(tmp_path: Path) -> None:
    from queens_tui.formats import load_puzzle
    from queens_tui.kinds.queens.board import History, Mark, Move
    from queens_tui.store import Store
    from queens_tui.store.progress import grid_key

    path = tmp_path / "2026-07-15_queens.json"
    path.write_text(json.dumps({**queens_days(_bundled("queens", 2))[0], "number": 806}))
    level = load_puzzle(path)
    store = Store(tmp_path / "data")
    history = History.new(level)
    history.apply(Move.set((0, 0), Mark.CROSS))
    assert store.save_progress(grid_key(level), history, 12.0)  # as an earlier version keyed it
    app = create_app(open_ref(LevelRef.file(path)), store=store)
    async with playing(app, size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.midend.ref.key == "linkedin:queens:806"
        assert (0, 0) in screen.midend.game.board.crosses
    store.close()
