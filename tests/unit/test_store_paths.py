"""Where the data lives: platformdirs' user data dir, XDG_DATA_HOME, and the overrides."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from queens_tui.store import paths

_PRINT_DIRS = (
    "from queens_tui.store import paths, Store; s = Store(); "
    "print(paths.data_dir()); print(s.daily_dir); print(s.progress_dir)"
)


def _run(env_changes: dict[str, str], drop: tuple[str, ...] = ()) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in drop and k != paths.DATA_DIR_ENV}
    env.update(env_changes)
    proc = subprocess.run(
        [sys.executable, "-c", _PRINT_DIRS], env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG applies on Linux")
def test_xdg_data_home_is_honoured(tmp_path: Path) -> None:
    data, daily, progress = _run({"XDG_DATA_HOME": str(tmp_path / "xdg")})
    assert data == str(tmp_path / "xdg" / "queens-tui")
    assert daily == str(tmp_path / "xdg" / "queens-tui" / "daily")
    assert progress == str(tmp_path / "xdg" / "queens-tui" / "progress")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG applies on Linux")
def test_without_xdg_it_is_under_home(tmp_path: Path) -> None:
    data, _, _ = _run({"HOME": str(tmp_path)}, drop=("XDG_DATA_HOME",))
    assert data == str(tmp_path / ".local" / "share" / "queens-tui")


def test_env_override_and_explicit_override(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(tmp_path / "env"))
    assert paths.data_dir() == tmp_path / "env"
    assert paths.data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert paths.daily_dir() == tmp_path / "env" / "daily"
    assert paths.daily_dir(tmp_path / "d") == tmp_path / "d"
    monkeypatch.setenv(paths.DATA_DIR_ENV, "")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert paths.data_dir() == tmp_path / "xdg" / "queens-tui"


def test_store_creates_only_its_folder_and_lock_until_it_writes(tmp_path: Path) -> None:
    """The lock (see store.lock) is taken at start: a second game opens read-only at once."""
    from queens_tui.store import Settings, Store

    root = tmp_path / "fresh"
    store = Store(root)
    assert sorted(p.name for p in root.iterdir()) == ["lock"]
    assert store.take_notices() == []
    store.save_settings(Settings(theme="nord"))
    assert sorted(p.name for p in root.iterdir()) == ["lock", "settings.json"]


_IMPORTS = """
import sys, tempfile
from datetime import date
from pathlib import Path
from queens_tui.kinds.queens.board import History
from queens_tui.kinds.queens.level import Level
from queens_tui.store import Store
d = Path(tempfile.mkdtemp())
(d / "daily").mkdir()
(d / "daily" / "2026-11-21.txt").write_text("AB\\nBA\\n")
s = Store(d)
level, _ = s.daily(date(2026, 11, 21))
s.save_progress("daily:2026-11-21", History.new(level), 1.0)
s.load_progress("daily:2026-11-21", level)
s.record_solve("daily:2026-11-21", 1.0)
bad = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "ortools", "rich"))
print(bad)
"""


def test_store_never_imports_textual_or_ortools() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _IMPORTS], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_a_store_collected_inside_lock_folder_does_not_hang(tmp_path: Path) -> None:
    """A garbage collection can run a collected Store's finalizer (`unlock_folder`) while
    `lock_folder` holds the guard on the same thread: it once waited for that guard for ever
    (a test run hung in `Store.__init__`). The drop is made by the next call instead."""
    from queens_tui.store import lock

    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    key = lock.lock_folder(first)
    assert key is not None
    with lock._guard:  # what lock_folder holds when the collection runs the finalizer
        lock.unlock_folder(key)  # returns at once
        assert key in lock._held
    other = lock.lock_folder(second)  # the next call makes the waiting drop
    assert key not in lock._held
    assert other is not None
    lock.unlock_folder(other)
    assert other not in lock._held
