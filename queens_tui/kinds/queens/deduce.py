"""The deduction engine: the next logical step on a board, named and explained.

A hint must teach, so every step carries the rule it used, the cells that
prove it (to highlight), what follows (queens to place, cells to cross out)
and one plain English sentence. Sentences name regions by their labels
("region C") and rows and columns by 1-based numbers ("row 4", "column 2"),
as a player reads the board; the `Cell` tuples themselves stay 0-based.

Rules, simplest first (the families public solvers use: dschafer/qsolve,
mspiegel/queens-without-backtracking), with their stable ids:

1. last cell: a row, column or region with one free cell holds its queen
   there (`last_cell_row`, `last_cell_column`, `last_cell_region`).
2. confinement: a region whose free cells lie in one row (column) claims it
   (`confinement_region_row`, `confinement_region_column`); a row (column)
   whose free cells lie in one region claims that region's queen
   (`confinement_row_region`, `confinement_column_region`).
3. pigeonhole: k regions whose free cells lie in k rows (columns) claim those
   rows (`pigeonhole_regions_rows`, `pigeonhole_regions_columns`), and k rows
   (columns) whose free cells lie in k regions claim those regions
   (`pigeonhole_rows_regions`, `pigeonhole_columns_regions`).
4. common attack: a cell that every free cell of some row, column or region
   rules out (`common_attack`).
5. contradiction probe, depth 1: a queen here, with the queens it forces at
   once (lines it leaves with one free cell), would leave some row, column or
   region without a free cell (`probe_depth1`). A queen that empties a line
   by itself is already a common attack, so depth 1 looks one move further.
6. contradiction probe, depth 2: a queen here would force, by the rules of
   families 1, 2 and 4 applied over and over, a position where some line has
   no free cell (`probe_depth2`).
7. nested probe: a queen here would force (as in 6) a position where every
   free cell of some row, column or region fails a depth-2 probe of its own
   (`probe_depth3`). Tried only when nothing else applies; it is what the
   community level 360 (regions in scattered pieces) needs.

Every rule is a deduction from the rules of the game alone, so whatever it
concludes holds in *every* completion of the board: on a level with several
solutions it never claims a queen that only some of them share. That holds
only while the board can still be completed, which is why `hint` asks
`first_error` first. When no rule applies, `solve_logically` and `hint` fall
back to the exact search of `core.search` and say so (rule `solver`).

The state is two integers with a bit per cell (see `core.search.Masks`): the
free cells and the queens. A free cell is empty, not crossed out by hand and
not ruled out by a queen, so manual and automatic crosses count alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from queens_tui.core.vocabulary import DIFFICULTIES as _DIFFICULTIES
from queens_tui.kinds.queens import search
from queens_tui.kinds.queens.board import Board, Mark, Move
from queens_tui.kinds.queens.level import Cell, Level

__all__ = [
    "DIFFICULTIES",
    "RULE_TIERS",
    "Grade",
    "Mistake",
    "Step",
    "first_error",
    "grade",
    "grade_steps",
    "hint",
    "next_step",
    "solve_logically",
]

RULE_TIERS: dict[str, int] = {
    "last_cell_row": 0,
    "last_cell_column": 0,
    "last_cell_region": 0,
    "confinement_region_row": 1,
    "confinement_region_column": 1,
    "confinement_row_region": 1,
    "confinement_column_region": 1,
    "pigeonhole_regions_rows": 2,
    "pigeonhole_regions_columns": 2,
    "pigeonhole_rows_regions": 2,
    "pigeonhole_columns_regions": 2,
    "common_attack": 2,
    "probe_depth1": 3,
    "probe_depth2": 4,
    "probe_depth3": 4,
    "solver": 5,
}
"""Every rule id, with how hard it is for a person (0 easiest); `grade` reads this."""

DIFFICULTIES: tuple[str, ...] = _DIFFICULTIES


# --------------------------------------------------------------------------- wording


def cell_name(cell: Cell) -> str:
    """`(3, 1)` -> "row 4, column 2": 1-based, as a player counts."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _join(words: list[str]) -> str:
    """["a"] -> "a"; ["a", "b"] -> "a and b"; ["a", "b", "c"] -> "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _cells_phrase(cells: list[Cell]) -> str:
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
        groups.append(f"row {r + 1}, column{'s' if plural else ''} {_join(runs)}")
    return "; ".join(groups)


_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _number(k: int) -> str:
    return _NUMBERS[k] if k < len(_NUMBERS) else str(k)


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Step:
    """One logical step: what to do, why, and the cells that show why.

    `place` holds the queens to place and `cross` the cells to cross out
    (0-based cells, sorted). A step always does something: one of them is
    non-empty. `cells` is the evidence to highlight (the rows, columns or
    regions the rule reads). `text` is one sentence that names regions by
    label and rows and columns by 1-based number.
    """

    rule: str
    place: tuple[Cell, ...] = ()
    cross: tuple[Cell, ...] = ()
    cells: tuple[Cell, ...] = ()
    text: str = ""
    group: int = 1
    """How many regions (or rows, columns) the rule weighs together: k of a pigeonhole."""

    @property
    def tier(self) -> int:
        """How hard the step is for a person (see `RULE_TIERS`).

        A pigeonhole over three or more regions is as hard to spot as a
        depth-1 probe, so it counts one tier up.
        """
        tier = RULE_TIERS.get(self.rule, max(RULE_TIERS.values()))
        return tier + 1 if self.group >= 3 and tier == 2 else tier

    def move(self) -> Move:
        """The board move that applies this step (queens, then manual crosses)."""
        changes = [(c, Mark.QUEEN) for c in self.place] + [(c, Mark.CROSS) for c in self.cross]
        return Move(tuple(changes))

    def apply(self, board: Board) -> Board:
        """The board after this step."""
        return board.apply(self.move())


@dataclass(frozen=True)
class Mistake:
    """The board can no longer be completed, and these marks are why.

    `queens` are placed queens (and `crosses` manual crosses) that no
    completion allows. When no single mark is wrong on its own (possible on a
    level with several solutions), they are a smallest set of marks that
    cannot all stand together.
    """

    queens: tuple[Cell, ...] = ()
    crosses: tuple[Cell, ...] = ()
    text: str = ""
    rule: str = "mistake"

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every mark to highlight."""
        return tuple(sorted(self.queens + self.crosses))


# --------------------------------------------------------------------------- engine


def _bits(x: int) -> Iterator[int]:
    """The indexes of the set bits of `x`, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


_ROW, _COL, _REG = 0, 1, 2
_KIND_WORD = ("row", "column", "region")


class _Contradiction(Exception):
    """Raised inside a probe when a line runs out of free cells."""

    def __init__(self, line: int, forced: list[int]) -> None:
        super().__init__(line)
        self.line = line
        self.forced = forced
        self.confined = False
        """True when confinement or common attacks (not only last cells) were needed."""


@dataclass
class _Engine:
    """The bitmask tables of one level and the rules that read them.

    Line index i in 0..3N-1: rows first, then columns, then regions.
    """

    level: Level
    masks: search.Masks = field(init=False)

    def __post_init__(self) -> None:
        self.masks = search.Masks.of(self.level)
        m = self.masks
        self.n = m.size
        self.full = (1 << (self.n * self.n)) - 1
        self.lines = m.rows + m.cols + m.regions
        self.attack = m.attack
        n = self.n
        self.row_of = tuple(i // n for i in range(n * n))
        self.col_of = tuple(i % n for i in range(n * n))
        ids = self.level.region_ids
        self.reg_of = tuple(ids[i // n][i % n] for i in range(n * n))
        # the lines through each cell: its row, its column, its region
        self.lines_of = tuple(
            (self.row_of[i], n + self.col_of[i], 2 * n + self.reg_of[i]) for i in range(n * n)
        )

    @classmethod
    def of(cls, level: Level) -> _Engine:
        """The engine of `level`, cached on the (immutable) level."""
        cached = level.__dict__.get("_deduce_engine")
        if cached is None:
            cached = cls(level)
            level.__dict__["_deduce_engine"] = cached
        return cached

    # ---------------------------------------------------------------- helpers

    def cells(self, mask: int) -> tuple[Cell, ...]:
        """The cells of a mask, in reading order."""
        n = self.n
        return tuple(divmod(i, n) for i in _bits(mask))

    def line_name(self, line: int) -> str:
        kind, k = divmod(line, self.n)
        if kind == _REG:
            return f"region {self.level.labels[k]}"
        return f"{_KIND_WORD[kind]} {k + 1}"

    def names(self, kind: int, ks: list[int]) -> str:
        """ "rows 2 and 3", "regions A, C and D", "column 4"."""
        words = (
            sorted(self.level.labels[k] for k in ks) if kind == _REG else [str(k + 1) for k in ks]
        )
        noun = _KIND_WORD[kind] + ("s" if len(ks) > 1 else "")
        return f"{noun} {_join(words)}"

    def state(self, queens: frozenset[Cell], crosses: frozenset[Cell]) -> tuple[int, int]:
        """(free, placed) bitmasks of a board."""
        n = self.n
        free = self.full
        placed = 0
        for r, c in crosses:
            free &= ~(1 << (r * n + c))
        for r, c in queens:
            i = r * n + c
            free &= ~self.attack[i]
            placed |= 1 << i
        return free, placed

    def open_lines(self, placed: int) -> list[int]:
        """Lines that still need their queen."""
        return [i for i, line in enumerate(self.lines) if not line & placed]

    def span(self, cand: int, target: int) -> int:
        """Which rows / columns / regions (bit k = index k) the cells of `cand` touch."""
        of = (self.row_of, self.col_of, self.reg_of)[target]
        s = 0
        for i in _bits(cand):
            s |= 1 << of[i]
        return s

    # ---------------------------------------------------------------- rules

    def last_cell(self, free: int, todo: list[int]) -> Step | None:
        for kind in (_ROW, _COL, _REG):
            for line in todo:
                if line // self.n != kind:
                    continue
                cand = free & self.lines[line]
                if cand and not cand & (cand - 1):
                    cell = self.cells(cand)[0]
                    where = (
                        f"column {cell[1] + 1}"
                        if kind == _ROW
                        else f"row {cell[0] + 1}"
                        if kind == _COL
                        else cell_name(cell)
                    )
                    name = self.line_name(line)
                    name = name[0].upper() + name[1:]
                    alone = cand == self.lines[line]
                    return Step(
                        rule=f"last_cell_{_KIND_WORD[kind]}",
                        place=(cell,),
                        cells=self.cells(self.lines[line]),
                        text=(
                            f"{name} is a single cell, at {where}: its queen goes there."
                            if alone
                            else f"{name} has one free cell left, at {where}: its queen goes there."
                        ),
                    )
        return None

    def confinement(self, free: int, todo: list[int]) -> Step | None:
        n = self.n
        lines = self.lines
        regs = [line - 2 * n for line in todo if line >= 2 * n]
        # a region confined to one row / one column
        for target in (_ROW, _COL):
            for g in regs:
                region = lines[2 * n + g]
                cand = free & region
                if not cand:
                    continue
                s = self.span(cand, target)
                if s & (s - 1):
                    continue
                k = s.bit_length() - 1
                tline = lines[target * n + k]
                cross = free & tline & ~region
                if not cross:
                    continue
                label = self.level.labels[g]
                tname = f"{_KIND_WORD[target]} {k + 1}"
                if region & tline == region:
                    why = f"Region {label} lies entirely in {tname}"
                else:
                    why = f"Every free cell of region {label} lies in {tname}"
                return Step(
                    rule=f"confinement_region_{_KIND_WORD[target]}",
                    cross=self.cells(cross),
                    cells=self.cells(region),
                    text=(
                        f"{why}, so no other region can use {tname}: "
                        f"cross out the rest of that {_KIND_WORD[target]}."
                    ),
                )
        # a row / column confined to one region
        for kind in (_ROW, _COL):
            for line in todo:
                if line // n != kind:
                    continue
                cand = free & lines[line]
                if not cand:
                    continue
                s = self.span(cand, _REG)
                if s & (s - 1):
                    continue
                g = s.bit_length() - 1
                region = lines[2 * n + g]
                cross = free & region & ~lines[line]
                if not cross:
                    continue
                label = self.level.labels[g]
                name = self.line_name(line)
                return Step(
                    rule=f"confinement_{_KIND_WORD[kind]}_region",
                    cross=self.cells(cross),
                    cells=self.cells(lines[line]),
                    text=(
                        f"Every free cell of {name} lies in region {label}, so region {label}'s "
                        f"queen is in {name}: cross out the rest of region {label}."
                    ),
                )
        return None

    def pigeonhole(
        self, free: int, todo: list[int], cancel: search.CancelFlag | None = None
    ) -> Step | None:
        n = self.n
        lines = self.lines
        by_kind: list[list[int]] = [[], [], []]
        for line in todo:
            by_kind[line // n].append(line % n)
        u = len(by_kind[_REG])
        # (items, targets): k items whose free cells lie in k targets claim them
        pairs = ((_REG, _ROW), (_REG, _COL), (_ROW, _REG), (_COL, _REG))
        spans: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for item_kind, target in pairs:
            lst = []
            for k in by_kind[item_kind]:
                cand = free & lines[item_kind * n + k]
                if cand:
                    lst.append((k, self.span(cand, target)))
            spans[(item_kind, target)] = lst
        for size in range(2, u // 2 + 1):
            for item_kind, target in pairs:
                items = [(k, s) for k, s in spans[(item_kind, target)] if s.bit_count() <= size]
                for chosen, union in self._subsets(items, size, cancel):
                    item_mask = 0
                    for k in chosen:
                        item_mask |= lines[item_kind * n + k]
                    target_mask = 0
                    targets = list(_bits(union))
                    for k in targets:
                        target_mask |= lines[target * n + k]
                    cross = free & target_mask & ~item_mask
                    if not cross:
                        continue
                    items_name = self.names(item_kind, chosen)
                    targets_name = self.names(target, targets)
                    word = _number(size)
                    if item_kind == _REG:
                        then = (
                            f"so those {word} {_KIND_WORD[target]}s hold their {word} queens: "
                            f"cross out every other cell of {targets_name}."
                        )
                    else:
                        then = (
                            f"so those {word} regions have their queens in {items_name}: "
                            f"cross out the rest of {targets_name}."
                        )
                    return Step(
                        rule=f"pigeonhole_{_KIND_WORD[item_kind]}s_{_KIND_WORD[target]}s",
                        cross=self.cells(cross),
                        cells=self.cells(item_mask),
                        group=size,
                        text=(f"The free cells of {items_name} all lie in {targets_name}, {then}"),
                    )
        return None

    @staticmethod
    def _subsets(
        items: list[tuple[int, int]], size: int, cancel: search.CancelFlag | None = None
    ) -> Iterator[tuple[list[int], int]]:
        """Sets of `size` items whose spans together cover exactly `size` targets.

        Only sets within one group of items linked by shared targets: a set
        that spans two unlinked groups splits into smaller closed sets (on a
        board that can still be completed), whose crosses include its own, and
        those were tried at a smaller size. Without this, k regions that are
        each a whole row gave C(n, k) sets to try and `explain` never ended on
        a large open level. The order of the sets kept is unchanged.
        """
        group = list(range(len(items)))  # union-find over shared targets

        def root(i: int) -> int:
            while group[i] != i:
                group[i] = group[group[i]]
                i = group[i]
            return i

        for i in range(len(items)):
            for j in range(i):
                if items[i][1] & items[j][1]:
                    group[root(i)] = root(j)
        groups = [root(i) for i in range(len(items))]

        def rec(
            start: int, chosen: list[int], union: int, g: int
        ) -> Iterator[tuple[list[int], int]]:
            if len(chosen) == size:
                if union.bit_count() == size:
                    yield list(chosen), union
                return
            if cancel is not None and cancel.is_set():
                raise search.Cancelled
            for j in range(start, len(items)):
                if chosen and groups[j] != g:
                    continue
                k, s = items[j]
                u = union | s
                if u.bit_count() > size:
                    continue
                chosen.append(k)
                yield from rec(j + 1, chosen, u, groups[j])
                chosen.pop()

        yield from rec(0, [], 0, -1)

    def common_attack(self, free: int, todo: list[int]) -> Step | None:
        attack = self.attack
        n = self.n
        # regions first: the form players know best
        for line in sorted(todo, key=lambda i: (-(i // n), i)):
            mask = self.lines[line]
            cand = free & mask
            if not cand or not cand & (cand - 1):
                continue
            common = self.full
            for i in _bits(cand):
                common &= attack[i]
                if not common & free & ~mask:
                    break
            cross = common & free & ~mask
            if not cross:
                continue
            name = self.line_name(line)
            hit = self.cells(cross)
            one = len(hit) == 1
            return Step(
                rule="common_attack",
                cross=hit,
                cells=self.cells(mask),
                text=(
                    f"Every free cell of {name} rules out {_cells_phrase(list(hit))}, so "
                    f"wherever the queen of {name} goes, {'that cell' if one else 'those cells'} "
                    f"cannot hold a queen: cross {'it' if one else 'them'} out."
                ),
            )
        return None

    def propagate(self, free: int, placed: int, todo: list[int]) -> tuple[int, int, list[int]]:
        """Apply last cells, confinement and common attacks until nothing changes.

        Returns the new (free, placed) and the queens it forced, in order;
        raises `_Contradiction` (with the queens forced so far) when some open
        line loses its last free cell.
        """
        lines = self.lines
        forced: list[int] = []
        confined = False
        while True:
            try:
                free2, placed2, more = self._propagate_once(free, placed, todo)
            except _Contradiction as err:
                err.forced = forced + err.forced
                err.confined = confined
                raise
            if free2 == free and placed2 == placed:
                return free, placed, forced
            forced += more
            if placed2 != placed:
                todo = [line for line in todo if not lines[line] & placed2]
            else:
                confined = True
            free, placed = free2, placed2

    def _propagate_once(
        self, free: int, placed: int, todo: list[int], *, confine: bool = True
    ) -> tuple[int, int, list[int]]:
        """One round of `propagate`: every last cell, else confinements and common attacks."""
        n = self.n
        lines = self.lines
        forced: list[int] = []
        for line in todo:
            mask = lines[line]
            if mask & placed:
                continue
            cand = free & mask
            if not cand:
                raise _Contradiction(line, forced)
            if not cand & (cand - 1):
                i = cand.bit_length() - 1
                free &= ~self.attack[i]
                placed |= cand
                forced.append(i)
        if forced or not confine:
            return free, placed, forced
        for line in todo:
            mask = lines[line]
            cand = free & mask
            if not cand:  # emptied by a confinement earlier in this round
                raise _Contradiction(line, forced)
            for target in (_ROW, _COL) if line >= 2 * n else (_REG,):
                s = self.span(cand, target)
                if s & (s - 1):
                    continue
                free &= ~(lines[target * n + s.bit_length() - 1] & ~mask)
        # common attack: what every free cell of a line rules out
        for line in todo:
            mask = lines[line]
            cand = free & mask
            if not cand:
                raise _Contradiction(line, forced)
            common = self.full
            for i in _bits(cand):
                common &= self.attack[i]
            free &= ~(common & ~mask)
        return free, placed, forced

    def probe(
        self,
        free: int,
        placed: int,
        todo: list[int],
        depth: int,
        cancel: search.CancelFlag | None = None,
    ) -> Step | None:
        """A free cell where a queen leads to a line with no free cell: cross it out.

        Depth 1 follows the queen's direct consequences only (the lines it
        leaves with one free cell take their queens); depth 2 follows last
        cells, confinement and common attacks to the end. A bare queen that empties a line
        would be a common attack seen from the other side, caught earlier.
        Of all such cells, the one with the shortest chain of forced queens
        is the easiest to follow, so that one is named.
        """
        lines = self.lines
        best: tuple[int, int, list[int], bool] | None = None  # (cell, line, forced, confined)
        enough = depth  # a chain this short cannot be beaten in practice
        for i in _bits(free):
            if cancel is not None and cancel.is_set():
                raise search.Cancelled
            b = 1 << i
            rest = [line for line in todo if not lines[line] & b]
            after = free & ~self.attack[i]
            try:
                if depth == 1:
                    self._direct(after, placed | b, rest)
                else:
                    self.propagate(after, placed | b, rest)
            except _Contradiction as err:
                if best is None or len(err.forced) < len(best[2]):
                    best = (i, err.line, err.forced, err.confined)
                    if len(err.forced) <= enough:
                        break
        if best is None:
            return None
        i, empty, forced, confined = best
        cell = divmod(i, self.n)
        name = self.line_name(empty)
        chain = [divmod(j, self.n) for j in forced]
        one = len(chain) == 1
        how = (
            "(by last cells, confinement and common attacks)"
            if confined
            else f"(the last free {'cell of its line' if one else 'cells of their lines'})"
        )
        if chain:
            via = (
                f" would force {'a queen' if one else 'queens'} at {_cells_phrase(chain)} {how}, "
                f"and then {name} would have no free cell left"
            )
        else:
            via = f" would, by confinement and common attacks, rule out every free cell of {name}"
        return Step(
            rule=f"probe_depth{depth}",
            cross=(cell,),
            cells=tuple(sorted({cell, *chain, *self.cells(lines[empty])})),
            text=f"A queen at {cell_name(cell)}{via}: cross it out.",
        )

    def _fails(self, free: int, placed: int, todo: list[int], i: int) -> bool:
        """Whether a queen on cell i leads, by `propagate`, to a line with no free cell."""
        b = 1 << i
        try:
            self.propagate(
                free & ~self.attack[i], placed | b, [x for x in todo if not self.lines[x] & b]
            )
        except _Contradiction:
            return True
        return False

    def probe_nested(
        self, free: int, placed: int, todo: list[int], cancel: search.CancelFlag | None = None
    ) -> Step | None:
        """A free cell whose queen forces a line all of whose free cells fail a probe.

        A queen on x, followed by last cells, confinement and common attacks,
        gives a position P; if in P every free cell of some line L fails a
        depth-2 probe, P has no completion, so x holds no queen. L is chosen
        among P's lines with the fewest free cells first.
        """
        lines = self.lines
        for i in _bits(free):
            if cancel is not None and cancel.is_set():
                raise search.Cancelled
            b = 1 << i
            rest = [x for x in todo if not lines[x] & b]
            try:
                free2, placed2, forced = self.propagate(free & ~self.attack[i], placed | b, rest)
            except _Contradiction:
                continue  # a plain depth-2 probe, already tried
            todo2 = [x for x in rest if not lines[x] & placed2]
            for line in sorted(todo2, key=lambda x: ((free2 & lines[x]).bit_count(), x)):
                cand = free2 & lines[line]
                if cancel is not None and cancel.is_set():
                    raise search.Cancelled
                if all(self._fails(free2, placed2, todo2, j) for j in _bits(cand)):
                    cell = divmod(i, self.n)
                    chain = [divmod(j, self.n) for j in forced]
                    name = self.line_name(line)
                    via = (
                        f", forcing {'a queen' if len(chain) == 1 else 'queens'} at "
                        f"{_cells_phrase(chain)},"
                        if chain
                        else ""
                    )
                    return Step(
                        rule="probe_depth3",
                        cross=(cell,),
                        cells=tuple(sorted({cell, *chain, *self.cells(cand)})),
                        text=(
                            f"A queen at {cell_name(cell)}{via} would leave {name} with free "
                            f"cells at {_cells_phrase(list(self.cells(cand)))}, and a queen on "
                            "any of them leads, by last cells, confinement and common attacks, "
                            f"to a row, column or region with no free cell: cross "
                            f"{cell_name(cell)} out."
                        ),
                    )
        return None

    def _direct(self, free: int, placed: int, todo: list[int]) -> None:
        """Raise `_Contradiction` if the lines left with one free cell cannot all take it.

        The queens forced directly by the position (not by each other) are
        placed together; if one rules out another, or their attacks leave a
        line empty, that is the contradiction.
        """
        lines = self.lines
        singles = []
        for line in todo:
            cand = free & lines[line]
            if not cand:
                raise _Contradiction(line, [])
            if not cand & (cand - 1):
                singles.append((line, cand))
        forced: list[int] = []
        for line, cand in singles:
            if cand & placed:
                continue  # two lines share the same last cell
            if not free & cand:
                raise _Contradiction(line, forced)
            i = cand.bit_length() - 1
            free &= ~self.attack[i]
            placed |= cand
            forced.append(i)
        for line in todo:
            if not lines[line] & placed and not free & lines[line]:
                raise _Contradiction(line, forced)

    # ---------------------------------------------------------------- driver

    def next_step(
        self,
        free: int,
        placed: int,
        cancel: search.CancelFlag | None = None,
        nested: bool = True,
    ) -> Step | None:
        """The simplest step on this state, or None if no rule applies (or it is solved)."""
        todo = self.open_lines(placed)
        if not todo:
            return None
        return (
            self.last_cell(free, todo)
            or self.confinement(free, todo)
            or self.pigeonhole(free, todo, cancel)
            or self.common_attack(free, todo)
            or self.probe(free, placed, todo, 1, cancel)
            or self.probe(free, placed, todo, 2, cancel)
            or (self.probe_nested(free, placed, todo, cancel) if nested else None)
        )

    def after(self, step: Step, free: int, placed: int) -> tuple[int, int]:
        """The state after applying `step`."""
        n = self.n
        for r, c in step.cross:
            free &= ~(1 << (r * n + c))
        for r, c in step.place:
            i = r * n + c
            free &= ~self.attack[i]
            placed |= 1 << i
        return free, placed


# --------------------------------------------------------------------------- public API


def next_step(board: Board, cancel: search.CancelFlag | None = None) -> Step | None:
    """The simplest logical step on `board`, or None when no rule applies or it is solved.

    Assumes the board can still be completed (ask `first_error` first): on a
    board that cannot, any conclusion is vacuously "true". The probes can
    take minutes on a big open board (40x40): they poll `cancel` (a
    `core.play.Deadline` in the game) and raise `search.Cancelled` once set.
    """
    engine = _Engine.of(board.level)
    free, placed = engine.state(board.queens, board.crosses)
    return engine.next_step(free, placed, cancel)


def _solver_step(
    level: Level,
    queens: frozenset[Cell],
    crosses: frozenset[Cell],
    cancel: search.CancelFlag | None = None,
) -> Step | None:
    """The remaining queens of one completion, found by exact search (None if there is none)."""
    found = []
    for sol in search.solutions(level, queens=queens, forbidden=crosses, cancel=cancel):
        found.append(sol)
        if len(found) == 2:
            break
    if not found:
        return None
    rest = tuple(c for c in found[0] if c not in queens)
    if not rest:
        return None
    if len(found) == 1:
        what = "queen" if len(rest) == 1 else f"{len(rest)} queens"
        text = (
            f"No rule I know applies here; the exact search places the remaining {what} at "
            f"{_cells_phrase(list(rest))}."
        )
    else:
        text = (
            "No rule applies and more than one solution remains; the exact search completes "
            f"one of them with {'a queen' if len(rest) == 1 else 'queens'} at "
            f"{_cells_phrase(list(rest))}."
        )
    return Step(rule="solver", place=rest, cells=rest, text=text)


def solve_logically(
    level: Level,
    cancel: search.CancelFlag | None = None,
    rules: search.CancelFlag | None = None,
    *,
    nested: bool = True,
) -> list[Step]:
    """The whole logical solution of `level` from an empty board, step by step.

    When the rules run out before the board is full, one last step with rule
    `solver` carries the remaining queens from the exact search (on a level
    with several solutions, those of one of them). Raises `ValueError` if the
    level has no solution at all, and `search.Cancelled` once `cancel` is set
    (checked between steps and per probed cell). Once `rules` is set, the
    rules stop where they are and the solver step completes the board: a
    bounded answer where the logical solution matters less, as on a level
    with several solutions. `nested=False` leaves out the nested probe, whose
    cost grows fast with the board (the generator's judge of fairness uses
    that: a level it keeps is then fair with or without it).
    """
    engine = _Engine.of(level)
    free, placed = engine.full, 0
    steps: list[Step] = []
    while True:
        if cancel is not None and cancel.is_set():
            raise search.Cancelled
        if rules is not None and rules.is_set():
            break
        try:
            step = engine.next_step(free, placed, _either(cancel, rules), nested)
        except search.Cancelled:
            if cancel is not None and cancel.is_set():
                raise
            break  # only the rules' own budget ran out
        if step is None:
            break
        steps.append(step)
        free, placed = engine.after(step, free, placed)
    if placed.bit_count() < level.size:
        queens = frozenset(engine.cells(placed))
        crosses = frozenset(engine.cells(engine.full & ~free)) - queens
        # crosses here include cells ruled out by queens: harmless to the search
        crosses = frozenset(c for c in crosses if not _attacked_by(engine, c, placed))
        last = _solver_step(level, queens, crosses, cancel)
        if last is None:
            raise ValueError("the level has no solution")
        steps.append(last)
    return steps


Finder = Callable[..., "tuple[Cell, ...] | None"]
"""`search.first`'s shape: (level, queens=..., forbidden=...) -> one solution or None."""


class _Either:
    """Set when either flag is."""

    def __init__(self, a: search.CancelFlag, b: search.CancelFlag) -> None:
        self.a, self.b = a, b

    def is_set(self) -> bool:
        return self.a.is_set() or self.b.is_set()


def _either(a: search.CancelFlag | None, b: search.CancelFlag | None) -> search.CancelFlag | None:
    if a is None or b is None:
        return a or b
    return _Either(a, b)


def _attacked_by(engine: _Engine, cell: Cell, placed: int) -> bool:
    i = cell[0] * engine.n + cell[1]
    return any(engine.attack[q] >> i & 1 for q in _bits(placed))


def first_error(board: Board, first: Finder | None = None) -> Mistake | None:
    """The marks that make `board` impossible to complete, or None if it still can be.

    A queen that no solution contains, or a manual cross on a cell every
    solution needs. Queens that attack each other come first, as the
    simplest thing to show. `first(level, queens=..., forbidden=...)` finds one
    completion or None: the exact search by default; the game's worker passes
    CP-SAT's.
    """
    find: Finder = first or search.first
    level = board.level
    conflicts = board.conflicts
    if conflicts:
        qs = tuple(sorted(conflicts.queens))
        return Mistake(
            queens=qs,
            text=f"This board already holds a mistake: the queens at {_cells_phrase(list(qs))} "
            "break the rules (same row, column or region, or touching).",
        )
    if find(level, queens=board.queens, forbidden=board.crosses) is not None:
        return None
    bad_q = tuple(sorted(q for q in board.queens if find(level, queens=[q]) is None))
    bad_x = tuple(sorted(x for x in board.crosses if find(level, forbidden=[x]) is None))
    if not bad_q and not bad_x:
        # No mark is wrong alone: shrink to a smallest set that cannot stand together.
        keep_q = set(board.queens)
        keep_x = set(board.crosses)
        for q in sorted(board.queens):
            if find(level, queens=keep_q - {q}, forbidden=keep_x) is None:
                keep_q.discard(q)
        for x in sorted(board.crosses):
            if find(level, queens=keep_q, forbidden=keep_x - {x}) is None:
                keep_x.discard(x)
        bad_q, bad_x = tuple(sorted(keep_q)), tuple(sorted(keep_x))
        if not bad_q and not bad_x:
            return Mistake(text="This level has no solution: no marks of yours are to blame.")
        text = (
            "This board already holds a mistake: no solution has all of "
            + _join(
                ([f"the queens at {_cells_phrase(list(bad_q))}"] if bad_q else [])
                + ([f"the crosses at {_cells_phrase(list(bad_x))}"] if bad_x else [])
            )
            + "."
        )
        return Mistake(queens=bad_q, crosses=bad_x, text=text)
    parts = []
    if bad_q:
        noun = "queen" if len(bad_q) == 1 else "queens"
        verb = "is" if len(bad_q) == 1 else "are"
        parts.append(f"the {noun} at {_cells_phrase(list(bad_q))} {verb} in no solution")
    if bad_x:
        parts.append(
            f"every solution needs a queen at {_cells_phrase(list(bad_x))}, "
            f"which {'is' if len(bad_x) == 1 else 'are'} crossed out"
        )
    return Mistake(
        queens=bad_q,
        crosses=bad_x,
        text="This board already holds a mistake: " + "; ".join(parts) + ".",
    )


def hint(board: Board) -> Step | Mistake | None:
    """What a hint says on `board`: a mistake first, then the simplest rule, then the solver.

    None only when the board is solved. The solver fallback reveals one queen
    (a queen that every remaining solution shares, when there is one).
    """
    if board.is_solved:
        return None
    mistake = first_error(board)
    if mistake is not None:
        return mistake
    step = next_step(board)
    if step is not None:
        return step
    return _reveal_one(board)


def _reveal_one(board: Board, cap: int = 200) -> Step | None:
    level = board.level
    sols = []
    for sol in search.solutions(level, queens=board.queens, forbidden=board.crosses):
        sols.append(set(sol) - board.queens)
        if len(sols) >= cap:
            break
    if not sols:
        return None
    shared = set.intersection(*sols)
    if shared:
        cell = min(shared)
        text = f"No rule I know applies here; the solver reveals one queen: {cell_name(cell)}."
    else:
        cell = min(sols[0])
        text = (
            "No rule applies and several solutions remain; the solver reveals a queen of one "
            f"of them: {cell_name(cell)}."
        )
    return Step(rule="solver", place=(cell,), cells=(cell,), text=text)


# --------------------------------------------------------------------------- grading


@dataclass(frozen=True)
class Grade:
    """A level's difficulty and the numbers it comes from."""

    difficulty: str
    steps: int
    hardest_rule: str
    rules: dict[str, int]
    """How many steps used each rule."""
    hardest_tier: int = 0


HARD_AFTER = 6
"""A solution with this many medium steps (common attacks, pairs) is graded hard."""

EXPERT_AFTER = 4
"""A solution with this many hard steps (big pigeonholes, depth-1 probes) is graded expert."""


def grade_steps(steps: list[Step]) -> Grade:
    """Grade a logical solution by its hardest step, and how often the hard steps come.

    Tiers (see `Step.tier`): 0-1 last cells and confinement, 2 common attacks
    and two-region pigeonholes, 3 bigger pigeonholes and depth-1 probes, 4
    depth-2 and nested probes, 5 the exact search. easy = tiers 0-1 only; medium = tier
    2, fewer than `HARD_AFTER` times; hard = tier 2 that often, or tier 3
    fewer than `EXPERT_AFTER` times; expert = the rest. The thresholds come
    from the corpus (official levels: about a quarter easy, half medium, a
    quarter hard; the probes appear only in community levels).
    """
    rules: dict[str, int] = {}
    for s in steps:
        rules[s.rule] = rules.get(s.rule, 0) + 1
    if not steps:
        return Grade("easy", 0, "last_cell_row", rules)
    hardest_step = max(steps, key=lambda s: s.tier)
    tier = hardest_step.tier
    count = sum(1 for s in steps if s.tier == tier)
    if tier <= 1:
        difficulty = "easy"
    elif tier == 2:
        difficulty = "medium" if count < HARD_AFTER else "hard"
    elif tier == 3:
        difficulty = "hard" if count < EXPERT_AFTER else "expert"
    else:
        difficulty = "expert"
    return Grade(difficulty, len(steps), hardest_step.rule, rules, tier)


def grade(level: Level) -> str:
    """The difficulty of `level`: "easy", "medium", "hard" or "expert"."""
    return grade_steps(solve_logically(level)).difficulty
