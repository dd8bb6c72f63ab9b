"""The bitmask tables of one level and the rules a person applies line by line.

The state is two integers with a bit per cell (see `search.Masks`): the free
cells and the queens. `Tables` turns a level into per-line masks once;
`LineRules` adds the rule families 1-4 (last cell, confinement, pigeonhole,
common attack), each of which reads the lines and returns a `Step` or None.
The probes (families 5-7) build on this in `probes`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from queens_tui.core.grid import Cell, cell_name, cells_phrase, join_words
from queens_tui.kinds.queens import search
from queens_tui.kinds.queens.deduce.steps import Step
from queens_tui.kinds.queens.deduce.words import number_word
from queens_tui.kinds.queens.level import Level


def bits(x: int) -> Iterator[int]:
    """The indexes of the set bits of `x`, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


ROW, COL, REG = 0, 1, 2
KIND_WORD = ("row", "column", "region")


@dataclass
class Tables:
    """The bitmask tables of one level, and the helpers every rule reads them with.

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

    def cells(self, mask: int) -> tuple[Cell, ...]:
        """The cells of a mask, in reading order."""
        n = self.n
        return tuple(divmod(i, n) for i in bits(mask))

    def line_name(self, line: int) -> str:
        kind, k = divmod(line, self.n)
        if kind == REG:
            return f"region {self.level.labels[k]}"
        return f"{KIND_WORD[kind]} {k + 1}"

    def names(self, kind: int, ks: list[int]) -> str:
        """ "rows 2 and 3", "regions A, C and D", "column 4"."""
        words = (
            sorted(self.level.labels[k] for k in ks) if kind == REG else [str(k + 1) for k in ks]
        )
        noun = KIND_WORD[kind] + ("s" if len(ks) > 1 else "")
        return f"{noun} {join_words(words)}"

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
        """Which rows / columns / regions (bit k = index k) the cells of `cand` touch.

        Rows and columns by folding the mask a row at a time (the columns are the row
        masks OR-ed together), regions cell by cell: the rules ask this ~200 times a level,
        the most asked question of the deduction (docs/performance.md)."""
        n = self.n
        row = (1 << n) - 1
        s = 0
        if target == COL:
            while cand:
                s |= cand & row
                cand >>= n
        elif target == ROW:
            k = 0
            while cand:
                if cand & row:
                    s |= 1 << k
                cand >>= n
                k += 1
        else:
            of = self.reg_of
            while cand:
                low = cand & -cand
                s |= 1 << of[low.bit_length() - 1]
                cand ^= low
        return s

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


class LineRules(Tables):
    """Rule families 1-4: what a person sees by reading rows, columns and regions."""

    def last_cell(self, free: int, todo: list[int]) -> Step | None:
        for kind in (ROW, COL, REG):
            for line in todo:
                if line // self.n != kind:
                    continue
                cand = free & self.lines[line]
                if cand and not cand & (cand - 1):
                    cell = self.cells(cand)[0]
                    where = (
                        f"column {cell[1] + 1}"
                        if kind == ROW
                        else f"row {cell[0] + 1}"
                        if kind == COL
                        else cell_name(cell)
                    )
                    name = self.line_name(line)
                    name = name[0].upper() + name[1:]
                    alone = cand == self.lines[line]
                    return Step(
                        rule=f"last_cell_{KIND_WORD[kind]}",
                        place=(cell,),
                        cells=self.cells(self.lines[line]),
                        text=(
                            f"{name} is a single cell, at {where}: its queen goes there."
                            if alone
                            else f"{name} has one free cell left, at {where}: its queen goes there."
                        ),
                    )
        return None

    def confined(self, free: int, line: int, target: int) -> tuple[int, int] | None:
        """(k, cross) when every free cell of `line` lies in line k of kind `target` (a row,
        column or region) and that line has free cells outside `line` (`cross`); else None."""
        cand = free & self.lines[line]
        if not cand:
            return None
        s = self.span(cand, target)
        if s & (s - 1):
            return None
        k = s.bit_length() - 1
        cross = free & self.lines[target * self.n + k] & ~self.lines[line]
        return (k, cross) if cross else None

    def confinement(self, free: int, todo: list[int]) -> Step | None:
        n = self.n
        lines = self.lines
        regs = [line - 2 * n for line in todo if line >= 2 * n]
        # a region confined to one row / one column
        for target in (ROW, COL):
            for g in regs:
                region = lines[2 * n + g]
                found = self.confined(free, 2 * n + g, target)
                if found is None:
                    continue
                k, cross = found
                tline = lines[target * n + k]
                label = self.level.labels[g]
                tname = f"{KIND_WORD[target]} {k + 1}"
                if region & tline == region:
                    why = f"Region {label} lies entirely in {tname}"
                else:
                    why = f"Every free cell of region {label} lies in {tname}"
                return Step(
                    rule=f"confinement_region_{KIND_WORD[target]}",
                    cross=self.cells(cross),
                    cells=self.cells(region),
                    text=(
                        f"{why}, so no other region can use {tname}: "
                        f"cross out the rest of that {KIND_WORD[target]}."
                    ),
                )
        # a row / column confined to one region
        for kind in (ROW, COL):
            for line in todo:
                if line // n != kind:
                    continue
                found = self.confined(free, line, REG)
                if found is None:
                    continue
                g, cross = found
                label = self.level.labels[g]
                name = self.line_name(line)
                return Step(
                    rule=f"confinement_{KIND_WORD[kind]}_region",
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
        u = len(by_kind[REG])
        # (items, targets): k items whose free cells lie in k targets claim them
        pairs = ((REG, ROW), (REG, COL), (ROW, REG), (COL, REG))
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
                    targets = list(bits(union))
                    for k in targets:
                        target_mask |= lines[target * n + k]
                    cross = free & target_mask & ~item_mask
                    if not cross:
                        continue
                    items_name = self.names(item_kind, chosen)
                    targets_name = self.names(target, targets)
                    word = number_word(size)
                    if item_kind == REG:
                        then = (
                            f"so those {word} {KIND_WORD[target]}s hold their {word} queens: "
                            f"cross out every other cell of {targets_name}."
                        )
                    else:
                        then = (
                            f"so those {word} regions have their queens in {items_name}: "
                            f"cross out the rest of {targets_name}."
                        )
                    return Step(
                        rule=f"pigeonhole_{KIND_WORD[item_kind]}s_{KIND_WORD[target]}s",
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
            for i in bits(cand):
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
                    f"Every free cell of {name} rules out the cell{'' if one else 's'} at "
                    f"{cells_phrase(list(hit))}, so "
                    f"wherever the queen of {name} goes, {'that cell' if one else 'those cells'} "
                    f"cannot hold a queen: cross {'it' if one else 'them'} out."
                ),
            )
        return None
