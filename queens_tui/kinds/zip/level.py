"""The Zip level model: a rows x cols grid, numbered cells 1..K, walls between neighbours.

A `ZipLevel` is immutable and validated on construction, so every other layer
trusts it: the numbers run 1..K with no gap and no repeat, and every wall lies
between two orthogonal neighbours on the grid. Cells are also known by an
index `r * cols + c`, which the search uses as a bit position.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from queens_tui.core.errors import LevelError
from queens_tui.core.grid import Cell, are_neighbours, neighbours
from queens_tui.core.meta import METADATA_KEYS, Metadata

MIN_SIZE, MAX_SIZE = 5, 10
"""Sizes the generator is made and measured for (the model takes any 1..30)."""

DEFAULT_SIZE = 7
"""`generate` without a size: LinkedIn's Zip runs 6x6 to 8x8."""

MAX_SIDE = 30
"""Largest side we accept: numbers then stay under 1,000 (three digits in the text format)."""

Wall = tuple[Cell, Cell]
"""A wall between two orthogonal neighbours, the smaller cell first."""


def wall(a: Cell, b: Cell) -> Wall:
    """The canonical form of the wall between `a` and `b` (smaller cell first)."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class ZipLevel(Metadata):
    """A validated Zip level.

    `numbers[r][c]` is the number on cell (r, c), 0 for none. `walls` holds
    each wall once, canonical and sorted, whatever order it was given in.
    """

    rows: int
    cols: int
    numbers: tuple[tuple[int, ...], ...]
    walls: tuple[Wall, ...] = ()

    kind: ClassVar[str] = "zip"
    """This level's puzzle kind (see `queens_tui.kinds.KINDS`)."""

    def __post_init__(self) -> None:
        rows, cols = self.rows, self.cols
        for what, n in (("rows", rows), ("columns", cols)):
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SIDE:
                raise LevelError(f"a Zip level has 1 to {MAX_SIDE} {what}, not {n!r}")
        grid = tuple(tuple(row) for row in self.numbers)
        if len(grid) != rows:
            raise LevelError(f"the level says {rows} rows but its numbers have {len(grid)}")
        seen: dict[int, Cell] = {}
        for r, row in enumerate(grid):
            if len(row) != cols:
                raise LevelError(f"row {r + 1} has {len(row)} cells, not {cols}")
            for c, n in enumerate(row):
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    raise LevelError(f"cell r{r + 1}c{c + 1}: {n!r} is not a number >= 0")
                if n == 0:
                    continue
                if n > rows * cols:  # 10**40 would make the gap check below count to it
                    raise LevelError(
                        f"cell r{r + 1}c{c + 1}: {n} is more than the board's {rows * cols} cells"
                    )
                if n in seen:
                    a = seen[n]
                    raise LevelError(
                        f"number {n} appears twice (r{a[0] + 1}c{a[1] + 1} and r{r + 1}c{c + 1})"
                    )
                seen[n] = (r, c)
        if 1 not in seen:
            raise LevelError("the level has no number 1 (the path starts there)")
        k = max(seen)
        missing = [n for n in range(1, k + 1) if n not in seen]
        if missing:
            raise LevelError(
                f"numbers must run 1..{k} without gaps; missing {', '.join(map(str, missing[:5]))}"
                + (" ..." if len(missing) > 5 else "")
            )
        found: set[Wall] = set()
        for pair in self.walls:
            a, b = pair
            for cell in (a, b):
                if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
                    raise LevelError(f"wall {_show(pair)}: cell {_cell(cell)} is off the grid")
            if not are_neighbours(a, b):
                raise LevelError(f"wall {_show(pair)} does not join two orthogonal neighbours")
            w = wall(a, b)
            if w in found:
                raise LevelError(f"wall {_show(pair)} is given twice")
            found.add(w)
        object.__setattr__(self, "numbers", grid)
        object.__setattr__(self, "walls", tuple(sorted(found)))

    @property
    def size_text(self) -> str:
        """The size as people say it, `"7x7"`."""
        return f"{self.rows}x{self.cols}"

    @property
    def area(self) -> int:
        """Number of cells: the length of every solution path."""
        return self.rows * self.cols

    @cached_property
    def last(self) -> int:
        """K, the highest number: the path ends on it."""
        return max(max(row) for row in self.numbers)

    @cached_property
    def number_cells(self) -> tuple[Cell, ...]:
        """The cell of each number: `number_cells[n - 1]` holds number n."""
        where = {n: (r, c) for r, row in enumerate(self.numbers) for c, n in enumerate(row) if n}
        return tuple(where[n] for n in range(1, self.last + 1))

    @cached_property
    def wall_set(self) -> frozenset[Wall]:
        """The walls, for membership tests."""
        return frozenset(self.walls)

    def open_between(self, a: Cell, b: Cell) -> bool:
        """True if a path may step from `a` to `b`: neighbours with no wall between."""
        return are_neighbours(a, b) and wall(a, b) not in self.wall_set

    @cached_property
    def links(self) -> tuple[tuple[Cell, ...], ...]:
        """For every cell index, the neighbours a path may step to (walls removed)."""
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                here = (r, c)
                out.append(
                    tuple(
                        n
                        for n in neighbours(here, self.rows, self.cols)
                        if wall(here, n) not in self.wall_set
                    )
                )
        return tuple(out)

    def open_neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The neighbours of `cell` a path may step to."""
        return self.links[cell[0] * self.cols + cell[1]]

    def number_at(self, cell: Cell) -> int:
        """The number on `cell`, 0 for none."""
        return self.numbers[cell[0]][cell[1]]

    def with_changes(
        self,
        numbers: tuple[tuple[int, ...], ...] | None = None,
        walls: tuple[Wall, ...] | None = None,
        **meta: str | None,
    ) -> ZipLevel:
        """A copy with other numbers, walls or metadata (validated again)."""
        fields = {k: getattr(self, k) for k in METADATA_KEYS} | meta
        return ZipLevel(
            self.rows,
            self.cols,
            self.numbers if numbers is None else numbers,
            self.walls if walls is None else walls,
            **fields,
        )


def _cell(cell: object) -> str:
    if isinstance(cell, tuple) and len(cell) == 2:
        return f"r{cell[0] + 1}c{cell[1] + 1}"
    return repr(cell)


def _show(pair: object) -> str:
    if isinstance(pair, tuple) and len(pair) == 2:
        return f"{_cell(pair[0])}-{_cell(pair[1])}"
    return repr(pair)
