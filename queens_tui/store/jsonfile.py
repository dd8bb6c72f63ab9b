"""Atomic JSON files, and reading them back without ever crashing the game.

Writing: the new content goes to a temporary file in the same folder, is
flushed and fsynced, then `os.replace`d over the old file, and the folder is
fsynced so the rename itself survives a power cut. A crash or a kill at any
point leaves either the old file or the new one, never half of either; the
worst left behind is a stray ``.<name>.<random>.tmp``, which `sweep_temp`
removes later.

Reading: a file is opened without blocking and read only if it is a
regular file, and never beyond a size limit (a FIFO, a device such as a link
to /dev/zero, a folder or a huge file put where a save should be must not hang
or swamp the game). A file that is not UTF-8 JSON (NaN and Infinity are not
JSON; nesting deeper than Python can parse is not ours either), or that the
caller's validator rejects, is renamed aside to ``<name>.corrupt-YYYYMMDD-HHMMSS`` (never
deleted) and a sentence for the player says where it went, so the game can
start clean and the player can still recover the data by hand.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar, cast

T = TypeVar("T")

MAX_BYTES = 1_000_000
"""The default read limit (saves, settings): far bigger than any such file we write
(`Store` trims a save's oldest undo steps to stay under it); a bigger file is not ours."""

TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 3600.0
"""A temp file this old belongs to no live writer (writes take milliseconds)."""


class SchemaError(ValueError):
    """A JSON file parsed but does not hold what we expect (wrong keys, types, version)."""


@dataclass(frozen=True)
class Unreadable:
    """What happened to a file we could not use: where it went and what to tell the player."""

    path: Path
    moved_to: Path | None
    reason: str


def dumps(obj: Any) -> bytes:
    """Compact UTF-8 JSON (no spaces: these files are rewritten after every move)."""
    return (
        json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=False) + "\n"
    ).encode("utf-8")


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable; a no-op where directories cannot be opened (Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: Path, data: bytes, *, sync: bool = True, public: bool = False) -> None:
    """Replace `path` with `data` atomically (temp file, fsync, rename, fsync dir).

    Raises OSError on failure, after removing its temp file; the old file is
    untouched in every failure case because it is only ever replaced whole.
    `sync=False` skips both fsyncs (tests, benchmarks of the rest). A file that exists keeps
    its permissions (a level file the editor saves stays 0644); a new one is the user's alone
    (a temp file's 0600), or with `public` as the umask says (a level or a picture the
    command line writes, like any file a shell command makes).
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    try:
        st = os.stat(path)
        mode: int | None = stat.S_IMODE(st.st_mode) if stat.S_ISREG(st.st_mode) else None
    except OSError:
        mode = None
    if mode is None and public:
        mode = 0o666 & ~umask()
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    tmp = Path(tmp_name)
    try:
        if mode is not None and hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if sync:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    if sync:
        fsync_dir(folder)


def umask() -> int:
    """The process's umask (reading it means setting it: put straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write_json(path: Path, obj: Any, *, sync: bool = True) -> None:
    """`atomic_write_bytes` of `obj` as UTF-8 JSON."""
    atomic_write_bytes(path, dumps(obj), sync=sync)


def sweep_temp(folder: Path, *, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Remove temp files a killed writer left in `folder`; returns how many.

    Only files older than `older_than` seconds go, so a second instance of the
    game that is writing right now keeps its temp file.
    """
    removed = 0
    now = time.time()
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    for p in entries:
        if not (p.name.startswith(".") and p.name.endswith(TEMP_SUFFIX)):
            continue
        try:
            if now - p.stat().st_mtime >= older_than:
                p.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def move_aside(
    path: Path, *, now: datetime | None = None, label: str = "corrupt", name: str | None = None
) -> Path:
    """Rename `path` to ``<path>.<label>-YYYYMMDD-HHMMSS`` (``-2``, ``-3``... if taken), or to
    ``<name>.<label>-...`` beside it when `name` is given.

    Raises OSError when the rename fails; the caller then must not overwrite
    the file, or the player's data would be lost.
    """
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = path.with_name(f"{name or path.name}.{label}-{stamp}")
    target = base
    n = 1
    while target.exists():
        n += 1
        target = base.with_name(f"{base.name}-{n}")
    os.replace(path, target)
    return target


class NotAFile(SchemaError):
    """The path is a folder, a pipe or a device, not a regular file."""


def read_bounded(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file `path`, opened without blocking, at most `limit`.

    Raises FileNotFoundError if it is absent, `NotAFile` for a folder, FIFO,
    socket or device (a FIFO would block the open or the read forever, a link
    to /dev/zero never ends), `SchemaError` if it holds more than `limit`
    bytes, and OSError if it cannot be opened or read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        raise NotAFile("it is a folder, not a file") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise NotAFile("it is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise NotAFile("it is a pipe or a device, not a file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise SchemaError(f"it is over {limit:,} bytes")
    return b"".join(chunks)


def _not_json(name: str) -> Any:
    raise SchemaError(f"it holds {name}, which is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        _not_json(text)
    return value


def loads(data: bytes) -> Any:
    """Strict UTF-8 JSON: no NaN or Infinity (nor floats too big for one), no
    nesting deeper than the parser can take; `SchemaError` saying why not."""
    if b"\0" in data:
        raise SchemaError("it holds binary data")
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_not_json, parse_float=_finite)
    except UnicodeDecodeError:
        raise SchemaError("it is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise SchemaError(f"it is not valid JSON (line {err.lineno}, column {err.colno})") from None
    except RecursionError:
        raise SchemaError("it is nested too deeply") from None


def read_json(
    path: Path, validate: Callable[[Any], T], *, limit: int = MAX_BYTES
) -> tuple[T | None, Unreadable | None]:
    """Read and validate `path`: (value, None), (None, None) if absent, or (None, Unreadable).

    `validate` turns parsed JSON into the caller's value or raises
    `SchemaError` (or ValueError, TypeError, KeyError: all mean "not ours").
    An unusable file is moved aside; if even that fails, `moved_to` is None.
    At most `limit` bytes are read (see `read_bounded`).
    """
    try:
        data = read_bounded(path, limit)
    except (FileNotFoundError, NotADirectoryError):  # a file where a folder on the way should be
        return None, None
    except SchemaError as err:  # a folder, a FIFO, a device, too big
        return None, _set_aside(path, str(err))
    except OSError as err:
        # Unreadable (permissions): do not try to move what we cannot even read.
        return None, Unreadable(path, None, f"cannot read it ({err.strerror or err})")
    try:
        return validate(loads(data)), None
    except (
        SchemaError,
        ValueError,
        TypeError,
        KeyError,
        IndexError,
        AttributeError,
        OverflowError,  # date arithmetic on a far date
        RecursionError,
    ) as err:
        return None, _set_aside(path, str(err) or type(err).__name__)


def _set_aside(path: Path, reason: str) -> Unreadable:
    try:
        moved = move_aside(path)
    except OSError:
        moved = None
    return Unreadable(path, moved, reason)


# --- small validators shared by the schemas ---------------------------------------------------


def expect(cond: bool, message: str) -> None:
    """Raise SchemaError(message) unless `cond`."""
    if not cond:
        raise SchemaError(message)


def get(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    """`obj[key]`, checked to be of `kind` (bool is never accepted as a number)."""
    if key not in obj:
        if default is ...:
            raise SchemaError(f"missing {key!r}")
        return default
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise SchemaError(f"{key!r} should be {_names(kinds)}, not a boolean")
    if not isinstance(value, kinds):
        raise SchemaError(f"{key!r} should be {_names(kinds)}, not {type(value).__name__}")
    return value


def _names(kinds: tuple[type, ...]) -> str:
    return " or ".join(k.__name__ for k in kinds)


def check_header(obj: Any, fmt: str, version: int) -> dict[str, Any]:
    """Check the ``format``/``version`` header every file of ours carries."""
    expect(isinstance(obj, dict), "it is not a JSON object")
    expect(obj.get("format") == fmt, f"it is not a {fmt} file")
    v = get(obj, "version", int)
    expect(v <= version, f"it was written by a newer queens-tui (version {v} > {version})")
    expect(v >= 1, f"bad version {v}")
    return cast("dict[str, Any]", obj)
