"""Issue 37: a folder of LinkedIn's archive days, in either layout, is the daily folder, and a
day it lacks is said, never replaced by another puzzle without a word."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from queens_tui.cli import main
from queens_tui.store import daily
from tests.unit.test_archive_days import _bundled, queens_days, tango_day, zip_day


def sudoku_day(level: Any) -> dict[str, Any]:
    """A Mini Sudoku day as the archive writes it: `cells`, 6 rows of an int or null."""
    return {"game": "minisudoku", "date": "2026-07-15", "number": 350, "cells": level.givens}


def _days(kind: str) -> dict[str, Any]:
    return {
        "queens": queens_days(_bundled("queens", 2))[0],
        "tango": tango_day(_bundled("tango", 2)),
        "zip": zip_day(_bundled("zip", 2)),
        "sudoku": sudoku_day(_bundled("sudoku", 2)),
    }[kind]


GAME = {"queens": "queens", "tango": "tango", "zip": "zip", "sudoku": "minisudoku"}

LAYOUTS = {
    "flat": "{day}_{game}.json",
    "nested": "{day}/{game}.json",
    "outputs": "outputs/{day}/{game}.json",
    "flat, upper case game": "{day}_{GAME}.json",
}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("kind", GAME)
def test_every_kind_is_found_in_every_archive_layout(
    tmp_path: Path, kind: str, layout: str
) -> None:
    name = LAYOUTS[layout].format(day="2026-07-15", game=GAME[kind], GAME=GAME[kind].upper())
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(_days(kind)), encoding="utf-8")
    day = date(2026, 7, 15)
    assert daily.daily_files(kind, tmp_path) == {day: path}
    assert daily.daily_file(kind, day, tmp_path) == path
    assert daily.daily_level(kind, day, tmp_path).source == str(path)
    others = [k for k in GAME if k != kind]
    assert all(daily.daily_file(k, day, tmp_path) is None for k in others)


def test_a_game_we_do_not_play_and_an_odd_name_are_not_days(tmp_path: Path) -> None:
    for name in ("2026-07-15_wordle.json", "2026-07-15_queens.json.bak", "2026-13-45_queens.json"):
        (tmp_path / name).write_text("{}", encoding="utf-8")
    (tmp_path / "2026-07-16_queens.json").mkdir()  # a folder with a day's name: not a file
    assert daily.daily_files("queens", tmp_path) == {}


def test_play_says_when_the_daily_folder_has_no_puzzle_for_the_day(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QUEENS_TUI_DATA_DIR", str(tmp_path / "data"))
    archive = tmp_path / "archive"
    for day in ("2026-07-14", "2026-07-15"):
        path = archive / f"{day}_queens.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(_days("queens")), encoding="utf-8")
    (archive / "2026-07-15_tango.json").write_text(json.dumps(_days("tango")), encoding="utf-8")
    code = main(["play", "--daily-dir", str(archive), "--date", "2026-07-30"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (
        f"queens-tui play: {archive} has no Queens puzzle for 2026-07-30; it has Queens "
        "2026-07-14..2026-07-15 (2 days), Tango 2026-07-15..2026-07-15 (1 day) (--date picks "
        "the day, --kind the puzzle; without --daily-dir, our own daily)\n"
    )
    assert main(["play", "--daily-dir", str(archive), "--kind", "zip", "--date", "2026-07-15"]) == 2
    assert "has no Zip puzzle for 2026-07-15" in capsys.readouterr().err
    assert main(["play", "--daily-dir", str(tmp_path / "nowhere")]) == 2
    assert capsys.readouterr().err.endswith("nowhere: no such folder\n")
    assert sorted(p.name for p in archive.iterdir()) == [
        "2026-07-14_queens.json", "2026-07-15_queens.json", "2026-07-15_tango.json"
    ]  # fmt: skip
