"""Grid geometry shared by every puzzle kind: cells, their orthogonal neighbours, and how a
sentence names them ("row 3, column 1": one way for every kind, as the board labels count)."""

from __future__ import annotations

from collections.abc import Container, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self from Python 3.11; only for mypy here

Cell = tuple[int, int]
"""A (row, column) pair, both 0-based."""

ORTHOGONAL: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))
"""The four steps to a cell's orthogonal neighbours: up, down, left, right."""


def neighbours(cell: Cell, rows: int, cols: int) -> Iterator[Cell]:
    """The orthogonal neighbours of `cell` that lie on a `rows` x `cols` grid."""
    r, c = cell
    for dr, dc in ORTHOGONAL:
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            yield (nr, nc)


def are_neighbours(a: Cell, b: Cell) -> bool:
    """True if `a` and `b` share a side."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


Values = Sequence[Sequence[int | None]]
"""A grid of one-digit values by row, None for an empty cell (Tango's symbols, Sudoku's digits)."""


def value_rows(values: Values) -> list[str]:
    """`values` as row strings: each value's digit, `.` for an empty cell."""
    return ["".join("." if v is None else str(v) for v in row) for row in values]


def filled(values: Values, skip: Container[Cell] = ()) -> dict[Cell, int]:
    """The filled cells of `values` and their values, in reading order, but those in `skip`."""
    return {
        (r, c): v
        for r, row in enumerate(values)
        for c, v in enumerate(row)
        if v is not None and (r, c) not in skip
    }


def cell_name(cell: Cell) -> str:
    """`(3, 1)` -> "row 4, column 2": 1-based, as a player counts."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def join_words(words: list[str]) -> str:
    """["a"] -> "a"; ["a", "b"] -> "a and b"; ["a", "b", "c"] -> "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def cells_phrase(cells: list[Cell]) -> str:
    """Cells grouped by row: "row 2, columns 3 and 5; row 4, columns 1 to 4"."""
    if len(cells) == 1:
        return cell_name(cells[0])
    by_row: dict[int, list[int]] = {}
    for r, c in sorted(set(cells)):
        by_row.setdefault(r, []).append(c)
    groups = []
    for r, cols in by_row.items():
        runs: list[str] = []
        start = prev = cols[0]
        following: list[int | None] = [*cols[1:], None]
        for nxt in following:
            if nxt is not None and nxt == prev + 1:
                prev = nxt
                continue
            if prev - start >= 2:
                runs.append(f"{start + 1} to {prev + 1}")
            else:
                runs.extend(str(k + 1) for k in range(start, prev + 1))
            if nxt is not None:
                start = prev = nxt
        plural = len(cols) > 1
        groups.append(f"row {r + 1}, column{'s' if plural else ''} {join_words(runs)}")
    return "; ".join(groups)


class GivenGrid:
    """A square level whose givens are rows of values (None: empty), as Tango's and Mini
    Sudoku's: what such a level says about its grid, in one place."""

    givens: tuple[tuple[int | None, ...], ...]

    @property
    def size(self) -> int:
        """N: rows and columns."""
        return len(self.givens)

    @property
    def size_text(self) -> str:
        """The size as people say it, `"6x6"`."""
        return f"{self.size}x{self.size}"

    def rows_text(self) -> list[str]:
        """The givens as row strings: each value's digit, `.` for an empty cell."""
        return value_rows(self.givens)

    @cached_property
    def given_cells(self) -> dict[Cell, int]:
        """Every given cell and its value."""
        return filled(self.givens)


@dataclass(frozen=True, eq=False)
class GivenBoard:
    """A position on a `GivenGrid` level, `cells` by row (None: empty), as Tango's and
    Mini Sudoku's boards: what such a board says about its cells, in one place."""

    level: GivenGrid
    cells: tuple[tuple[int | None, ...], ...]

    @classmethod
    def new(cls, level: GivenGrid) -> Self:
        """The starting position: the givens and nothing else."""
        return cls(level, level.givens)

    def contents(self) -> tuple[object, ...]:
        """What the position holds besides its level: its cells (a kind whose board holds
        more, as Mini Sudoku's notes, adds them): equality and the hash read it."""
        return (self.cells,)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        same_level = self.level is other.level or self.level == other.level
        return same_level and self.contents() == other.contents()

    def __hash__(self) -> int:
        return hash(self.contents())

    def value(self, cell: Cell) -> int | None:
        return self.cells[cell[0]][cell[1]]

    def is_given(self, cell: Cell) -> bool:
        return cell in self.level.given_cells

    @cached_property
    def filled(self) -> int:
        """How many cells hold a value (givens included)."""
        return sum(v is not None for row in self.cells for v in row)

    def placed(self) -> dict[Cell, int]:
        """The cells the player filled (not the givens)."""
        return filled(self.cells, self.level.given_cells)

    def rows_text(self) -> list[str]:
        """The cells as row strings: each value's digit, `.` for an empty cell."""
        return value_rows(self.cells)


V = TypeVar("V")


@dataclass(frozen=True)
class CellMove(Generic[V]):
    """A move that sets some cells (cell, value), all at once: one player action or one
    undo step. Each kind's `Move` is one (with its own value type and any other fields)."""

    changes: tuple[tuple[Cell, V], ...]

    @classmethod
    def set(cls, cell: Cell, value: V) -> Self:
        """A move that sets one cell."""
        return cls(((cell, value),))
