"""Level files in and out, for every kind.

`load_puzzle(path)` reads any supported file, of any kind, and returns its
level, or raises `LevelError` located at the file (and line and column where
they apply). Nothing in a file is ever evaluated: every format is parsed as
data. A picture goes to the image reader; a text to the first kind whose
reader claims it (`sniff`), in the order of `kinds.KINDS`, the fallback kind
(Queens) last. Each kind's reader is the module its `KIND.formats` names:
`sniff(text, suffix)`, `parse(text, suffix)`, `scan_meta(text, suffix)`,
`dump(level, fmt)`.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, cast

from queens_tui.core.errors import LevelError
from queens_tui.kinds import KINDS, get_kind, level_files

if TYPE_CHECKING:
    from queens_tui.core.kind import PuzzleLevel

MAX_BYTES = 1_000_000
"""A level file is a few hundred bytes; anything this big is not one."""

_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a zip archive"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"\x7fELF", "an executable"),
    (b"\xff\xfe", "UTF-16 text (save it as UTF-8)"),
    (b"\xfe\xff", "UTF-16 text (save it as UTF-8)"),
)

__all__ = [
    "MAX_BYTES",
    "LevelError",
    "load_puzzle",
    "might_be",
    "read_text",
    "reader",
    "readers",
]


def read_text(path: str | os.PathLike[str]) -> str:
    """The UTF-8 text of a level file (BOM removed), or `LevelError` saying why not.

    `-` reads standard input. Reads at most `MAX_BYTES + 1` bytes, so a huge
    file or an endless device costs nothing; rejects directories, binary data
    and invalid UTF-8 with the line and column of the first bad byte.
    """
    shown = os.fspath(path)
    try:
        data = sys.stdin.buffer.read(MAX_BYTES + 1) if shown == "-" else _read_file(path, shown)
    except LevelError:
        raise
    except FileNotFoundError:
        raise LevelError("no such file", path=shown) from None
    except PermissionError:
        raise LevelError("permission denied", path=shown) from None
    except IsADirectoryError:
        raise LevelError("is a directory, not a level file", path=shown) from None
    except (OSError, ValueError) as err:  # ValueError: an embedded NUL in the path
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise LevelError(f"cannot read: {reason}", path=shown) from None
    if len(data) > MAX_BYTES:
        raise LevelError(f"file is over {MAX_BYTES:,} bytes: not a level file", path=shown)
    if not data.strip():
        raise LevelError("empty file", path=shown, line=1, col=1)
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise LevelError(f"{what}, not a level file", path=shown, line=1, col=1)
    nul = data.find(b"\0")
    if nul >= 0:
        line, col = _where(data, nul)
        raise LevelError(
            "binary data (a NUL byte), not a level file", path=shown, line=line, col=col
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line, col = _where(data, err.start)
        raise LevelError("not valid UTF-8", path=shown, line=line, col=col) from None
    return text.removeprefix("\ufeff")


def _read_file(path: str | os.PathLike[str], shown: str) -> bytes:
    """At most `MAX_BYTES + 1` bytes of `path`, never blocking on a FIFO or a device
    (`formats.files.read_bytes`: only a regular file or a ``<(cmd)`` pipe is read)."""
    from queens_tui.formats.files import read_bytes

    return read_bytes(path, MAX_BYTES + 1)


def _where(data: bytes, pos: int) -> tuple[int, int]:
    """1-based line and column (in characters) of byte offset `pos`."""
    start = data.rfind(b"\n", 0, pos) + 1
    col = len(data[start:pos].decode("utf-8", "replace")) + 1
    return data.count(b"\n", 0, pos) + 1, col


@cache
def readers() -> tuple[str, ...]:
    """The kinds with level files, in the order their readers are asked (the fallback last).
    From the kinds' packages' `FILES` (`kinds.level_files`): no kind's module is imported."""
    with_files = [(k, f) for k in KINDS if (f := level_files(k)) is not None]
    return tuple(k for k, f in sorted(with_files, key=lambda kf: kf[1].fallback))


def reader(kind: str) -> ModuleType:
    """Kind `kind`'s file module (`FILES.module`), imported on first use."""
    from importlib import import_module

    files = level_files(kind)
    if files is None:
        raise LevelError(f"{get_kind(kind).title} has no level files")
    return import_module(files.module)


def might_be(kind: str, text: str) -> bool:
    """False when kind `kind`'s reader certainly would not claim `text` (its `FILES.hint`):
    then it is not even imported, so opening a Queens file at start-up skips the other kinds'
    formats."""
    files = level_files(kind)
    hint = files.hint if files else None
    if hint is None:
        return True
    words, starts = hint
    lowered = text.lower()
    if any(word in lowered for word in words):
        return True
    for raw in text.split("\n"):
        line = raw.strip().lstrip("\ufeff").strip()
        if line and not line.startswith("#"):
            return line[0] in starts
    return False


def kind_of_text(text: str, suffix: str) -> str:
    """The kind whose reader claims `text` (a file ending in `suffix`)."""
    for kind in readers():
        if might_be(kind, text) and reader(kind).sniff(text, suffix):
            return kind
    return readers()[-1]


def load_puzzle(path: str | os.PathLike[str]) -> PuzzleLevel:
    """Read a level file of any kind, or a screenshot."""
    shown = os.fspath(path)
    image = _image_level(path)
    if image is not None:
        return image
    text = read_text(path)
    suffix = Path(shown).suffix.lower()
    try:
        return cast("PuzzleLevel", reader(kind_of_text(text, suffix)).parse(text, suffix))
    except LevelError as err:
        raise err.located(shown) from None


def _image_level(path: str | os.PathLike[str]) -> PuzzleLevel | None:
    """The level in `path` if it is a picture (by extension or content), else None.

    The image reader (and Pillow, numpy) is imported only for a picture.
    """
    from queens_tui.formats.image import is_image

    if not is_image(path):
        return None
    from queens_tui.formats.image import read_puzzle

    return read_puzzle(path).level
