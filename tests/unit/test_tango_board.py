"""The player's Tango grid (moves, givens fixed, faults, diff) and the Tango daily puzzle."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.formats import tango as fmt
from queens_tui.kinds.tango.board import CYCLE, Board, Move, diff
from queens_tui.kinds.tango.level import MOON, SUN, Level
from queens_tui.store import daily as daily_mod
from queens_tui.store import daily as kind_daily


def level() -> Level:
    return Level.from_rows(["1...", "....", "....", "...."], equal=[((1, 0), (1, 1))])


def test_moves_change_cells_but_never_a_given() -> None:
    board = Board.new(level())
    assert board.is_blank and board.filled == 1
    after = board.apply(Move(((((0, 0)), MOON), ((0, 1), SUN))))
    assert after.value((0, 0)) == SUN and after.value((0, 1)) == SUN  # the given kept
    assert not after.is_blank and after.placed() == {(0, 1): SUN}
    assert board.apply(Move.set((0, 0), None)) is board  # nothing changed: same object
    with pytest.raises(ValueError, match="off"):
        board.apply(Move.set((4, 0), SUN))
    with pytest.raises(ValueError, match="not a sun"):
        board.apply(Move.set((1, 1), 2))
    assert [CYCLE[None], CYCLE[SUN], CYCLE[MOON]] == [SUN, MOON, None]


def test_diff_undoes_and_redoes() -> None:
    a = Board.new(level())
    b = a.apply(Move(((((1, 1)), SUN), ((2, 2), MOON))))
    assert a.apply(diff(a, b)) == b and b.apply(diff(b, a)) == a
    assert diff(a, b).changes == (((1, 1), SUN), ((2, 2), MOON))


def test_faults_and_solved() -> None:
    board = Board.new(level()).apply(Move(((((1, 0)), SUN), ((1, 1), MOON))))
    assert [f.rule for f in board.faults] == ["sign"]
    rows = ["1100", "0011", "1010", "0101"]
    solved = Board.from_rows(level(), rows)
    assert solved.is_full and solved.is_solved
    assert solved.rows_text() == rows
    with pytest.raises(ValueError, match="given"):
        Board.from_rows(level(), ["0100", "0011", "1010", "1101"])
    with pytest.raises(ValueError, match="row 2"):
        Board.from_rows(level(), ["1100", "00x1", "1010", "0101"])


def test_daily_tango_is_generated_by_date_and_a_file_wins(tmp_path: Path) -> None:
    day = date(2026, 11, 22)  # a Sunday: expert
    made = daily_mod.daily_level("tango", day, tmp_path / "daily", cache_dir=tmp_path / "c")
    assert made.source == daily_mod.GENERATED
    lv = made.level
    assert isinstance(lv, Level) and lv.size == 6 and lv.difficulty == "expert"
    assert lv.name == "Daily Tango 2026-11-22" and lv.date == "2026-11-22"
    assert (tmp_path / "c" / "tango-daily-2026-11-22.txt").exists()
    again = daily_mod.daily_level("tango", day, tmp_path / "daily", cache_dir=tmp_path / "c")
    assert again.level == lv  # from the cache, the same
    assert kind_daily.generate_daily("tango", day) == lv  # the same on every machine
    folder = tmp_path / "daily" / "tango"
    folder.mkdir(parents=True)
    mine = Level.from_rows(["1.", ".."])
    (folder / "2026-11-22.txt").write_text(fmt.dump_text(mine))
    got = daily_mod.daily_level("tango", day, tmp_path / "daily")
    assert got.source.endswith("2026-11-22.txt") and got.level.name == "Daily Tango 2026-11-22"
    assert kind_daily.daily_files("tango", tmp_path / "daily") == {day: folder / "2026-11-22.txt"}
    (folder / "2026-11-22.txt").write_text("AB\nBA\n")  # a Queens level in the Tango folder
    with pytest.raises(LevelError, match="not tango"):
        daily_mod.daily_level("tango", day, tmp_path / "daily")
