"""Patches' daily calendar line: ``<size><difficulty initial> <clues>``.

`clues` is two bytes a clue in reading order, in URL-safe base64 without
padding: the cell index ``r * size + c`` with the shape in the top two bits
(0 square, 1 tall, 2 wide, 3 free), then the size (0: not given). Square grids
up to 8x8: about 40 characters a line.
"""

from __future__ import annotations

from queens_tui.core.calendar import b64, head, split, unb64
from queens_tui.kinds.patches.level import SHAPES, Clue, Level


def encode(level: Level) -> str:
    """A square Patches level up to 8x8 as one calendar line."""
    n = level.rows
    if level.cols != n or n > 8:
        raise ValueError(f"a {level.size_text} Patches level has no calendar line (square, <= 8)")
    raw = bytearray()
    for clue in level.clues:
        raw += bytes(((SHAPES.index(clue.shape) << 6) | (clue.row * n + clue.col), clue.size or 0))
    return f"{head(n, level.difficulty)} {b64(bytes(raw))}"


def decode(line: str) -> Level:
    """The Patches level of a line made by `encode`; `ValueError` when the line is damaged."""
    n, difficulty, (payload,) = split(line, (1,))
    if not 2 <= n <= 8:
        raise ValueError(f"size {n}")
    raw = unb64(payload)
    if len(raw) % 2:
        raise ValueError("odd payload")
    clues = []
    for i in range(0, len(raw), 2):
        code, size = raw[i], raw[i + 1]
        index = code & 63
        if index >= n * n:
            raise ValueError(f"cell {index}")
        clues.append(Clue(index // n, index % n, SHAPES[code >> 6], size or None))
    return Level(n, n, tuple(clues), difficulty=difficulty)
