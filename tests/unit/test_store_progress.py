"""Saved progress: board, undo and redo history, clock; level keys; the cost of a save."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from queens_tui.kinds.queens.board import Board, History, Mark, Move, diff
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.play import PLAY
from queens_tui.store import Store, grid_key, level_key
from queens_tui.store.jsonfile import SchemaError
from queens_tui.store.progress import (
    MoveCache,
    Progress,
    daily_key,
    decode,
    encode,
    filename_key,
    key_filename,
)

LEVEL = Level.from_rows(
    ["AABBB", "AABCB", "DDCCB", "DDCEE", "DDEEE"], name="Five", colors={"A": "#96beff"}
)


def _random_history(level: Level, steps: int, seed: int = 1) -> History:
    """A history with undo, redo, gestures and resets, as a real game makes."""
    rng = random.Random(seed)
    n = level.size
    h = History.new(level)
    while h.moves < steps:
        roll = rng.random()
        cell = (rng.randrange(n), rng.randrange(n))
        mark = rng.choice([Mark.QUEEN, Mark.CROSS, Mark.CROSS, Mark.EMPTY])
        if roll < 0.1:
            h.undo()
        elif roll < 0.15:
            h.redo()
        elif roll < 0.2:
            h.begin_gesture()
            for c in range(n):
                h.apply(Move.set((cell[0], c), Mark.CROSS))
            h.end_gesture()
        else:
            h.apply(Move.set(cell, mark))
    for _ in range(rng.randrange(1, 6)):
        h.undo()
    return h


def _same_history(a: History, b: History) -> None:
    assert a.state == b.state
    assert a.past == b.past
    assert a.future == b.future
    assert a.moves == b.moves


def test_round_trip_with_undo_and_redo(tmp_path: Path) -> None:
    h = _random_history(LEVEL, 80)
    assert h.can_undo and h.can_redo
    store = Store(tmp_path)
    key = level_key(LEVEL)
    assert store.save_progress(key, h, 95.25, hints=2, helped=True)
    saved = Store(tmp_path).load_progress(key, LEVEL)
    assert saved is not None
    _same_history(saved.history, h)
    assert (saved.elapsed, saved.hints, saved.helped) == (95.25, 2, True)
    assert saved.saved_at is not None
    # The restored history works: undo all the way back to the empty board, redo to the end.
    r = saved.history
    while r.undo():
        pass
    assert r.state == Board(LEVEL)
    while r.redo():
        pass
    while h.redo():
        pass
    assert r.state == h.state


def test_each_save_after_a_move_reflects_it(tmp_path: Path) -> None:
    store = Store(tmp_path)
    h = History.new(LEVEL)
    for i, cell in enumerate([(0, 0), (1, 3), (2, 2), (4, 4)]):
        h.apply(Move.set(cell, Mark.QUEEN if i % 2 == 0 else Mark.CROSS))
        store.save_progress("pack:five", h, float(i))
        saved = Store(tmp_path).load_progress("pack:five", LEVEL)
        assert saved is not None
        _same_history(saved.history, h)
    h.undo()
    h.undo()
    store.save_progress("pack:five", h, 9.0)
    saved = Store(tmp_path).load_progress("pack:five", LEVEL)
    assert saved is not None
    _same_history(saved.history, h)
    assert saved.history.redo() and saved.history.state.queens == {(0, 0), (2, 2)}


def test_open_gesture_is_saved_as_one_finished_step(tmp_path: Path) -> None:
    h = History.new(LEVEL)
    h.apply(Move.set((0, 0), Mark.QUEEN))
    h.begin_gesture()
    h.apply(Move.set((4, 0), Mark.CROSS))
    h.apply(Move.set((4, 1), Mark.CROSS))  # the app saves mid-drag: nothing may be lost
    store = Store(tmp_path)
    store.save_progress("pack:five", h, 1.0)
    saved = store.load_progress("pack:five", LEVEL)
    assert saved is not None
    r = saved.history
    assert r.state == h.state and r.moves == 2
    assert r.undo() and r.state.queens == {(0, 0)} and r.state.crosses == frozenset()
    assert r.undo() and r.state == Board(LEVEL)


def test_file_is_readable_json_with_a_version(tmp_path: Path) -> None:
    h = History.new(LEVEL)
    h.apply(Move.set((0, 0), Mark.QUEEN))
    h.apply(Move.set((4, 4), Mark.CROSS))
    store = Store(tmp_path)
    store.save_progress("daily:2026-11-21", h, 12.0)
    path = tmp_path / "progress" / "daily%3A2026-11-21.json"
    obj = json.loads(path.read_text("utf-8"))
    assert obj["format"] == "queens-tui/progress" and obj["version"] == 1
    assert obj["key"] == "daily:2026-11-21"
    assert obj["grid"] == LEVEL.rows_text()
    assert obj["board"] == ["Q....", ".....", ".....", ".....", "....x"]
    assert obj["undo"] == [".4,4", ".0,0"]
    assert obj["redo"] == [] and obj["moves"] == 2
    # Automatic crosses are derived, never stored.
    assert "x" not in obj["board"][0]


def test_diff_round_trip_on_random_pairs() -> None:
    rng = random.Random(7)
    cells = [(r, c) for r in range(5) for c in range(5)]
    for _ in range(200):
        a = Board(LEVEL, frozenset(rng.sample(cells, 3)), frozenset(rng.sample(cells, 6)))
        a = Board(LEVEL, a.queens, a.crosses - a.queens)
        b = Board(LEVEL, frozenset(rng.sample(cells, 2)), frozenset(rng.sample(cells, 4)))
        b = Board(LEVEL, b.queens, b.crosses - b.queens)
        assert PLAY.apply(a, PLAY.move_from_json(LEVEL, PLAY.move_to_json(diff(a, b)))) == b


def test_cached_encode_equals_plain_encode() -> None:
    h = History.new(LEVEL)
    cache = MoveCache()
    rng = random.Random(3)
    for _ in range(60):
        if rng.random() < 0.2:
            h.undo()
        else:
            h.apply(Move.set((rng.randrange(5), rng.randrange(5)), Mark.CROSS))
        p = Progress(h, 1.0)
        a = encode("k", p, cache=cache)
        b = encode("k", p)
        a.pop("saved_at"), b.pop("saved_at")
        assert a == b


def test_resume_from_another_file_of_the_same_level(tmp_path: Path) -> None:
    """Same regions, other letters, name and colors: same key, and the save applies."""
    copy = Level.from_rows(
        ["xxyyy", "xxyzy", "wwzzy", "wwzvv", "wwvvv"], name="Elsewhere", colors={}
    )
    assert grid_key(copy) == grid_key(LEVEL)
    other = Level.from_rows(["AABBB", "AABCB", "DDCCB", "DDCEE", "DDEEB"])
    assert grid_key(other) != grid_key(LEVEL)
    h = History.new(LEVEL)
    h.apply(Move.set((2, 2), Mark.QUEEN))
    store = Store(tmp_path)
    store.save_progress(grid_key(LEVEL), h, 4.0)
    saved = store.load_progress(grid_key(copy), copy)
    assert saved is not None
    assert saved.history.state.queens == {(2, 2)}
    assert saved.history.state.level is copy


def test_level_keys() -> None:
    from datetime import date

    assert level_key(LEVEL, day=date(2026, 11, 21)) == "daily:2026-11-21"
    assert level_key(LEVEL, bundled_id="easy/007") == "pack:easy/007"
    assert level_key(LEVEL) == grid_key(LEVEL)
    assert grid_key(LEVEL).startswith("grid:") and len(grid_key(LEVEL)) == 5 + 24
    for key in ["daily:2026-11-21", "pack:easy/007", "pack:..", "pack:a b:c\\d*?", "x" * 400]:
        name = key_filename(key)
        assert "/" not in name and "\\" not in name and ":" not in name
        assert not name.startswith(".")
        assert len(name) < 200
        assert filename_key(name) in (key, None)
    assert daily_key(date(2026, 1, 2)) == "daily:2026-01-02"


def test_solve_clears_progress_and_in_progress_lists_keys(tmp_path: Path) -> None:
    store = Store(tmp_path)
    h = History.new(LEVEL)
    h.apply(Move.set((0, 0), Mark.QUEEN))
    long_key = "pack:" + "z" * 300
    for key in ("pack:a", "daily:2026-11-21", long_key):
        store.save_progress(key, h, 1.0)
    assert store.in_progress() == {"pack:a", "daily:2026-11-21", long_key}
    store.record_solve("pack:a", 30.0)
    assert store.in_progress() == {"daily:2026-11-21", long_key}
    assert store.load_progress("pack:a", LEVEL) is None
    assert store.take_notices() == []


def test_decode_rejects_other_key() -> None:
    from queens_tui.store.jsonfile import SchemaError

    obj = encode("pack:a", Progress(History.new(LEVEL)))
    with pytest.raises(SchemaError):
        decode(obj, "pack:b", LEVEL)


def test_save_after_each_move_is_cheap_on_a_big_board(tmp_path: Path) -> None:
    """An 18x18 game with 500 steps: each save (with fsync) stays far below a frame.

    The budget is generous (shared CI machines); the benchmark file measures
    the real figure.
    """
    rows = [chr(ord("A") + r) * 18 for r in range(18)]
    level = Level.from_rows(rows)
    h = _random_history(level, 500, seed=5)
    store = Store(tmp_path)
    store.save_progress("pack:big", h, 1.0)
    times = []
    rng = random.Random(9)
    for _ in range(30):
        h.apply(Move.set((rng.randrange(18), rng.randrange(18)), Mark.CROSS))
        t = time.perf_counter()
        store.save_progress("pack:big", h, 2.0)
        times.append(time.perf_counter() - t)
    times.sort()
    assert times[len(times) // 2] < 0.05
    assert store.progress_path("pack:big").stat().st_size < 40_000
    saved = store.load_progress("pack:big", level)
    assert saved is not None
    _same_history(saved.history, h)


def test_background_saves_land_in_order_and_coalesce(tmp_path: Path) -> None:
    store = Store(tmp_path)
    h = History.new(LEVEL)
    cells = [(r, c) for r in range(5) for c in range(5)]
    for cell in cells:
        h.apply(Move.set(cell, Mark.CROSS))
        assert store.save_progress("pack:five", h, 1.0, background=True)
    assert store.flush(timeout=30)
    saved = Store(tmp_path).load_progress("pack:five", LEVEL)
    assert saved is not None
    _same_history(saved.history, h)
    # A solve right after a queued save: the saved game is gone, not resurrected.
    h.apply(Move.set((0, 0), Mark.QUEEN))
    store.save_progress("pack:five", h, 2.0, background=True)
    store.record_solve("pack:five", 2.0)
    assert store.flush(timeout=30)
    assert not store.progress_path("pack:five").exists()
    assert store.in_progress() == set()


def test_background_save_failure_becomes_a_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from queens_tui.store import jsonfile

    def boom(*args: object) -> None:
        raise OSError(28, "No space left on device")

    store = Store(tmp_path)
    monkeypatch.setattr(jsonfile.os, "replace", boom)
    h = History.new(LEVEL)
    h.apply(Move.set((0, 0), Mark.QUEEN))
    store.save_progress("pack:five", h, 1.0, background=True)
    store.save_progress("pack:five", h, 2.0, background=True)
    assert store.flush(timeout=30)
    monkeypatch.undo()
    [notice] = store.take_notices()
    assert "No space left on device" in notice


_SAVE_AND_EXIT = """
import sys
from queens_tui.kinds.queens.board import History, Mark, Move
from queens_tui.kinds.queens.level import Level
from queens_tui.store import Store
level = Level.from_rows(["AAB", "ACB", "CCB"])
h = History.new(level)
h.apply(Move.set((1, 1), Mark.QUEEN))
Store(sys.argv[1]).save_progress("pack:t", h, 7.0, background=True)
# no flush, no close: the interpreter must still wait for the write
"""


def test_background_save_lands_even_if_the_app_exits_at_once(tmp_path: Path) -> None:
    import subprocess
    import sys

    subprocess.run([sys.executable, "-c", _SAVE_AND_EXIT, str(tmp_path)], check=True, timeout=60)
    level = Level.from_rows(["AAB", "ACB", "CCB"])
    saved = Store(tmp_path).load_progress("pack:t", level)
    assert saved is not None and saved.history.state.queens == {(1, 1)} and saved.elapsed == 7.0


def test_undos_mistakes_and_replay_are_saved_and_older_files_read_as_none() -> None:
    """Issue 28 items 2-3: every figure of the card is in the save; a file without them
    (written before) reads as 0 and no replay."""
    h = _random_history(LEVEL, 6)
    made = Progress(h, 12.0, 1, False, undos=2, mistakes=1, mistake_marks=(7, 9), replay=True)
    obj = encode("k", made)
    back = decode(json.loads(json.dumps(obj)), "k", LEVEL)
    assert (back.undos, back.mistakes, back.backtracks) == (2, 1, 0)
    assert back.mistake_marks == (7, 9) and back.replay
    for name in ("undos", "mistakes", "backtracks", "mistake_marks", "replay"):
        obj.pop(name, None)
    old = decode(obj, "k", LEVEL)
    assert (old.undos, old.mistakes, old.mistake_marks, old.replay) == (0, 0, (), False)
    with pytest.raises(SchemaError):
        decode({**encode("k", made), "mistakes": -1}, "k", LEVEL)
