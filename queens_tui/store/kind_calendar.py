"""The frozen daily calendars of Tango and Zip: one line a day, as Queens' (`store.daily`).

``levels/daily/<kind>/YYYY.days`` (made by ``python tests/make_daily.py --kind
K``) holds a line per day of the year; ``-`` is a day it does not hold. A day
in the calendar opens at once and is the same for everyone whatever version of
the generator they run; beyond it the day is generated from the date
(`store.kind_daily`). Lines, ``<size><difficulty initial> <payload...>`` in
URL-safe base64 without padding:

- Tango: ``6h <cells>``, `cells` one base-3 number of every cell in reading
  order (0 empty, 1 moon, 2 sun) followed by every neighbour pair, the pairs
  to the right in reading order then the pairs below (0 none, 1 ``=``, 2
  ``×``): 26 characters for 6x6.
- Zip: ``8x <numbers> [<walls>]``, `numbers` the cell index ``r * size + c``
  of 1, 2, ..., K, one byte each; `walls` one byte each, ``2 * index + 0``
  for a wall right of the cell, ``+ 1`` below it: about 20 characters for 8x8.
"""

from __future__ import annotations

import binascii
import dataclasses
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Any

from queens_tui.core.errors import LevelError
from queens_tui.store.daily import calendar_line

if TYPE_CHECKING:
    from queens_tui.core.kind import PuzzleLevel
    from queens_tui.kinds.tango.level import Level as TangoLevel
    from queens_tui.kinds.zip.level import ZipLevel

_INITIAL = {"easy": "e", "medium": "m", "hard": "h", "expert": "x"}
_DIFFICULTY = {v: k for k, v in _INITIAL.items()}
_URLSAFE = str.maketrans({"+": "-", "/": "_", "=": None})
_STANDARD = str.maketrans({"-": "+", "_": "/"})
_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _b64(raw: bytes) -> str:
    return binascii.b2a_base64(raw, newline=False).decode("ascii").translate(_URLSAFE)


def _unb64(text: str) -> bytes:
    if not set(text) <= _B64:
        raise ValueError("not URL-safe base64")
    return binascii.a2b_base64(text.translate(_STANDARD) + "=" * (-len(text) % 4))


def _head(size: int, difficulty: str | None) -> str:
    return f"{size}{_INITIAL.get(difficulty or '', '-')}"


def _split(line: str, fields: tuple[int, ...]) -> tuple[int, str | None, list[str]]:
    """(size, difficulty, payloads) of a line with one of `fields` payload counts."""
    parts = line.split()
    if len(parts) - 1 not in fields:
        raise ValueError(f"{len(parts) - 1} payloads")
    head = parts[0]
    return int(head[:-1]), _DIFFICULTY.get(head[-1]), parts[1:]


Pair = tuple[tuple[int, int], tuple[int, int]]


def _pairs(n: int) -> list[Pair]:
    """Every neighbour pair of an n x n grid: the ones to the right, then the ones below."""
    right = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
    down = [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
    return right + down


def encode_tango(level: TangoLevel) -> str:
    """A Tango level as one calendar line (see the module docstring)."""
    n = level.size
    digits = [0 if v is None else 2 if v == 1 else 1 for row in level.givens for v in row]
    signs = level.signs
    digits += [{"=": 1, "x": 2}.get(signs.get(p, ""), 0) for p in _pairs(n)]
    value = 0
    for d in reversed(digits):
        value = value * 3 + d
    raw = value.to_bytes(((3 ** len(digits) - 1).bit_length() + 7) // 8, "big")
    return f"{_head(n, level.difficulty)} {_b64(raw)}"


def decode_tango(line: str) -> TangoLevel:
    """The Tango level of a line made by `encode_tango`."""
    from queens_tui.kinds.tango.level import Level

    n, difficulty, (payload,) = _split(line, (1,))
    if not 2 <= n <= 20:
        raise ValueError(f"size {n}")
    value = int.from_bytes(_unb64(payload), "big")
    cells = []
    for _ in range(n * n):
        value, d = divmod(value, 3)
        cells.append(None if d == 0 else 1 if d == 2 else 0)
    equal: list[Pair] = []
    opposite: list[Pair] = []
    for pair in _pairs(n):
        value, d = divmod(value, 3)
        (equal if d == 1 else opposite if d == 2 else []).append(pair)
    givens = tuple(tuple(cells[r * n : (r + 1) * n]) for r in range(n))
    return Level(givens, tuple(equal), tuple(opposite), difficulty=difficulty)


def encode_zip(level: ZipLevel) -> str:
    """A square Zip level as one calendar line (see the module docstring); sides up to 11."""
    n = level.rows
    if level.cols != n or n > 11:
        raise ValueError(f"a {level.size_text} Zip level has no calendar line (square, <= 11)")
    numbers = bytes(r * n + c for r, c in level.number_cells)
    walls = bytes(2 * (a[0] * n + a[1]) + (a[0] != b[0]) for a, b in level.walls)
    line = f"{_head(n, level.difficulty)} {_b64(numbers)}"
    return f"{line} {_b64(walls)}" if walls else line


def decode_zip(line: str) -> ZipLevel:
    """The Zip level of a line made by `encode_zip`."""
    from queens_tui.kinds.zip.level import ZipLevel

    n, difficulty, payloads = _split(line, (1, 2))
    if not 1 <= n <= 11:
        raise ValueError(f"size {n}")
    grid = [[0] * n for _ in range(n)]
    for k, i in enumerate(_unb64(payloads[0]), start=1):
        if i >= n * n:
            raise ValueError(f"cell {i}")
        grid[i // n][i % n] = k
    walls = []
    for code in _unb64(payloads[1]) if len(payloads) > 1 else b"":
        r, c = divmod(code // 2, n)
        walls.append(((r, c), (r + 1, c) if code % 2 else (r, c + 1)))
    return ZipLevel(n, n, tuple(map(tuple, grid)), tuple(walls), difficulty=difficulty)


ENCODERS: dict[str, Callable[[Any], str]] = {"tango": encode_tango, "zip": encode_zip}
"""Each takes its own kind's level (a `TangoLevel`, a `ZipLevel`): callers look it up by the
level's `kind`."""
DECODERS: dict[str, Callable[[str], PuzzleLevel]] = {"tango": decode_tango, "zip": decode_zip}
"""The kinds with a calendar line format, besides Queens (`store.daily`)."""


def from_calendar(kind: str, day: date, name: str, seed: str) -> PuzzleLevel | None:
    """`day`'s `kind` puzzle from its shipped calendar (named `name`, seeded `seed`), or None
    beyond the calendar, for a kind without one, or when the line is damaged."""
    decode = DECODERS.get(kind)
    line = calendar_line(kind, day) if decode is not None else None
    if decode is None or line is None:
        return None
    try:
        level = decode(line)
    except (ValueError, LevelError):
        return None
    made: PuzzleLevel = dataclasses.replace(  # type: ignore[type-var]  # levels are dataclasses
        level, name=name, date=day.isoformat(), seed=seed
    )
    return made
