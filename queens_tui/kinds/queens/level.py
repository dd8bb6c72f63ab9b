"""The level model: an N x N board split into N labelled regions.

A `Level` is immutable and validated on construction, so every other layer can
trust it: the board is square, and there are exactly N distinct region labels.
Regions are numbered 0..N-1 in the order their labels first appear (reading
row by row), which gives every layer a cheap integer id per region while the
label keeps what the file said.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

from queens_tui.core.errors import LevelError
from queens_tui.core.grid import Cell
from queens_tui.core.meta import Metadata

MAX_SIZE = 64
"""Largest board we accept (files, the editor, the generator): beyond this a file is almost
certainly not a level."""
MIN_SIZE = 4
"""Smallest board the generator makes and `generate --size` takes: no valid placement exists
for N = 2 or 3, and N = 1 is not a puzzle (a file may still hold one)."""


def labels_of(grid: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """The labels of a grid in order of first appearance (reading order)."""
    seen: dict[str, None] = {}
    for row in grid:
        for label in row:
            seen.setdefault(label, None)
    return tuple(seen)


class LabelGrid:
    """A square grid of region labels, row by row: what a level and the editor's sketch of
    one (`edit.Sketch`, which may not be a valid level yet) both say about it."""

    grid: tuple[tuple[str, ...], ...]

    @property
    def size(self) -> int:
        """N: rows and columns (of a level, also its regions and queens)."""
        return len(self.grid)

    @cached_property
    def labels(self) -> tuple[str, ...]:
        """Region labels in order of first appearance (reading order); index = region id."""
        return labels_of(self.grid)


@dataclass(frozen=True)
class Level(Metadata, LabelGrid):
    """A validated Queens level.

    `grid` holds the region label of every cell, row by row. `colors` maps a
    label to a `#rrggbb` display color where the level file gave one.
    """

    grid: tuple[tuple[str, ...], ...]
    colors: Mapping[str, str] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        n = len(self.grid)
        if n == 0:
            raise LevelError("the level has no rows")
        if n > MAX_SIZE:
            raise LevelError(f"the level has {n} rows; at most {MAX_SIZE} are supported")
        for r, row in enumerate(self.grid):
            if len(row) != n:
                raise LevelError(
                    f"row {r + 1} has {len(row)} cells but the board has {n} rows "
                    "(a level is N rows of N cells)"
                )
        labels = self.labels
        if len(labels) != n:
            raise LevelError(
                f"a {n}x{n} level needs exactly {n} regions, found {len(labels)} "
                f"({' '.join(labels)})"
            )
        object.__setattr__(self, "colors", dict(self.colors))

    @classmethod
    def from_rows(
        cls,
        rows: Iterable[Iterable[str]],
        colors: Mapping[str, str] | None = None,
        **meta: str | None,
    ) -> Level:
        """Build a level from rows of labels (strings or lists of labels); `meta` are the
        metadata fields (name, author, date, source, seed, difficulty)."""
        grid = tuple(tuple(row) for row in rows)
        return cls(grid=grid, colors=dict(colors or {}), **meta)

    kind: ClassVar[str] = "queens"
    """This level's puzzle kind (see `queens_tui.kinds.KINDS`)."""

    @property
    def size_text(self) -> str:
        """The size as people say it, `"8x8"`."""
        return f"{self.size}x{self.size}"

    @cached_property
    def region_ids(self) -> tuple[tuple[int, ...], ...]:
        """The region id of every cell."""
        index = {label: i for i, label in enumerate(self.labels)}
        return tuple(tuple(index[label] for label in row) for row in self.grid)

    def region(self, cell: Cell) -> int:
        """The region id of `cell`."""
        return self.region_ids[cell[0]][cell[1]]

    @cached_property
    def region_cells(self) -> tuple[tuple[Cell, ...], ...]:
        """The cells of each region, by region id, in reading order."""
        cells: list[list[Cell]] = [[] for _ in self.labels]
        for r, row in enumerate(self.region_ids):
            for c, reg in enumerate(row):
                cells[reg].append((r, c))
        return tuple(tuple(c) for c in cells)

    @cached_property
    def disconnected_regions(self) -> tuple[str, ...]:
        """Labels of regions that fall in more than one orthogonally connected piece."""
        broken = []
        for reg, cells in enumerate(self.region_cells):
            todo = [cells[0]]
            seen = {cells[0]}
            while todo:
                r, c = todo.pop()
                for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if (
                        0 <= nr < self.size
                        and 0 <= nc < self.size
                        and (nr, nc) not in seen
                        and self.region_ids[nr][nc] == reg
                    ):
                        seen.add((nr, nc))
                        todo.append((nr, nc))
            if len(seen) != len(cells):
                broken.append(self.labels[reg])
        return tuple(broken)

    @cached_property
    def attacks(self) -> tuple[tuple[frozenset[Cell], ...], ...]:
        """For every cell, the other cells a queen there rules out.

        Same row, same column, same region, and the eight neighbours: the
        whole rule of the game in one table, computed once per level.
        """
        n = self.size
        ids = self.region_ids
        table = []
        for r in range(n):
            row = []
            for c in range(n):
                cells = {(r, k) for k in range(n)} | {(k, c) for k in range(n)}
                cells |= set(self.region_cells[ids[r][c]])
                cells |= {
                    (r + dr, c + dc)
                    for dr in (-1, 0, 1)
                    for dc in (-1, 0, 1)
                    if 0 <= r + dr < n and 0 <= c + dc < n
                }
                cells.discard((r, c))
                row.append(frozenset(cells))
            table.append(tuple(row))
        return tuple(table)

    def rows_text(self) -> list[str]:
        """Each row as one string of labels (labels are single characters in practice)."""
        return ["".join(row) for row in self.grid]
