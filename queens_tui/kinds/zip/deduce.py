"""Solving Zip as a person does: links of the path that are forced, named and explained.

The state is a set of links (steps between open neighbours) still possible
and the links known to be on the path; every cell takes two links, 1 and K
one. The rules, cheapest first, restarting from the top after any progress:

- `end-exit` (easy): 1 or K has only one open neighbour left: the path leaves 1
  (or reaches K) that way.
- `corridor` (easy): a cell with only two open neighbours left: the path passes
  through both. A full cell drops its other links.
- `no-loop` (medium): a link that would join the two ends of one stretch of
  drawn path closes a loop; a link that would join 1 to K before every cell is
  on the path ends it early; a link joining two stretches whose numbers would
  not run on in order (... 4, 5 then 7 ...) breaks the order. Such links go.
- `dead-end` (hard): taking a link fills a cell, whose other links go; if that
  leaves some neighbour with a single way in (and it is not 1 or K), the
  neighbour would be a dead end in the middle of the path: the link goes.
- `probe` (expert; hard when at most `HARD_PROBES` are needed): assume a
  link, apply every rule above; a contradiction means the link goes.
- `solver`: when the rules stop, the rest of the path in one step.

No distance rule: the numbers still to reach, from the end of the path drawn from 1, lie
so many steps apart in order (`travel`, their Manhattan distances added up), never more
than the cells left; a step away from the next number when the cells left allow no
detour breaks that. As a rule that cuts such a step it never fired before the ones above
did (the 60 bundled levels, 120 dailies, thousands of random small levels), so it is
only what `m` says of a wrong step (`dead_end`).

`share` (links found by rules / links of the path) says how far a person gets
by the rules alone; `grade` names the hardest rule needed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from queens_tui.core import grid
from queens_tui.core.effort import tier_effort, tier_features
from queens_tui.core.grid import Cell
from queens_tui.core.kind import Grade, JSONObject, remember, remembered, rule_counts
from queens_tui.core.vocabulary import DIFFICULTIES, Difficulty
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.kinds.zip.rules import Path, is_solution
from queens_tui.kinds.zip.search import solutions

Link = tuple[int, int]
"""A link between two cell indices, the smaller first."""

RULES = ("end-exit", "corridor", "no-loop", "dead-end", "probe")
HARD_PROBES = 2
"""A level that needs at most this many probes grades hard; more make it expert."""
TIER = {"end-exit": 0, "corridor": 0, "no-loop": 1, "dead-end": 2, "probe": 3}
RULE_TIERS: dict[str, int] = {**TIER, "solver": 5}
"""Every rule id and its tier (0 easiest), as every kind's deduction names them."""


Run = tuple[int, int, int, int | None]
"""The numbers along a stretch, in its order: (first, last, how many, step), the step +1 or -1
when they run on in order (0 for fewer than two, None when they do not: ... 4, 5 then 7)."""


def _lone(n: int) -> Run:
    """The run of one cell holding number `n` (0: none)."""
    return (n, n, 1, 0) if n else (0, 0, 0, 0)


def _flip(run: Run) -> Run:
    """`run` read the other way."""
    first, last, k, step = run
    return (last, first, k, -step if step else step)


def _then(x: Run, y: Run) -> Run:
    """The run of `x`'s numbers then `y`'s: in order only when both are, in the same
    direction, and `y` goes on from `x`'s last number by one. A stretch keeps its run, so
    whether a link joins numbers in order is read at once, not number by number."""
    if not x[2]:
        return y
    if not y[2]:
        return x
    step = y[0] - x[1]
    ok = step in (1, -1) and x[3] is not None and y[3] is not None
    ok = ok and (x[2] < 2 or x[3] == step) and (y[2] < 2 or y[3] == step)
    return (x[0], y[1], x[2] + y[2], step if ok else None)


Stretch = tuple[int, int, int, Run]
"""A drawn stretch of path: (first cell, last cell, how many cells, the `Run` of its numbers
from first to last)."""


class Contradiction(Exception):
    """The links taken so far cannot be part of a solution."""


@dataclass(eq=False)
class Step:
    """One deduction: the rule, the links it draws and cuts, and why in words."""

    rule: str
    links: list[Link]
    cuts: list[Link]
    words: str | Callable[[], str]
    """The sentence, or how to write it when it is first read (`text`): `grade` reads none
    of them, and writing them was a tenth of its time on the packs."""
    cols: int = field(repr=False, default=1)

    @property
    def text(self) -> str:
        """Why, in one sentence."""
        if not isinstance(self.words, str):
            self.words = self.words()
        return self.words

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        mine = (self.rule, self.links, self.cuts, self.text, self.cols)
        return mine == (other.rule, other.links, other.cuts, other.text, other.cols)

    __hash__ = None  # type: ignore[assignment]  # as a dataclass with eq: unhashable

    def as_json(self) -> JSONObject:
        """`{"rule", "links": [[[r, c], [r, c]], ...], "cuts": [...], "text"}` (0-based)."""

        def cell(i: int) -> list[int]:
            return [i // self.cols, i % self.cols]

        return {
            "rule": self.rule,
            "links": [[cell(a), cell(b)] for a, b in self.links],
            "cuts": [[cell(a), cell(b)] for a, b in self.cuts],
            "text": self.text,
        }


class State:
    """Links possible and taken; copied for probes.

    Each cell's open and taken links are kept beside the two sets (`op_of`, `tk_of`), so
    the rules read a cell's links without a pass over every link: the probes copy and
    run the rules thousands of times a level (docs/performance.md). Links are always
    drawn and cut through `take` and `cut`, which keep both views in step. A cell's links
    are a frozenset and a tuple, replaced when they change, so a probe's copy of the state
    shares them until then.
    """

    def __init__(self, level: ZipLevel) -> None:
        self.level = level
        cols = level.cols
        self.cols = cols
        self.area = level.area
        self.num = [level.numbers[i // cols][i % cols] for i in range(self.area)]
        ends = [r * cols + c for r, c in (level.number_cells[0], level.number_cells[-1])]
        self.start, self.end = ends
        self.cap = [2] * self.area
        for e in ends:
            self.cap[e] = 1
        self.open: set[Link] = set()
        for i, nbrs in enumerate(level.links):
            for r, c in nbrs:
                j = r * cols + c
                if i < j:
                    a, b = self.num[i], self.num[j]
                    if a and b and abs(a - b) != 1:
                        continue  # two numbers not in a row never touch on the path
                    self.open.add((i, j))
        self.taken: set[Link] = set()
        mine: list[set[Link]] = [set() for _ in range(self.area)]
        for link in self.open:
            mine[link[0]].add(link)
            mine[link[1]].add(link)
        self.op_of: list[frozenset[Link]] = [frozenset(x) for x in mine]
        """Per cell: its open links (replaced, never changed: a copy shares them)."""
        self.tk_of: list[tuple[Link, ...]] = [()] * self.area
        """Per cell: its taken links, in the order they were drawn (replaced likewise)."""
        self._ends: dict[int, Stretch] = {}
        """Each end of a drawn stretch: the stretch (the same tuple at both ends; a cell
        inside a stretch is full, so no link is ever read or drawn there)."""
        self._loop = False
        """A take closed a loop (said at the next look at the stretches, as `check` does)."""
        self._short: set[int] = set()
        """Cells left with fewer links possible than they need (for good: links only go)."""
        self._ready: set[int] = set()
        """Cells whose open links are exactly the ones they still need (`_easy` takes them)."""
        self._tight: set[int] = set()
        """Cells with no spare link: losing one more leaves them short (`_dead_end`)."""
        self._bad: dict[Link, str] = {}
        """The open links that would join badly (`joins_badly`), with why: a link's verdict
        depends only on the stretches at its two cells, so it is looked at again only when
        one of them grows (`_join`), and `_no_loop` takes the smallest."""
        self._dirty: set[Link] = set()
        """Open links at the ends of a stretch that grew, whose verdict `_no_loop` reads again
        before it looks at `_bad` (a run of easy steps grows a stretch many times first)."""
        for i in range(self.area):
            self._touch(i)
        whole = (min(self.start, self.end), max(self.start, self.end))
        if whole in self.open and self.area > 2:
            self._bad[whole] = "early"  # 1 to K at once
        self._standstills: list[tuple[set[Link], set[Link]]] = []
        """(taken, open) where earlier probes' trials stopped without a contradiction
        (`_probe`; never changed once made, so copies may share the list)."""

    def copy(self) -> State:
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        new.open = set(self.open)
        new.taken = set(self.taken)
        new.op_of = list(self.op_of)
        new.tk_of = list(self.tk_of)
        new._ends = dict(self._ends)
        new._short = set(self._short)
        new._ready = set(self._ready)
        new._tight = set(self._tight)
        new._bad = dict(self._bad)
        new._dirty = set(self._dirty)
        return new

    def _touch(self, x: int) -> None:
        """Note what cell `x`'s links now allow (after they changed)."""
        have, could, cap = len(self.tk_of[x]), len(self.op_of[x]), self.cap[x]
        if have + could <= cap:  # for good, too: links only go
            self._tight.add(x)
            if have + could < cap:
                self._short.add(x)
        if have < cap and could == cap - have:
            self._ready.add(x)
        else:
            self._ready.discard(x)

    def _close(self, e: Link) -> bool:
        """Take link `e` out of the open links and their indexes (False: it was not open)."""
        if e not in self.open:
            return False
        self.open.discard(e)
        a, b = e
        op = self.op_of
        op[a] = op[a].difference((e,))
        op[b] = op[b].difference((e,))
        self._bad.pop(e, None)
        self._dirty.discard(e)
        return True

    def cut(self, e: Link) -> None:
        """Drop link `e` from the open links (it is not on the path)."""
        if self._close(e):
            self._touch(e[0])
            self._touch(e[1])

    def name(self, i: int) -> str:
        """A cell as every kind names it: "row 3, column 1", or "the 4 at row 3, column 1"."""
        return _cell_name(self.level, divmod(i, self.cols))

    def step_name(self, e: Link) -> str:
        """A link in words: "the step from row 1, column 2 to the 3 at row 1, column 3"."""
        return f"the step from {self.name(e[0])} to {self.name(e[1])}"

    def links_of(self, i: int, pool: Iterable[Link]) -> list[Link]:
        return [e for e in pool if i in e]

    def take(self, e: Link) -> list[Link]:
        """Draw link `e`; full cells drop their other links (returned, in order)."""
        self._close(e)
        if e not in self.taken:
            self.taken.add(e)
            tk = self.tk_of
            tk[e[0]] = (*tk[e[0]], e)
            tk[e[1]] = (*tk[e[1]], e)
            self._join(e)
        self._touch(e[0])
        self._touch(e[1])
        dropped: list[Link] = []
        for i in e:
            mine = len(self.tk_of[i])
            if mine > self.cap[i]:
                raise Contradiction(f"{self.name(i)} would have too many links")
            if mine == self.cap[i] and self.op_of[i]:
                for o in sorted(self.op_of[i]):
                    self.cut(o)
                    dropped.append(o)
        return dropped

    def _join(self, e: Link) -> None:
        """Join the stretches at both ends of the new link `e` (a loop is only noted)."""
        a, b = e
        ends, num = self._ends, self.num
        sa, sb = ends.get(a), ends.get(b)
        if sa is not None and sa is sb:
            self._loop = True
            return
        first, last, size, run = (a, a, 1, _lone(num[a])) if sa is None else sa
        if last != a:  # read it towards a
            first, last, run = last, first, _flip(run)
        b_first, b_last, b_size, b_run = (b, b, 1, _lone(num[b])) if sb is None else sb
        if b_first != b:  # read it from b on
            b_first, b_last, b_run = b_last, b_first, _flip(b_run)
        joined = (first, b_last, size + b_size, _then(run, b_run))
        for x in (a, b):
            ends.pop(x, None)
        ends[first] = ends[b_last] = joined
        self._dirty.update(self.op_of[first])  # the links whose verdict may have changed
        self._dirty.update(self.op_of[b_last])

    def joins_badly(self, e: Link) -> str | None:
        """Why taking `e` would break the path (a loop, early finish, order), or None."""
        a, b = e
        if self._loop:
            raise Contradiction("the path would close a loop")
        ends = self._ends
        sa, sb = ends.get(a), ends.get(b)
        if sa is None and sb is None:  # two lone cells: only 1 to K at once is wrong
            whole = {a, b} == {self.start, self.end} and self.area > 2
            return "early" if whole else None
        return self._joins_badly(a, b, sa, sb)

    def _joins_badly(self, a: int, b: int, sa: Stretch | None, sb: Stretch | None) -> str | None:
        if sa is sb:
            return "loop"
        # The joined stretch runs from a's far end to a, then from b to b's far end.
        ends, num, start, end = self._ends, self.num, self.start, self.end
        if sa is None:
            first, ra, size = a, _lone(num[a]), 1
            a_start, a_end = a == start, a == end
        else:
            first, far, size, ra = sa
            if far != a:
                first, ra = far, _flip(ra)
            a_start, a_end = ends.get(start) is sa, ends.get(end) is sa
        if sb is None:
            last, rb = b, _lone(num[b])
            size += 1
            b_start, b_end = b == start, b == end
        else:
            near, last, more, rb = sb
            if near != b:
                last, rb = near, _flip(rb)
            size += more
            b_start, b_end = ends.get(start) is sb, ends.get(end) is sb
        if _then(ra, rb)[3] is None:
            return "order"
        has_start, has_end = a_start or b_start, a_end or b_end
        if has_start and has_end and size < self.area:
            return "early"
        if has_start and start not in (first, last):
            return "order"
        if has_end and end not in (first, last):
            return "order"
        return None

    def check(self) -> None:
        """Raise `Contradiction` if some cell can no longer get its links."""
        if self._short:
            raise Contradiction(f"{self.name(min(self._short))} is left without a way through")
        if self._loop:
            raise Contradiction("the path would close a loop")

    def done(self) -> bool:
        return len(self.taken) == self.area - 1

    def path(self) -> Path:
        """The drawn path from 1, cell by cell (a whole path: `done`)."""
        cols, here, prev = self.cols, self.start, -1
        out = [divmod(here, cols)]
        while len(out) < self.area:
            nxt = [b if a == here else a for a, b in self.tk_of[here]]
            nxt = [c for c in nxt if c != prev]
            if not nxt:
                break
            prev, here = here, nxt[0]
            out.append(divmod(here, cols))
        return tuple(out)


JOIN_WORDS = {
    "loop": "close a loop",
    "order": "join numbers out of order",
    "early": "join the first and the last number before every cell is on the path",
}
"""What a bad join (`State.joins_badly`) would do, in words."""


def forced_cells(state: State, path: Path) -> tuple[Cell, ...]:
    """The cells of the links the rules drew (taken) beyond the path itself: what a hint or
    `m` that relies on them tints, so its words refer to cells on the screen."""
    on = set(path)
    cells = {divmod(i, state.cols) for link in state.taken for i in link}
    return tuple(sorted(cells - on))


def _easy(state: State, only: Iterable[int] | None = None, say: bool = True) -> Step | None:
    """The first cell (of `only`, else of the board) whose open links are exactly the links
    it still needs: the path takes them. Without `say` (a probe's trial, whose steps nobody
    reads) the step has no text."""
    ready = state._ready
    if only is None:
        if not ready:
            return None
        i = min(ready)
    else:
        i = next((j for j in only if j in ready), -1)
        if i < 0:
            return None
    op, tk, cap = state.op_of, state.tk_of, state.cap
    mine = op[i]
    # in the open links' own order: which is tried first decides where a contradiction
    # is found, so what `m` marks (the same order as before `op_of` kept them)
    links = [e for e in state.open if e in mine] if len(mine) > 1 else list(mine)
    had = list(tk[i])

    def ways() -> str:
        return "; ".join(sorted(state.name(b if a == i else a) for a, b in links + had))

    cuts: list[Link] = []
    for e in links:
        # `State._bad` is up to date for every link whose stretches did not grow
        fresh = not state._loop and e not in state._dirty
        bad = state._bad.get(e) if fresh else state.joins_badly(e)
        if bad is not None:
            raise Contradiction(
                f"the only ways through {state.name(i)} ({ways()}) would {JOIN_WORDS[bad]}"
            )
        cuts += state.take(e)
    rule = "end-exit" if cap[i] == 1 else "corridor"
    if not say:
        return Step(rule, links, cuts, "")

    def words() -> str:
        if rule == "end-exit":
            verb = "leaves" if i == state.start else "is reached from"
            end = "the first number" if i == state.start else "the last number"
            via = state.name(links[0][0] + links[0][1] - i)
            return (
                f"Only free neighbour: {state.name(i)} ({end}) has one open neighbour "
                f"left, so the path {verb} it via {via}"
            )
        return (
            f"Cut off otherwise: {state.name(i)} has only two ways through "
            f"({ways()}), so the path takes both"
        )

    return Step(rule, links, cuts, words, state.cols)


def _no_loop(state: State, say: bool = True) -> Step | None:
    """The first link (in order) that would join the drawn path badly goes (`State._bad`
    keeps them all). Without `say` (a probe's trial) the step has no text."""
    if state._loop and state.open:  # what the first look at a link would say
        raise Contradiction("the path would close a loop")
    bad = state._bad
    for o in state._dirty:
        verdict = state.joins_badly(o)
        if verdict is None:
            bad.pop(o, None)
        else:
            bad[o] = verdict
    state._dirty.clear()
    if state._bad:
        e = min(state._bad)
        why = state._bad[e]
        state.cut(e)
        if not say:
            return Step("no-loop", [], [e], "")
        step = state.step_name(e)
        text = {
            "loop": f"No loop: {step} would close a loop in the drawn path",
            "early": f"No early finish: {step} would join 1 to the last number before every "
            "cell is on the path",
            "order": f"Numbers in order: {step} would put the numbers out of order",
        }[why]
        return Step("no-loop", [], [e], text + ", so the path doesn't go there", state.cols)
    return None


def travel(level: ZipLevel, here: Cell, reached: int) -> int:
    """The fewest steps from `here`, having met the numbers up to `reached`, through the
    numbers left in order to the last: their Manhattan distances added up."""
    total, at = 0, here
    for cell in level.number_cells[reached:]:
        total += abs(cell[0] - at[0]) + abs(cell[1] - at[1])
        at = cell
    return total


def _dead_end(state: State, say: bool = True) -> Step | None:
    """The first link (in order) that would leave a cell a dead end goes. Without `say` (a
    probe's trial) the step has no text."""
    op, tk, cap = state.op_of, state.tk_of, state.cap
    # A cell's spare links: how many it could lose and still get its links. Taking `e`
    # fills a cell x of it when x needs one more link, and x's other links go: its
    # neighbour c loses one (c touches one cell of `e` at most: a grid has no triangles).
    # Only a link beside a cell with no spare link can leave it a dead end.
    # (A cell already short has no spare link to lose: what `check` says; with none short,
    # only a link that fills a cell can leave a neighbour a dead end.)
    near = {e for c in state._tight for o in op[c] for e in op[o[0] + o[1] - c]}
    short = bool(state._short)
    for e in sorted(near):
        for x in e:
            lost = 1 if len(tk[x]) + 1 == cap[x] else 0
            if not (lost or short):
                continue
            ends = [
                c
                for c in (o[0] + o[1] - x for o in op[x])
                if c not in e and len(tk[c]) + len(op[c]) - cap[c] < lost
            ]
            if not ends:
                continue
            state.cut(e)
            if not say:
                return Step("dead-end", [], [e], "")
            c = min(ends)  # the first of x's links in order: each goes to another cell
            text = (
                f"No dead ends: {state.step_name(e)} would fill {state.name(x)} and "
                f"leave {state.name(c)} with one way in, a dead end that is not an end "
                "of the path, so the path doesn't go there"
            )
            return Step("dead-end", [], [e], text, state.cols)
    return None


def _propagate(state: State) -> None:
    """Apply the cheap rules to a fixpoint (for probes); raises `Contradiction`."""
    while not state.done():
        state.check()
        if _easy(state, say=False) or _no_loop(state, say=False) or _dead_end(state, False):
            continue
        return
    state.check()


def _probe(state: State) -> Step | None:
    """The first open link (in order) whose trial runs the rules into a contradiction goes.

    A trial that ends without one leaves a standstill T (links taken, links open), and no
    trial of a link T holds taken, from a state T holds (every link it took taken in T,
    every link it cut cut in T), can find one: each rule that fires on a state T holds
    draws or cuts only what T already has (T is a standstill: no rule fires there), and
    every contradiction the rules find on it they would find on T. Those trials are
    skipped, in this probe step and the next ones (`State._standstills`): a third of
    them on the bundled levels (docs/performance.md). The step found is the one every
    trial would have found.
    """
    taken, open_ = state.taken, state.open
    standstills = [t for t in state._standstills if taken <= t[0] and t[1] <= open_]
    known: set[Link] = set().union(*(t[0] for t in standstills))
    for e in sorted(open_):
        if e in known:
            continue
        trial = state.copy()
        try:
            if trial.joins_badly(e) is not None:
                raise Contradiction("bad join")
            trial.take(e)
            _propagate(trial)
        except Contradiction as why:
            state._standstills = standstills
            state.cut(e)
            text = (
                f"Try a step and see it fail: {state.step_name(e)} leads to a contradiction "
                f"({why}), so the path doesn't go there"
            )
            return Step("probe", [], [e], text, state.cols)
        known |= trial.taken
        standstills.append((trial.taken, trial.open))  # the trial's own sets: it is dropped
    state._standstills = standstills
    return None


_SOLVED: dict[ZipLevel, tuple[list[Step], Path | None]] = {}
"""The last few levels' logical solutions (`count_solutions`, then `grade` or `explain`), with
the path when the rules drew it whole."""


def solve_logically(
    level: ZipLevel, solution: Path | None = None, probe: bool = True
) -> list[Step]:
    """The level's steps by the rules, ending with a `solver` step if they stop short.

    When the rules draw the whole path, every link they drew or cut holds in every
    solution, so that path is the only one: it is remembered as the level's solutions
    (`core.kind.remember`, again on each call: that memory is shared by every kind and may
    have let it go), and the search to count them does not run.
    """
    if solution is None and probe:
        known = _SOLVED.get(level)
        if known is None:
            known = _solve(level, None, True)
            if len(_SOLVED) >= 4:
                _SOLVED.pop(next(iter(_SOLVED)))
            _SOLVED[level] = known
        steps, path = known
        if path is not None:
            remember(level, [path], 2)
        return list(steps)
    return _solve(level, solution, probe)[0]


def _solve(level: ZipLevel, solution: Path | None, probe: bool) -> tuple[list[Step], Path | None]:
    """The steps, and the path when the rules drew it whole (it is then the only one)."""
    state = State(level)
    steps: list[Step] = []
    rules: list[Callable[[State], Step | None]] = [_easy, _no_loop, _dead_end]
    rules += [_probe] if probe else []
    try:
        while not state.done():
            for rule in rules:
                step = rule(state)
                if step is not None:
                    steps.append(step)
                    break
            else:
                break
    except Contradiction:
        state = State(level)  # a level without a solution: let the solver say so
        steps = []
    if state.done():
        path = state.path()
        if is_solution(level, path):
            remember(level, [path], 2)
            return steps, path
    else:
        sol = solution
        if sol is None:
            found = remembered(level, 1, lambda k: solutions(level, k))
            if not found:
                return steps, None
            sol = found[0]
        cols = level.cols
        idx = [r * cols + c for r, c in sol]
        rest = [(min(a, b), max(a, b)) for a, b in itertools.pairwise(idx)]
        rest = [e for e in rest if e not in state.taken]
        text = f"The rules stop here; the solver draws the remaining {len(rest)} steps"
        steps.append(Step("solver", rest, [], text, cols))
    return steps, None


def first_rule(level: ZipLevel) -> str:
    """The rule of the first step `solve_logically` takes on `level` (its first step alone:
    the lessons ask it of many levels), "solver" when no rule applies at all."""
    state = State(level)
    try:
        for rule in (_easy, _no_loop, _dead_end, _probe):
            step = rule(state)
            if step is not None:
                return step.rule
    except Contradiction:
        pass
    return "solver"


def why_next(
    level: ZipLevel, path: Path, nxt: tuple[int, int], budget: int = 400
) -> tuple[str, str, tuple[Cell, ...]] | None:
    """Why the path drawn so far (`path`, from 1) goes on to `nxt`, by the rules: the rule,
    the text of the step that draws that link and the cells the rules' earlier steps put on
    the path (the hint tints them: the words say "the marked cells", never steps the player
    did not see), or None when the rules stop first (the hint then comes from the solver).

    The rule is the hardest of the steps up to the link (the drawing step's own when none
    before it is harder), as `explain` names that step: what a person needs here, and what
    a lesson on this position teaches (`catalog.lessons`)."""
    state = State(level)
    cols = level.cols
    idx = [r * cols + c for r, c in path]
    target_cells = (idx[-1], nxt[0] * cols + nxt[1]) if idx else None
    taken: list[Step] = []
    try:
        for a, b in itertools.pairwise(idx):
            state.take((min(a, b), max(a, b)))
        if target_cells is None:
            return None
        target = (min(target_cells), max(target_cells))
        for before in range(budget):
            if target in state.taken:
                return None
            step = _direct(state, target)  # the link itself first: the fewest steps before it
            if step is None:
                for rule in (_easy, _no_loop, _dead_end, _probe):
                    step = rule(state)
                    if step is not None:
                        break
                else:
                    return None
            taken.append(step)
            if target in step.links:
                named = _deciding(taken)
                state.taken.difference_update(step.links)  # what the rules drew before it
                ends = [divmod(i, cols) for i in target]
                forced = forced_cells(state, path)
                beside = [c for c in forced if any(_touch(c, e) for e in ends)]
                seen = tuple(beside or forced)
                if not before:
                    return named, step.text + ".", ()
                if seen:
                    near = " beside it" if beside else ""
                    lead = f" (once the rules force the path through the marked cells{near})"
                else:
                    lead = (
                        " (once the rules rule out the steps that would leave a dead end or a loop)"
                    )
                if named != step.rule:  # a harder step decided it: say that one first
                    key = next(t for t in taken if t.rule == named)
                    then = step.text[:1].lower() + step.text[1:]
                    # the cells its words name (a probe's tried step, a cut link) marked too
                    named_cells = [divmod(i, cols) for link in key.links + key.cuts for i in link]
                    seen = tuple(dict.fromkeys([*named_cells, *seen]))
                    return named, f"{key.text}; then {then}{lead}.", seen
                return named, step.text + lead + ".", seen
    except Contradiction:
        return None
    return None


def _deciding(steps: list[Step]) -> str:
    """The rule a link needed: the hardest of the steps up to it (the first of the hardest),
    the drawing step's own when none before it is harder."""
    hardest = max(steps, key=lambda s: TIER[s.rule])
    return steps[-1].rule if TIER[hardest.rule] <= TIER[steps[-1].rule] else hardest.rule


def _touch(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _direct(state: State, target: Link) -> Step | None:
    """The first rule's step at the two cells of `target` if it draws `target`, else None
    (`state` untouched): a hint explains the link from what the board shows whenever the
    rules allow, not after steps elsewhere."""
    try:
        step = _easy(state.copy(), target)
    except Contradiction:
        return None
    return step if step is not None and target in step.links else None


def _cell_name(level: ZipLevel, cell: Cell) -> str:
    """A cell as every kind names it, with its number: "the 4 at row 3, column 1"."""
    n = level.number_at(cell)
    where = grid.cell_name(cell)
    return f"the {n} at {where}" if n else where


def dead_end(level: ZipLevel, path: Path) -> tuple[str, tuple[Cell, ...]] | None:
    """Why the path drawn so far (from 1) cannot be finished, in the rules' words, or None
    when they see no reason.

    What `m` says after "with it": the path's end boxed in, the board cut in two, a cell
    left as a dead end that is not the last number, the numbers left too far apart for the
    cells left (`travel`), the contradiction the deduction rules reach, or one each way on
    from the end reaches. It names what breaks, never where the path goes; the cells to
    tint come with it. (No parity check: a chessboard's colours, so the parity of those
    distances against the cells left, never change along a path: a step flips both.)
    """
    if not path or len(path) >= level.area:
        return None
    on = set(path)
    head, last = path[-1], level.number_cells[-1]
    free = [(r, c) for r in range(level.rows) for c in range(level.cols) if (r, c) not in on]
    left = len(free)
    ways = {cell: [n for n in level.open_neighbours(cell) if n not in on] for cell in free}
    onward = [n for n in level.open_neighbours(head) if n not in on]
    if not onward:
        return f"the path's end at {_cell_name(level, head)} has no free neighbour left", (head,)
    # the free cells must hang together: the rest of the path runs through all of them
    seen, todo = {onward[0]}, [onward[0]]
    while todo:
        for n in ways[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) < left:
        apart = [cell for cell in free if cell not in seen]
        part = apart if len(apart) <= len(seen) else sorted(seen)
        more = f" and {len(part) - 1} more cell{'s' * (len(part) > 2)}" if len(part) > 1 else ""
        return (
            f"the path splits the free cells in two ({_cell_name(level, part[0])}{more} apart)",
            tuple(part),
        )
    for cell in free:
        if cell != last and len(ways[cell]) + (head in level.open_neighbours(cell)) < 2:
            return (
                f"{_cell_name(level, cell)} would be a dead end (one way in, not the last number)",
                (cell,),
            )
    reached = max(level.number_at(cell) for cell in path)
    need = travel(level, head, reached)
    if need > left:
        return (
            f"the numbers {reached + 1} to {level.last} lie {need} steps apart in order from "
            f"here, with {left} cells left",
            (head, *level.number_cells[reached:]),
        )
    state = State(level)
    cols = level.cols
    try:
        for a, b in itertools.pairwise(r * cols + c for r, c in path):
            state.take((min(a, b), max(a, b)))
        _propagate(state)
    except Contradiction as why:
        forced = forced_cells(state, path)
        if not forced:
            return str(why), ()
        return f"the rules force the path through the marked cells, and then {why}", forced
    h = path[-1][0] * cols + path[-1][1]
    if all(_breaks(state, (min(h, j), max(h, j))) for j in (r * cols + c for r, c in onward)):
        names = " or ".join(_cell_name(level, n) for n in onward)
        return (
            f"every way on ({names}) runs the rules into a contradiction",
            tuple(onward),
        )
    return None


def _breaks(state: State, e: Link) -> bool:
    """True when drawing link `e` leads the rules (short of probing) to a contradiction."""
    if e in state.taken:
        return False  # the rules drew it themselves
    if e not in state.open:
        return True
    trial = state.copy()
    try:
        if trial.joins_badly(e) is not None:
            return True
        trial.take(e)
        _propagate(trial)
    except Contradiction:
        return True
    return False


def share(level: ZipLevel, steps: list[Step]) -> float:
    """The part of the path's links that the rules found (1.0: solved by rules alone)."""
    total = level.area - 1
    if total == 0:
        return 1.0
    by_rules = sum(len(s.links) for s in steps if s.rule != "solver")
    return by_rules / total


def grade_steps(level: ZipLevel, steps: list[Step], unique: bool = True) -> Grade:
    """The difficulty: the hardest rule used, None when the solver had to finish."""
    counts = rule_counts(steps)
    alone = not steps or steps[-1].rule != "solver"
    used = [r for r in RULES if r in counts]
    hardest = max(used, key=lambda r: TIER[r]) if used else None
    if not alone:
        hardest = "solver"
    difficulty = DIFFICULTIES[TIER[hardest]] if alone and hardest in TIER else None
    if hardest == "probe" and counts["probe"] <= HARD_PROBES:
        difficulty = Difficulty.HARD
    if alone and hardest is None:
        difficulty = DIFFICULTIES[0]
    return Grade(difficulty, len(steps), hardest, counts, alone, unique)


EFFORT = tier_effort(
    steps=0.04, medium=0.05, hard=0.5, expert=0.3, stuck=0.0, longest=0.2, intercept=0.5
)
"""Zip's weights, set by hand (`core.effort.tier_effort`)."""


def features(level: ZipLevel, steps: Sequence[Step]) -> dict[str, float]:
    """The counts the score weighs: `core.effort.tier_features` of the steps' tiers."""
    return tier_features([TIER[s.rule] + 1 if s.rule in TIER else 5 for s in steps])
