"""Screenshots in: read a board of any picture kind from a picture, draw a solution onto it.

`read_image(path)` gives a Queens `Level` whose colours are the picture's and whose
`source` is the picture's file name, or raises `LevelError` printed as the one
line `FILE: cannot read a Queens board: <why>` (`a puzzle board` when no kind was
given and no kind found a board). `read_puzzle(path, kind)` reads any picture
kind (Queens, Tango, Zip, Mini Sudoku, Patches: the picture's cells decide
unless `kind` is given). PNG, JPEG, WebP, BMP and GIF, known by extension or by
their first bytes (`is_image`).

How (see the modules): `_grid` finds the board and N from evenly spaced dark
grid lines; `_regions` reads each cell's colour and the border thickness
between cells and joins cells into N connected regions; `_read` opens the
file and assembles the level; `draw` puts queens on a copy of the picture.
The other kinds: the cells `_grid` found, else `_lattice`'s N x N cells (pale
or broken lines, cropped frames), else `_discs` (a solved Zip's dots and path,
no line at all); `_board` crops the board and says which kind its cells look
like (`guess_kind`) before any kind's reader runs; `tango`, `zip`, `sudoku`
and `patches` read the cells (digits by `_glyphs`); `draw` draws the solution.

The kinds plug in through their `KIND.image`, the name of their picture
module (`picture_module`), so nothing here names a kind: `read_board(board,
name)` reads the level off a board the lattice finder located (its doubts
raised as the module's `Unsure`) and `draw(source, reading, solution)` gives
the picture with a solution drawn, as PNG bytes (the CLI replaces its file
whole). The fallback kind's module (its
`KIND.reader_fallback`: Queens, whose grid finder is the faster) finds its
board itself instead, `read_picture(path)`, and is tried first on a picture
of no given kind.

This module is light: Pillow and numpy are imported only when a picture is
actually read or drawn, never at start-up.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from queens_tui.core.errors import LevelError, printable
from queens_tui.core.suffixes import IMAGE_SUFFIXES
from queens_tui.kinds import KINDS, get_kind
from queens_tui.kinds.queens.level import Level

if TYPE_CHECKING:
    from collections.abc import Iterable

    from queens_tui.core.kind import PuzzleLevel
    from queens_tui.formats.image._board import Look
    from queens_tui.formats.image._read import Other, Reading

__all__ = [
    "IMAGE_SUFFIXES",
    "PuzzleReading",
    "draw_solution",
    "is_image",
    "picture_kind",
    "picture_kinds",
    "picture_module",
    "read",
    "read_image",
    "read_puzzle",
]


@cache
def picture_kinds() -> tuple[str, ...]:
    """The kinds read from pictures (`read_puzzle`'s `kind`, `--kind`): those whose `KIND`
    names a picture module (`image`), in `KINDS` order."""
    return tuple(k for k in KINDS if get_kind(k).image is not None)


def picture_module(kind: str) -> ModuleType:
    """Kind `kind`'s picture module (`KIND.image`), imported on first use."""
    from importlib import import_module

    name = get_kind(kind).image
    if name is None:
        raise LevelError(f"{get_kind(kind).title} boards are not read from pictures")
    return import_module(name)


def _fallback() -> str:
    """The kind a picture is read as when its cells show no other kind's marks: the picture
    kind whose reader is also the text files' fallback."""
    return next(k for k in picture_kinds() if get_kind(k).reader_fallback)


def _a_board(kind: str) -> str:
    """How a refusal names a board of `kind`: "a Mini Sudoku board"."""
    return f"a {get_kind(kind).title} board"


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
    from queens_tui.formats.files import regular_head

    head = regular_head(path, 16)  # a pipe or a device is never read to sniff it
    return head is not None and picture_kind(head) is not None


_LAST: dict[str, tuple[tuple[int, int], Reading]] = {}
"""The last few pictures read, by path, with their (mtime, size): `solve --draw` reads once."""


def read(path: str | os.PathLike[str], other: Other | None = None) -> Reading:
    """The board in the picture at `path` and where its cells are, or a located `LevelError`
    (`other`: what other kind's board a grid's cells look like, see `_read.read_picture`)."""
    from queens_tui.formats.image._read import BoardError, read_picture

    shown = os.fspath(path)
    stamp = _stamp(path)
    hit = _LAST.get(shown)
    if hit is not None and hit[0] == stamp and stamp[0] >= 0:
        return hit[1]
    try:
        reading = read_picture(path, printable(Path(shown).name), other)  # (the level's source)
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
    seen: str | None = None
    """What the cells looked like and how many agree with the kind read: "Tango, 36 of 36
    cells look it (1.00); saw a 6x6 grid, 12 cells with a sun or moon, ..." (None when the
    kind was given as the fallback's, whose reader reads its own board)."""
    lean: tuple[float, float] = (0.0, 0.0)
    """(shear, y0): the point (x, y) of the cells above is at (x + shear (y - y0), y) in the
    picture (a leaning picture, straightened to be read: see `_board.Board.lean`)."""


_LAST_PUZZLE: dict[tuple[str, str | None], tuple[tuple[int, int], PuzzleReading]] = {}
"""The last few pictures read by `read_puzzle`: `solve --draw` reads once."""


def read_puzzle(path: str | os.PathLike[str], kind: str | None = None) -> PuzzleReading:
    """The board of a picture kind in the picture at `path`, or a located `LevelError`.

    `kind` None: the cells decide (suns and moons: Tango; dark numbered discs: Zip;
    anything else goes to the fallback kind's reader, Queens'). A picture of a board the
    reader is unsure of is refused with what it saw, never guessed.
    """
    from queens_tui.formats.image._read import import_numpy

    shown = os.fspath(path)
    stamp = _stamp(path)
    hit = _LAST_PUZZLE.get((shown, kind))
    if hit is not None and hit[0] == stamp and stamp[0] >= 0:
        return hit[1]
    import_numpy()  # (before any reader imports it: see there)
    try:
        reading = _read_puzzle(path, kind, printable(Path(shown).name))  # the level's source
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
    """`read_puzzle` without the cache and the location of errors.

    The boards looked at, in turn: the cells the fallback kind's grid finder found (fast:
    evenly spaced lines), then the cells the lattice finder locates (pale, broken or cut
    lines). On each, the cells say which kind the board is (`guess_kind`) before any
    kind's reader runs; the first board a reader reads gives the level. A failure is said
    of the kind the picture looks like (or was given), with what was seen."""
    from queens_tui.formats.image._board import (
        Board,
        PictureError,
        board_at,
        locate,
        locate_discs,
        look,
    )

    kinds = picture_kinds()
    if kind is not None and kind not in kinds:
        raise LevelError(f"pictures are read as {', '.join(kinds)}, not {kind}")
    fallback = _fallback()
    if kind == fallback:
        reading: PuzzleReading = picture_module(kind).read_picture(path)
        return reading
    first: PuzzleReading | None = None
    first_error: LevelError | None = None
    # what the cells of each grid the fallback's finder tried look like: told before its
    # reader reads them (a board of another kind stops its search there), told once
    guessed: dict[tuple[tuple[float, ...], ...], tuple[Board, Look]] = {}

    def looks(xs: tuple[float, ...], ys: tuple[float, ...]) -> str | None:
        board = board_at(path, xs, ys)
        found = look(board)
        guessed[(xs, ys)] = (board, found)
        return None if found.kind is None else f"this looks like {_a_board(found.kind)}"

    try:  # the fallback's grid finder first (the faster); its cells are the first board
        first = picture_module(fallback).read_picture(path, looks)
    except LevelError as err:
        first_error = err
    cells = (first.xs, first.ys) if first is not None else _cells_of(first_error)
    failure: LevelError | None = None
    seen = "no board"
    lattice_error: PictureError | None = None
    # no lines for the fallback's finder: a solved Zip's dots and path are looked for first
    # (a tenth of the lattice finder's time, and they find nothing on other boards)
    order = ("grid", "lattice", "discs") if cells is not None else ("discs", "lattice")
    for attempt in order:
        if attempt == "grid":
            if cells is None:
                continue
            if cells in guessed:
                board, cells_look = guessed[cells]
            else:
                board = board_at(path, *cells)
                cells_look = look(board)
        elif attempt == "discs":  # no lines: a solved Zip's dots and path
            if kind not in (None, "zip"):
                continue
            try:
                found = locate_discs(path)
            except LevelError:  # (not a picture: the errors above say why)
                continue
            if found is None:
                continue
            board = found
            cells_look = look(board)
        else:
            try:
                board = locate(path, kind)
            except PictureError as err:
                lattice_error = err
                continue
            cells_look = look(board)
        seen_kind, seen = cells_look.kind, cells_look.seen
        if kind is None and seen_kind is None and first is not None:
            # plain coloured regions: the fallback's reading stands
            return replace(first, seen=_said(fallback, None, cells_look))
        target = kind or seen_kind
        if target is None:
            continue  # nothing of another kind here: the fallback's word stands
        if kind is not None and seen_kind not in (None, kind):
            failure = failure or PictureError(
                f"this looks like {_a_board(seen_kind)} ({seen})", kind
            )
            continue
        if target not in kinds:
            raise PictureError(f"this looks like {_a_board(target)} ({seen}), which is not read")
        try:
            level = _read_kind(board, target, name, seen)
        except PictureError as err:
            failure = failure or err
            continue
        said = _said(target, None if target == fallback else target, cells_look)
        return PuzzleReading(level, board.picture_xs(), board.picture_ys(), said, board.lean)
    if failure is not None:
        raise failure
    if lattice_error is not None and (kind is not None or first_error is None):
        raise lattice_error
    if lattice_error is not None and cells is None:
        assert first_error is not None
        raise _no_board(first_error)
    if kind is not None:
        raise PictureError(f"saw {seen}", kind)
    if cells is None and seen != "no board":  # no lines for Queens, a lattice of no kind
        raise PictureError(f"saw {seen}: no kind's board")
    assert first_error is not None  # (no cells of any kind: the fallback's reader failed)
    raise first_error


def _said(kind: str, told: str | None, cells: Look) -> str:
    """The reading's note: the kind read, how many cells agree with what was `told` of them
    (None: no other kind's marks), what was seen."""
    return f"{get_kind(kind).title}, {cells.confidence(told)}; saw {cells.seen}"


def _cells_of(err: LevelError | None) -> tuple[tuple[float, ...], tuple[float, ...]] | None:
    """The cells the fallback reader found before its error (None: it found none)."""
    grid = getattr(err, "grid", None)
    return None if grid is None else (grid.xs, grid.ys)


def _no_board(err: LevelError) -> LevelError:
    """The fallback reader's error on a picture where no kind found a board: said of a puzzle
    board, not of the fallback's kind, since every picture kind was looked for."""
    from queens_tui.formats.image._read import PREFIX

    why = err.message.removeprefix(PREFIX)
    return LevelError(f"cannot read a puzzle board: {why}", path=err.path)


def _read_kind(board: Any, kind: str, name: str, seen: str) -> PuzzleLevel:
    """The level of `kind` on a located board, or `PictureError` with what was seen."""
    from queens_tui.formats.image._board import PictureError

    module = picture_module(kind)
    try:
        level: PuzzleLevel = module.read_board(board, name)
    except module.Unsure as err:
        raise PictureError(f"{err}; saw {seen}", kind) from None
    except LevelError as err:
        raise PictureError(f"{err.message}; saw {seen}", kind) from None
    return level


def draw_solution(path: str | os.PathLike[str], kind: str, solution: Iterable[Any]) -> bytes:
    """The PNG bytes of the picture at `path` with `solution`, of kind `kind`, drawn onto its
    board by the kind's picture module. The board is where `read_puzzle` found it (cached:
    `solve --draw` has just read the picture). Bytes, not a file: the caller replaces its
    file whole (a full disk must not leave half a picture where a good one was)."""
    return cast("bytes", picture_module(kind).draw(path, read_puzzle(path, kind), solution))
