"""Screenshots in: read a Queens, Tango or Zip board from a picture, draw a solution onto it.

`read_image(path)` gives a Queens `Level` whose colours are the picture's and whose
`source` is the picture's file name, or raises `LevelError` printed as the one
line `FILE: cannot read a Queens board: <why>`. `read_puzzle(path, kind)` reads
any of the three kinds (the picture's cells decide unless `kind` is given) and
refuses a Mini Sudoku or Patches board by name. PNG, JPEG, WebP, BMP and GIF,
known by extension or by their first bytes (`is_image`).

How (see the modules): `_grid` finds the board and N from evenly spaced dark
grid lines; `_regions` reads each cell's colour and the border thickness
between cells and joins cells into N connected regions; `_read` opens the
file and assembles the level; `draw` puts queens on a copy of the picture.
Tango and Zip: `_lattice` finds the N x N cells (pale or broken lines, cropped
frames), `_board` crops the board and says which kind its cells look like,
`tango` and `zip` read the cells, signs, numbers and walls; `draw` draws suns
and moons, or the path.

This module is light: Pillow and numpy are imported only when a picture is
actually read or drawn, never at start-up.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from queens_tui.core.suffixes import IMAGE_SUFFIXES
from queens_tui.kinds.queens.level import Level, LevelError

if TYPE_CHECKING:
    from queens_tui.core.kind import PuzzleLevel
    from queens_tui.formats.image._read import Reading

PICTURE_KINDS = ("queens", "tango", "zip")
"""The kinds read from pictures (`read_puzzle`'s `kind`)."""

SEEMS = {"sudoku": "a Mini Sudoku board", "patches": "a Patches board"}
"""Kinds recognised in a picture but not read from one: the refusal names them."""

__all__ = [
    "IMAGE_SUFFIXES",
    "PuzzleReading",
    "is_image",
    "picture_kind",
    "read",
    "read_image",
    "read_puzzle",
]

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
    stamp = _stamp(path)
    hit = _LAST.get(shown)
    if hit is not None and hit[0] == stamp and stamp[0] >= 0:
        return hit[1]
    try:
        reading = read_picture(path, name=Path(shown).name)
        _keep(_LAST, shown, (stamp, reading))
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


@dataclass(frozen=True)
class PuzzleReading:
    """A picture read as a level of some kind, and where its cells are (picture pixels)."""

    level: PuzzleLevel
    xs: tuple[float, ...]
    ys: tuple[float, ...]


_LAST_PUZZLE: dict[tuple[str, str | None], tuple[tuple[int, int], PuzzleReading]] = {}
"""The last few pictures read by `read_puzzle`: `solve --draw` reads once."""


def read_puzzle(path: str | os.PathLike[str], kind: str | None = None) -> PuzzleReading:
    """The Queens, Tango or Zip board in the picture at `path`, or a located `LevelError`.

    `kind` None: the cells decide (suns and moons: Tango; dark numbered discs: Zip;
    anything else goes to the Queens reader). A picture of a board the reader is
    unsure of is refused with what it saw, never guessed.
    """
    shown = os.fspath(path)
    stamp = _stamp(path)
    hit = _LAST_PUZZLE.get((shown, kind))
    if hit is not None and hit[0] == stamp and stamp[0] >= 0:
        return hit[1]
    try:
        reading = _read_puzzle(path, kind, Path(shown).name)
    except LevelError as err:
        raise err.located(shown) from None
    except (MemoryError, RecursionError) as err:
        raise LevelError(
            f"cannot read the picture: out of resources ({type(err).__name__})"
        ).located(shown) from None
    _keep(_LAST_PUZZLE, (shown, kind), (stamp, reading))
    return reading


def _stamp(path: str | os.PathLike[str]) -> tuple[int, int]:
    """A picture's (mtime, size), or (-1, -1) when it cannot be seen (never cached then)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return (-1, -1)
    return (st.st_mtime_ns, st.st_size)


def _keep(cache: dict[Any, Any], key: object, value: object) -> None:
    """Remember `value` under `key`, the oldest of 8 dropped."""
    if len(cache) >= 8:
        cache.pop(next(iter(cache)))
    cache[key] = value


def _read_puzzle(path: str | os.PathLike[str], kind: str | None, name: str) -> PuzzleReading:
    """`read_puzzle` without the cache and the location of errors."""
    from queens_tui.formats.image._board import PictureError, board_at, guess_kind, locate

    if kind is not None and kind not in PICTURE_KINDS:
        raise LevelError(f"pictures are read as {', '.join(PICTURE_KINDS)}, not {kind}")
    if kind is None:
        try:  # Queens first (its grid finder is the faster), unless its cells say otherwise
            queens = read(path)
        except LevelError as err:
            queens_error = err
        else:
            board = board_at(path, queens.xs, queens.ys)
            seen_kind, seen = guess_kind(board)
            if seen_kind is None:
                return PuzzleReading(queens.level, queens.xs, queens.ys)
            if seen_kind in SEEMS:
                raise PictureError(
                    f"this looks like {SEEMS[seen_kind]} ({seen}), which is not read"
                )
            level = _read_kind(board, seen_kind, name, seen)
            return PuzzleReading(level, board.picture_xs(), board.picture_ys())
    elif kind == "queens":
        queens = read(path)
        return PuzzleReading(queens.level, queens.xs, queens.ys)
    try:
        board = locate(path, kind)
    except PictureError:
        if kind is None:
            raise queens_error from None
        raise
    seen_kind, seen = guess_kind(board)
    if kind is None:
        if seen_kind in SEEMS:
            raise PictureError(f"this looks like {SEEMS[seen_kind]} ({seen}): not read")
        if seen_kind is None:  # not Tango nor Zip cells: the Queens reader's word stands
            raise queens_error
        kind = seen_kind
    elif seen_kind != kind:
        what = "" if seen_kind is None else SEEMS.get(seen_kind, f"a {seen_kind.title()} board")
        raise PictureError(f"this looks like {what} ({seen})" if what else f"saw {seen}", kind)
    level = _read_kind(board, kind, name, seen)
    return PuzzleReading(level, board.picture_xs(), board.picture_ys())


def _read_kind(board: Any, kind: str, name: str, seen: str) -> PuzzleLevel:
    """The level of `kind` on a located board, or `PictureError` with what was seen."""
    from queens_tui.formats.image import tango, zip
    from queens_tui.formats.image._board import PictureError

    try:
        if kind == "tango":
            return tango.read_tango(board, name)
        return zip.read_zip(board, name)
    except (tango.Unsure, zip.Unsure) as err:
        raise PictureError(f"{err}; saw {seen}", kind) from None
    except LevelError as err:
        raise PictureError(f"{err.message}; saw {seen}", kind) from None
