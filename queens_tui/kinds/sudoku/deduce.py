"""The deduction engine: the next logical step on a Mini Sudoku grid, named and explained.

The 6x6 grid is small: every LinkedIn day so far falls to hidden singles, and
of minimal unique grids about 96% do, 1% more need a naked single and 3% a
rule beyond singles. So the tiers split the singles the way people find them
(a box is scanned first, then rows and columns, and a cell's one candidate
last), and every rule beyond singles is expert:

The engine keeps every empty cell's candidates (the digits its row, column
and box do not hold yet, less what earlier steps ruled out) and applies the
rules people use, simplest first, with stable ids and tiers:

Tier 1 (easy)
  `hidden_single`  a digit with one place left in a box goes there (and the last
                   empty cell of any row or column takes the digit it lacks).
Tier 2 (medium)
  `hidden_single`  a digit with one place left in a row or column goes there.
Tier 3 (hard)
  `naked_single`   a cell with one candidate left holds it (read from its row,
                   column and box at once).
Tier 4 (expert)
  `naked_pair`     two cells of a unit whose candidates are the same two digits
                   hold those two: the unit's other cells lose them.
  `hidden_pair`    two digits that fit only in the same two cells of a unit fill
                   them: those cells lose every other candidate.
  `pointing`       a digit confined to one row (column) within a box: the rest of
                   that row (column) loses it.
  `box_line`       a digit confined to one box within a row (column): the rest of
                   that box loses it.
  `naked_triple`, `hidden_triple`: the same with three cells and three digits.
  `probe`          (last) a digit in this cell would, by the rules above, leave some
                   cell without a digit or some unit without a place for one:
                   the cell cannot hold it.

After every step the engine starts again from the simplest rule, so a
solution uses each rule only where nothing simpler works; the grade is the
hardest tier a level needs. Each step names its cells as players count them
("row 3, column 1"), the digit, and why, in one sentence; the data stays
0-based. When no rule applies (several solutions, or beyond one probe),
`solve_logically` ends with a step of rule `solver` from the exact search.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, islice

from queens_tui.core.effort import tier_effort, tier_features
from queens_tui.core.grid import Cell
from queens_tui.core.kind import count_cells, rule_counts, search_step_text
from queens_tui.core.play import CancelFlag, Cancelled
from queens_tui.core.vocabulary import DIFFICULTIES, Difficulty
from queens_tui.kinds.sudoku import search
from queens_tui.kinds.sudoku.level import SIZE, Level, box_of
from queens_tui.kinds.sudoku.rules import Unit, cell_name, units

RULE_TIERS: dict[str, int] = {
    "hidden_single": 1,
    "naked_single": 3,
    "naked_pair": 4,
    "hidden_pair": 4,
    "pointing": 4,
    "box_line": 4,
    "naked_triple": 4,
    "hidden_triple": 4,
    "probe": 4,
    "solver": 5,
}
"""Each rule's (lowest) tier: 1 easy, 2 medium, 3 hard, 4 expert, 5 beyond the rules. A hidden
single in a row or column is tier 2 (the step carries its own tier)."""

Placement = tuple[int, int, int]
"""(row, column, digit): a cell to fill, or (in `eliminate`) a candidate to rule out."""

N = SIZE
CELLS = N * N
UNITS: tuple[Unit, ...] = units()
UNIT_IDX: tuple[tuple[int, ...], ...] = tuple(tuple(r * N + c for r, c in u.cells) for u in UNITS)
PEERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({j for u in UNIT_IDX if i in u for j in u} - {i})) for i in range(CELLS)
)
ROWS, COLS, BOXES = UNIT_IDX[:N], UNIT_IDX[N : 2 * N], UNIT_IDX[2 * N :]
SEARCH_ORDER: tuple[int, ...] = tuple(range(2 * N, 3 * N)) + tuple(range(2 * N))
"""Units in the order the single and set rules read them: boxes first (where people look
first), then rows, then columns."""


def _cell(i: int) -> Cell:
    return divmod(i, N)


def _name(i: int) -> str:
    return cell_name(_cell(i))


def _digits(mask: int) -> list[int]:
    return [d for d in range(1, N + 1) if mask >> (d - 1) & 1]


def _join(words: Sequence[str], last: str = "and") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _digits_text(mask: int, last: str = "and") -> str:
    return _join([str(d) for d in _digits(mask)], last)


@dataclass(frozen=True)
class Step:
    """One logical step: the cells it fills or the candidates it rules out, the evidence,
    one sentence."""

    rule: str
    place: tuple[Placement, ...] = ()
    eliminate: tuple[Placement, ...] = ()
    cells: tuple[Cell, ...] = ()
    """The evidence to highlight (the unit, the pair, the probed cell...)."""
    text: str = ""
    level: int = 0
    """The step's tier when it differs from its rule's (a hidden single in a line: 2)."""

    def __post_init__(self) -> None:
        if self.text[:1].islower():  # a sentence starting with a cell: "Row 3, column 1 ..."
            object.__setattr__(self, "text", self.text[0].upper() + self.text[1:])

    @property
    def tier(self) -> int:
        """How hard the step is for a person (see `RULE_TIERS`)."""
        return self.level or RULE_TIERS[self.rule]

    def as_json(self) -> dict[str, object]:
        """The step as `explain --json` prints it (without file and step number)."""
        return {
            "rule": self.rule,
            "place": [list(p) for p in self.place],
            "eliminate": [list(p) for p in self.eliminate],
            "text": self.text,
        }


def _elim_text(elims: Iterable[tuple[int, int]]) -> str:
    """Ruled-out candidates as a clause: "row 2, column 6 is not 3 or 5; row 4, column 1 is
    not 3"."""
    by_cell: dict[int, int] = {}
    for i, bit in elims:
        by_cell[i] = by_cell.get(i, 0) | bit
    parts = [f"{_name(i)} is not {_digits_text(m, 'or')}" for i, m in sorted(by_cell.items())]
    return "; ".join(parts)


class Contradiction(Exception):
    """The grid cannot be finished (a cell without candidates, a digit without a place)."""

    def __init__(self, what: str, cells: tuple[int, ...]) -> None:
        super().__init__(what)
        self.what = what
        self.cells = cells


class Grid:
    """Digits and candidates of a grid being solved: `vals[i]` (0 empty), `cand[i]` (bit d-1)."""

    __slots__ = ("cand", "vals")

    def __init__(self, vals: list[int], cand: list[int]) -> None:
        self.vals = vals
        self.cand = cand

    @classmethod
    def of(cls, grid: Sequence[Sequence[int | None]]) -> Grid:
        """The digits of `grid` and every empty cell's candidates from its peers."""
        vals = [grid[r][c] or 0 for r in range(N) for c in range(N)]
        cand = [0] * CELLS
        full = (1 << N) - 1
        for i in range(CELLS):
            if not vals[i]:
                seen = 0
                for j in PEERS[i]:
                    if vals[j]:
                        seen |= 1 << (vals[j] - 1)
                cand[i] = full & ~seen
        return cls(vals, cand)

    def copy(self) -> Grid:
        return Grid(list(self.vals), list(self.cand))

    def seen_by_peers(self, i: int) -> int:
        """The digits the peers of cell `i` hold."""
        seen = 0
        for j in PEERS[i]:
            if self.vals[j]:
                seen |= 1 << (self.vals[j] - 1)
        return seen

    def apply(self, step: Step) -> None:
        """Fill the step's cells (their peers lose the digit) and rule out its candidates."""
        for r, c, d in step.place:
            self.place(r * N + c, d)
        for r, c, d in step.eliminate:
            self.cand[r * N + c] &= ~(1 << (d - 1))

    def place(self, i: int, d: int) -> None:
        bit = 1 << (d - 1)
        self.vals[i] = d
        self.cand[i] = 0
        for j in PEERS[i]:
            self.cand[j] &= ~bit

    def full(self) -> bool:
        return all(self.vals)

    def check(self) -> None:
        """Raise `Contradiction` when a cell has no candidate or a unit no place for a digit."""
        vals, cand = self.vals, self.cand
        for i in range(CELLS):
            if not vals[i] and not cand[i]:
                raise Contradiction(f"{_name(i)} would have no digit left", (i,))
        for k, unit in enumerate(UNIT_IDX):
            have = 0
            places = 0
            for i in unit:
                if vals[i]:
                    bit = 1 << (vals[i] - 1)
                    if have & bit:
                        raise Contradiction(f"{UNITS[k].name} would hold {vals[i]} twice", unit)
                    have |= bit
                else:
                    places |= cand[i]
            missing = ((1 << N) - 1) & ~(have | places)
            if missing:
                d = _digits(missing)[0]
                raise Contradiction(f"{UNITS[k].name} would have no place for {d}", unit)

    def rows(self) -> list[list[int | None]]:
        """The digits as rows (None: empty), as the exact search reads them."""
        return [[self.vals[r * N + c] or None for c in range(N)] for r in range(N)]


# --------------------------------------------------------------------------- the rules


def naked_single(g: Grid) -> Step | None:
    for i in range(CELLS):
        m = g.cand[i]
        if g.vals[i] or m & (m - 1) or not m:
            continue
        d = m.bit_length()
        r, c = _cell(i)
        seen = g.seen_by_peers(i)
        evidence = tuple(_cell(j) for j in PEERS[i] if g.vals[j])
        if seen | m == (1 << N) - 1:
            why = "every other digit is already in its row, column or box"
        else:
            why = "every other digit is in its row, column or box or was ruled out above"
        text = f"{cell_name((r, c))} can only be {d}: {why}."
        return Step("naked_single", ((r, c, d),), (), ((r, c), *evidence), text)
    return None


def _hidden_single(g: Grid, order: Sequence[int], tier: int, last_cells: bool) -> Step | None:
    """A digit with one place in one of the units `order` (or, with `last_cells`, the last
    empty cell of any unit)."""
    for k in order:
        unit = UNIT_IDX[k]
        empty = [i for i in unit if not g.vals[i]]
        if last_cells and len(empty) != 1 and k < 2 * N:
            continue
        for d in range(1, N + 1):
            bit = 1 << (d - 1)
            spots = [i for i in empty if g.cand[i] & bit]
            if len(spots) != 1 or any(g.vals[i] == d for i in unit):
                continue
            i = spots[0]
            r, c = _cell(i)
            name = UNITS[k].name
            if len(empty) == 1:
                why = f"it is the last empty cell of {name}, which lacks only {d}"
                text = f"{cell_name((r, c))} is {d}: {why}."
            else:
                seen = all(g.seen_by_peers(j) & bit for j in empty if j != i)
                why = (
                    f"each of its other empty cells sees a {d} in its row, column or box"
                    if seen
                    else f"its other empty cells see a {d} or were ruled out above"
                )
                text = f"{d} has only one place in {name}: {cell_name((r, c))} ({why})."
            seeing = [
                next((p for p in PEERS[j] if g.vals[p] == d), None) for j in empty if j != i
            ]  # for each other empty cell, a digit d that sees it (the reason it is out)
            cells = ((r, c), *(_cell(j) for j in unit if j != i))
            cells += tuple(dict.fromkeys(_cell(p) for p in seeing if p is not None))
            return Step("hidden_single", ((r, c, d),), (), cells, text, tier)
    return None


def hidden_single(g: Grid) -> Step | None:
    """Tier 1: a hidden single in a box, or the last empty cell of a row or column."""
    return _hidden_single(g, (*range(2 * N, 3 * N), *range(2 * N)), 1, True)


def hidden_single_line(g: Grid) -> Step | None:
    """Tier 2: a digit with one place left in a row or column."""
    return _hidden_single(g, range(2 * N), 2, False)


def _naked_set(g: Grid, size: int, rule: str) -> Step | None:
    for k in SEARCH_ORDER:
        unit = UNIT_IDX[k]
        empty = [i for i in unit if not g.vals[i] and g.cand[i].bit_count() <= size]
        for group in combinations(empty, size):
            mask = 0
            for i in group:
                mask |= g.cand[i]
            if mask.bit_count() != size:
                continue
            elims = [(j, g.cand[j] & mask) for j in unit if j not in group and g.cand[j] & mask]
            if not elims:
                continue
            name = UNITS[k].name
            cells = _join([_name(i) for i in group])
            text = (
                f"{cells} can only hold {_digits_text(mask)} between them, "
                f"so no other cell of {name} can: {_elim_text(elims)}."
            )
            return _elim_step(rule, elims, (*group, *unit), text)
    return None


def _hidden_set(g: Grid, size: int, rule: str) -> Step | None:
    for k in SEARCH_ORDER:
        unit = UNIT_IDX[k]
        placed = 0
        for i in unit:
            if g.vals[i]:
                placed |= 1 << (g.vals[i] - 1)
        open_digits = [d for d in range(1, N + 1) if not placed >> (d - 1) & 1]
        for digits in combinations(open_digits, size):
            mask = 0
            for d in digits:
                mask |= 1 << (d - 1)
            spots = [i for i in unit if g.cand[i] & mask]
            if len(spots) != size:
                continue
            elims = [(i, g.cand[i] & ~mask) for i in spots if g.cand[i] & ~mask]
            if not elims:
                continue
            name = UNITS[k].name
            text = (
                f"{_digits_text(mask)} fit only in {_join([_name(i) for i in spots])} "
                f"within {name}, so those cells hold them and nothing else: "
                f"{_elim_text(elims)}."
            )
            return _elim_step(rule, elims, (*spots, *unit), text)
    return None


def _elim_step(rule: str, elims: list[tuple[int, int]], evidence: Iterable[int], text: str) -> Step:
    out: list[Placement] = []
    for i, mask in elims:
        r, c = _cell(i)
        out.extend((r, c, d) for d in _digits(mask))
    seen: dict[Cell, None] = dict.fromkeys(_cell(i) for i in evidence)
    return Step(rule, (), tuple(sorted(out)), tuple(seen), text)


def _row_unit(i: int) -> int:
    return i // N


def _col_unit(i: int) -> int:
    return N + i % N


def _box_unit(i: int) -> int:
    return 2 * N + box_of(_cell(i))


def _confined(
    g: Grid, unit: int, owners: tuple[Callable[[int], int], ...]
) -> Iterator[tuple[int, list[int], int, list[tuple[int, int]]]]:
    """Pointing and box/line reduction at once: each digit with two or more spots in
    `UNITS[unit]`, all in one other unit (of the kinds `owners` give, tried in turn) that has
    the digit as a candidate elsewhere: (digit, spots, that unit, its eliminations)."""
    cells = UNIT_IDX[unit]
    for d in range(1, N + 1):
        bit = 1 << (d - 1)
        spots = [i for i in cells if g.cand[i] & bit]
        if len(spots) < 2:
            continue
        for owner in owners:
            found = {owner(i) for i in spots}
            if len(found) != 1:
                continue
            other = found.pop()
            elims = [(j, bit) for j in UNIT_IDX[other] if j not in cells and g.cand[j] & bit]
            if elims:
                yield d, spots, other, elims


def _intersection(
    g: Grid, rule: str, units: range, owners: tuple[Callable[[int], int], ...], says: str
) -> Step | None:
    """The first `_confined` digit of `units` as a step; `says` is its text, with `{d}`,
    `{unit}` (where the spots are), `{other}` (the unit holding them all) and `{elims}`."""
    for unit in units:
        for d, spots, other, elims in _confined(g, unit, owners):
            text = says.format(
                d=d, unit=UNITS[unit].name, other=UNITS[other].name, elims=_elim_text(elims)
            )
            return _elim_step(rule, elims, (*spots, *UNIT_IDX[unit]), text)
    return None


def pointing(g: Grid) -> Step | None:
    return _intersection(
        g,
        "pointing",
        range(2 * N, 3 * N),
        (_row_unit, _col_unit),
        "{d} can only go in {other} within {unit}, so the {d} of {other} is in that box: {elims}.",
    )


def box_line(g: Grid) -> Step | None:
    return _intersection(
        g,
        "box_line",
        range(2 * N),
        (_box_unit,),
        "In {unit}, {d} can only go in {other}, so that box has its {d} in {unit}: {elims}.",
    )


def naked_pair(g: Grid) -> Step | None:
    return _naked_set(g, 2, "naked_pair")


def hidden_pair(g: Grid) -> Step | None:
    return _hidden_set(g, 2, "hidden_pair")


def naked_triple(g: Grid) -> Step | None:
    return _naked_set(g, 3, "naked_triple")


def hidden_triple(g: Grid) -> Step | None:
    return _hidden_set(g, 3, "hidden_triple")


RULES: tuple[tuple[int, Callable[[Grid], Step | None]], ...] = (
    (1, hidden_single),
    (2, hidden_single_line),
    (3, naked_single),
    (4, naked_pair),
    (4, hidden_pair),
    (4, pointing),
    (4, box_line),
    (4, naked_triple),
    (4, hidden_triple),
)
"""The rules short of probing with their tiers, simplest first; `probe` comes after them."""


def first_step(
    g: Grid, max_tier: int = 4, probing: bool = True, cancel: CancelFlag | None = None
) -> Step | None:
    """The simplest step on `g` of a rule of tier at most `max_tier` (None: none applies).
    Probing polls `cancel` and raises `Cancelled` once it is set."""
    for tier, rule in RULES:
        if tier > max_tier:
            return None
        step = rule(g)
        if step is not None:
            return step
    return probe(g, cancel) if probing else None


def propagate(g: Grid) -> None:
    """Apply every rule but probing until none applies; `Contradiction` when the grid breaks."""
    while True:
        g.check()
        if g.full():
            return
        step = first_step(g, probing=False)
        if step is None:
            return
        g.apply(step)


def dead_end(grid: Sequence[Sequence[int | None]]) -> tuple[str, tuple[Cell, ...]] | None:
    """Why `grid` cannot be finished, in the rules' words, or None when they see no reason.

    What `m` says after "with it": the cell left without a digit or the unit left without
    a place for one once the rules short of probing have run (`propagate`), else a cell
    each of whose digits runs into such a dead end. It names what breaks, never where a
    digit goes in the solution. The cells to tint come with it.
    """
    g = Grid.of(grid)
    forced = 0
    try:
        while True:
            g.check()
            step = None if g.full() else first_step(g, probing=False)
            if step is None:
                break
            g.apply(step)
            forced += 1
    except Contradiction as err:
        after = " once the digits it forces are in" if forced else ""
        return err.what + after, tuple(_cell(i) for i in err.cells)
    for i in range(CELLS):
        if g.vals[i] or not g.cand[i]:
            continue
        if all(_breaks(g, i, d) for d in _digits(g.cand[i])):
            text = (
                f"{_name(i)} could hold no digit: each of {_digits_text(g.cand[i], 'or')} "
                "leads the rules to a dead end"
            )
            return text, (_cell(i),)
    return None


def _breaks(g: Grid, i: int, d: int) -> bool:
    """True when digit `d` in cell `i` leads the rules short of probing to a dead end."""
    trial = g.copy()
    trial.place(i, d)
    try:
        propagate(trial)
    except Contradiction:
        return True
    return False


def probe(g: Grid, cancel: CancelFlag | None = None) -> Step | None:
    """A candidate that leads, by the other rules, to a broken grid: rule it out.

    Cells with the fewest candidates are tried first (two-way choices read best).
    """
    order = sorted((i for i in range(CELLS) if not g.vals[i]), key=lambda i: g.cand[i].bit_count())
    for i in order:
        for d in _digits(g.cand[i]):
            if cancel is not None and cancel.is_set():
                raise Cancelled("probing stopped")
            trial = g.copy()
            trial.place(i, d)
            try:
                propagate(trial)
            except Contradiction as err:
                r, c = _cell(i)
                text = (
                    f"If {cell_name((r, c))} were {d}, the simpler rules would lead to a dead "
                    f"end: {err.what}. So {cell_name((r, c))} is not {d}."
                )
                evidence = ((r, c), *(_cell(j) for j in err.cells))
                return Step("probe", (), ((r, c, d),), tuple(dict.fromkeys(evidence)), text)
    return None


# --------------------------------------------------------------------------- whole solutions


def solver_step(g: Grid) -> Step | None:
    """The remaining cells of one completion of `g`, by exact search (None if none)."""
    found = list(islice(search.solutions_of(g.rows()), 2))
    if not found:
        return None
    rest = tuple(
        (r, c, found[0][r][c]) for r in range(N) for c in range(N) if not g.vals[r * N + c]
    )
    if not rest:
        return None
    text = search_step_text("fills", count_cells(len(rest)), len(found))
    return Step("solver", rest, (), tuple((r, c) for r, c, _ in rest), text)


def solve_logically(level: Level, max_tier: int = 4) -> list[Step]:
    """The whole logical solution of `level` from its givens, step by step.

    Ends with a `solver` step when the rules run out before the grid is full.
    Raises `ValueError` if the level has no solution.
    """
    if search.count(level, 1) == 0:  # rules on a broken grid may "fill" it anyway
        raise ValueError("the level has no solution")
    g = Grid.of(level.givens)
    steps: list[Step] = []
    while not g.full():
        step = first_step(g, max_tier)
        if step is None:
            break
        steps.append(step)
        g.apply(step)
    if not g.full():
        last = solver_step(g)
        if last is None:
            raise ValueError("the level has no solution")
        steps.append(last)
    return steps


def solved_by(level: Level, tier: int) -> bool:
    """True when the rules up to `tier` fill the whole grid (then the solution is unique)."""
    g = Grid.of(level.givens)
    try:
        while not g.full():
            step = first_step(g, tier)
            if step is None:
                return False
            g.apply(step)
        g.check()
    except Contradiction:
        return False
    return True


def hardest_tier(level: Level, max_tier: int = 4) -> int | None:
    """The hardest tier a logical solution of `level` needs, or None if the rules can't finish."""
    for tier in range(1, max_tier + 1):
        if solved_by(level, tier):
            return tier
    return None


def next_steps(
    grid: Sequence[Sequence[int | None]], cancel: CancelFlag | None = None
) -> list[Step]:
    """The steps from `grid` up to and including the first that fills a cell (a hint).

    Elimination steps come first when a placement needs them; empty when no
    rule fills a cell (or the grid is full). Assumes the grid can be finished.
    Probing a nearly empty grid takes a few tenths of a second: `cancel` stops it.
    """
    g = Grid.of(grid)
    out: list[Step] = []
    while not g.full():
        step = first_step(g, cancel=cancel)
        if step is None:
            return []
        out.append(step)
        if step.place:
            return out
        g.apply(step)
    return []


@dataclass(frozen=True)
class Grade:
    """A level's difficulty and the numbers it comes from."""

    difficulty: str | None
    steps: int
    hardest_rule: str | None
    rules: dict[str, int]
    rules_alone: bool


def grade_steps(steps: Sequence[Step]) -> Grade:
    """Grade a logical solution by its hardest step: tier k is `DIFFICULTIES[k - 1]`."""
    rules = rule_counts(steps)
    if not steps:
        return Grade(Difficulty.EASY, 0, None, rules, True)
    order = list(RULE_TIERS)  # within a tier, the rule tried later is the harder one (probe last)
    hardest = max(steps, key=lambda s: (s.tier, order.index(s.rule)))
    alone = hardest.rule != "solver"
    difficulty = DIFFICULTIES[hardest.tier - 1] if alone else None
    return Grade(difficulty, len(steps), hardest.rule, rules, alone)


def grade(level: Level) -> str | None:
    """The difficulty of `level` ("easy" .. "expert"), or None when the rules cannot finish it."""
    return grade_steps(solve_logically(level)).difficulty


# --------------------------------------------------------------------------- the generator's check

_FULL = (1 << N) - 1
CELL_UNITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, u in enumerate(UNIT_IDX) if i in u) for i in range(CELLS)
)
"""The three units (row, column, box) of each cell, by index into `UNIT_IDX`."""


def singles_finish(grid: Sequence[Sequence[int | None]], tier: int) -> bool:
    """Whether the single rules of tiers up to `tier` (1-3) fill the whole grid.

    The same answer as `solved_by(level, tier)` for tiers 1-3 (those rules only
    ever add digits, so the order they fire in does not change where they
    stop), found with bit masks a sweep at a time, without sentences: several
    times faster, which is what the generator needs, calling it once per given
    it tries to remove (it passes the flat digits to `singles_finish_flat`).
    """
    return singles_finish_flat([grid[r][c] or 0 for r in range(N) for c in range(N)], tier)


def singles_finish_flat(cells: Sequence[int], tier: int) -> bool:
    """`singles_finish` of 36 digits in reading order (0: empty); `cells` is not changed."""
    vals = list(cells)
    have = [0] * len(UNIT_IDX)
    for i in range(CELLS):
        if vals[i]:
            bit = 1 << (vals[i] - 1)
            for k in CELL_UNITS[i]:
                have[k] |= bit
    cand = [0] * CELLS
    for i in range(CELLS):
        if not vals[i]:
            r, c, b = CELL_UNITS[i]
            cand[i] = _FULL & ~(have[r] | have[c] | have[b])

    def place(i: int, bit: int) -> None:
        """Write digit `bit` (a one-bit mask) in cell `i`: its peers and units lose it."""
        vals[i] = bit.bit_length()
        cand[i] = 0
        for j in PEERS[i]:
            cand[j] &= ~bit
        for u in CELL_UNITS[i]:
            have[u] |= bit

    left = vals.count(0)
    while left:
        progress = False
        for k, unit in enumerate(UNIT_IDX):
            empty = [i for i in unit if not vals[i]]
            if not empty or (tier == 1 and k < 2 * N and len(empty) > 1):
                continue
            once = twice = 0
            for i in empty:
                m = cand[i]
                twice |= once & m
                once |= m
            if (once | have[k]) != _FULL:
                return False  # a digit with no place left
            single = once & ~twice & ~have[k]
            while single:
                bit = single & -single
                single ^= bit
                for i in empty:
                    if cand[i] & bit and not vals[i]:
                        place(i, bit)
                        left -= 1
                        progress = True
                        break
        if tier >= 3:
            for i in range(CELLS):
                m = cand[i]
                if not vals[i]:
                    if not m:
                        return False
                    if not m & (m - 1):
                        place(i, m)
                        left -= 1
                        progress = True
        if not progress:
            return False
    return True


EFFORT = tier_effort(
    steps=0.15, medium=1.0, hard=2.0, expert=3.0, stuck=0.5, longest=0.0, intercept=-2.0
)
"""Mini Sudoku's weights, set by hand (`core.effort.tier_effort`)."""


def features(level: Level, steps: Sequence[Step]) -> dict[str, float]:
    """The counts the score weighs: `core.effort.tier_features` of the steps' tiers."""
    return tier_features([s.tier for s in steps])
