"""Screenshots in: read a Queens board from a picture, draw a solution onto it.

`read_image(path)` gives a `Level` whose colours are the picture's and whose
`source` is the picture's file name, or raises `LevelError` printed as the one
line `FILE: cannot read a Queens board: <why>`. PNG, JPEG, WebP, BMP and GIF,
known by extension or by their first bytes (`is_image`).

How (see the modules): `_grid` finds the board and N from evenly spaced dark
grid lines; `_regions` reads each cell's colour and the border thickness
between cells and joins cells into N connected regions; `_read` opens the
file and assembles the level; `draw` puts queens on a copy of the picture.

This module is light: Pillow and numpy are imported only when a picture is
actually read or drawn, never at start-up.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from queens_tui.core.suffixes import IMAGE_SUFFIXES
from queens_tui.kinds.queens.level import Level, LevelError

if TYPE_CHECKING:
    from queens_tui.formats.image._read import Reading

__all__ = ["IMAGE_SUFFIXES", "is_image", "picture_kind", "read", "read_image"]

_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "PNG"),
    (b"\xff\xd8\xff", "JPEG"),
    (b"GIF87a", "GIF"),
    (b"GIF89a", "GIF"),
    (b"BM", "BMP"),
)


def picture_kind(head: bytes) -> str | None:
    """ "PNG", "JPEG", "GIF", "WEBP" or "BMP" from a file's first 16 bytes, else None."""
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WEBP"
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            if kind == "BMP" and len(head) >= 14 and head[6:10] != b"\0\0\0\0":
                return None  # "BM" text, not a bitmap header (reserved bytes are zero)
            return kind
    return None


def is_image(path: str | os.PathLike[str]) -> bool:
    """Is `path` a picture? By extension, else by its first bytes (never raises)."""
    if Path(path).suffix.lower() in IMAGE_SUFFIXES:
        return True
    if os.fspath(path) == "-":
        return False
    try:
        with open(path, "rb") as f:
            return picture_kind(f.read(16)) is not None
    except (OSError, ValueError):
        return False


_LAST: dict[str, tuple[tuple[int, int], Reading]] = {}
"""The last few pictures read, by path, with their (mtime, size): `solve --draw` reads once."""


def read(path: str | os.PathLike[str]) -> Reading:
    """The board in the picture at `path` and where its cells are, or a located `LevelError`."""
    from queens_tui.formats.image._read import BoardError, read_picture

    shown = os.fspath(path)
    try:
        st = os.stat(path)
        stamp = (st.st_mtime_ns, st.st_size)
    except (OSError, ValueError):
        stamp = (-1, -1)
    hit = _LAST.get(shown)
    if hit is not None and hit[0] == stamp and stamp[0] >= 0:
        return hit[1]
    try:
        reading = read_picture(path, name=Path(shown).name)
        if len(_LAST) >= 8:
            _LAST.pop(next(iter(_LAST)))
        _LAST[shown] = (stamp, reading)
        return reading
    except BoardError as err:
        raise err.located(shown) from None
    except LevelError as err:  # pragma: no cover - every failure above is a BoardError
        raise err.located(shown) from None
    except (MemoryError, RecursionError) as err:
        raise BoardError(f"out of resources ({type(err).__name__})").located(shown) from None


def read_image(path: str | os.PathLike[str]) -> Level:
    """The Queens level in the picture at `path` (see `read`)."""
    return read(path).level
