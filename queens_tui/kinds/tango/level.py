"""The Tango level model: givens and signs on an even N x N grid, immutable and validated.

A cell holds `SUN` (1), `MOON` (0) or nothing (`None`). A sign joins two
orthogonal neighbours: `=` says they are alike, `×` that they differ. The
model keeps every sign as a pair of cells in reading order, and the lists
sorted, so two files that describe the same level give equal `Level`s
whatever order or orientation they wrote the pairs in.

Validation covers the shape (even size, rows of N cells, signs between
neighbours on the board, no pair signed twice); whether the givens and signs
can be satisfied is the solver's question, not a malformed file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from queens_tui.core.errors import LevelError
from queens_tui.core.grid import Cell, GivenGrid, are_neighbours
from queens_tui.core.meta import Metadata

SUN = 1
MOON = 0
SYMBOL_NAMES: Mapping[int, str] = {SUN: "sun", MOON: "moon"}
"""How sentences name the two symbols."""

MIN_SIZE = 2
MAX_SIZE = 20
"""Sizes we accept (even only): LinkedIn's Tango is 6x6, its bonus levels 8x8."""
SIZES: tuple[int, ...] = (4, 6, 8, 10, 12)
"""The sizes the generator makes (`generate --size`)."""
DEFAULT_SIZE = 6
"""LinkedIn's size: the generator's when none is given."""

Pair = tuple[Cell, Cell]
"""Two orthogonally neighbouring cells joined by a sign, in reading order."""

EQUAL = "="
OPPOSITE = "x"


def sign_text(kind: str) -> str:
    """The sign as sentences show it."""
    return "=" if kind == EQUAL else "×"


@dataclass(frozen=True)
class Level(Metadata, GivenGrid):
    """A validated Tango level.

    `givens[r][c]` is `SUN`, `MOON` or None. `equal` and `opposite` are the
    signed pairs, each `((r1, c1), (r2, c2))` with the first cell first in
    reading order, sorted.
    """

    givens: tuple[tuple[int | None, ...], ...]
    equal: tuple[Pair, ...] = ()
    opposite: tuple[Pair, ...] = ()

    kind: ClassVar[str] = "tango"
    """This level's puzzle kind (see `queens_tui.kinds.KINDS`)."""

    def __post_init__(self) -> None:
        n = len(self.givens)
        if n == 0:
            raise LevelError("the level has no rows")
        if n % 2 or not MIN_SIZE <= n <= MAX_SIZE:
            raise LevelError(
                f"a Tango grid is N x N, N even, {MIN_SIZE} to {MAX_SIZE}; this one has {n} rows"
            )
        for r, row in enumerate(self.givens):
            if len(row) != n:
                raise LevelError(f"row {r + 1} has {len(row)} cells but the grid has {n} rows")
            for c, v in enumerate(row):
                if v not in (None, SUN, MOON):
                    raise LevelError(f"cell r{r + 1}c{c + 1} holds {v!r}, not a sun, moon or empty")
        seen: dict[Pair, str] = {}
        for kind, pairs in ((EQUAL, self.equal), (OPPOSITE, self.opposite)):
            fixed = []
            for pair in pairs:
                a, b = sorted(pair)
                for r, c in (a, b):
                    if not (0 <= r < n and 0 <= c < n):
                        raise LevelError(
                            f"a {sign_text(kind)} sign names r{r + 1}c{c + 1}, off the grid"
                        )
                if not are_neighbours(a, b):
                    raise LevelError(
                        f"a {sign_text(kind)} sign joins r{a[0] + 1}c{a[1] + 1} and "
                        f"r{b[0] + 1}c{b[1] + 1}, which are not neighbours"
                    )
                if (a, b) in seen:
                    raise LevelError(
                        f"r{a[0] + 1}c{a[1] + 1} and r{b[0] + 1}c{b[1] + 1} are signed twice "
                        f"({sign_text(seen[(a, b)])} and {sign_text(kind)})"
                    )
                seen[(a, b)] = kind
                fixed.append((a, b))
            object.__setattr__(self, "equal" if kind == EQUAL else "opposite", tuple(sorted(fixed)))

    @classmethod
    def from_rows(
        cls,
        rows: Iterable[str],
        equal: Iterable[Pair] = (),
        opposite: Iterable[Pair] = (),
        **meta: str | None,
    ) -> Level:
        """A level from rows written `1` (sun), `0` (moon), `.` (empty), as in the JSON format."""
        table = {"1": SUN, "0": MOON, ".": None}
        givens = []
        for r, row in enumerate(rows):
            try:
                givens.append(tuple(table[ch] for ch in row))
            except KeyError as err:
                raise LevelError(f"row {r + 1}: {err.args[0]!r} is not 1, 0 or .") from None
        return cls(tuple(givens), tuple(equal), tuple(opposite), **meta)

    @cached_property
    def signs(self) -> dict[Pair, str]:
        """Every signed pair and its sign (`EQUAL` or `OPPOSITE`)."""
        out = {p: EQUAL for p in self.equal}
        out.update({p: OPPOSITE for p in self.opposite})
        return out


def draw(level: Level, grid: Iterable[Iterable[int | None]] | None = None) -> list[str]:
    """The grid as text lines, signs between the cells (the text file format's board).

    Cells are `1` (sun), `0` (moon), `.` (empty); `=`/`x` between two cells of
    a row replace the space, and each line between two rows holds the signs
    under the cell above. `grid` defaults to the givens. No trailing spaces.
    """
    rows = [list(r) for r in (level.givens if grid is None else grid)]
    n = level.size
    signs = level.signs
    out = []
    for r, row in enumerate(rows):
        chars = []
        for c, v in enumerate(row):
            if c:
                kind = signs.get(((r, c - 1), (r, c)))
                chars.append(" " if kind is None else kind)
            chars.append("." if v is None else str(v))
        out.append("".join(chars))
        if r < n - 1:
            below = [signs.get(((r, c), (r + 1, c))) or " " for c in range(n)]
            out.append(" ".join(below).rstrip())
    return out
