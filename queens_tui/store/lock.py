"""One writer per data folder: a lock file holding the pid of the game that writes there.

Two games on the same folder would each rewrite the saves and the stats from
what they hold in memory, so the moves of one silently vanish under the
other's. The first game to start takes an advisory lock on ``<data>/lock``
(`fcntl.lockf`) and writes its pid into it; a second one finds the lock taken
and opens read-only (`Store.read_only`), telling the player which process
holds the folder.

The kernel drops the lock when its process ends, however it ends (``kill -9``
included), so a stale lock file never blocks anyone: the pid in it is only
information. `lockf` locks belong to the process, and closing *any*
descriptor of the file drops them, so there is one descriptor per folder in
a process, counted: it is closed when the last `Store` using the folder is
garbage-collected (`unlock_folder`), or at exit. Where `fcntl` is missing (Windows) or the
file system refuses locks (some network mounts), there is no lock and every
game writes, as before.

`holding(path)` is the other kind: one writer of a shared folder at a time (the player's
packs: two `import --pack` at once would each swap in a pack and delete the other's files).
An `fcntl.flock` on the open file, held for a `with` block: it belongs to that descriptor
only, so two threads of one process exclude each other too, and the kernel drops it when
the process dies.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

LOCK_NAME = "lock"

_held: dict[Path, list[int]] = {}
"""Folders this process holds -> [the open descriptor that holds the lock, users]."""
_guard = threading.Lock()
_dropped: list[Path] = []
"""Drops `unlock_folder` could not make at once (the guard was held): made by the next call."""


class Locked(Exception):
    """Another process holds the data folder; `pid` is what its lock file says (0 if unknown)."""

    def __init__(self, pid: int) -> None:
        super().__init__(pid)
        self.pid = pid


def lock_folder(folder: Path) -> Path | None:
    """Take `folder`'s lock for this process (or count one more user if it holds it).

    Returns the key to give `unlock_folder` when done, None if there is no
    lock to hold (no `fcntl`, or no locks on this file system). Raises
    `Locked` if another live process holds it, OSError if the lock file
    cannot be created (the folder is read-only or not a folder: the caller
    reports that saving is impossible).
    """
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks here
        return None
    key = folder.resolve()
    with _guard:
        _drop_deferred()
        if key in _held:
            _held[key][1] += 1
            return key
        path = key / LOCK_NAME
        _set_aside_unless_a_file(path)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o644)
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as err:
            if isinstance(err, (BlockingIOError, PermissionError)):
                pid = _read_pid(fd)
                os.close(fd)  # we hold no lock on it, so this drops nothing
                raise Locked(pid) from None
            os.close(fd)
            return None  # no locks on this file system (ENOLCK): write as before
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        except OSError:
            pass  # the lock is what counts; the pid is only shown to the other game
        _held[key] = [fd, 1]
        return key


def _set_aside_unless_a_file(path: Path) -> None:
    """A folder, FIFO, device or link where the lock file should be gets renamed aside
    (``lock.corrupt-...``), so a plain file is made and locked: otherwise no lock could be
    taken there and two games would both write. OSError if it can't be moved."""
    import stat

    from queens_tui.store.jsonfile import move_aside

    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        move_aside(path)


def unlock_folder(key: Path) -> None:
    """One user fewer of the lock `lock_folder` returned `key` for; the last one drops it.

    It runs as a `Store`'s finalizer, so a garbage collection can call it anywhere, even
    inside `lock_folder` on the same thread while the guard is held: waiting for the guard
    there would hang the game for ever. If the guard is taken, the drop is left for the next
    `lock_folder` or `unlock_folder` to make (the descriptor stays open until then, or until
    the process ends, which drops the lock too).
    """
    _dropped.append(key)
    if not _guard.acquire(blocking=False):
        return
    try:
        _drop_deferred()
    finally:
        _guard.release()


def _drop_deferred() -> None:
    """Make the drops waiting in `_dropped` (the caller holds the guard)."""
    while _dropped:
        key = _dropped.pop()
        held = _held.get(key)
        if held is None:
            continue
        held[1] -= 1
        if held[1] <= 0:
            del _held[key]
            os.close(held[0])  # drops the lock (the file stays: see the module docstring)


@contextlib.contextmanager
def holding(path: Path, *, wait: float = 0.0) -> Iterator[None]:
    """Hold an exclusive `flock` on the file `path` (made if absent, never through a link)
    for the `with` block, waiting at most `wait` seconds for another holder to let go.

    Raises `Locked` (with the holder's pid) when it is still held after `wait`, OSError when
    the file cannot be made. No lock where `fcntl` is missing or the file system has none.
    """
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks here
        yield
        return
    _set_aside_unless_a_file(path)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o644)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise Locked(_read_pid(fd)) from None
                time.sleep(0.05)
            except OSError:  # no locks on this file system (ENOLCK): write as before
                break
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(fd)  # drops the flock


def _read_pid(fd: int) -> int:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return 0
    return int(text) if text.isdigit() and len(text) < 12 else 0


__all__ = ["LOCK_NAME", "Locked", "holding", "lock_folder", "unlock_folder"]
