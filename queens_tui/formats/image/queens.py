"""Queens in pictures: the board found by its own grid finder, queens drawn on it.

Queens is the kind a picture is read as when its cells show no other kind's
marks (as its text reader is the fallback of the text readers), and its grid
finder (`_grid`, evenly spaced dark lines) is the faster, so a picture of no
given kind is tried as Queens first. That is why this module finds its board
itself (`read_picture`, the regions read by `_regions` and `_read`) where the
other kinds' modules read a board the shared lattice finder located
(`read_board`). Both kinds of module draw a solution with `draw`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from queens_tui.formats.image import PuzzleReading
    from queens_tui.formats.image._read import Other


def read_picture(path: str | os.PathLike[str], other: Other | None = None) -> PuzzleReading:
    """The Queens board in the picture at `path` (`formats.image.read`, cached), or a
    located `LevelError` saying `cannot read a Queens board: why`. `other`: what other
    kind's board a grid's cells look like (see `_read.read_picture`)."""
    from queens_tui.formats.image import PuzzleReading, read

    reading = read(path, other)
    return PuzzleReading(reading.level, reading.xs, reading.ys)


def draw(
    source: str | os.PathLike[str],
    reading: PuzzleReading,
    solution: Iterable[tuple[int, int]],
) -> bytes:
    """The PNG bytes of `source` with the solution's queens (row, column) in their cells."""
    from queens_tui.formats.image.draw import draw_queens

    return draw_queens(source, reading, solution)
