"""The catalog without a terminal: level references read and written, and "next / previous"
for bundled packs, folders, daily puzzles (to the ends of the calendar) and classic boards."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from queens_tui import catalog
from queens_tui.catalog import LevelRef, parse_ref, step
from queens_tui.catalog.refs import FIRST, LAST, NO_MORE_DAYS, TOMORROW
from queens_tui.cli import main
from queens_tui.cli import play as cli_play
from queens_tui.core.errors import LevelError
from queens_tui.formats import bundled

TODAY = date(2026, 11, 23)
TANGO = "# kind: tango\n" + ". . . .\n" * 4


@pytest.fixture
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two Queens packs (one broken level in the second) and a Tango pack."""
    root = tmp_path / "levels"
    for pack, names in (("1-easy", ["001", "002"]), ("2-hard", ["001", "002", "003"])):
        (root / pack).mkdir(parents=True)
        for name in names:
            (root / pack / f"{name}.txt").write_text(f"# name: {pack} {name}\nAB\nBA\n")
    (root / "2-hard" / "002.txt").write_text("not a level\n")
    (root / "tango-1-easy").mkdir()
    (root / "tango-1-easy" / "001.txt").write_text(TANGO)
    monkeypatch.setattr(bundled, "levels_dir", lambda: root)
    return root


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("daily:2026-11-01", LevelRef("queens", day=date(2026, 11, 1))),
        ("daily:tango:2026-11-01", LevelRef("tango", day=date(2026, 11, 1))),
        ("daily:zip:0001-01-01", LevelRef("zip", day=date.min)),
        ("classic:8", LevelRef("classic", size=8)),
    ],
)
def test_references_read_and_write_back(text: str, ref: LevelRef) -> None:
    assert parse_ref(text) == ref
    assert ref.text == str(ref) == text
    assert parse_ref(ref.text) == ref


def test_bundled_ids_files_and_kinds(packs: Path) -> None:
    assert parse_ref("1-easy/002") == LevelRef("queens", bundled_id="1-easy/002")
    assert parse_ref("tango-1-easy/001").kind == "tango"
    inside = str(packs / "1-easy" / "001.txt")  # the bundled file by path: the bundled level
    assert parse_ref(inside) == LevelRef("queens", bundled_id="1-easy/001", path=inside)
    assert catalog.packs() == ["1-easy", "2-hard"] and catalog.packs("tango") == ["tango-1-easy"]
    assert LevelRef.bundled("1-easy/001").key == "pack:1-easy/001"
    assert LevelRef.daily(TODAY, "tango").key == "tango-daily:2026-11-23"
    assert LevelRef.daily(TODAY).key == "daily:2026-11-23"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("daily:2026-11-24", "2026-11-24 is in the future"),
        ("daily:2026-02-30", "bad date"),
        ("daily:chess:2026-11-01", "no daily puzzle of kind 'chess'"),
        ("classic:3", "classic:N takes a size from 4 to 16"),
        ("no/such/level", "no such file or bundled level"),
    ],
)
def test_bad_references_are_one_located_line(text: str, message: str) -> None:
    with pytest.raises(LevelError) as info:
        parse_ref(text, today=TODAY)
    assert str(info.value).startswith(f"{text}: ") and message in str(info.value)


def test_days_step_to_today_and_stop_at_the_calendar_ends() -> None:
    assert step(LevelRef.daily(TODAY), -1, today=TODAY) == LevelRef.daily(date(2026, 11, 22))
    assert step(LevelRef.daily(TODAY, "zip"), 1, today=TODAY) == TOMORROW
    assert step(LevelRef.daily(date(2026, 11, 22), "zip"), 1, today=TODAY) == LevelRef.daily(
        TODAY, "zip"
    )
    assert step(LevelRef.daily(date.max), 1, today=date.max) == NO_MORE_DAYS  # no OverflowError
    assert step(LevelRef.daily(date.min), -1, today=TODAY) == NO_MORE_DAYS


def test_bundled_levels_step_through_their_kind_skipping_broken_ones(packs: Path) -> None:
    ref = LevelRef.bundled("1-easy/002")
    assert step(ref, 1, today=TODAY) == LevelRef.bundled("2-hard/001")  # on into the next pack
    assert step(LevelRef.bundled("2-hard/001"), 1, today=TODAY) == LevelRef.bundled("2-hard/003")
    assert step(LevelRef.bundled("2-hard/003"), 1, today=TODAY) == LAST  # not into Tango's
    assert step(LevelRef.bundled("1-easy/001"), -1, today=TODAY) == FIRST
    assert step(LevelRef.bundled("tango-1-easy/001"), -1, today=TODAY) == FIRST


def test_files_step_to_the_next_file_of_their_kind(tmp_path: Path) -> None:
    for name, text in (("a", "AB\nBA\n"), ("b", TANGO), ("c", "oops\n"), ("d", "AB\nBA\n")):
        (tmp_path / f"{name}.txt").write_text(text)
    ref, level = catalog.open_arg(str(tmp_path / "a.txt"))
    assert ref.kind == level.kind == "queens"
    assert step(ref, 1, today=TODAY) == LevelRef.file(tmp_path / "d.txt", "queens")
    assert step(LevelRef.file(tmp_path / "d.txt", "queens"), 1, today=TODAY) == LAST


def test_classic_boards_step_by_size() -> None:
    assert step(LevelRef.board("classic", 8), 1, today=TODAY) == LevelRef.board("classic", 9)
    assert step(LevelRef.board("classic", 16), 1, today=TODAY) == LAST
    assert step(LevelRef.board("classic", 4), -1, today=TODAY) == FIRST


def test_the_cli_reads_levels_through_the_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "daily:2027-01-05"]) == 0  # a day of the shipped calendar
    assert main(["play", "daily:tango:9999-12-31"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is in the future" in err[0]


def test_a_session_without_a_store_reads_dailies_through_the_catalog() -> None:
    from queens_tui.midend.session import Session

    queens = Session(None).daily(date(2027, 1, 5))  # a day of the shipped calendar
    assert queens.day == date(2027, 1, 5) and queens.key == "daily:2027-01-05"
    assert queens.ref == LevelRef.daily(date(2027, 1, 5))
    tango = Session(None).daily(date(2027, 1, 5), "tango")
    assert tango.level.kind == "tango" and tango.key == "tango-daily:2027-01-05"


def test_play_opens_what_the_catalog_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """`play` hands the app the day and kind of a daily reference, and the level of another."""

    seen: dict[str, object] = {}

    class App:
        return_code = 0

        def run(self) -> None:
            pass

    def create_app(level: object, **kw: object) -> App:
        seen.clear()
        seen.update(kw, level=level)
        return App()

    monkeypatch.setattr("queens_tui.app.create_app", create_app)
    monkeypatch.setattr(cli_play, "restore_cursor", lambda stream: None)
    monkeypatch.setattr(cli_play, "on_a_terminal", lambda: True)
    assert main(["play", "--kind", "tango", "daily:2026-11-01"]) == 0
    assert (seen["level"], seen["daily"], seen["kind"]) == (None, date(2026, 11, 1), "tango")
    assert main(["play", "daily:zip:2026-11-02"]) == 0
    assert (seen["daily"], seen["kind"]) == (date(2026, 11, 2), "zip")
    assert main(["play", "classic:6"]) == 0
    assert getattr(seen["level"], "ref", None) == LevelRef.board("classic", 6)


def test_a_daily_ref_of_a_kind_imports_that_kind_only() -> None:
    """`play --kind zip --date DAY` reads the day before the first frame: only Zip's facts."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from queens_tui.catalog.refs import parse_ref\n"
        "assert parse_ref('daily:zip:2026-11-23').kind == 'zip'\n"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('queens_tui.kinds.')}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["['zip']"]
