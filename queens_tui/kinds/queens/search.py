"""An exact search for Queens solutions, in pure Python with bitmasks.

On the community corpus it solves and proves uniqueness faster than CP-SAT
(no OR-Tools import, no model building; docs/performance.md), so the CLI and
the generator use it; the CP-SAT service in `queens_tui.solver` stays the
engine for the app's background worker and as an independent cross-check.

The board is one integer with a bit per cell; `open` holds the cells that may
still take a queen. Before each branching step the search propagates to a
fixpoint with three cheap, sound rules (the ones people use, see GUIDE 5):

1. Last cell: a row, column or region with one open cell gets its queen.
2. Confinement: a line (row, column or region) whose open cells all lie in
   one other line claims that line's queen, so the rest of it is cleared.
   For a line with exactly two open cells, the cells attacked by both are
   cleared too (common attack; confinement is the special case).
3. Pigeonhole over bands: k regions whose open cells all lie in a band of k
   consecutive live rows (columns) own that band: every other region's cells
   in it are cleared; k regions in fewer live rows is a dead end.

Then it branches on the line with the fewest open cells (fail-first). The
propagation cuts the search nodes on the corpus many times over,
rule 3 most of all (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

from queens_tui.core import play
from queens_tui.core.grid import Cell
from queens_tui.kinds.queens.level import Level


class Cancelled(play.Cancelled):
    """Raised inside a search (or `deduce`) when its cancel flag is set."""


class CancelFlag(Protocol):
    """Anything with `is_set()`: a `threading.Event`, or a deadline wrapper.

    Checked once per search node, so setting it from another thread stops
    the search within a fraction of a millisecond.
    """

    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class Masks:
    """Bitmask tables of one level (bit r*N+c is cell (r, c))."""

    size: int
    attack: tuple[int, ...]
    """Per cell: the cell itself plus every cell a queen there rules out."""
    regions: tuple[int, ...]
    rows: tuple[int, ...]
    cols: tuple[int, ...]

    cell_lines: tuple[tuple[int, int, int], ...]
    """Per cell: the masks of its row, its column and its region."""

    @classmethod
    def of(cls, level: Level) -> Masks:
        n = level.size
        full = (1 << (n * n)) - 1
        row0 = (1 << n) - 1
        rows = tuple(row0 << (r * n) for r in range(n))
        col0 = sum(1 << (r * n) for r in range(n))
        cols = tuple(col0 << c for c in range(n))
        flat = [g for row in level.region_ids for g in row]
        regions = [0] * n
        for i, g in enumerate(flat):
            regions[g] |= 1 << i
        # A cell's 3x3 neighbourhood: the 3-wide band of columns around c,
        # copied onto three rows, then shifted so its middle row is row r.
        three_rows = 1 | (1 << n) | (1 << (2 * n))
        blocks = [(((0b111 << c) >> 1) & row0) * three_rows for c in range(n)]
        attack = []
        cell_lines = []
        for r in range(n):
            shift = (r - 1) * n
            row = rows[r]
            for c in range(n):
                near = blocks[c] << shift if shift >= 0 else blocks[c] >> n
                region = regions[flat[r * n + c]]
                attack.append((row | cols[c] | region | near) & full)
                cell_lines.append((row, cols[c], region))
        return cls(n, tuple(attack), tuple(regions), rows, cols, tuple(cell_lines))

    def bit(self, cell: Cell) -> int:
        return 1 << (cell[0] * self.size + cell[1])

    def cell(self, bit_index: int) -> Cell:
        return divmod(bit_index, self.size)

    def cells(self, mask: int) -> tuple[Cell, ...]:
        """The cells of `mask` in reading order."""
        out = []
        while mask:
            low = mask & -mask
            mask ^= low
            out.append(divmod(low.bit_length() - 1, self.size))
        return tuple(out)

    @cached_property
    def lines(self) -> tuple[int, ...]:
        """Every row, column and region mask: each needs exactly one queen."""
        return self.rows + self.cols + self.regions

    @cached_property
    def row_bands(self) -> tuple[tuple[int, ...], ...]:
        """`row_bands[a][b]`: the mask of rows a..b (b >= a)."""
        return _bands(self.rows)

    @cached_property
    def col_bands(self) -> tuple[tuple[int, ...], ...]:
        """`col_bands[a][b]`: the mask of columns a..b (b >= a)."""
        return _bands(self.cols)


def _bands(lines: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    out = []
    for a in range(len(lines)):
        acc = 0
        row = [0] * len(lines)
        for b in range(a, len(lines)):
            acc |= lines[b]
            row[b] = acc
        out.append(tuple(row))
    return tuple(out)


def _masks(level: Level) -> Masks:
    # Cached on the level object itself: Level is immutable, so the tables are too.
    cached = level.__dict__.get("_search_masks")
    if cached is None:
        cached = Masks.of(level)
        level.__dict__["_search_masks"] = cached
    return cached


def _pigeonhole(m: Masks, open_: int, regions: list[int], by_rows: bool) -> int | None:
    """Rule 3 over row bands (or column bands): the new `open`, or None if dead.

    Each live region's open cells span rows lo..hi. Only bands running from
    some region's lo to some region's hi can be tight, so for each distinct lo
    we sweep the regions by hi and count those inside [lo, hi].
    """
    n = m.size
    lines = m.rows if by_rows else m.cols
    bands = m.row_bands if by_rows else m.col_bands
    row0 = (1 << n) - 1
    spans = []
    for g in regions:
        cand = open_ & g
        if by_rows:
            lo = ((cand & -cand).bit_length() - 1) // n
            hi = (cand.bit_length() - 1) // n
        else:
            fold = cand
            shift = n
            while shift < n * n:
                fold |= fold >> shift
                shift <<= 1
            fold &= row0
            lo = (fold & -fold).bit_length() - 1
            hi = fold.bit_length() - 1
        if hi - lo < n - 1:
            spans.append((hi, lo, g))
    if not spans:
        return open_
    spans.sort()
    # Live lines are those still needing a queen: at the fixpoint exactly the
    # ones with an open cell (a queen's line has none left).
    live = [0]
    for line in lines:
        live.append(live[-1] + (1 if line & open_ else 0))
    for a in sorted({lo for _, lo, _ in spans}):
        k = 0
        owned = 0
        for hi, lo, g in spans:
            if lo < a:
                continue
            k += 1
            owned |= g
            width = live[hi + 1] - live[a]
            if k > width:
                return None
            if k == width:
                open_ &= ~(bands[a][hi] & ~owned)
    return open_


def _search(
    m: Masks, open_: int, todo: list[int], placed: int, cancel: CancelFlag | None
) -> Iterator[int]:
    """Yield the queen mask of every completion of this node."""
    if cancel is not None and cancel.is_set():
        raise Cancelled
    attack = m.attack
    cell_lines = m.cell_lines
    while True:
        while True:
            progress = False
            rest = []
            for line in todo:
                if line & placed:
                    continue
                cand = open_ & line
                if not cand:
                    return
                if not cand & (cand - 1):  # rule 1: last cell
                    open_ &= ~attack[cand.bit_length() - 1]
                    placed |= cand
                    progress = True
                    continue
                low = cand & -cand
                rest_ = cand ^ low
                if not rest_ & (rest_ - 1):  # two cells: rule 2, common attack
                    extra = open_ & attack[low.bit_length() - 1] & attack[rest_.bit_length() - 1]
                    extra &= ~line
                else:  # rule 2: confinement to another line
                    extra = 0
                    for other in cell_lines[low.bit_length() - 1]:
                        if not cand & ~other:
                            extra |= open_ & other & ~line
                if extra:
                    open_ &= ~extra
                    progress = True
                rest.append(line)
            todo = rest
            if not progress:
                break
        if not todo:
            yield placed
            return
        before = open_
        regions = [g for g in m.regions if not g & placed]
        for by_rows in (True, False):
            nxt = _pigeonhole(m, open_, regions, by_rows)
            if nxt is None:
                return
            open_ = nxt
        if open_ == before:
            break
    best = 0
    best_count = m.size * m.size + 1
    for line in todo:
        cand = open_ & line
        k = cand.bit_count()
        if k < best_count:
            best, best_count = cand, k
            if k <= 2:
                break
    while best:
        low = best & -best
        best ^= low
        yield from _search(m, open_ & ~attack[low.bit_length() - 1], todo, placed | low, cancel)


def solutions(
    level: Level,
    *,
    queens: Iterable[Cell] = (),
    forbidden: Iterable[Cell] = (),
    cancel: CancelFlag | None = None,
) -> Iterator[tuple[Cell, ...]]:
    """Yield every solution (queens sorted by row) that keeps `queens` and avoids `forbidden`.

    Lazy: take as many as you need. Raises `Cancelled` if `cancel` is set.
    """
    m = _masks(level)
    n = m.size
    open_ = (1 << (n * n)) - 1
    for cell in forbidden:
        open_ &= ~m.bit(cell)
    placed = 0
    for cell in queens:
        b = m.bit(cell)
        if not open_ & b:
            return  # a given queen sits on a ruled-out cell: no completion
        open_ &= ~m.attack[cell[0] * n + cell[1]]
        placed |= b
    todo = [line for line in m.lines if not line & placed]
    for found in _search(m, open_, todo, placed, cancel):
        yield m.cells(found)


def count(
    level: Level,
    limit: int = 2,
    *,
    queens: Iterable[Cell] = (),
    forbidden: Iterable[Cell] = (),
    cancel: CancelFlag | None = None,
) -> int:
    """How many solutions, counting no further than `limit` (arguments as `solutions`)."""
    k = 0
    for _ in solutions(level, queens=queens, forbidden=forbidden, cancel=cancel):
        k += 1
        if k >= limit:
            break
    return k


def first(
    level: Level,
    *,
    queens: Iterable[Cell] = (),
    forbidden: Iterable[Cell] = (),
    cancel: CancelFlag | None = None,
) -> tuple[Cell, ...] | None:
    """One solution, or None (arguments as `solutions`)."""
    return next(solutions(level, queens=queens, forbidden=forbidden, cancel=cancel), None)


def bit_indexes(mask: int) -> Iterator[int]:
    """The indexes of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class NodeBudget:
    """A `CancelFlag` that trips after `nodes` search nodes: a deterministic bound.

    Unlike a deadline it gives the same answer on every machine, which is
    what a seeded generator needs.
    """

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0


def first_in(
    m: Masks, open_: int, queens: Iterable[int] = (), cancel: CancelFlag | None = None
) -> int | None:
    """One solution (a queen mask) of raw tables `m`, queens only on `open_`, or None.

    For callers that build `Masks` themselves, e.g. the generator's partial
    layouts where unassigned cells belong to no region and can hold no queen
    (left out of `open_`). `queens` are bit indexes of queens given.
    """
    placed = 0
    for i in queens:
        b = 1 << i
        if not open_ & b:
            return None
        open_ &= ~m.attack[i]
        placed |= b
    todo = [line for line in m.lines if not line & placed]
    return next(_search(m, open_, todo, placed, cancel), None)
