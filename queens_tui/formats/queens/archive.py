"""LinkedIn's daily archive, Queens days: `board` (rows of region numbers 0..N-1) or, on the
earliest days, `regions` (region id -> list of `[row, col]` cells).

Regions become the labels `A`, `B`, ... in the order of their numbers, as the
text format writes them; the day's number, date and difficulty are kept (see
`formats.archive`). A day whose regions do not cover the grid once each is
refused at the key that is wrong.
"""

from __future__ import annotations

import string
from typing import Any

from queens_tui.core.errors import LevelError
from queens_tui.formats import archive
from queens_tui.formats._common import whole_number
from queens_tui.kinds.queens.level import MAX_SIZE, Level

LABELS = string.ascii_uppercase + string.ascii_lowercase + string.digits
"""Region labels by region number."""

MAX_LABELS = 1 << 20
"""Region letters on a board are numbered from here (after any region number)."""


def parse_archive(text: str) -> Level:
    """The Queens level of an archive day; `LevelError` located at the key at fault."""
    data = archive.load_day(text, Level.kind)
    size = archive.grid_size(data, text)
    if "board" in data:
        ids = _board(data["board"], text)
    elif isinstance(data.get("regions"), list):  # regions in order, each a list of cells
        regions = {str(i): cells for i, cells in enumerate(data["regions"])}
        ids = _regions(regions, size, text)
    elif isinstance(data.get("regions"), dict):
        ids = _regions(data["regions"], size, text)
    else:
        raise archive.fail(text, "game", 'no "board" or "regions": not a Queens archive day')
    n = len(ids)
    if size is not None and size != (n, n):
        raise archive.fail(
            text, "grid_size", f"grid_size says {size[0]}x{size[1]}, the board {n}x{n}"
        )
    numbers = sorted({v for row in ids for v in row})
    if len(numbers) > len(LABELS):
        raise archive.fail(text, "board", f"{len(numbers)} regions: at most {len(LABELS)}")
    label = {v: LABELS[i] for i, v in enumerate(numbers)}
    meta = archive.metadata(data, text, Level.kind)
    try:
        grid = tuple(tuple(label[v] for v in row) for row in ids)
        return Level(grid, {}, **meta)
    except LevelError as err:
        raise archive.fail(text, "board" if "board" in data else "regions", err.message) from None


def _board(board: Any, text: str) -> list[list[int]]:
    """`board` checked: N rows of N region numbers (or of region letters, or N strings of
    letters), as rows of numbers."""
    if not isinstance(board, list) or not board or len(board) > MAX_SIZE:
        raise archive.fail(text, "board", f"board must be 1 to {MAX_SIZE} rows of region numbers")
    n = len(board)
    board = [list(row) if isinstance(row, str) else row for row in board]
    letters: dict[str, int] = {}
    out = []
    for r, row in enumerate(board):
        if not isinstance(row, list) or len(row) != n:
            raise archive.fail(text, "board", f"board row {r + 1} is not {n} region numbers")
        for v in row:
            if isinstance(v, str) and len(v.strip()) == 1 and v.strip().isalnum():
                continue
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise archive.fail(
                    text, "board", f"board row {r + 1}: {v!r} is not a region number"
                )
        out.append(
            [
                v
                if isinstance(v, int)
                else MAX_LABELS + letters.setdefault(v.strip(), len(letters))
                for v in row
            ]
        )
    return out


def _regions(regions: dict[str, Any], size: tuple[int, int] | None, text: str) -> list[list[int]]:
    """`regions` (id -> cells) as rows of region numbers; every cell exactly once."""
    n = len(regions) if size is None else size[0]
    if not 1 <= n <= MAX_SIZE:
        raise archive.fail(text, "regions", f"{n} regions: a board is 1 to {MAX_SIZE} wide")
    grid: list[list[int | None]] = [[None] * n for _ in range(n)]
    for number, (key, cells) in enumerate(sorted(regions.items(), key=lambda kv: _order(kv[0]))):
        if not isinstance(cells, list):
            raise archive.fail(
                text, "regions", f"region {key!r} must be a list of [row, col] cells"
            )
        for item in cells:
            r, c = archive.cell(item, n, n, text, "regions")
            if grid[r][c] is not None:
                raise archive.fail(text, "regions", f"cell [{r}, {c}] is in two regions")
            grid[r][c] = number
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v is None:
                raise archive.fail(text, "regions", f"cell [{r}, {c}] is in no region")
    return [[v or 0 for v in row] for row in grid]


def _order(key: str) -> tuple[int, str]:
    """Region ids sort as numbers where they are ("10" after "9")."""
    number = whole_number(key)
    return (number, key) if number is not None else (1 << 30, key)
