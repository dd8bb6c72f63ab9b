"""The Patches level model: a grid of rows x columns and its clues, immutable and validated.

Patches (LinkedIn, since March 2026) is Nikoli's Shikaku with shapes: the
player cuts the whole grid into rectangular *patches*, each holding exactly
one clue. A clue sits on one cell and may say the patch's **shape**
(`square`; `tall`: more rows than columns; `wide`: more columns than rows;
`free`: any rectangle) and its **size** (how many cells), both, or neither.

A patch is a `Rect`: `(top, left, bottom, right)`, 0-based and inclusive, the
form `solve --json` prints. Clues are kept sorted in reading order, so two
files that describe the same level give equal `Level`s whatever order they
list the clues in. Whether the clues can be satisfied is the solver's
question, not a malformed file: validation covers the shape of the data
(size, clue cells on the grid, one clue a cell, a size a rectangle can have).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from queens_tui.core.errors import LevelError
from queens_tui.core.grid import Cell, cell_name, cells_phrase
from queens_tui.core.meta import Metadata

SQUARE, TALL, WIDE, FREE = "square", "tall", "wide", "free"
SHAPES: tuple[str, ...] = (SQUARE, TALL, WIDE, FREE)
"""The shapes a clue may ask for (`free`: any rectangle)."""

MIN_SIZE = 2
MAX_SIZE = 16
"""Sides we accept: LinkedIn's grids are 6x6 to 8x8; 16 keeps a cell index in a small mask."""
SIZES: tuple[int, ...] = tuple(range(4, 11))
"""The sizes the generator makes (`generate --size`); LinkedIn plays 6 to 8, which the daily
week makes (`kind.DAILY_WEEK`)."""
DEFAULT_SIZE = 7

Rect = tuple[int, int, int, int]
"""A patch: (top, left, bottom, right), rows and columns 0-based and inclusive."""


@dataclass(frozen=True, order=True)
class Clue:
    """One clue: its cell, the shape it asks for and the size (cells), when given."""

    row: int
    col: int
    shape: str = FREE
    size: int | None = None

    @property
    def cell(self) -> Cell:
        return (self.row, self.col)

    def fits(self, rect: Rect) -> bool:
        """True when `rect`'s shape and size are the ones this clue asks for."""
        height, width = rect[2] - rect[0] + 1, rect[3] - rect[1] + 1
        if self.size is not None and height * width != self.size:
            return False
        return shape_fits(self.shape, height, width)

    @property
    def name(self) -> str:
        """How sentences name the clue: "the 6-cell wide clue at row 2, column 3"."""
        words = []
        if self.size is not None:
            words.append(f"{self.size}-cell")
        if self.shape != FREE or self.size is None:
            words.append(self.shape)
        return f"the {' '.join(words)} clue at row {self.row + 1}, column {self.col + 1}"


def shape_fits(shape: str, height: int, width: int) -> bool:
    """True when a `height` x `width` rectangle has shape `shape`."""
    if shape == SQUARE:
        return height == width
    if shape == TALL:
        return height > width
    if shape == WIDE:
        return width > height
    return True


def shape_of(height: int, width: int) -> str:
    """The shape a `height` x `width` rectangle has (never `free`)."""
    return SQUARE if height == width else TALL if height > width else WIDE


def span(a: Cell, b: Cell) -> Rect:
    """The rectangle with opposite corners `a` and `b`."""
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


def rect_cells(rect: Rect) -> list[Cell]:
    """The cells of `rect` in reading order."""
    top, left, bottom, right = rect
    return [(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)]


def rect_area(rect: Rect) -> int:
    return (rect[2] - rect[0] + 1) * (rect[3] - rect[1] + 1)


def contains(rect: Rect, cell: Cell) -> bool:
    return rect[0] <= cell[0] <= rect[2] and rect[1] <= cell[1] <= rect[3]


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def rect_name(rect: Rect) -> str:
    """A patch as sentences name it, 1-based: "rows 2-3, columns 1-4", "row 2, column 5"."""
    top, left, bottom, right = rect
    if top == bottom and left == right:
        return cell_name((top, left))
    rows = f"row {top + 1}" if top == bottom else f"rows {top + 1}-{bottom + 1}"
    cols = f"column {left + 1}" if left == right else f"columns {left + 1}-{right + 1}"
    return f"{rows}, {cols}"


def cells_text(cells: Iterable[Cell]) -> str:
    """Cells named for a sentence as every kind names them: "row 1, columns 2 and 3; row 2,
    column 2"."""
    return cells_phrase(list(cells))


@dataclass(frozen=True)
class Level(Metadata):
    """A validated Patches level: `rows` x `cols`, the clues sorted in reading order."""

    rows: int
    cols: int
    clues: tuple[Clue, ...]

    kind: ClassVar[str] = "patches"
    """This level's puzzle kind (see `queens_tui.kinds.KINDS`)."""

    def __post_init__(self) -> None:
        for side, word in ((self.rows, "rows"), (self.cols, "columns")):
            if not MIN_SIZE <= side <= MAX_SIZE:
                raise LevelError(
                    f"a Patches grid has {MIN_SIZE} to {MAX_SIZE} {word}; this one has {side}"
                )
        if not self.clues:
            raise LevelError("the level has no clues")
        seen: set[Cell] = set()
        for clue in self.clues:
            where = f"the clue at row {clue.row + 1}, column {clue.col + 1}"
            if not (0 <= clue.row < self.rows and 0 <= clue.col < self.cols):
                raise LevelError(f"{where} is off the {self.size_text} grid")
            if clue.cell in seen:
                raise LevelError(f"two clues share row {clue.row + 1}, column {clue.col + 1}")
            seen.add(clue.cell)
            if clue.shape not in SHAPES:
                raise LevelError(f"{where} has shape {clue.shape!r}, not one of {SHAPES}")
            if clue.size is not None and not (
                1 <= clue.size <= self.rows * self.cols
                and any(
                    clue.size % h == 0
                    and clue.size // h <= self.cols
                    and shape_fits(clue.shape, h, clue.size // h)
                    for h in range(1, self.rows + 1)
                )
            ):
                raise LevelError(
                    f"{where} asks for a {clue.shape} patch of {clue.size} cells, "
                    f"which no rectangle on this grid is"
                )
        object.__setattr__(self, "clues", tuple(sorted(self.clues)))

    @property
    def size(self) -> int:
        """The longer side (LinkedIn's grids are square: N)."""
        return max(self.rows, self.cols)

    @property
    def size_text(self) -> str:
        """The size as people say it, `"7x7"`."""
        return f"{self.rows}x{self.cols}"

    @cached_property
    def clue_at(self) -> dict[Cell, int]:
        """Each clue cell and the clue's index in `clues`."""
        return {clue.cell: i for i, clue in enumerate(self.clues)}

    def clues_in(self, rect: Rect) -> list[int]:
        """The indices of the clues inside `rect`."""
        return [i for i, clue in enumerate(self.clues) if contains(rect, clue.cell)]
