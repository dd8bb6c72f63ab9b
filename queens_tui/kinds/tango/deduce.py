"""The deduction engine: the next logical step on a Tango grid, named and explained.

Every rule reads one line (a row or a column) at a time: each rule of the
game lives in one line, since a sign joins two cells of the same row or
column. Rules, simplest first, with their stable ids and tiers:

Tier 1 (easy)
  `sign`      a sign with one side filled fills the other (`=` same, `×` other).
  `pair`      two alike side by side: the cells at both ends take the other symbol.
  `gap`       two alike with one cell between: that cell takes the other symbol.
  `half`      a line holding N/2 of one symbol: its empty cells take the other.
Tier 2 (medium)
  `sign_three` an `=` pair beside a symbol: two more of it would make three,
              so both cells take the other symbol.
  `sign_quota` a line that needs k more of a symbol and holds k empty `×`
              pairs (each takes one of each): its other empty cells take the
              other symbol; and a line that needs only one more of a symbol
              cannot give it to an `=` pair (which takes two alike).
Tier 3 (hard)
  `line`      every way to finish the line (balanced, no three alike, its
              signs kept) agrees on some empty cells.
Tier 4 (expert)
  `probe`     a symbol in this cell would force, by the line rules, a line
              that cannot be finished: the cell takes the other symbol.

After every step the engine starts again from tier 1, so a solution uses
each rule only where nothing simpler works; the grade is the hardest tier a
level needs. Each step says so in one sentence naming cells 1-based (r2c5 is
row 2, column 5) while the data stays 0-based. Every rule is a deduction from
the rules of the game alone, so it holds in every completion of the grid;
when none applies (a level with several solutions, or beyond depth-one
probing), `solve_logically` ends with a step of rule `solver` from the exact
search.

The state is a flat list of N*N values (`SUN`, `MOON`, or `EMPTY`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import islice

from queens_tui.core.effort import Effort
from queens_tui.core.grid import Cell, cells_phrase
from queens_tui.core.kind import Grade, count_cells, rule_counts, search_step_text
from queens_tui.core.vocabulary import DIFFICULTIES, Difficulty
from queens_tui.kinds.tango import search
from queens_tui.kinds.tango.level import EQUAL, MOON, SUN, SYMBOL_NAMES, Level
from queens_tui.kinds.tango.rules import cell_name, faults

EMPTY = -1

RULE_TIERS: dict[str, int] = {
    "sign": 1,
    "pair": 1,
    "gap": 1,
    "half": 1,
    "sign_three": 2,
    "sign_quota": 2,
    "line": 3,
    "probe": 4,
    "solver": 5,
}
"""Each rule's tier: 1 easy, 2 medium, 3 hard, 4 expert, 5 beyond the rules."""


Placement = tuple[int, int, int]
"""(row, column, symbol): one cell to fill."""


@dataclass(frozen=True)
class Step:
    """One logical step: the cells it fills, the cells that show why, one sentence."""

    rule: str
    place: tuple[Placement, ...]
    cells: tuple[Cell, ...] = ()
    """The evidence to highlight (the line or the cells the rule reads)."""
    text: str = ""

    @property
    def tier(self) -> int:
        """How hard the step is for a person (see `RULE_TIERS`)."""
        return RULE_TIERS[self.rule]

    def as_json(self) -> dict[str, object]:
        """The step as `explain --json` prints it (without file and step number)."""
        return {"rule": self.rule, "place": [list(p) for p in self.place], "text": self.text}


def _sym(v: int) -> str:
    return SYMBOL_NAMES[v]


def _plural(v: int, k: int) -> str:
    return _sym(v) if k == 1 else _sym(v) + "s"


def _join(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _names(cells: Iterable[Cell]) -> str:
    return cells_phrase(list(cells))


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _number(k: int) -> str:
    return _NUMBERS[k] if k < len(_NUMBERS) else str(k)


class _Contradiction(Exception):
    """A line that cannot be finished: the state has no completion."""

    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


# --------------------------------------------------------------------------- line rules
#
# Every rule reads one line: `values` are its cells (SUN, MOON, EMPTY) and
# `signs` the (i, kind) of each sign between its cells i and i + 1. A rule
# returns the first `Match` it finds: the positions it fills, the positions
# that show why, and what the sentence needs. The engine turns a match into a
# `Step` with cells and text; the generator's fast check runs the same rules
# to a standstill on each line (`closure`), so both agree on what each tier can do.

LineSigns = tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Match:
    """One rule firing on one line, in line positions."""

    rule: str
    place: tuple[tuple[int, int], ...]
    """(position, symbol) to fill."""
    evidence: tuple[int, ...]
    symbol: int = SUN
    """The symbol the rule reads (the pair's, the full half's, the sign's source...)."""
    extra: tuple[int, ...] = ()
    """Rule-specific numbers: the × pairs' first positions, the number of ways, ..."""


def _m_sign(values: Sequence[int], signs: LineSigns) -> Match | None:
    for i, kind in signs:
        va, vb = values[i], values[i + 1]
        if (va == EMPTY) == (vb == EMPTY):
            continue
        src, dst, v = (i, i + 1, va) if vb == EMPTY else (i + 1, i, vb)
        w = v if kind == EQUAL else 1 - v
        return Match("sign", ((dst, w),), (src, dst), v, (1 if kind == EQUAL else 0,))
    return None


def _m_pair(values: Sequence[int], signs: LineSigns) -> Match | None:
    n = len(values)
    for i in range(n - 1):
        v = values[i]
        if v == EMPTY or values[i + 1] != v:
            continue
        ends = tuple((j, 1 - v) for j in (i - 1, i + 2) if 0 <= j < n and values[j] == EMPTY)
        if ends:
            return Match("pair", ends, (i, i + 1), v)
    return None


def _m_gap(values: Sequence[int], signs: LineSigns) -> Match | None:
    for i in range(len(values) - 2):
        v = values[i]
        if v != EMPTY and values[i + 2] == v and values[i + 1] == EMPTY:
            return Match("gap", ((i + 1, 1 - v),), (i, i + 1, i + 2), v)
    return None


def _m_half(values: Sequence[int], signs: LineSigns) -> Match | None:
    half = len(values) // 2
    empties = [j for j, v in enumerate(values) if v == EMPTY]
    if not empties:
        return None
    for v in (SUN, MOON):
        if values.count(v) == half:
            return Match("half", tuple((j, 1 - v) for j in empties), tuple(range(len(values))), v)
    return None


def _m_sign_three(values: Sequence[int], signs: LineSigns) -> Match | None:
    n = len(values)
    for i, kind in signs:
        if kind != EQUAL or values[i] != EMPTY or values[i + 1] != EMPTY:
            continue
        for j in (i - 1, i + 2):
            if 0 <= j < n and values[j] != EMPTY:
                v = values[j]
                return Match("sign_three", ((i, 1 - v), (i + 1, 1 - v)), (j, i, i + 1), v)
    return None


def _m_sign_quota(values: Sequence[int], signs: LineSigns) -> Match | None:
    n = len(values)
    half = n // 2
    for v in (SUN, MOON):
        need = half - values.count(v)
        if need <= 0:
            continue
        crosses: list[int] = []
        taken: set[int] = set()
        for i, kind in signs:
            empty = values[i] == EMPTY and values[i + 1] == EMPTY
            if kind != EQUAL and empty and i not in taken and i + 1 not in taken:
                crosses.append(i)
                taken |= {i, i + 1}
        rest = [j for j in range(n) if values[j] == EMPTY and j not in taken]
        if crosses and need == len(crosses) and rest:
            place = tuple((j, 1 - v) for j in rest)
            return Match("sign_quota", place, tuple(range(n)), v, (need, *crosses))
        if need == 1:
            for i, kind in signs:
                if kind == EQUAL and values[i] == EMPTY and values[i + 1] == EMPTY:
                    place = ((i, 1 - v), (i + 1, 1 - v))
                    return Match("sign_quota", place, tuple(range(n)), v, (1, -1, i))
    return None


@cache
def _allowed(n: int, signs: LineSigns) -> tuple[int, ...]:
    """The valid lines of `n` cells (bit masks, bit i a sun) that keep `signs`."""
    eq = op = 0
    for i, kind in signs:
        if kind == EQUAL:
            eq |= 1 << i
        else:
            op |= 1 << i
    out = []
    for bits in search.valid_rows(n):
        diff = bits ^ (bits >> 1)
        if not (diff & eq or (~diff) & op):
            out.append(bits)
    return tuple(out)


def line_options(values: Sequence[int], signs: LineSigns) -> tuple[int, int, int]:
    """(how many ways, positions always sun, positions always moon) to finish a line.

    The masks include the filled positions; no ways means a broken line.
    """
    n = len(values)
    known = suns = 0
    for j, v in enumerate(values):
        if v != EMPTY:
            known |= 1 << j
            if v == SUN:
                suns |= 1 << j
    full = (1 << n) - 1
    always_sun, ever_sun, ways = full, 0, 0
    for bits in _allowed(n, signs):
        if bits & known == suns:
            ways += 1
            always_sun &= bits
            ever_sun |= bits
    return ways, always_sun, full & ~ever_sun


def _m_line(values: Sequence[int], signs: LineSigns) -> Match | None:
    if EMPTY not in values:
        return None
    ways, always_sun, always_moon = line_options(values, signs)
    if ways == 0:
        return None  # a broken line: nothing sound to say (the caller checks faults)
    place = []
    for j, v in enumerate(values):
        if v == EMPTY:
            if always_sun >> j & 1:
                place.append((j, SUN))
            elif always_moon >> j & 1:
                place.append((j, MOON))
    if not place:
        return None
    return Match("line", tuple(place), tuple(range(len(values))), SUN, (ways,))


LINE_RULES = {
    "sign": _m_sign,
    "pair": _m_pair,
    "gap": _m_gap,
    "half": _m_half,
    "sign_three": _m_sign_three,
    "sign_quota": _m_sign_quota,
    "line": _m_line,
}
"""The line rules in the order they are tried, cheapest first."""


def rules_up_to(tier: int) -> tuple[str, ...]:
    """The line rules of tiers 1..`tier`, in order."""
    return tuple(name for name in LINE_RULES if RULE_TIERS[name] <= tier)


@cache
def closure(values: tuple[int, ...], signs: LineSigns, tier: int) -> tuple[int, ...] | None:
    """A line after its rules of tiers up to `tier` (at most 3) ran until none fires.

    None when the line cannot be finished at all (checked whatever the tier,
    so a broken state never passes for solved).
    """
    vals = list(values)
    names = rules_up_to(min(tier, 3))
    while True:
        for name in names:
            m = LINE_RULES[name](vals, signs)
            if m is not None:
                for j, v in m.place:
                    vals[j] = v
                break
        else:
            break
    if line_options(vals, signs)[0] == 0:
        return None
    return tuple(vals)


@dataclass
class Engine:
    """The rules of one level, with its lines and signs precomputed."""

    level: Level
    n: int = field(init=False)
    lines: list[tuple[int, ...]] = field(init=False)
    """Each line's cell indices, rows then columns."""
    names: list[str] = field(init=False)
    line_signs: list[LineSigns] = field(init=False)
    """Per line: (position i, kind) for a sign between its cells i and i+1."""

    def __post_init__(self) -> None:
        n = self.n = self.level.size
        self.lines = [tuple(r * n + c for c in range(n)) for r in range(n)]
        self.lines += [tuple(r * n + c for r in range(n)) for c in range(n)]
        self.names = [f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
        per_line: list[list[tuple[int, str]]] = [[] for _ in range(2 * n)]
        for ((r1, c1), (r2, _c2)), kind in sorted(self.level.signs.items()):
            if r1 == r2:
                per_line[r1].append((c1, kind))
            else:
                per_line[n + c1].append((r1, kind))
        self.line_signs = [tuple(x) for x in per_line]

    def cell(self, i: int) -> Cell:
        return divmod(i, self.n)

    def start(self) -> list[int]:
        """The values of the level's givens."""
        vals = [EMPTY] * (self.n * self.n)
        for (r, c), v in self.level.given_cells.items():
            vals[r * self.n + c] = v
        return vals

    def line_values(self, vals: Sequence[int], k: int) -> tuple[int, ...]:
        return tuple(vals[i] for i in self.lines[k])

    # ------------------------------------------------------------------ steps

    def next_step(self, vals: list[int], max_tier: int = 4) -> Step | None:
        """The simplest step on `vals`, using rules up to `max_tier`; None when stuck or full."""
        for name in rules_up_to(max_tier):
            rule = LINE_RULES[name]
            for k in range(2 * self.n):
                m = rule(self.line_values(vals, k), self.line_signs[k])
                if m is not None:
                    return self.step(k, m)
        if max_tier >= 4:
            return self.probe(vals)
        return None

    def step(self, k: int, m: Match) -> Step:
        """The `Step` of match `m` on line `k`: cells and the sentence."""
        line = self.lines[k]
        at = [self.cell(line[j]) for j in range(self.n)]
        place = tuple((*at[j], v) for j, v in m.place)
        targets = [at[j] for j, _ in m.place]
        evidence = tuple(at[j] for j in m.evidence)
        name = self.names[k].capitalize()
        v = m.symbol
        few = len(targets) == 1
        if m.rule == "sign":
            src, dst = evidence
            w = place[0][2]
            text = (
                f"The {'=' if m.extra[0] else '×'} sign between {cell_name(src)} and "
                f"{cell_name(dst)}: {cell_name(src)} is a {_sym(v)}, so {cell_name(dst)} is a "
                f"{_sym(w)}{' too' if m.extra[0] else ''}."
            )
        elif m.rule == "pair":
            where = "beside them is a" if few else "on both sides are"
            text = (
                f"{cell_name(evidence[0])} and {cell_name(evidence[1])} are both {_sym(v)}s, so "
                f"{_names(targets)} {where} {_plural(1 - v, len(targets))} (no three alike)."
            )
        elif m.rule == "gap":
            text = (
                f"{cell_name(evidence[0])} and {cell_name(evidence[2])} are both {_sym(v)}s, so "
                f"{cell_name(evidence[1])} between them is a {_sym(1 - v)} (no three alike)."
            )
        elif m.rule == "half":
            text = (
                f"{name} already has its {_number(self.n // 2)} {_sym(v)}s, so "
                f"{_names(targets)} {'is a' if few else 'are'} {_plural(1 - v, len(targets))}."
            )
        elif m.rule == "sign_three":
            s, a, b = evidence
            text = (
                f"The = sign joins {cell_name(a)} and {cell_name(b)} beside the {_sym(v)} at "
                f"{cell_name(s)}: two more {_sym(v)}s would make three alike, so both are "
                f"{_sym(1 - v)}s."
            )
        elif m.rule == "sign_quota" and m.extra[1] >= 0:
            need, firsts = m.extra[0], m.extra[1:]
            pairs = [f"({cell_name(at[i])} × {cell_name(at[i + 1])})" for i in firsts]
            text = (
                f"{name} needs {_number(need)} more {_plural(v, need)} and the × "
                f"{'pair' if len(pairs) == 1 else 'pairs'} {_join(pairs)} will hold "
                f"{'it' if need == 1 else 'them'} (one of each symbol a pair), so "
                f"{_names(targets)} {'is a' if few else 'are'} {_plural(1 - v, len(targets))}."
            )
        elif m.rule == "sign_quota":
            a, b = targets
            text = (
                f"{name} needs only one more {_sym(v)}, and the = pair ({cell_name(a)} = "
                f"{cell_name(b)}) would take two, so both are {_sym(1 - v)}s."
            )
        else:  # line
            ways = m.extra[0]
            each = [f"a {_sym(w)} at {cell_name((r, c))}" for r, c, w in place]
            what = "; ".join(each) if len(each) > 2 else _join(each)  # names hold commas
            signs = " and its signs kept" if self.line_signs[k] else ""
            text = (
                f"{name} can be finished in {_number(ways)} {'way' if ways == 1 else 'ways'} "
                f"({_number(self.n // 2)} of each symbol, no three alike{signs}): "
                f"{'it puts' if ways == 1 else 'all of them put'} {what}."
            )
        return Step(m.rule, place, evidence, text[:1].upper() + text[1:])  # "Row 2, ..."

    # ------------------------------------------------------------------ fixpoints

    def propagate(
        self, vals: list[int], tier: int = 3, todo: Iterable[int] | None = None
    ) -> list[int]:
        """`vals` with every line rule up to `tier` (at most 3) run to a standstill (a copy).

        Raises `_Contradiction` naming a line that cannot be finished.
        """
        vals = list(vals)
        n = self.n
        queue = list(range(2 * n)) if todo is None else list(todo)
        queued = set(queue)
        while queue:
            k = queue.pop()
            queued.discard(k)
            line = self.lines[k]
            before = tuple(vals[i] for i in line)
            after = closure(before, self.line_signs[k], tier)
            if after is None:
                raise _Contradiction(k)
            if after == before:
                continue
            for j, i in enumerate(line):
                if before[j] != after[j]:
                    vals[i] = after[j]
                    r, c = divmod(i, n)
                    other = n + c if k < n else r
                    if other not in queued:
                        queued.add(other)
                        queue.append(other)
        return vals

    def probe_cell(self, vals: list[int]) -> tuple[int, int, int] | None:
        """The first (cell index, symbol, broken line) such that the symbol there breaks a line."""
        n = self.n
        for i, v0 in enumerate(vals):
            if v0 != EMPTY:
                continue
            r, c = divmod(i, n)
            for v in (SUN, MOON):
                trial = list(vals)
                trial[i] = v
                try:
                    self.propagate(trial, 3, (r, n + c))
                except _Contradiction as err:
                    return i, v, err.line
        return None

    def breaks(self, vals: list[int], i: int, v: int) -> bool:
        """True when symbol `v` in cell `i` leads the line rules to a line that cannot be
        finished."""
        r, c = divmod(i, self.n)
        trial = list(vals)
        trial[i] = v
        try:
            self.propagate(trial, 3, (r, self.n + c))
        except _Contradiction:
            return True
        return False

    def unfinishable(self, k: int, forced: str = "") -> str:
        """Line `k` can't be finished (`forced`: after what), in words: the rules it can no
        longer keep."""
        if forced:  # short: the message area holds two lines at 80 columns
            return f"{self.names[k]} could no longer be finished{forced}"
        signs = ", signs kept" if self.line_signs[k] else ""
        return f"{self.names[k]} could no longer be finished (three of each, no three alike{signs})"

    def probe(self, vals: list[int]) -> Step | None:
        found = self.probe_cell(vals)
        if found is None:
            return None
        i, v, k = found
        cell = self.cell(i)
        text = (
            f"If {cell_name(cell)} were a {_sym(v)}, the line rules would force cells until "
            f"{self.names[k]} could not be finished; so {cell_name(cell)} is a {_sym(1 - v)}."
        )
        cells = (cell, *(self.cell(j) for j in self.lines[k]))
        return Step("probe", ((*cell, 1 - v),), cells, text)

    def solved_by(self, tier: int) -> bool:
        """True when the rules up to `tier` fill the whole grid from the givens.

        The rules only ever add cells, so the order they fire in does not
        matter: this agrees with `solve_logically(level, tier)` and is much faster.
        """
        vals = self.fill(tier)
        return vals is not None and EMPTY not in vals

    def fill(self, tier: int = 4) -> list[int] | None:
        """The givens with the rules up to `tier` run to a standstill; None when they find a
        line that cannot be finished."""
        try:
            vals = self.propagate(self.start(), min(tier, 3))
            while tier >= 4 and EMPTY in vals:
                found = self.probe_cell(vals)
                if found is None:
                    break
                i, v, _k = found
                vals[i] = 1 - v
                vals = self.propagate(vals, 3, (i // self.n, self.n + i % self.n))
        except _Contradiction:
            return None
        return vals

    def solution(self, vals: Sequence[int]) -> search.Solution | None:
        """The full grid `vals` as a solution when it breaks no rule of the level, else None."""
        if EMPTY in vals:
            return None
        n = self.n
        grid = tuple(tuple(vals[r * n : r * n + n]) for r in range(n))
        return grid if not faults(self.level, grid) else None

    def apply(self, vals: list[int], step: Step) -> None:
        for r, c, v in step.place:
            vals[r * self.n + c] = v


@cache
def _engine(level: Level) -> Engine:
    return Engine(level)


def engine(level: Level) -> Engine:
    """The engine of `level` (cached: levels are immutable and hashable)."""
    return _engine(level)


def grid_values(level: Level, grid: Sequence[Sequence[int | None]]) -> list[int]:
    """A grid of `SUN`/`MOON`/None as the engine's flat values."""
    return [EMPTY if v is None else v for row in grid for v in row]


def next_step(level: Level, grid: Sequence[Sequence[int | None]]) -> Step | None:
    """The simplest logical step on `grid` (givens included), or None if none applies.

    Assumes the grid breaks no rule and can still be completed: on one that
    cannot, any conclusion is vacuously "true".
    """
    return engine(level).next_step(grid_values(level, grid))


def dead_end(
    level: Level, grid: Sequence[Sequence[int | None]]
) -> tuple[str, tuple[Cell, ...]] | None:
    """Why `grid` cannot be finished, in the rules' words, or None when they see no reason.

    What `m` says after "with it": the row or column the line rules (tiers 1-3, run to a
    standstill) leave with no way to finish, else a cell where both symbols lead them
    there. It names what breaks, never what the solution holds. The cells to tint come
    with it.
    """
    eng = engine(level)
    vals = grid_values(level, grid)
    forced = ""
    options = (line_options(eng.line_values(vals, k), eng.line_signs[k]) for k in range(2 * eng.n))
    broken = next((k for k, (ways, _s, _m) in enumerate(options) if not ways), None)
    if broken is None:
        try:
            vals = eng.propagate(vals)
        except _Contradiction as err:
            broken, forced = err.line, " once the cells it forces are in"
    if broken is not None:
        return eng.unfinishable(broken, forced), tuple(eng.cell(i) for i in eng.lines[broken])
    for i, v0 in enumerate(vals):
        if v0 != EMPTY:
            continue
        if all(eng.breaks(vals, i, v) for v in (SUN, MOON)):
            cell = eng.cell(i)
            return f"{cell_name(cell)} could be neither a sun nor a moon", (cell,)
    return None


def proven_solution(level: Level) -> search.Solution | None:
    """The level's one solution when the rules alone (up to probes) fill the grid, else None.

    Every rule is a deduction that holds in every completion of the grid, so a grid the
    rules fill is the only completion there can be; when it also breaks no rule, it is one:
    the level has exactly that solution, found without the search (which costs up to half
    a second on an 8x8 level: docs/performance.md).
    """
    eng = engine(level)
    vals = eng.fill()
    return None if vals is None else eng.solution(vals)


def solver_step(level: Level, vals: list[int]) -> Step | None:
    """The remaining cells of one completion of `vals`, by exact search (None if none)."""
    n = level.size
    grid = [
        [None if vals[r * n + c] == EMPTY else vals[r * n + c] for c in range(n)] for r in range(n)
    ]
    partial = Level(tuple(tuple(row) for row in grid), level.equal, level.opposite)
    found = list(islice(search.solutions(partial), 2))
    if not found:
        return None
    rest = tuple(
        (r, c, found[0][r][c]) for r in range(n) for c in range(n) if vals[r * n + c] == EMPTY
    )
    if not rest:
        return None
    text = search_step_text("fills", count_cells(len(rest)), len(found))
    return Step("solver", rest, tuple((r, c) for r, c, _ in rest), text)


def solve_logically(level: Level, max_tier: int = 4) -> list[Step]:
    """The whole logical solution of `level` from its givens, step by step.

    Ends with a `solver` step when the rules run out before the grid is full.
    Raises `ValueError` if the level has no solution: the rules on a broken grid may "fill"
    it anyway, so a grid they fill must break no rule (then it is the one solution: see
    `proven_solution`), and one they leave is finished by the search.
    """
    eng = engine(level)
    vals = eng.start()
    steps: list[Step] = []
    while True:
        step = eng.next_step(vals, max_tier)
        if step is None:
            break
        steps.append(step)
        eng.apply(vals, step)
    if EMPTY in vals:
        last = solver_step(level, vals)
        if last is None:
            raise ValueError("the level has no solution")
        steps.append(last)
    elif eng.solution(vals) is None:
        raise ValueError("the level has no solution")
    return steps


def hardest_tier(level: Level, max_tier: int = 4) -> int | None:
    """The hardest tier a logical solution of `level` needs, or None if the rules can't finish.

    The same answer as grading `solve_logically`, found by fixpoints (fast).
    """
    eng = engine(level)
    for tier in range(1, max_tier + 1):
        if eng.solved_by(tier):
            return tier
    return None


def grade_steps(steps: Sequence[Step]) -> Grade:
    """Grade a logical solution by its hardest step: tier k is `DIFFICULTIES[k - 1]`."""
    rules = rule_counts(steps)
    if not steps:
        return Grade(Difficulty.EASY, 0, None, rules, True)
    hardest = max(steps, key=lambda s: s.tier)
    alone = hardest.rule != "solver"
    difficulty = DIFFICULTIES[hardest.tier - 1] if alone else None
    return Grade(difficulty, len(steps), hardest.rule, rules, alone, hardest_tier=hardest.tier)


EFFORT = Effort(
    {
        "sign": 0.0827,
        "half": 0.1527,
        "pair": 0.1368,
        "sign_three": 0.1835,
        "gap": 0.2555,
        "sign_quota": 0.5595,
        Difficulty.HARD: 1.0145,
        "stuck": 0.1538,
    },
    -0.3695,
)
"""The weights of `features`, fitted to LinkedIn Tango #1-#200's weekdays by
`scripts/fit_grades.py` (a ranking fit: the weekdays' order, then their scale;
docs/grading.md has the fit and its check): a technique-weighted rating, each rule's steps
weighed by how much effort the fit finds in them."""


def features(level: Level, steps: Sequence[Step]) -> dict[str, float]:
    """What a person's effort on `level` is made of, read from its logical solution.

    - one count per rule of tiers 1 and 2 (`sign`, `half`, `pair`, `sign_three`, `gap`,
      `sign_quota`): how often each kind of step was needed;
    - `hard`: steps of tiers 3 and 4 (every way to finish a line; a probe);
    - `stuck`: how often the tier-1 rules ran dry, so that the board had no easy way
      forward and a person had to look for a harder step.

    Each step is the simplest one the board allows, so these count what cannot be avoided.
    """
    counts = dict.fromkeys(("sign", "half", "pair", "sign_three", "gap", "sign_quota"), 0)
    hard = stuck = 0
    before = 1
    for step in steps:
        tier = step.tier
        if tier >= 3:
            hard += 1
        else:
            counts[step.rule] += 1
        stuck += tier >= 2 and before == 1
        before = tier
    return {**counts, Difficulty.HARD: hard, "stuck": stuck}


def grade(level: Level) -> str | None:
    """The difficulty of `level` ("easy" .. "expert"), or None when the rules cannot finish it."""
    return grade_steps(solve_logically(level)).difficulty
