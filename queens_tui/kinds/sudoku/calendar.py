"""Mini Sudoku's daily calendar line: ``6h <cells>``.

`cells` is the 36 cells in reading order as one base-7 number (0 empty, 1-6
the digit), big-endian bytes in URL-safe base64 without padding: 18 characters.
"""

from __future__ import annotations

from queens_tui.core.calendar import b64, head, split, unb64
from queens_tui.kinds.sudoku.level import SIZE, Level

_CELLS = SIZE * SIZE
_BYTES = ((7**_CELLS - 1).bit_length() + 7) // 8


def encode(level: Level) -> str:
    """A Mini Sudoku level as one calendar line."""
    value = 0
    for row in reversed(level.givens):
        for v in reversed(row):
            value = value * 7 + (v or 0)
    return f"{head(SIZE, level.difficulty)} {b64(value.to_bytes(_BYTES, 'big'))}"


def decode(line: str) -> Level:
    """The level of a line made by `encode`; `ValueError` (or `LevelError`) when damaged."""
    n, difficulty, (payload,) = split(line, (1,))
    if n != SIZE:
        raise ValueError(f"size {n}")
    value = int.from_bytes(unb64(payload), "big")
    cells: list[int | None] = []
    for _ in range(_CELLS):
        value, d = divmod(value, 7)
        cells.append(d or None)
    if value:
        raise ValueError("more than 36 cells")
    givens = tuple(tuple(cells[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))
    return Level(givens, difficulty=difficulty)
