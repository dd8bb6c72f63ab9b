"""Queens' daily calendar line: ``<size><difficulty initial> <payload>``.

The payload is the region id of every cell (regions numbered by first
appearance in reading order) as one base-`size` number, in URL-safe base64:
about 60 bytes for a 10x10.
"""

from __future__ import annotations

from queens_tui.core.calendar import b64, head, split, unb64
from queens_tui.core.errors import LevelError
from queens_tui.kinds.queens.level import Level

_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%"
"""Region labels of a decoded level, by region id (not importing the generator for its
`LABELS` keeps a calendar day off its imports on the way to the first frame)."""


def encode(level: Level) -> str:
    """A Queens level as one calendar line."""
    n = level.size
    value = 0
    for row in reversed(level.region_ids):
        for k in reversed(row):
            value = value * n + k
    raw = value.to_bytes(((n ** (n * n) - 1).bit_length() + 7) // 8, "big")
    return f"{head(n, level.difficulty)} {b64(raw)}"


def decode(line: str) -> Level:
    """The level of a calendar line made by `encode` (raises `LevelError` if bad)."""
    try:
        n, difficulty, (payload,) = split(line, (1,))
        value = int.from_bytes(unb64(payload), "big")
    except ValueError as err:
        raise LevelError(f"bad calendar line {line[:40]!r}: {err}") from None
    if not 1 <= n <= len(_LABELS):
        raise LevelError(f"bad calendar line {line[:40]!r}: size {n}")
    rows = []
    for _ in range(n):
        row = []
        for _ in range(n):
            value, k = divmod(value, n)
            row.append(_LABELS[k])
        rows.append("".join(row))
    return Level.from_rows(rows, difficulty=difficulty)
