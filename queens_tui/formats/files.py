"""Opening a file the player named, without ever blocking on it.

A level or a picture is a regular file. Anything else given by name would
hang or run on: a named pipe (FIFO) waits for a writer, `/dev/tty` for a key,
`/dev/zero` never ends. So every reader (the level text, the picture sniff,
the picture itself) opens through here: non-blocking, then checked on the
open descriptor (no race between a check and the open), and refused before a
byte is read unless it is a regular file, or a pipe the shell made for
``<(cmd)`` (``/dev/fd/N``), which is read once, blocking, as a file would be.
"""

from __future__ import annotations

import os
import stat

from queens_tui.core.errors import LevelError

SHELL_PIPES = ("/dev/fd/", "/proc/")
"""Where a shell's process substitution ``<(cmd)`` puts its pipe: read, never refused."""


def read_bytes(path: str | os.PathLike[str], limit: int, what: str = "level file") -> bytes:
    """At most `limit` bytes of `path` (so `limit + 1` tells "too big"), or `LevelError`
    naming why not: a folder, a device, a named pipe or socket (`what` is the noun the
    message uses, "level file" or "picture"). OSErrors of the open itself propagate."""
    shown = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise LevelError(f"is a directory, not a {what}", path=shown)
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
            if not str(shown).startswith(SHELL_PIPES):
                raise LevelError(f"is a pipe or socket, not a {what}", path=shown)
            os.set_blocking(fd, True)
        elif not stat.S_ISREG(mode):
            raise LevelError(f"is a device, not a {what}", path=shown)
    except BaseException:
        os.close(fd)
        raise
    with open(fd, "rb") as f:
        return f.read(limit)


def regular_head(path: str | os.PathLike[str], size: int) -> bytes | None:
    """The first `size` bytes of `path` when it is a regular file, else None (a pipe, a
    device, a folder, a missing or unreadable file). Never blocks, never raises: this is
    for sniffing, and a pipe read to sniff would be a pipe emptied for its reader."""
    try:
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError):
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return None
        with open(fd, "rb") as f:
            return f.read(size)
    except OSError:
        return None
