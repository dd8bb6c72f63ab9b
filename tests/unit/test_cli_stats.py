"""`queens-tui stats`: the figures as text and one JSON object, read only (the file's bytes and
time untouched; a bad file said in one line, never set aside), `--kind` and `--since`."""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path

import pytest

from queens_tui.cli import main
from queens_tui.cli import stats as cli_stats
from queens_tui.kinds import daily_kinds, get_kind
from tests.stats_data import TODAY, record_stats, write_stats


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder holding 60 days of the made-up player's record; today is theirs."""
    monkeypatch.setenv("QUEENS_TUI_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(cli_stats, "today", lambda: TODAY)
    write_stats(tmp_path, record_stats(60))
    return tmp_path


def _untouched(folder: Path) -> tuple[list[str], bytes, int]:
    path = folder / "stats.json"
    return sorted(os.listdir(folder)), path.read_bytes(), path.stat().st_mtime_ns


def test_text_every_kind_then_each_kind_played(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _untouched(data)
    assert main(["stats"]) == 0
    out, err = capsys.readouterr()
    heads = [line for line in out.splitlines() if ": your record as of" in line]
    titles = [get_kind(k).title for k in daily_kinds()]  # every kind with a daily, in order
    assert [h.split(":")[0] for h in heads] == ["All kinds", *titles]
    assert "█ clean   ▒ with help   · not solved" in out and "Levels solved" in out
    assert err == "" and _untouched(data) == before


def test_json_is_one_object_with_the_screens_figures(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _untouched(data)
    assert main(["stats", "--json", "--kind", "tango"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["today"] == "2026-11-27" and obj["since"] is None and list(obj["kinds"]) == ["tango"]
    tango = obj["kinds"]["tango"]
    assert set(tango) == {"streak", "calendar", "daily_times", "shapes", "totals"}
    assert (
        tango["totals"]["levels"]
        == tango["totals"]["clean"] + sum(1 for day in tango["calendar"]["helped"]) + 1
    )  # the one bundled Tango level, solved clean
    assert list(tango["daily_times"]) == ["tango"]
    assert _untouched(data) == before


def test_since_counts_only_what_came_from_that_day(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", "--json", "--since", "2026-11-20", "--kind", "queens"]) == 0
    queens = json.loads(capsys.readouterr().out)["kinds"]["queens"]
    days = queens["calendar"]["clean"] + queens["calendar"]["helped"]
    assert days and min(days) >= "2026-11-20"
    assert queens["totals"]["levels"] == len(days) + 3  # 1-easy/001, /002, 2-medium/014


@pytest.mark.parametrize("since", ["yesterday", "2026-13-01"])
def test_a_bad_since_is_one_line_and_exit_2(
    data: Path, capsys: pytest.CaptureFixture[str], since: str
) -> None:
    assert main(["stats", "--since", since]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "expected YYYY-MM-DD" in err


def test_a_corrupt_file_is_said_in_one_line_and_not_moved(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = data / "stats.json"
    path.write_bytes(b'{"format": "queens-tui/stats", "version": 1, "levels": [')
    before = _untouched(data)
    assert main(["stats", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(f"{path}: it is not valid JSON")
    assert _untouched(data) == before  # no stats.json.corrupt-...: the game sets it aside


def test_wrong_types_negative_and_future_entries_are_skipped_with_one_notice(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = data / "stats.json"
    obj = json.loads(path.read_text(encoding="utf-8"))
    levels = obj["levels"]
    good = len(levels)
    levels["pack:1-easy/009"] = {"solves": 1, "clean_solves": True}
    levels["pack:1-easy/010"] = {"solves": 1, "clean_solves": 1, "best_time": -3.0}
    levels["daily:2027-03-01"] = {"solves": 1, "clean_solves": 1, "first_date": "2027-03-01",
                                  "first_time": 60.0}  # fmt: skip
    path.write_text(json.dumps(obj), encoding="utf-8")
    assert main(["stats", "--json"]) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 2 and "2 bad entries left out" in lines[0] and "dated after" in lines[1]
    assert json.loads(out)["kinds"]["all"]["totals"]["levels"] == good


def test_a_hundred_thousand_entries_are_refused_in_one_line(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = {f"pack:1-easy/{n}": {} for n in range(100_000)}  # refused before any is read
    obj = {"format": "queens-tui/stats", "version": 1, "levels": levels}
    (data / "stats.json").write_text(json.dumps(obj), encoding="utf-8")
    before = _untouched(data)
    assert main(["stats", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "it holds 100,000 levels, over 50,000" in err
    assert _untouched(data) == before


def test_no_stats_yet_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("QUEENS_TUI_DATA_DIR", str(tmp_path / "none"))
    monkeypatch.setattr(cli_stats, "today", lambda: date(2026, 1, 1))
    assert main(["stats"]) == 0
    assert "nothing solved yet" in capsys.readouterr().out
    assert not (tmp_path / "none").exists()
