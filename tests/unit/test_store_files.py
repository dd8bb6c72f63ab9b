"""Atomic writes and recovery from unreadable files (queens_tui.store.jsonfile, Store).

The promises under test: a write is all or nothing, even when the process is
killed in the middle; a file we cannot use is renamed aside (never deleted),
the player gets a sentence saying where it went, and the game starts clean.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from queens_tui.kinds.queens.board import History, Mark, Move
from queens_tui.kinds.queens.level import Level
from queens_tui.store import Settings, Store, jsonfile
from queens_tui.store.jsonfile import atomic_write_json, move_aside, read_json, sweep_temp

LEVEL = Level.from_rows(["AAB", "ACB", "CCB"], name="Tiny")
LEVEL4 = Level.from_rows(["AABB", "AABB", "CCDD", "CCDD"], name="Four")


def _ident(obj: object) -> object:
    return obj


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- atomic write ---------------------------------------------------------------------------


def test_atomic_write_replaces_whole_file_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "state.json"
    atomic_write_json(target, {"a": 1})
    atomic_write_json(target, {"a": 2, "text": "é"})
    assert json.loads(target.read_text("utf-8")) == {"a": 2, "text": "é"}
    assert _files(target.parent) == ["state.json"]


def test_atomic_write_keeps_an_existing_files_mode(tmp_path: Path) -> None:
    """Issue 33 item 14: replacing a 0644 file made it 0600 (the temp file's mode)."""
    target = tmp_path / "level.txt"
    jsonfile.atomic_write_bytes(target, b"new", sync=False)
    assert target.stat().st_mode & 0o777 == 0o600  # a new file: the user's alone
    target.chmod(0o644)
    jsonfile.atomic_write_bytes(target, b"again", sync=False)
    assert target.stat().st_mode & 0o777 == 0o644 and target.read_bytes() == b"again"


@pytest.mark.parametrize("failing", ["fsync", "replace", "write"])
def test_failed_write_keeps_old_file_and_removes_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "state.json"
    atomic_write_json(target, {"version": "old"})

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    if failing == "write":
        real_fdopen = os.fdopen

        class HalfWriter:
            """Writes half the data, then fails, like a full disk."""

            def __init__(self, f: object) -> None:
                self.f = f

            def __enter__(self) -> HalfWriter:
                return self

            def __exit__(self, *exc: object) -> None:
                self.f.close()  # type: ignore[attr-defined]

            def write(self, data: bytes) -> None:
                self.f.write(data[: len(data) // 2])  # type: ignore[attr-defined]
                raise OSError(28, "No space left on device")

        monkeypatch.setattr(
            jsonfile.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode))
        )
    else:
        monkeypatch.setattr(jsonfile.os, failing, boom)
    with pytest.raises(OSError):
        atomic_write_json(target, {"version": "new", "pad": "x" * 100_000})
    monkeypatch.undo()
    assert json.loads(target.read_text("utf-8")) == {"version": "old"}
    assert _files(tmp_path) == ["state.json"]


def test_store_survives_failing_disk_with_one_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    h = History.new(LEVEL)
    h.apply(Move.set((0, 0), Mark.QUEEN))
    assert store.save_progress("pack:t", h, 1.0)

    def boom(*args: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(jsonfile.os, "replace", boom)
    h.apply(Move.set((2, 2), Mark.CROSS))
    assert store.save_progress("pack:t", h, 2.0) is False
    assert store.save_progress("pack:t", h, 3.0) is False
    notices = store.take_notices()
    assert len(notices) == 1
    assert "Read-only file system" in notices[0]
    monkeypatch.undo()
    saved = Store(tmp_path).load_progress("pack:t", LEVEL)
    assert saved is not None
    assert saved.history.state.queens == {(0, 0)} and saved.history.state.crosses == frozenset()


# --- killed in the middle of a write --------------------------------------------------------

_CHILD_PARTIAL = """
import os, signal, sys
from pathlib import Path
from queens_tui.store import jsonfile
real_fdopen = os.fdopen
class Killer:
    def __init__(self, f): self.f = f
    def __enter__(self): return self
    def __exit__(self, *a): pass
    def write(self, data):
        self.f.write(data[: len(data) // 2]); self.f.flush()
        os.kill(os.getpid(), signal.SIGKILL)
jsonfile.os.fdopen = lambda fd, mode: Killer(real_fdopen(fd, mode))
jsonfile.atomic_write_json(Path(sys.argv[1]), {"version": "new", "pad": "x" * 1_000_000})
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_sigkill_halfway_through_a_write_leaves_old_file(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    atomic_write_json(target, {"version": "old"})
    proc = subprocess.run([sys.executable, "-c", _CHILD_PARTIAL, str(target)], timeout=60)
    assert proc.returncode == -signal.SIGKILL
    # The half-written temp file is there, the real file is untouched.
    temps = [n for n in _files(tmp_path) if n.endswith(".tmp")]
    assert len(temps) == 1
    assert (tmp_path / temps[0]).stat().st_size > 100_000
    value, bad = read_json(target, _ident)
    assert bad is None and value == {"version": "old"}
    # A fresh temp file may belong to a live writer: kept; a stale one is swept.
    assert sweep_temp(tmp_path) == 0
    assert sweep_temp(tmp_path, older_than=0) == 1
    assert _files(tmp_path) == ["state.json"]


_CHILD_LOOP = """
import sys
from pathlib import Path
from queens_tui.store.jsonfile import atomic_write_json
target = Path(sys.argv[1])
i = 0
while True:
    i += 1
    atomic_write_json(target, {"i": i, "pad": [i] * 300_000})
    if i == 1:
        print("ready", flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
def test_sigkill_at_random_moments_never_corrupts(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    for delay in (0.05, 0.13, 0.29):
        proc = subprocess.Popen(
            [sys.executable, "-c", _CHILD_LOOP, str(target)], stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        value, bad = read_json(target, _ident)
        assert bad is None, bad
        assert isinstance(value, dict) and value["pad"] == [value["i"]] * 300_000


# --- unreadable files are set aside ---------------------------------------------------------

BAD_CONTENTS: dict[str, bytes] = {
    "empty": b"",
    "truncated": b'{"format": "queens-tui/settings", "version": 1, "auto_cr',
    "binary": b"\x00\x01\x02\xff\xfe garbage",
    "not-utf8": b'{"theme": "\xff\xfe"}',
    "not-object": b"[1, 2, 3]",
    "wrong-format": b'{"format": "something-else", "version": 1}',
    "newer-version": b'{"format": "queens-tui/settings", "version": 99}',
    "wrong-type": b'{"format": "queens-tui/settings", "version": 1, "auto_cross": "yes"}',
    "number-as-bool": b'{"format": "queens-tui/settings", "version": 1, "live_check": 1}',
}


@pytest.mark.parametrize("content", BAD_CONTENTS.values(), ids=BAD_CONTENTS.keys())
def test_corrupt_settings_moved_aside_with_notice(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "settings.json").write_bytes(content)
    store = Store(tmp_path)
    assert store.settings == Settings()
    notices = store.take_notices()
    assert len(notices) == 1
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.corrupt-")]
    assert len(aside) == 1
    assert aside[0].read_bytes() == content  # kept, byte for byte
    assert str(aside[0]) in notices[0]
    assert notices[0].startswith("Your settings could not be read")
    assert not (tmp_path / "settings.json").exists()
    # The game goes on: saving works and the next start is clean and silent.
    assert store.save_settings(Settings(theme="nord"))
    again = Store(tmp_path)
    assert again.settings.theme == "nord" and again.take_notices() == []


def test_corrupt_stats_moved_aside_and_start_fresh(tmp_path: Path) -> None:
    (tmp_path / "stats.json").write_text(
        '{"format": "queens-tui/stats", "version": 1, "levels": {"pack:a": {"solves": -3}}}'
    )
    store = Store(tmp_path)
    [notice] = store.take_notices()
    assert "Your stats and streak could not be read" in notice
    assert store.all_stats() == {}
    assert any(p.name.startswith("stats.json.corrupt-") for p in tmp_path.iterdir())


@pytest.mark.parametrize(
    "content",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00",
        b'{"format": "queens-tui/progress", "version": 1, "key": "pack:t", "grid": ["AAB",'
        b' "ACB", "CCB"], "board": ["Q..", "...", "..."], "undo": ["Z9,9"], "redo": []}',
        b'{"format": "queens-tui/progress", "version": 1, "key": "pack:t", "grid": ["AAB",'
        b' "ACB", "CCB"], "board": ["Q..", "...", "..."], "undo": ["Q7,0"], "redo": []}',
        b'{"format": "queens-tui/progress", "version": 1, "key": "pack:t", "grid": ["AAB",'
        b' "ACB", "CCB"], "board": ["Q...", "...", "..."], "undo": [], "redo": []}',
        b'{"format": "queens-tui/progress", "version": 1, "key": "pack:t", "grid": ["AAB",'
        b' "ACB", "CCB"], "board": ["Q..", "...", "..."], "undo": [], "redo": [],'
        b' "elapsed": "12"}',
    ],
    ids=["binary", "bad-token", "off-board", "ragged-board", "elapsed-string"],
)
def test_corrupt_progress_moved_aside_level_starts_clean(tmp_path: Path, content: bytes) -> None:
    store = Store(tmp_path)
    path = store.progress_path("pack:t")
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert store.load_progress("pack:t", LEVEL) is None
    [notice] = store.take_notices()
    assert notice.startswith("Your saved progress on Tiny could not be read")
    assert "the level started clean" in notice
    aside = [p for p in path.parent.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes() == content
    # Playing on saves normally.
    h = History.new(LEVEL)
    h.apply(Move.set((1, 1), Mark.QUEEN))
    assert store.save_progress("pack:t", h, 5.0)
    assert Store(tmp_path).load_progress("pack:t", LEVEL) is not None


def test_progress_of_another_level_version_is_set_aside_as_stale(tmp_path: Path) -> None:
    store = Store(tmp_path)
    h = History.new(LEVEL)
    h.apply(Move.set((0, 0), Mark.QUEEN))
    store.save_progress("daily:2026-11-21", h, 3.0)
    assert store.load_progress("daily:2026-11-21", LEVEL4) is None
    [notice] = store.take_notices()
    assert "different version of this level" in notice
    assert any(".stale-" in p.name for p in store.progress_dir.iterdir())


def test_move_aside_never_overwrites_an_earlier_copy(tmp_path: Path) -> None:
    from datetime import datetime

    when = datetime(2026, 11, 21, 18, 30, 0)
    first = tmp_path / "x.json"
    first.write_text("one")
    a = move_aside(first, now=when)
    first.write_text("two")
    b = move_aside(first, now=when)
    assert a.name == "x.json.corrupt-20261121-183000"
    assert b.name == "x.json.corrupt-20261121-183000-2"
    assert (a.read_text(), b.read_text()) == ("one", "two")


@pytest.mark.skipif(
    sys.platform == "win32" or (hasattr(os, "geteuid") and os.geteuid() == 0),
    reason="needs POSIX permissions that apply to this user",
)
def test_file_that_cannot_be_moved_aside_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{broken")
    tmp_path.chmod(0o500)  # no renames, no new files in the folder
    try:
        store = Store(tmp_path)
        [notice] = store.take_notices()
        assert "nor moved aside" in notice
        assert store.settings == Settings()
        assert store.save_settings(Settings(theme="nord")) is False
    finally:
        tmp_path.chmod(0o700)
    assert (tmp_path / "settings.json").read_text() == "{broken"
