"""Zip's daily calendar line: ``8x <numbers> [<walls>]``.

`numbers` is the cell index ``r * size + c`` of 1, 2, ..., K, one byte each;
`walls` one byte each, ``2 * index + 0`` for a wall right of the cell, ``+ 1``
below it: about 20 characters for 8x8. Square levels up to 11x11.
"""

from __future__ import annotations

from queens_tui.core.calendar import b64, head, split, unb64
from queens_tui.kinds.zip.level import ZipLevel


def encode(level: ZipLevel) -> str:
    """A square Zip level as one calendar line; sides up to 11."""
    n = level.rows
    if level.cols != n or n > 11:
        raise ValueError(f"a {level.size_text} Zip level has no calendar line (square, <= 11)")
    numbers = bytes(r * n + c for r, c in level.number_cells)
    walls = bytes(2 * (a[0] * n + a[1]) + (a[0] != b[0]) for a, b in level.walls)
    line = f"{head(n, level.difficulty)} {b64(numbers)}"
    return f"{line} {b64(walls)}" if walls else line


def decode(line: str) -> ZipLevel:
    """The Zip level of a line made by `encode`."""
    n, difficulty, payloads = split(line, (1, 2))
    if not 1 <= n <= 11:
        raise ValueError(f"size {n}")
    grid = [[0] * n for _ in range(n)]
    for k, i in enumerate(unb64(payloads[0]), start=1):
        if i >= n * n:
            raise ValueError(f"cell {i}")
        grid[i // n][i % n] = k
    walls = []
    for code in unb64(payloads[1]) if len(payloads) > 1 else b"":
        r, c = divmod(code // 2, n)
        walls.append(((r, c), (r + 1, c) if code % 2 else (r, c + 1)))
    return ZipLevel(n, n, tuple(map(tuple, grid)), tuple(walls), difficulty=difficulty)
