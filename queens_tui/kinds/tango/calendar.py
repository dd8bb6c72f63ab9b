"""Tango's daily calendar line: ``6h <cells>``.

`cells` is one base-3 number of every cell in reading order (0 empty, 1 moon,
2 sun) followed by every neighbour pair, the pairs to the right in reading
order then the pairs below (0 none, 1 ``=``, 2 ``×``): 26 characters for 6x6.
"""

from __future__ import annotations

from queens_tui.core.calendar import b64, head, split, unb64
from queens_tui.kinds.tango.level import Level, Pair


def _pairs(n: int) -> list[Pair]:
    """Every neighbour pair of an n x n grid: the ones to the right, then the ones below."""
    right = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
    down = [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
    return right + down


def encode(level: Level) -> str:
    """A Tango level as one calendar line."""
    n = level.size
    digits = [0 if v is None else 2 if v == 1 else 1 for row in level.givens for v in row]
    signs = level.signs
    digits += [{"=": 1, "x": 2}.get(signs.get(p, ""), 0) for p in _pairs(n)]
    value = 0
    for d in reversed(digits):
        value = value * 3 + d
    raw = value.to_bytes(((3 ** len(digits) - 1).bit_length() + 7) // 8, "big")
    return f"{head(n, level.difficulty)} {b64(raw)}"


def decode(line: str) -> Level:
    """The Tango level of a line made by `encode`."""
    n, difficulty, (payload,) = split(line, (1,))
    if not 2 <= n <= 20:
        raise ValueError(f"size {n}")
    value = int.from_bytes(unb64(payload), "big")
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
