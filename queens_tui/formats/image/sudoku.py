"""Reading a Mini Sudoku board from a located picture: the digits in its 6x6 cells.

A digit is the ink near a cell's middle that differs from the cell's own grey
(dark on the light theme, light on the dark one), cut out as one connected
glyph and compared with the digits Pillow's font draws (`_glyphs`). The rules
then decide between close readings: the digits read are the rule-abiding
choice of least total unlikeness (no digit twice in a row, column or 2x3 box),
found by a small branch-and-bound search; a cell whose digit is not clearly its
best match, and which the rules do not settle, is refused rather than guessed.

Givens and entered digits: LinkedIn draws the givens grey and the player's
digits black (white on the dark theme), so the ink's contrast with its cell
falls into two groups. A picture with two clear groups gives the fainter
group as the level's givens when they alone lead to the one solution the
picture shows (a solved picture); an unfinished board keeps only its givens.
Otherwise every digit seen is a given (a finished board reads as itself).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from queens_tui.formats.image._stats import percentile
from queens_tui.kinds.sudoku.level import BOX_COLS, BOX_ROWS, SIZE, Level

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from queens_tui.formats.image import PuzzleReading
    from queens_tui.formats.image._board import Board

CELL_PIXELS = 48
"""A cell's middle is read at this many pixels a side (digits need no more)."""

INK = 45.0
"""Grey levels a pixel must differ from its cell's own grey to be ink."""

MARGIN = 0.02
"""How much better (mean absolute difference) a digit's best match must be than its second,
where the rules do not decide: closer is refused."""

GROUPS = 0.72
"""Two groups of ink contrast are the givens and the player's digits when the fainter
group's strongest is at most this share of the stronger group's faintest."""


SEARCH_NODES = 20_000
"""Steps the search for the rule-abiding reading may take (a board read right needs a few
hundred at most: most digits are their own best match); more means the cells are not
the board's, refused rather than searched for seconds."""


class Unsure(Exception):
    """A digit that cannot be told."""


def read_board(board: Board, name: str | None) -> Level:
    """The Mini Sudoku level in `board` (`Unsure` when a digit cannot be read)."""
    from queens_tui.formats.image._glyphs import digit_costs

    if board.n != SIZE:
        raise Unsure(f"a {board.n}x{board.n} grid: Mini Sudoku boards are 6x6")
    costs: dict[tuple[int, int], list[float]] = {}
    contrast: dict[tuple[int, int], float] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            found = _glyph(board, r, c)
            if found is None:
                continue
            glyph, strength = found
            costs[(r, c)] = digit_costs(glyph)[1 : SIZE + 1]
            contrast[(r, c)] = strength
    if not costs:
        raise Unsure("no digits in the cells")
    digits = _best_valid(costs)
    givens = _givens(digits, contrast)
    rows = tuple(tuple(givens.get((r, c)) for c in range(SIZE)) for r in range(SIZE))
    return Level(rows, source=name)


def draw(
    source: str | os.PathLike[str],
    reading: PuzzleReading,
    solution: Iterable[Iterable[int]],
) -> bytes:
    """The PNG bytes of `source` with the solution's digits written in the cells the level
    leaves empty."""
    from queens_tui.formats.image.draw import draw_digits

    givens = reading.level.givens  # type: ignore[attr-defined]
    cells = {
        (r, c): v
        for r, row in enumerate(solution)
        for c, v in enumerate(row)
        if givens[r][c] is None
    }
    return draw_digits(source, reading.xs, reading.ys, cells)


def _glyph(board: Board, r: int, c: int) -> tuple[npt.NDArray[np.float32], float] | None:
    """The digit in cell (r, c), scaled for comparing, and its ink's contrast with the cell;
    None for an empty cell."""
    import numpy as np
    from PIL import Image

    from queens_tui.formats.image._board import background
    from queens_tui.formats.image._glyphs import blob, scale

    bg = background(board, r, c)
    rows, cols = board.box(r + 0.5, c + 0.5, 0.36)  # inside the lines and a selection's frame
    patch = board.gray[rows, cols]
    if patch.size < 16:
        return None
    small = Image.fromarray(np.clip(patch, 0, 255).astype(np.uint8)).resize(
        (CELL_PIXELS, CELL_PIXELS), Image.Resampling.BOX
    )
    g = np.asarray(small, dtype=np.float32)
    diff = np.abs(g - bg)
    ink = blob(diff > INK, round(0.15 * CELL_PIXELS))
    if ink is None or np.count_nonzero(ink) < 0.01 * ink.size:
        return None
    ys, xs = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    if len(ys) < 0.2 * CELL_PIXELS:
        return None  # a speck or a stroke of a cursor, not a digit
    glyph = ink[ys[0] : ys[-1] + 1, xs[0] : xs[-1] + 1].astype(np.float32)
    strength = float(percentile(diff[ink], 80))
    return scale(glyph), strength


def _best_valid(costs: dict[tuple[int, int], list[float]]) -> dict[tuple[int, int], int]:
    """A digit per inked cell, no digit twice in a row, column or box, of least total cost;
    `Unsure` when none is, or when a cell's choice is a near tie the rules do not settle."""
    cells = sorted(costs, key=lambda cell: sorted(costs[cell])[1] - min(costs[cell]), reverse=True)
    best: list[float] = [float("inf")]
    chosen: dict[tuple[int, int], int] = {}
    found: dict[tuple[int, int], int] = {}
    floor = [min(costs[cell]) for cell in cells]
    rest = [sum(floor[i:]) for i in range(len(cells) + 1)]

    def clash(cell: tuple[int, int], digit: int) -> bool:
        r, c = cell
        for (r2, c2), d in chosen.items():
            if d == digit and (
                r2 == r
                or c2 == c
                or (r2 // BOX_ROWS, c2 // BOX_COLS) == (r // BOX_ROWS, c // BOX_COLS)
            ):
                return True
        return False

    budget = [SEARCH_NODES]

    def search(i: int, total: float) -> None:
        budget[0] -= 1
        if total + rest[i] >= best[0] or budget[0] < 0:
            return
        if i == len(cells):
            best[0] = total
            found.clear()
            found.update(chosen)
            return
        cell = cells[i]
        for d in sorted(range(SIZE), key=lambda d: costs[cell][d]):
            if not clash(cell, d + 1):
                chosen[cell] = d + 1
                search(i + 1, total + costs[cell][d])
                del chosen[cell]

    search(0, 0.0)
    if budget[0] < 0:
        raise Unsure("the digits read fit the rules only far from their closest readings")
    if not found:
        raise Unsure("the digits read break the rules whatever the closest readings")
    for cell, digit in found.items():
        own = costs[cell][digit - 1]
        rival = min(v for d, v in enumerate(costs[cell]) if d != digit - 1)
        if rival - own < MARGIN and _also_valid(found, cell, costs):
            r, c = cell
            raise Unsure(f"the digit in r{r + 1}c{c + 1} could be {digit} or another")
    return found


def _peers(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Do cells `a` and `b` share a row, a column or a box?"""
    return (
        a[0] == b[0]
        or a[1] == b[1]
        or (a[0] // BOX_ROWS, a[1] // BOX_COLS) == (b[0] // BOX_ROWS, b[1] // BOX_COLS)
    )


def _also_valid(
    found: dict[tuple[int, int], int],
    cell: tuple[int, int],
    costs: dict[tuple[int, int], list[float]],
) -> bool:
    """Could `cell` hold another near-best digit with the rest as found, within the rules?"""
    r, c = cell
    own = costs[cell][found[cell] - 1]
    for d in range(1, SIZE + 1):
        if d == found[cell] or costs[cell][d - 1] - own >= MARGIN:
            continue
        if not any(
            v == d
            and (
                r2 == r
                or c2 == c
                or (r2 // BOX_ROWS, c2 // BOX_COLS) == (r // BOX_ROWS, c // BOX_COLS)
            )
            for (r2, c2), v in found.items()
            if (r2, c2) != cell
        ):
            return True
    return False


def _givens(
    digits: dict[tuple[int, int], int], contrast: dict[tuple[int, int], float]
) -> dict[tuple[int, int], int]:
    """The digits that are the level's givens (see the module's note)."""
    faint = _faint_group(contrast)
    if faint is None:
        return digits
    givens = {cell: d for cell, d in digits.items() if cell in faint}
    if len(digits) < SIZE * SIZE:
        return givens  # an unfinished board: the player's digits are not the level's
    from itertools import islice

    from queens_tui.kinds.sudoku.search import solutions_of

    grid = [[givens.get((r, c)) for c in range(SIZE)] for r in range(SIZE)]
    full = tuple(tuple(digits[(r, c)] for c in range(SIZE)) for r in range(SIZE))
    if list(islice(solutions_of(grid), 2)) == [full]:
        return givens
    return digits  # the faint digits alone are not the puzzle: read the board as shown


def _faint_group(contrast: dict[tuple[int, int], float]) -> set[tuple[int, int]] | None:
    """The cells whose ink is clearly fainter than the rest's, or None (one group)."""
    if len(contrast) < 2:
        return None
    ordered = sorted(contrast, key=lambda cell: contrast[cell])
    values = [contrast[cell] for cell in ordered]
    cut = max(range(1, len(values)), key=lambda i: values[i] / max(values[i - 1], 1.0))
    if values[cut - 1] > GROUPS * values[cut]:
        return None
    return set(ordered[:cut])
