"""When progress cannot be saved, and when two games share a data folder (issue 10, items 17, 22).

A data folder that is a file, a read-only or a full disk: one clear notice,
repeated while saving keeps failing (at most every `REMIND_SECONDS`), never a
0-byte or temp file left behind, and the game goes on. A second game on the
same folder opens read-only with a notice naming the first one's pid, and
never overwrites its moves.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from queens_tui.kinds.queens.board import History, Mark, Move
from queens_tui.kinds.queens.level import Level
from queens_tui.store import Settings, Store, jsonfile
from queens_tui.store import lock as lock_mod
from queens_tui.store import store as store_mod

LEVEL = Level.from_rows(["AABB", "AABB", "CCDD", "CCDD"], name="Four")
KEY = "grid:four"
REPO = Path(__file__).resolve().parents[2]

posix_locks = pytest.mark.skipif(not hasattr(os, "fork"), reason="fcntl locks are POSIX only")


def _store(root: Path) -> Store:
    return Store(root, sync=False, today=lambda: date(2026, 11, 23))


def _history(*cells: tuple[int, int]) -> History:
    h = History.new(LEVEL)
    for cell in cells:
        h.apply(Move(((cell, Mark.QUEEN),)))
    return h


class Clock:
    """A monotonic clock the test moves by hand (the store reads `time.monotonic`)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(store_mod.time, "monotonic", c)
    return c


def _all_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


# --- 17: a data folder that is a file -------------------------------------------------------


def test_data_folder_under_a_file_gives_one_clear_notice(tmp_path: Path, clock: Clock) -> None:
    blocker = tmp_path / "xdg"
    blocker.write_text("not a folder")
    store = _store(blocker / "queens-tui")
    notices = store.take_notices()
    assert notices == [
        f"Progress can't be saved: {blocker} is a file, not a folder. The game goes on, but "
        "nothing is kept when you quit (set QUEENS_TUI_DATA_DIR to a folder you can write)."
    ]
    # The game goes on: saves fail quietly for a while, then the notice comes again.
    assert not store.save_progress(KEY, _history((0, 0)), 1.0)
    assert not store.save_settings(Settings(theme="nord"))
    assert store.take_notices() == []
    clock.now += store_mod.REMIND_SECONDS
    store.save_progress(KEY, _history((0, 0)), 2.0, background=True)  # fails on its thread
    store.flush()
    again = store.take_notices()
    assert len(again) == 1 and again[0].startswith("Your progress can't be saved: writing")
    stats = store.record_solve(KEY, 30.0)
    assert stats.solves == 1  # counted in memory; the win screen still has it
    assert blocker.read_text() == "not a folder"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is Linux's")
def test_xdg_data_home_pointing_at_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.delenv("QUEENS_TUI_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    store = Store(sync=False)
    notices = store.take_notices()
    assert len(notices) == 1 and f"{blocker} is a file, not a folder" in notices[0]


# --- 17: a read-only or full disk -----------------------------------------------------------


def _fail_writes(monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """Every new file fails like a read-only (EROFS) or full (ENOSPC) disk would."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(jsonfile.tempfile, "mkstemp", refuse)
    real_open = os.open

    def open_no_create(path: Any, flags: int, *args: Any) -> int:
        if flags & os.O_CREAT and not os.path.exists(path):
            raise OSError(code, os.strerror(code))
        return real_open(path, flags, *args)

    monkeypatch.setattr(lock_mod.os, "open", open_no_create)


def test_read_only_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: Clock
) -> None:
    root = tmp_path / "data"
    (root / "progress").mkdir(parents=True)
    _fail_writes(monkeypatch, errno.EROFS)
    store = _store(root)
    (notice,) = store.take_notices()
    assert notice.startswith(f"Progress can't be saved: the data folder {root} can't be written")
    assert "Read-only file system" in notice
    assert not store.save_progress(KEY, _history((0, 0)), 1.0)
    assert store.take_notices() == []
    assert _all_files(root) == []


def test_full_disk_mid_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    """A full disk after a good save: one notice, the old save intact, no 0-byte or temp
    file; repeated while it keeps failing; said again when saving works."""
    root = tmp_path / "data"
    store = _store(root)
    assert store.take_notices() == []
    assert store.save_progress(KEY, _history((0, 0)), 1.0)
    path = store.progress_path(KEY)
    good = path.read_bytes()
    real_fdopen = os.fdopen

    class FullDisk:
        def __init__(self, f: Any) -> None:
            self.f = f

        def __enter__(self) -> FullDisk:
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()

        def write(self, data: bytes) -> None:
            self.f.write(data[:10])
            raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(jsonfile.os, "fdopen", lambda fd, mode: FullDisk(real_fdopen(fd, mode)))
        for k in range(5):
            store.save_progress(KEY, _history((0, 0), (1, 2)), 2.0 + k, background=True)
            store.flush()
        (notice,) = store.take_notices()
        assert notice.startswith(f"Your progress can't be saved: writing {path} failed")
        assert "No space left on device" in notice
        clock.now += store_mod.REMIND_SECONDS
        assert not store.save_progress(KEY, _history((0, 0), (1, 2)), 9.0)
        assert len(store.take_notices()) == 1  # repeated while it keeps failing
        assert not store.save_settings(Settings(theme="nord"))
        assert store.take_notices()[0].startswith("Your settings can't be saved")
    assert path.read_bytes() == good
    assert [p.name for p in _all_files(root) if p.stat().st_size == 0] == []
    assert [p.name for p in _all_files(root) if p.name.endswith(".tmp")] == []
    assert not (root / "settings.json").exists()
    assert store.save_progress(KEY, _history((0, 0), (1, 2)), 10.0)
    assert store.take_notices() == [f"Saving works again: your progress saved to {path}."]
    loaded = _store(root).load_progress(KEY, LEVEL)
    assert loaded is not None and loaded.elapsed == 10.0


# --- 22: two games on one data folder -------------------------------------------------------

_OTHER = """
import sys
from pathlib import Path
from queens_tui.kinds.queens.board import History, Mark, Move
from queens_tui.kinds.queens.level import Level
from queens_tui.store import Store
level = Level.from_rows(["AABB", "AABB", "CCDD", "CCDD"], name="Four")
store = Store(Path(sys.argv[1]), sync=False)
assert not store.read_only, store.take_notices()
h = History.new(level)
h.apply(Move((((0, 1), Mark.QUEEN),)))
store.save_progress("grid:four", h, 5.0)
print("ready", flush=True)
for line in sys.stdin:  # each line: one more move, saved
    h.apply(Move((((3, 2), Mark.QUEEN),)))
    store.save_progress("grid:four", h, 6.0)
    print("saved", flush=True)
"""


def _other_game(root: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen(
        [sys.executable, "-c", _OTHER, str(root)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline() == "ready\n"
    return proc


@posix_locks
def test_second_game_opens_read_only_and_never_overwrites_the_first(tmp_path: Path) -> None:
    root = tmp_path / "data"
    other = _other_game(root)
    try:
        assert (root / "lock").read_text().strip() == str(other.pid)
        store = _store(root)
        assert store.read_only
        (notice,) = store.take_notices()
        assert notice.startswith(f"Another queens-tui (pid {other.pid}) is using {root}")
        assert "read-only" in notice
        mine = store.load_progress(KEY, LEVEL)  # it reads what the other saved
        assert mine is not None and mine.history.state.queens == {(0, 1)}
        # This game plays on, and writes nothing.
        before = {p: p.read_bytes() for p in _all_files(root)}
        assert not store.save_progress(KEY, _history((2, 0)), 99.0)
        store.save_progress(KEY, _history((2, 0)), 99.0, background=True)
        store.flush()
        assert not store.save_settings(Settings(theme="nord"))
        store.record_solve(KEY, 12.0)
        store.clear_progress(KEY)
        assert {p: p.read_bytes() for p in _all_files(root)} == before
        assert store.take_notices() == []  # told once, at start
        # The other game's next move is saved as usual.
        assert other.stdin is not None and other.stdout is not None
        other.stdin.write("move\n")
        other.stdin.flush()
        assert other.stdout.readline() == "saved\n"
        theirs = _store(root).load_progress(KEY, LEVEL)
        assert theirs is not None and theirs.history.state.queens == {(0, 1), (3, 2)}
    finally:
        other.kill()
        other.wait()


@posix_locks
def test_the_lock_goes_with_its_process_even_killed(tmp_path: Path) -> None:
    root = tmp_path / "data"
    other = _other_game(root)
    other.send_signal(signal.SIGKILL)
    other.wait()
    store = _store(root)  # the pid in the file is stale: the kernel dropped the lock
    assert not store.read_only
    assert store.take_notices() == []
    assert (root / "lock").read_text().strip() == str(os.getpid())
    assert store.save_progress(KEY, _history((2, 0)), 1.0)


def test_stores_of_one_process_share_the_folder(tmp_path: Path) -> None:
    """One game reopening its store (the tests do it all the time) is not a second game."""
    first = _store(tmp_path)
    second = _store(tmp_path)
    assert not first.read_only and not second.read_only
    assert second.save_progress(KEY, _history((0, 0)), 1.0)
    del second
    assert first.save_progress(KEY, _history((0, 0)), 2.0)


@posix_locks
@pytest.mark.parametrize("odd", ["folder", "fifo", "link to /dev/zero"])
def test_a_lock_that_is_not_a_file_is_set_aside_and_still_guards(tmp_path: Path, odd: str) -> None:
    """A folder, a FIFO or a device where the lock file should be: set aside and made anew,
    so a second game still opens read-only (before: the first got no lock at all, said
    "can't be saved" for a folder, and both games wrote)."""
    root = tmp_path / "data"
    root.mkdir()
    lock = root / "lock"
    if odd == "folder":
        lock.mkdir()
    elif odd == "fifo":
        os.mkfifo(lock)
    else:
        lock.symlink_to("/dev/zero")
    other = _other_game(root)
    try:
        assert lock.is_file() and not lock.is_symlink()
        assert lock.read_text().strip() == str(other.pid)
        store = _store(root)
        assert store.read_only
    finally:
        other.kill()
        other.wait()
    assert [p.name.startswith("lock.corrupt-") for p in root.iterdir()].count(True) == 1
