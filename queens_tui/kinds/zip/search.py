"""The exact Zip solver: a depth-first search over bitmasks with strong pruning.

Cells are bits (`r * cols + c`); the path grows from number 1. After every
step the search drops the branch when the cells left can no longer be one
path from the head to K:

- a cell left with no open neighbour, or with one while it is not K's cell
  (a dead end must be the end of the path, and the end is K);
- the unvisited cells and the head are not connected, or the next number
  cannot be reached without stepping on a later number;
- parity: the grid is a chessboard, so a path of L cells from the head has
  ceil(L/2) cells of the head's colour and ends on its colour iff L is odd;
- a state (visited cells, head) already shown to have no completion (the
  future depends on nothing else, so it is remembered).

Moves are tried fewest-onward-exits first (Warnsdorff), which finds a
solution fast; counting stops at `limit` solutions.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from queens_tui.core.grid import Cell
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.kinds.zip.rules import Path


class SearchBudgetExceeded(RuntimeError):
    """The search visited more states than it was allowed."""


@dataclass(frozen=True)
class Masks:
    """Bit masks of a level: where a step in each direction is open, and the cells' colours."""

    cols: int
    full: int
    right: int
    left: int
    down: int
    up: int
    black: int

    def spread(self, seed: int, allowed: int) -> int:
        """Every cell of `allowed` reachable from `seed` (which it includes) by open steps."""
        reach = seed
        right, left, down, up, cols = self.right, self.left, self.down, self.up, self.cols
        while True:
            grown = (
                reach
                | (
                    ((reach & right) << 1)
                    | ((reach & left) >> 1)
                    | ((reach & down) << cols)
                    | ((reach & up) >> cols)
                )
                & allowed
            )
            if grown == reach:
                return reach
            reach = grown

    def around(self, cells: int) -> int:
        """The open neighbours of the cells in `cells`."""
        return (
            ((cells & self.right) << 1)
            | ((cells & self.left) >> 1)
            | ((cells & self.down) << self.cols)
            | ((cells & self.up) >> self.cols)
        )


def masks(level: ZipLevel) -> Masks:
    """The bit masks of `level`."""
    rows, cols = level.rows, level.cols
    walls = level.wall_set
    right = left = down = up = black = 0
    for r in range(rows):
        for c in range(cols):
            bit = 1 << (r * cols + c)
            if (r + c) % 2 == 0:
                black |= bit
            if c + 1 < cols and ((r, c), (r, c + 1)) not in walls:
                right |= bit
            if c > 0 and ((r, c - 1), (r, c)) not in walls:
                left |= bit
            if r + 1 < rows and ((r, c), (r + 1, c)) not in walls:
                down |= bit
            if r > 0 and ((r - 1, c), (r, c)) not in walls:
                up |= bit
    return Masks(cols, (1 << (rows * cols)) - 1, right, left, down, up, black)


def solutions(
    level: ZipLevel,
    limit: int = 2,
    budget: int | None = None,
    prefix: Sequence[Cell] = (),
    stop: Callable[[], bool] | None = None,
) -> list[Path]:
    """Up to `limit` solution paths of `level` (fewer means that is all there are).

    `budget` caps the number of search states; past it `SearchBudgetExceeded`
    is raised (the generator uses it to drop levels too costly to prove).
    `prefix` (a legal start of a path from 1) fixes the first cells: the game's
    "can this still be finished?". `stop()` is polled every 256 states; when
    it says True the search ends with `SearchBudgetExceeded` (asked first at the first state).
    """
    search = _Search(level, limit, budget)
    search.prefix = tuple(prefix)
    search.stop = stop
    return list(search.run())


def count(level: ZipLevel, limit: int = 2) -> int:
    """How many solutions `level` has, counting up to `limit`."""
    return len(solutions(level, limit))


class _Search:
    """One run of the search (state kept on the object to keep the hot loop lean)."""

    def __init__(self, level: ZipLevel, limit: int, budget: int | None) -> None:
        self.level = level
        self.limit = limit
        self.budget = budget
        self.m = masks(level)
        cols = level.cols
        self.cols = cols
        self.targets = [r * cols + c for r, c in level.number_cells]
        self.numbers = 0
        for t in self.targets:
            self.numbers |= 1 << t
        self.end = self.targets[-1]
        self.dead: set[int] = set()
        self.nodes = 0
        self.found: list[Path] = []
        self.stack: list[int] = []
        self.shift = level.area.bit_length() + 1
        self.prefix: tuple[Cell, ...] = ()
        self.stop: Callable[[], bool] | None = None
        self.nbr = [self.m.around(1 << i) for i in range(level.area)]
        """The open neighbours of each cell, as a mask (a lookup beats four shifts)."""

    def run(self) -> Iterator[Path]:
        level = self.level
        start = self.targets[0]
        if level.area == 1:
            if level.last == 1:
                yield ((0, 0),)
            return
        if level.last == 1:
            return  # the path would have to start and end on the same cell
        need = level.area + 100
        old = sys.getrecursionlimit()
        if old < need:
            sys.setrecursionlimit(need)
        try:
            if self.prefix:
                from queens_tui.kinds.zip.rules import prefix_problem

                if prefix_problem(level, self.prefix) is not None:
                    return
                self.stack = [r * self.cols + c for r, c in self.prefix]
            else:
                self.stack = [start]
            bit = 0
            for i in self.stack:
                bit |= 1 << i
            head = self.stack[-1]
            reached = sum(1 for i in self.stack if self.numbers >> i & 1)
            if reached == len(self.targets):
                if bit == self.m.full:
                    self.found.append(self._path())
            elif self._viable(head, bit, reached):
                self._dfs(head, bit, reached)
        finally:
            if old < need:
                sys.setrecursionlimit(old)
        yield from self.found

    def _viable(self, head: int, visited: int, reached: int) -> bool:
        """Can the free cells still be one path from `head` to K? (cheap necessary tests)"""
        m = self.m
        free = m.full & ~visited
        if not free:
            return head == self.end
        hb = 1 << head
        g = free | hb
        has_r = m.right & (g >> 1)
        has_l = m.left & (g << 1)
        has_d = m.down & (g >> self.cols)
        has_u = m.up & (g << self.cols)
        if free & ~(has_r | has_l | has_d | has_u):
            return False
        two = (has_r & has_l) | (has_d & has_u) | ((has_r ^ has_l) & (has_d ^ has_u))
        endb = 1 << self.end
        if free & ~two & ~endb:
            return False
        # a cell with exactly two ways on must use both: no cell can take three such
        # forced steps, and the head and K (one step each) not two
        three = (has_r & has_l & (has_d | has_u)) | (has_d & has_u & (has_r | has_l))
        d2 = free & two & ~three & ~endb
        if d2:
            cols = self.cols
            f_r = has_r & g & (d2 | (d2 >> 1))
            f_l = has_l & g & (d2 | (d2 << 1))
            f_d = has_d & g & (d2 | (d2 >> cols))
            f_u = has_u & g & (d2 | (d2 << cols))
            if (f_r & f_l & (f_d | f_u)) | (f_d & f_u & (f_r | f_l)):
                return False
            if ((f_r & f_l) | (f_d & f_u) | ((f_r ^ f_l) & (f_d ^ f_u))) & (hb | endb):
                return False
        # parity: a path of n cells from the head holds ceil(n/2) of the head's colour
        n = g.bit_count()
        same = (g & m.black).bit_count() if hb & m.black else (g & ~m.black).bit_count()
        if same != (n + 1) // 2:
            return False
        end_same = bool((endb & m.black) != 0) == bool(hb & m.black)
        if end_same != (n % 2 == 1):
            return False
        # segments: the rest of the path runs head -> next number -> ... -> K, each stretch
        # through cells without numbers. So every stretch needs a direct open step or a
        # component of the unnumbered free cells touching both its ends, and every such
        # component must lie between the two ends of some stretch.
        ports = [head, *self.targets[reached:]]
        plain = free & ~self.numbers
        nbr = self.nbr
        touch = [nbr[p] for p in ports]
        comps: list[int] = []
        rest = plain
        while rest:
            low = rest & -rest
            comp = m.spread(low, rest)
            rest &= ~comp
            comps.append(comp)
        seen = [0] * len(comps)
        for i in range(len(ports) - 1):
            a, b = touch[i], touch[i + 1]
            ok = bool(a & (1 << ports[i + 1]))
            for k, comp in enumerate(comps):
                if a & comp and b & comp:
                    ok = True
                    seen[k] = 1
            if not ok:
                return False
        return all(seen)

    def _dfs(self, head: int, visited: int, reached: int) -> int:
        """Count completions from this state (up to what the limit still needs)."""
        self.nodes += 1
        if self.stop is not None and self.nodes & 255 == 1 and self.stop():  # 1st, 257th, ..
            raise SearchBudgetExceeded("stopped")
        if self.budget is not None and self.nodes > self.budget:
            raise SearchBudgetExceeded(f"more than {self.budget} search states")
        m = self.m
        free = m.full & ~visited
        if not free:
            if head == self.end:
                self.found.append(self._path())
                return 1
            return 0
        key = (visited << self.shift) | head
        if key in self.dead:
            return 0
        target = self.targets[reached]
        allowed = free & ~(self.numbers & ~(1 << target))
        if target == self.end and free != 1 << target:
            allowed &= ~(1 << target)
        nbr = self.nbr
        cand = nbr[head] & allowed
        moves: list[tuple[int, int]] = []
        while cand:
            low = cand & -cand
            cand ^= low
            v = low.bit_length() - 1
            onward = (nbr[v] & free).bit_count()
            moves.append((onward, v))
        moves.sort()
        total = 0
        for _, v in moves:
            vb = 1 << v
            nv = visited | vb
            nr = reached + 1 if v == target else reached
            if not self._viable(v, nv, nr):
                continue
            self.stack.append(v)
            total += self._dfs(v, nv, nr)
            self.stack.pop()
            if len(self.found) >= self.limit:
                return total
        if total == 0:
            self.dead.add(key)
        return total

    def _path(self) -> Path:
        cols = self.cols
        return tuple((i // cols, i % cols) for i in self.stack)
