"""Issue 37: a folder of LinkedIn's archive days is a library (`catalog.library`).

Both layouts, every kind at once; days listed with LinkedIn's number, date and difficulty;
what is not understood said in one line, never skipped silently; bad input (10,000 unrelated
files, unreadable files, links that loop, a 50 MB day, a hostile number) costs one line each
while the rest still lists, and nothing is written into the folder; a day's store key is
LinkedIn's number, apart from our own daily's streak; `n` / `p` go day by day within a kind.
"""

from __future__ import annotations

import json
import os
import shutil
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from queens_tui.catalog import LevelRef, step
from queens_tui.catalog import library as lib
from queens_tui.catalog.listing import SEVERAL_NOTE, Listing, library_entries, library_pack
from queens_tui.formats import load_puzzle
from queens_tui.kinds import get_kind
from queens_tui.midend.levels import OpenLevel
from queens_tui.store import Store
from queens_tui.store.progress import parse_daily_key
from tests.unit.test_archive_days import _bundled, queens_days, tango_day

ARCHIVE = Path(__file__).resolve().parents[2].parent / "shared" / "archive"
needs_archive = pytest.mark.skipif(
    not ARCHIVE.is_dir(), reason="../shared/archive (LinkedIn's real days) is not here"
)
GAMES = {"queens": "queens", "tango": "tango", "zip": "zip", "sudoku": "minisudoku"}


def _queens(number: Any = 806, day: str = "2026-07-15", **extra: Any) -> dict[str, Any]:
    return {**queens_days(_bundled("queens", 2))[0], "number": number, "date": day, **extra}


def _write(path: Path, obj: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj) if not isinstance(obj, str) else obj, encoding="utf-8")
    return path


def _tree(root: Path) -> list[tuple[str, int, int]]:
    """Every name under `root` with its size and modification time (links not followed)."""
    out = []
    for folder, dirs, files in os.walk(root):
        for name in sorted(dirs + files):
            st = os.lstat(Path(folder) / name)
            out.append((str(Path(folder, name).relative_to(root)), st.st_size, st.st_mtime_ns))
    return sorted(out)


@needs_archive
def test_the_real_archive_lists_every_kind_with_numbers_and_dates() -> None:
    found = lib.scan(ARCHIVE)
    counts = {kind: len(days) for kind, days in found.days.items()}
    assert counts == {"queens": 12, "tango": 12, "zip": 12, "sudoku": 12, "patches": 10}
    queens = found.days["queens"]
    assert [d.day for d in queens] == sorted(d.day for d in queens)
    day = next(d for d in queens if d.day == date(2026, 7, 15))
    assert (day.number, day.size, day.title) == (806, 9, "#806 · 2026-07-15 Wed")
    assert day.key == "linkedin:queens:806"
    first = queens[0]  # the older scrape: no number, keyed by its date
    assert (first.number, first.key) == (None, "linkedin:queens:2026-07-11")
    assert found.lines == [f"{ARCHIVE}: a file name not understood: README.md"]


@needs_archive
def test_days_that_are_not_clean_puzzles_are_listed_with_the_reason() -> None:
    found = lib.scan(ARCHIVE)
    graded = {d.stamp: lib.grade_day(d) for d in found.all() if d.kind in ("tango", "patches")}
    entries = {(e.ref.kind, e.title[-14:-4]): e for e in library_entries(found, graded)}
    broken = entries["tango", "2026-07-11"]
    assert broken.note is not None and '"cells" list' in broken.note
    for day in ("2026-07-14", "2026-07-15"):  # our reading is right: the files allow several
        assert entries["patches", day].note == SEVERAL_NOTE
    clean = entries["patches", "2026-07-13"]
    assert clean.note is None and clean.difficulty in ("easy", "medium", "hard", "expert")


@pytest.mark.parametrize(
    "layout", ["{day}_{game}.json", "{day}/{game}.json", "outputs/{day}/{game}.json"]
)
def test_either_layout_lists_every_kind_at_once(tmp_path: Path, layout: str) -> None:
    days = {"queens": _queens(), "tango": tango_day(_bundled("tango", 2))}
    for kind, body in days.items():
        _write(tmp_path / layout.format(day="2026-07-15", game=GAMES[kind]), body)
    found = lib.scan(tmp_path)
    assert sorted(found.days) == ["queens", "tango"]
    assert found.lines == []
    assert lib.is_library(tmp_path)
    path = found.days["tango"][0].path
    assert lib.archive_root(path) == tmp_path


def test_a_missing_field_and_a_filled_grid_are_said_not_hidden(tmp_path: Path) -> None:
    body = _queens()
    del body["board"]
    _write(tmp_path / "2026-07-15_queens.json", body)
    level = _bundled("tango", 2)
    filled = tango_day(level)
    solution = get_kind("tango").solutions(level, 1)[0]
    filled["symbols"] = [
        [r, c, "S" if v == 1 else "M"] for r, row in enumerate(solution) for c, v in enumerate(row)
    ]
    _write(tmp_path / "2026-07-16_tango.json", filled)
    found = lib.scan(tmp_path)
    notes = {d.kind: lib.grade_day(d).problem for d in found.all()}
    assert notes["queens"] is not None and "board" in notes["queens"]
    assert notes["tango"] == "a filled grid: nothing left to play"
    assert all(d.problem is None for d in found.all())  # listed: the reason comes with the grade


@pytest.mark.parametrize(
    "count", [pytest.param(10_000, marks=pytest.mark.slow, id="10000"), pytest.param(300, id="300")]
)
def test_unrelated_files_by_the_thousand_make_one_line(tmp_path: Path, count: int) -> None:
    _write(tmp_path / "2026-07-15_queens.json", _queens())
    for i in range(count):
        (tmp_path / f"photo-{i:05d}.jpg").touch()
    found = lib.scan(tmp_path)
    assert len(found.days["queens"]) == 1
    assert found.lines == [
        f"{tmp_path}: a file name not understood: photo-00000.jpg, photo-00001.jpg, "
        f"photo-00002.jpg, photo-00003.jpg, photo-00004.jpg and {count - 5:,} more"
    ]


def test_bad_files_cost_one_line_each_and_the_rest_still_lists(tmp_path: Path) -> None:
    _write(tmp_path / "2026-07-15_queens.json", _queens())
    (tmp_path / "2026-07-16_queens.json").write_bytes(b"\xff\xfe\x00 not text")
    with open(tmp_path / "2026-07-17_queens.json", "wb") as f:  # 50 MB, sparse
        f.truncate(50_000_000)
    os.symlink("2026-07-18_queens.json", tmp_path / "2026-07-18_queens.json")  # a loop
    os.symlink(".", tmp_path / "2026-07-19")  # a folder link back to itself: not followed
    os.symlink("nowhere", tmp_path / "2026-07-20_zip.json")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "2026-07-21_queens.json")  # reading it would block for ever
    _write(tmp_path / "2026-07-22_queens.json", _queens(number="²", day="2026-07-22"))
    digits = json.dumps(_queens(day="2026-07-23")).replace(
        '"number": 806', '"number": ' + "9" * 5000
    )
    _write(tmp_path / "2026-07-23_queens.json", digits)
    (tmp_path / "2026-07-24_wordle.json").write_text("{}")
    before = _tree(tmp_path)
    found = lib.scan(tmp_path)
    assert _tree(tmp_path) == before  # nothing written into the folder
    listed = {d.day.day: d for d in found.days["queens"]}
    assert listed[15].problem is None and listed[15].number == 806
    assert listed[22].problem is None and listed[22].number is None  # "²" is no number
    assert listed[22].key == "linkedin:queens:2026-07-22"
    text = "\n".join(found.lines)
    assert "not UTF-8 text: 2026-07-16_queens.json" in text
    assert "over 1,000,000 bytes: not a day: 2026-07-17_queens.json" in text
    assert "leads nowhere (a loop, or a missing target): 2026-07-18_queens.json" in text
    assert "2026-07-20_zip.json" in text
    assert "a link to a folder (not followed): 2026-07-19" in text
    assert "number too long: 2026-07-23_queens.json" in text
    assert "days of games not played here: 1 Wordle" in text
    if hasattr(os, "mkfifo"):
        assert "not a regular file: 2026-07-21_queens.json" in text
    assert all("\n" not in line for line in found.lines)


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root reads all")
def test_an_unreadable_file_is_one_line(tmp_path: Path) -> None:
    _write(tmp_path / "2026-07-15_queens.json", _queens())
    locked = _write(tmp_path / "2026-07-16_queens.json", _queens(807, "2026-07-16"))
    locked.chmod(0)
    try:
        found = lib.scan(tmp_path)
    finally:
        locked.chmod(0o644)
    assert len(found.days["queens"]) == 2
    assert any("cannot be read" in line and "2026-07-16" in line for line in found.lines)


def test_n_and_p_go_day_by_day_within_a_kind_in_either_layout(tmp_path: Path) -> None:
    for day, number in (("2026-07-13", 804), ("2026-07-14", 805), ("2026-07-15", 806)):
        _write(tmp_path / "outputs" / day / "queens.json", _queens(number, day))
        _write(tmp_path / "outputs" / day / "tango.json", tango_day(_bundled("tango", 2)))
    today = date(2026, 11, 1)
    here = LevelRef.file(tmp_path / "outputs" / "2026-07-14" / "queens.json", "queens")
    after = step(here, 1, today=today)
    assert isinstance(after, LevelRef) and after.path is not None
    assert Path(after.path) == tmp_path / "outputs" / "2026-07-15" / "queens.json"
    before = step(here, -1, today=today)
    assert isinstance(before, LevelRef) and "2026-07-13" in str(before.path)
    assert step(after, 1, today=today) == "This was the last level."


def test_a_linkedin_day_is_recorded_under_its_number_apart_from_our_streak(
    tmp_path: Path,
) -> None:
    path = _write(tmp_path / "days" / "2026-07-15_queens.json", _queens())
    level = load_puzzle(path)
    opened = OpenLevel(level, path=str(path), day=date(2026, 7, 15))  # as --daily-dir opens it
    assert opened.key == "linkedin:queens:806"
    assert parse_daily_key(opened.key) is None and opened.ours_daily is None
    store = Store(tmp_path / "data", daily_dir=tmp_path / "days")
    today = date(2026, 7, 15)
    store.record_solve(opened.key, 42.0, daily=opened.ours_daily, today=today)
    assert store.streak(today).current == 0  # our daily's streak is untouched
    store.close()
    again = Store(tmp_path / "data", daily_dir=tmp_path / "days")  # a relaunch
    found = lib.scan(tmp_path / "days")
    listing = Listing.of(library_entries(found), again.all_stats(), again.in_progress())
    entry = next(e for e in listing.entries if e.pack == library_pack("queens"))
    assert entry.key == opened.key
    assert listing.status[entry.key].solved and listing.status[entry.key].best == 42.0
    again.close()


def test_linkedin_difficulty_is_shown_beside_ours(tmp_path: Path) -> None:
    _write(tmp_path / "2026-08-07_queens.json", _queens(900, "2026-08-07", difficulty="HARD"))
    found = lib.scan(tmp_path)
    day = found.days["queens"][0]
    assert day.difficulty == "hard"
    graded = {day.stamp: lib.grade_day(day)}
    entry = library_entries(found, graded)[0]
    row = Listing.of([entry], {}, []).row(entry, 1)
    assert row.difficulty == f"{graded[day.stamp].grade} · LinkedIn hard"


def test_grades_are_kept_in_the_cache_and_read_back(tmp_path: Path) -> None:
    _write(tmp_path / "lib" / "2026-07-15_queens.json", _queens())
    day = lib.scan(tmp_path / "lib").days["queens"][0]
    graded = lib.grade_day(day)
    lib.save_grades(tmp_path / "cache", {day.stamp: graded})
    assert lib.load_grades(tmp_path / "cache") == {day.stamp: graded}
    (tmp_path / "cache" / lib.GRADES_FILE).write_text("{not json")
    assert lib.load_grades(tmp_path / "cache") == {}  # a broken cache is made again
    older = {day.stamp: ["easy", False, None]}  # words of an older grading: made again
    (tmp_path / "cache" / lib.GRADES_FILE).write_text(json.dumps(older))
    assert lib.load_grades(tmp_path / "cache") == {}


def test_a_folder_without_archive_days_is_not_a_library(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "2026-07-15").mkdir()
    shutil.rmtree(tmp_path / "2026-07-15")
    assert not lib.is_library(tmp_path)
    assert not lib.is_library(tmp_path / "absent")


def test_play_dir_opens_the_library_on_its_newest_day_of_the_kind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import queens_tui.app as app_module
    from queens_tui.cli import main

    for day, number in (("2026-07-14", 805), ("2026-07-15", 806)):
        _write(tmp_path / "lib" / day / "queens.json", _queens(number, day))
    _write(tmp_path / "lib" / "2026-07-15" / "tango.json", tango_day(_bundled("tango", 2)))
    seen: dict[str, Any] = {}

    def fake_app(level: Any, **options: Any) -> Any:
        seen.update(options, level=level)
        raise SystemExit(0)  # never draw

    monkeypatch.setattr(app_module, "create_app", fake_app)
    with pytest.raises(SystemExit):
        main(["play", str(tmp_path / "lib")])
    assert seen["library"] == tmp_path / "lib" and seen.get("browse") is None
    assert seen["level"].key == "linkedin:queens:806"
    with pytest.raises(SystemExit):
        main(["play", "--kind", "tango", str(tmp_path / "lib")])
    assert seen["level"].level.kind == "tango"
    broken = _write(tmp_path / "broken" / "2026-07-15_queens.json", {"game": "queens"})
    assert main(["play", str(broken.parent)]) == 2
    assert capsys.readouterr().err.strip() == f"{broken.parent}: no day in it can be read"
