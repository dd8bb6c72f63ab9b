"""Hostile files where the store expects its own (issue 10, items 15 and 16).

Deeply nested JSON, NaN and Infinity, far dates, FIFOs, device links, folders
and huge files put where a save, the stats, the settings or the daily cache
should be: each is set aside with a notice (or ignored, for the cache), the
store never blocks nor reads past its limit, and the game starts clean.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from queens_tui.formats import LevelError, read_text
from queens_tui.kinds.queens.board import History, Mark, Move
from queens_tui.kinds.queens.level import Level
from queens_tui.store import Store, daily, jsonfile
from queens_tui.store.progress import key_filename
from queens_tui.store.stats import DailyRun, Stats

LEVEL = Level.from_rows(["AABB", "AABB", "CCDD", "CCDD"], name="Four")
KEY = "grid:four"
TODAY = date(2026, 11, 23)

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this OS")


def _store(root: Path) -> Store:
    return Store(root, sync=False, today=lambda: TODAY)


def _within(seconds: float, fn: Callable[[], Any], unblock: Path | None = None) -> Any:
    """`fn()`, failing the test if it takes longer than `seconds` (a blocked open of a FIFO).

    On a timeout the FIFO `unblock` is opened for writing and closed, so the
    stuck reader sees end-of-file and the thread ends.
    """
    out: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(fn())
        except BaseException as err:
            errors.append(err)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    if t.is_alive():
        if unblock is not None:
            fd = os.open(unblock, os.O_WRONLY | os.O_NONBLOCK)
            os.close(fd)
        t.join(5)
        pytest.fail(f"blocked for over {seconds} s")
    if errors:
        raise errors[0]
    return out[0]


def _progress_file(root: Path) -> Path:
    return root / "progress" / key_filename(KEY)


# --- 15: nested JSON, NaN/Infinity, far dates -------------------------------------------------

NESTED = "[" * 100_000 + "]" * 100_000
NESTED_OBJ = '{"a":' * 100_000 + "1" + "}" * 100_000


@pytest.mark.parametrize("text", [NESTED, NESTED_OBJ], ids=["array", "object"])
@pytest.mark.parametrize("name", ["stats.json", "settings.json"])
def test_deeply_nested_file_is_set_aside_and_the_store_starts(
    tmp_path: Path, name: str, text: str
) -> None:
    (tmp_path / name).write_text(text)
    store = _store(tmp_path)
    notices = store.take_notices()
    assert len(notices) == 1 and "nested too deeply" in notices[0]
    assert not (tmp_path / name).exists()
    assert [p.name for p in tmp_path.glob(f"{name}.corrupt-*")]
    assert store.streak().current == 0


def test_deeply_nested_save_is_set_aside(tmp_path: Path) -> None:
    path = _progress_file(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(NESTED)
    store = _store(tmp_path)
    assert store.load_progress(KEY, LEVEL) is None
    assert "nested too deeply" in store.take_notices()[0]
    assert store.in_progress() == set()


def _stats_text(level: dict[str, Any], days: list[str] | None = None) -> str:
    body = {
        "format": "queens-tui/stats",
        "version": 1,
        "levels": {"pack:1-easy/001": {"solves": 1, "clean_solves": 1, **level}},
        "streak_days": days or [],
        "best_streak": 1,
    }
    return json.dumps(body)


@pytest.mark.parametrize(
    "raw",
    ["NaN", "Infinity", "-Infinity", "1e999"],
)
def test_non_finite_times_set_the_stats_aside(tmp_path: Path, raw: str) -> None:
    text = _stats_text({"best_time": 12.5}).replace("12.5", raw)
    (tmp_path / "stats.json").write_text(text)
    store = _store(tmp_path)
    notices = store.take_notices()
    assert len(notices) == 1 and "stats" in notices[0]
    assert store.all_stats() == {}  # the browser never sees a NaN best time
    store.record_solve("pack:1-easy/001", 30.0)
    assert store.level_stats("pack:1-easy/001") is not None


def test_non_finite_elapsed_sets_the_save_aside(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.save_progress(KEY, _with_queen(), 10.0)
    path = _progress_file(tmp_path)
    for raw in ("NaN", "Infinity", "-1e999"):
        obj_text = path.read_text().replace('"elapsed":10.0', f'"elapsed":{raw}')
        assert raw in obj_text
        path.write_text(obj_text)
        fresh = _store(tmp_path)
        assert fresh.load_progress(KEY, LEVEL) is None
        assert "could not be read" in fresh.take_notices()[0]
        store.save_progress(KEY, _with_queen(), 10.0)


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01"])
@pytest.mark.parametrize("where", ["streak", "first_date", "best_date"])
def test_far_dates_set_the_stats_aside(tmp_path: Path, day: str, where: str) -> None:
    if where == "streak":
        text = _stats_text({}, days=[day, "2026-11-22"])
    else:
        text = _stats_text({where: day, "best_time": 10.0})
    (tmp_path / "stats.json").write_text(text)
    store = _store(tmp_path)
    notices = store.take_notices()
    assert len(notices) == 1 and "out of range" in notices[0]
    # The game goes on: a solve is recorded and the streak is counted.
    store.record_solve("daily:2026-11-23", 40.0, daily=TODAY)
    assert store.streak().current == 1


def test_streak_arithmetic_never_overflows_at_the_calendar_ends() -> None:
    stats = Stats(streaks={"queens": DailyRun({date.max, date.min, date(9999, 12, 30)})})
    assert stats.streak(date.max).current == 2
    assert stats.streak(date.min).current == 1
    stats.record("daily:9999-12-31", 5.0, date.max, daily=date.max)
    assert stats.streaks["queens"].best == 2


def _with_queen() -> History:
    h = History.new(LEVEL)
    h.apply(Move((((0, 0), Mark.QUEEN),)))
    return h


# --- 16: FIFOs, device links, folders, huge files -----------------------------------------------


def _plant(path: Path, what: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if what == "fifo":
        os.mkfifo(path)
    elif what == "zero":
        path.symlink_to("/dev/zero")
    elif what == "folder":
        path.mkdir()
        (path / "inside").write_text("{}")
    elif what == "huge":
        with path.open("wb") as f:
            f.truncate(3_000_000_000)  # sparse: 3 GB of zeros that take no disk


HOSTILE = [
    pytest.param("fifo", marks=needs_fifo),
    pytest.param(
        "zero", marks=pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
    ),
    "folder",
    "huge",
]


@pytest.fixture
def read_counter(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the bytes `os.read` returns through the store's reader."""
    total = [0]
    real = os.read

    def counting(fd: int, n: int) -> bytes:
        data = real(fd, n)
        total[0] += len(data)
        return data

    monkeypatch.setattr(jsonfile.os, "read", counting)
    yield total


@pytest.mark.parametrize("what", HOSTILE)
@pytest.mark.parametrize("name", ["stats.json", "settings.json"])
def test_hostile_stats_or_settings_never_block(
    tmp_path: Path, what: str, name: str, read_counter: list[int]
) -> None:
    path = tmp_path / name
    _plant(path, what)
    store = _within(5, lambda: _store(tmp_path), unblock=path)
    notices = store.take_notices()
    assert len(notices) == 1 and "moved to" in notices[0]
    assert not os.path.lexists(path)
    assert read_counter[0] <= 16_000_001
    store.save_settings(store.settings)  # and the next write goes through
    assert (tmp_path / "settings.json").is_file()


@pytest.mark.parametrize("what", HOSTILE)
def test_hostile_save_never_blocks_nor_reads_past_one_megabyte(
    tmp_path: Path, what: str, read_counter: list[int]
) -> None:
    path = _progress_file(tmp_path)
    _plant(path, what)
    store = _store(tmp_path)
    assert _within(5, lambda: store.load_progress(KEY, LEVEL), unblock=path) is None
    assert "could not be read" in store.take_notices()[0]
    assert read_counter[0] <= 1_000_001
    assert store.save_progress(KEY, _with_queen(), 3.0)
    assert _store(tmp_path).load_progress(KEY, LEVEL) is not None


@needs_fifo
def test_fifo_among_saves_does_not_block_the_browser_listing(tmp_path: Path) -> None:
    folder = tmp_path / "progress"
    folder.mkdir()
    os.mkfifo(folder / "key-0123.json")  # a hashed name: listing must open it
    store = _store(tmp_path)
    assert _within(5, store.in_progress, unblock=folder / "key-0123.json") == set()


@pytest.mark.parametrize("what", HOSTILE)
def test_hostile_daily_cache_is_ignored(tmp_path: Path, what: str) -> None:
    day = date(2026, 11, 16)  # a Monday: a small, quick puzzle
    path = daily._cache_path(tmp_path, "queens", day)
    _plant(path, what)
    assert _within(5, lambda: daily._from_cache(tmp_path, "queens", day), unblock=path) is None


@pytest.mark.parametrize("what", HOSTILE)
def test_hostile_daily_file_is_not_listed_nor_read_by_the_browser(
    tmp_path: Path, what: str
) -> None:
    """Not a file: not a daily puzzle. A huge file is one (opening it says what is wrong),
    but the browser's quick look at it reads nothing."""
    from queens_tui.formats.meta import LevelMeta, read_meta

    path = tmp_path / "2026-11-20.txt"
    _plant(path, what)
    (tmp_path / "2026-11-21.txt").write_text("AB\nAB\n")
    found = daily.daily_files("queens", tmp_path)
    assert sorted(found) == [date(2026, 11, 20)] * (what == "huge") + [date(2026, 11, 21)]
    assert _within(5, lambda: read_meta(path), unblock=path) == LevelMeta()


@pytest.mark.parametrize("what", HOSTILE)
def test_read_text_refuses_hostile_level_files(tmp_path: Path, what: str) -> None:
    path = tmp_path / "level.txt"
    _plant(path, what)
    with pytest.raises(LevelError) as info:
        _within(5, lambda: read_text(path), unblock=path)
    assert str(info.value).startswith(f"{path}: ")


def test_huge_history_is_trimmed_to_stay_readable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save over the read limit would be set aside: the oldest undo steps go instead."""
    from queens_tui.store import store as store_mod

    monkeypatch.setattr(store_mod, "PROGRESS_MAX_BYTES", 1_000)  # 1 MB takes ~100k moves
    h = History.new(LEVEL)
    cells = [(r, c) for r in range(4) for c in range(4)]
    for k in range(200):
        h.apply(Move(((cells[k % 16], Mark.CROSS if k % 32 < 16 else Mark.EMPTY),)))
    store = _store(tmp_path)
    assert store.save_progress(KEY, h, 5.0)
    assert 500 < _progress_file(tmp_path).stat().st_size <= 1_000
    saved = _store(tmp_path).load_progress(KEY, LEVEL)
    assert saved is not None
    assert saved.history.state == h.board
    assert 0 < len(saved.history.past) < 200
    assert saved.history.past[-1] == h.past[-1]  # the latest steps are the ones kept
