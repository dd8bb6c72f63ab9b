"""A generator of Queens levels with exactly one solution, proven.

How it works (and why it does not stall near 20x20 like the textbook loop):

1. Plant a random valid queen placement P (one per row and column, no two
   touching).
2. Grow N regions outward from P's queens, one region per queen, each with its
   own growth rate and style (compact blob or snaking), so shapes vary and
   some regions stay small, as in hand-made levels.
3. Repair: while the exact search (`core.search`) finds a solution S other
   than P, move a cell x where S has a queen (and P has not) from its region
   R to a neighbouring region R'. The key fact that makes this converge:
   moving x kills *exactly* the solutions with a queen on x (R loses that
   queen, R' gets two) and can only create solutions that put the queen of R' on
   x. So a move is *clean* (the solution set strictly shrinks, S included)
   when no solution puts the queen of R' on a moved cell, which one search with
   the old cells of R' `forbidden` proves, fast because it is so constrained. P
   stays a solution because x never holds a P queen and each region keeps
   its own queen. When x lies inside R (no other region touches it), the
   move carries a shortest path from x to R's border, plus any piece of R
   that path cuts off from R's queen, so every region stays connected.
   Small moves are tried first, and moves that would leave a region with
   its queen alone come last.
4. If no clean move exists among the first few, take the smallest unclean
   one; after `PATIENCE * N` unclean moves in a row, restart with a new
   placement and new shapes from the same random stream.

Targeting the S queens is what keeps big boards fast (docs/performance.md,
tests/benchmarks/test_bench_generate.py): each step removes a solution for
certain instead of hoping a random border change does.

Everything random comes from one `random.Random` seeded with an integer
derived by SHA-256 from the seed string, and every choice iterates over lists
in a fixed order (never a set, never `hash()`), so the same seed gives the
same level on every machine and Python version.

Difficulty is judged by the deduction engine (`core.deduce`), or by any
pluggable `grade(level) -> str`. With a wanted difficulty, each sub-seed's
unique level is *steered*: single border cells change region while the
level stays unique (again one search with a fixed queen proves it), keeping
each change that brings the grade (then the hardest rule tier and how often
it is needed) no further from the target. Levels the rules alone cannot
solve are never kept for a wanted difficulty: no guessing is asked of the
player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from queens_tui.core import errors
from queens_tui.core.grid import Cell
from queens_tui.core.seed import seed_int
from queens_tui.core.vocabulary import DIFFICULTIES, Difficulty
from queens_tui.kinds.queens import search
from queens_tui.kinds.queens.level import MAX_SIZE, MIN_SIZE, Level

Grader = Callable[[Level], str]
"""A function judging a level's difficulty: "easy", "medium", "hard" or "expert"."""


LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%"
"""One printable character per region; never '#' (it starts a comment line)."""

MAX_DIFFICULTY_TRIES = 400
"""How many sub-seeds to try for a wanted difficulty before giving up."""

PATIENCE = 2
"""The repair restarts after PATIENCE * size unclean moves in a row."""

CLEAN_TRIES = 8
"""Moves checked for cleanliness per repair step before settling for the smallest."""

SAMPLE = 12
"""Other solutions sampled per repair step; the move kills the ones on its cell."""

SAMPLE_CELLS = 6
"""Cells (most used by the sampled solutions first) whose moves a repair step weighs."""

CHECK_NODES = 200
"""Search nodes a growth check may use; past it the cell is refused (a node count,
not a clock, so every machine makes the same choice)."""

LONE_QUEEN_MAX_SIZE = 16
"""Up to this size a level keeps at most one one-cell region, and that only half
the time (restarts are cheap there); LinkedIn averages 0.28 per level."""

ROUNDS = 8
"""The repair gives up after ROUNDS * size rounds and the generator starts afresh: a
layout needing more is stuck among many solutions, and starting afresh is quicker
(`generate --size 30 --seed bench-9` shows it: docs/performance.md)."""

HIT_WEIGHT = 2
"""How many cells of chunk size one sampled solution killed is worth."""

STEER_TRIES = 600
"""Unique levels scored per sub-seed while steering towards a difficulty.

Measured at 13x13 expert: the walk needs 120 to 630 scored moves from a fresh
level (about a second); with 300 it gave up on most sub-seeds."""

_ADJECTIVES = (
    "Amber", "Ancient", "Autumn", "Bright", "Calm", "Cedar", "Copper", "Crimson", "Crystal",
    "Distant", "Dusky", "Emerald", "Evening", "Faded", "Gentle", "Gilded", "Golden", "Hidden",
    "Hollow", "Ivory", "Jade", "Lantern", "Lively", "Lonely", "Lucky", "Misty", "Morning",
    "Mossy", "Northern", "Olive", "Painted", "Pale", "Quiet", "Rainy", "Restless", "Rolling",
    "Royal", "Rustic", "Sandy", "Scarlet", "Secret", "Silent", "Silver", "Sleepy", "Snowy",
    "Southern", "Spring", "Starry", "Still", "Stony", "Summer", "Sunlit", "Swift", "Tangled",
    "Tidal", "Twilight", "Velvet", "Violet", "Wandering", "Whispering", "Wild", "Windy",
    "Winter", "Wooden",
)  # fmt: skip
_NOUNS = (
    "Abbey", "Alley", "Arbor", "Bay", "Bridge", "Brook", "Canyon", "Castle", "Cliff", "Cloister",
    "Court", "Cove", "Crossing", "Dale", "Dune", "Field", "Fjord", "Forest", "Fountain", "Garden",
    "Gate", "Glade", "Grove", "Harbor", "Heath", "Hill", "Island", "Lagoon", "Lake", "Lane",
    "Meadow", "Mill", "Moor", "Orchard", "Palace", "Pass", "Path", "Pier", "Plaza", "Pond",
    "Quarry", "Reef", "Ridge", "River", "Road", "Shore", "Spire", "Square", "Steppe", "Stream",
    "Summit", "Terrace", "Thicket", "Tower", "Trail", "Valley", "Vineyard", "Walk", "Well",
    "Wharf", "Willow", "Wood", "Yard", "Zenith",
)  # fmt: skip


class GenerateError(errors.GenerateError):
    """The generator cannot make the level asked for (bad size, difficulty not reached)."""


def title(seed: str) -> str:
    """A pleasant, deterministic level name for a seed, e.g. "Quiet Harbor"."""
    rng = random.Random(seed_int("title", seed))
    return f"{rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)}"


# --------------------------------------------------------------------------- planting


def plant(n: int, rng: random.Random) -> list[int]:
    """A random valid placement: column of the queen in each row.

    Backtracking over shuffled columns; rows next to each other must not put
    their queens in neighbouring columns (the no-touching rule).
    """
    cols: list[int] = []
    used = [False] * n

    def place(r: int) -> bool:
        if r == n:
            return True
        order = list(range(n))
        rng.shuffle(order)
        for c in order:
            if used[c] or (r and abs(cols[-1] - c) <= 1):
                continue
            used[c] = True
            cols.append(c)
            if place(r + 1):
                return True
            cols.pop()
            used[c] = False
        return False

    if not place(0):
        raise GenerateError(f"no valid queen placement exists on a {n}x{n} board")
    return cols


# --------------------------------------------------------------------------- growing


def _grow_one(
    rng: random.Random,
    live: list[int],
    total: float,
    weight: list[float],
    frontier: list[list[Cell]],
    snake: list[float],
) -> tuple[int, Cell]:
    """One step of growing regions: a region drawn by weight among the `live` ones (which
    can still grow; `total` is their weights' sum), and a cell taken off its frontier: the
    newest with the region's `snake` odds (long arms), else any. Both growers draw through
    here, so the random numbers, and every seeded level, stay what they were."""
    pick = rng.random() * total
    k = live[-1]
    for j in live:
        pick -= weight[j]
        if pick < 0:
            k = j
            break
    f = frontier[k]
    i = len(f) - 1 if rng.random() < snake[k] else rng.randrange(len(f))
    return k, f.pop(i)


def _neighbours(n: int, r: int, c: int) -> list[Cell]:
    out = []
    if r > 0:
        out.append((r - 1, c))
    if r + 1 < n:
        out.append((r + 1, c))
    if c > 0:
        out.append((r, c - 1))
    if c + 1 < n:
        out.append((r, c + 1))
    return out


STYLES: dict[str, tuple[float, float, float]] = {
    "skewed": (0.15, 2.5, 3.0),
    "mild": (0.5, 1.0, 1.0),
    "even": (1.0, 1.0, 0.0),
}
"""Region growth weights `low + random() ** power * spread` per style.

Measured on this generator with `core.deduce.grade`: skewed weights leave
tiny regions (quick, mostly easy levels), even weights give regions of
similar size (slower to make unique, twice as often hard).
"""

STYLE_FOR: dict[str | None, str] = {
    None: "mild",
    Difficulty.EASY: "skewed",
    Difficulty.MEDIUM: "mild",
    Difficulty.HARD: "even",
    Difficulty.EXPERT: "even",
}


def _seeds(
    n: int, queens: Sequence[Cell], rng: random.Random, style: str
) -> tuple[list[list[int]], list[list[Cell]], list[float], list[float]]:
    """Each queen's region at its start: (owner of every cell, -1 for none yet; each region's
    frontier; its growth weight; its "snake" bias), drawn from `rng` in the style's spread."""
    low, power, spread = STYLES[style]
    owner = [[-1] * n for _ in range(n)]
    frontier: list[list[Cell]] = []
    weight: list[float] = []
    snake: list[float] = []
    for k, (r, c) in enumerate(queens):
        owner[r][c] = k
    for r, c in queens:
        frontier.append([x for x in _neighbours(n, r, c) if owner[x[0]][x[1]] < 0])
        weight.append(low + rng.random() ** power * spread)
        snake.append(rng.random() * 0.8 if rng.random() < 0.4 else 0.0)
    return owner, frontier, weight, snake


def grow(
    n: int, queens: Sequence[Cell], rng: random.Random, style: str = "mild"
) -> list[list[int]]:
    """Regions grown from the queens: owner[r][c] is the index of the queen owning (r, c).

    Each region has its own growth weight (drawn per `STYLES[style]`, so with
    a skew a few regions stay tiny and a few sprawl) and shape: a "blob"
    takes a random frontier cell, a "snake" prefers the cell it found last,
    which makes long arms.
    """
    owner, frontier, weight, snake = _seeds(n, queens, rng, style)
    left = n * n - len(queens)
    while left:
        total = 0.0
        live = []
        for k in range(len(queens)):
            f = frontier[k]
            while f and owner[f[-1][0]][f[-1][1]] >= 0:
                f.pop()
            # prune stale cells lazily; an empty list means the region is boxed in
            f[:] = [x for x in f if owner[x[0]][x[1]] < 0]
            if f:
                live.append(k)
                total += weight[k]
        k, (r, c) = _grow_one(rng, live, total, weight, frontier, snake)
        f = frontier[k]
        owner[r][c] = k
        left -= 1
        for x in _neighbours(n, r, c):
            if owner[x[0]][x[1]] < 0:
                f.append(x)
    return owner


class _Partial:
    """A layout being grown whose planted solution stays the only one.

    Cells outside every region are holes: they can hold no queen. Adding a
    hole x to region k can only create solutions that put k's queen on x
    (every old solution still stands, x empty), so the layout stays unique
    exactly when no solution exists with a queen on x: one search, fast
    because a fixed queen and the holes constrain it so much. Starting from
    N one-cell regions (unique: every queen is forced), growing by checked
    additions only never needs a search for a second solution.
    """

    def __init__(self, n: int, queens: Sequence[Cell]) -> None:
        self.n = n
        # regions = columns: a cell's attack is then exactly row | column | 3x3 block
        full = search.Masks.of(_level([list(range(n)) for _ in range(n)]))
        self.rows, self.cols = full.rows, full.cols
        self.base = list(full.attack)
        self.row_bands = full.row_bands
        self.col_bands = full.col_bands
        self.regions = [0] * n
        self.reg_of = [-1] * (n * n)
        self.assigned = 0
        self.attack = list(self.base)
        self.lines = [(self.rows[i // n], self.cols[i % n], 0) for i in range(n * n)]
        for k, (r, c) in enumerate(queens):
            self.add(r * n + c, k)

    def _set(self, i: int, k: int) -> None:
        """Cell i now belongs to region k (-1: a hole); refresh k's cells' tables."""
        n = self.n
        old = self.reg_of[i]
        self.reg_of[i] = k
        for g in (old, k):
            if g < 0:
                continue
            if g == k:
                self.regions[g] |= 1 << i
            else:
                self.regions[g] &= ~(1 << i)
            mask = self.regions[g]
            for j in search.bit_indexes(mask):
                self.attack[j] = self.base[j] | mask
                self.lines[j] = (self.rows[j // n], self.cols[j % n], mask)
        if k < 0:
            self.attack[i] = self.base[i]
            self.lines[i] = (self.rows[i // n], self.cols[i % n], 0)
            self.assigned &= ~(1 << i)
        else:
            self.assigned |= 1 << i

    def add(self, i: int, k: int) -> None:
        self._set(i, k)

    def remove(self, i: int) -> None:
        self._set(i, -1)

    def masks(self) -> search.Masks:
        m = search.Masks(
            self.n,
            tuple(self.attack),
            tuple(self.regions),
            self.rows,
            self.cols,
            tuple(self.lines),
        )
        m.__dict__["row_bands"] = self.row_bands
        m.__dict__["col_bands"] = self.col_bands
        return m

    def still_unique_with(self, i: int, k: int, nodes: int) -> bool | None:
        """Add hole i to region k if the planted solution stays the only one.

        True: added. False: refused for good (a solution with k's queen on i
        exists, and growing other regions never removes a solution). None:
        refused because the search ran past `nodes` (a later, bigger budget
        may succeed).
        """
        self.add(i, k)
        try:
            found = search.first_in(self.masks(), self.assigned, [i], search.NodeBudget(nodes))
        except search.Cancelled:
            self.remove(i)
            return None
        if found is None:
            return True
        self.remove(i)
        return False


def grow_unique(
    n: int, queens: Sequence[Cell], rng: random.Random, style: str = "mild"
) -> list[list[int]]:
    """Like `grow`, but each cell joins a region only if the layout stays unique.

    A cell refused by a region is offered to the others that reach it; cells
    no region may take are handed out at the end without the check (the
    repair then deals with the few solutions they bring).
    """
    part = _Partial(n, queens)
    refused: set[tuple[Cell, int]] = set()
    owner, frontier, weight, snake = _seeds(n, queens, rng, style)
    while True:
        total = 0.0
        live = []
        for k in range(len(queens)):
            f = frontier[k]
            f[:] = [x for x in f if owner[x[0]][x[1]] < 0 and (x, k) not in refused]
            if f:
                live.append(k)
                total += weight[k]
        if not live:
            break
        k, (r, c) = _grow_one(rng, live, total, weight, frontier, snake)
        f = frontier[k]
        verdict = part.still_unique_with(r * n + c, k, CHECK_NODES)
        if not verdict:
            refused.add(((r, c), k))
            continue
        owner[r][c] = k
        for x in _neighbours(n, r, c):
            if owner[x[0]][x[1]] < 0:
                f.append(x)
    # Holes nobody could take: flood them in from their neighbours, unchecked.
    holes = [(r, c) for r in range(n) for c in range(n) if owner[r][c] < 0]
    while holes:
        rest = []
        for r, c in holes:
            ks = [owner[y][x] for y, x in _neighbours(n, r, c) if owner[y][x] >= 0]
            if ks:
                owner[r][c] = ks[rng.randrange(len(ks))]
            else:
                rest.append((r, c))
        holes = rest
    return owner


# --------------------------------------------------------------------------- repairing


def _level(owner: list[list[int]]) -> Level:
    """A Level whose labels follow reading order (region of (0, 0) is "A")."""
    relabel: dict[int, str] = {}
    rows = []
    for row in owner:
        out = []
        for k in row:
            lab = relabel.get(k)
            if lab is None:
                lab = relabel[k] = LABELS[len(relabel)]
            out.append(lab)
        rows.append("".join(out))
    return Level.from_rows(rows)


def _cut_off(owner: list[list[int]], n: int, gone: Sequence[Cell], keep: Cell) -> list[Cell]:
    """Cells of keep's region that lose touch with `keep` once the `gone` cells leave it."""
    k = owner[keep[0]][keep[1]]
    seen = [[False] * n for _ in range(n)]
    for r, c in gone:
        seen[r][c] = True
    seen[keep[0]][keep[1]] = True
    todo = [keep]
    while todo:
        r, c = todo.pop()
        for y in _neighbours(n, r, c):
            if not seen[y[0]][y[1]] and owner[y[0]][y[1]] == k:
                seen[y[0]][y[1]] = True
                todo.append(y)
    return [(r, c) for r in range(n) for c in range(n) if owner[r][c] == k and not seen[r][c]]


def _carve(
    owner: list[list[int]], n: int, x: Cell, keep: Cell, order: list[int]
) -> list[tuple[list[Cell], int]]:
    """Ways to move x out of its region while every region stays connected.

    For each neighbouring region t reachable from x through x's own region
    (never through its planted queen `keep`), take a shortest path from x to
    a cell touching t; the path, plus any piece of the region it cuts off from
    `keep`, moves to t as one chunk (connected, and touching t). `order`
    shuffles the neighbour order so ties break randomly but reproducibly.
    """
    k = owner[x[0]][x[1]]
    parent: dict[Cell, Cell | None] = {x: None}
    queue = [x]
    found: list[tuple[Cell, int]] = []
    seen_t: list[int] = []
    i = 0
    while i < len(queue):
        cur = queue[i]
        i += 1
        nbrs = _neighbours(n, cur[0], cur[1])
        for j in order:
            if j >= len(nbrs):
                continue
            y = nbrs[j]
            t = owner[y[0]][y[1]]
            if t != k:
                if t not in seen_t:
                    seen_t.append(t)
                    found.append((cur, t))
            elif y not in parent and y != keep:
                parent[y] = cur
                queue.append(y)
    moves = []
    for end, t in found:
        path = []
        node: Cell | None = end
        while node is not None:
            path.append(node)
            node = parent[node]
        moves.append((path + _cut_off(owner, n, path, keep), t))
    return moves


def _other_solutions(level: Level, planted: tuple[Cell, ...], limit: int) -> list[tuple[Cell, ...]]:
    """Up to `limit` solutions other than the planted one (none: the planted one is unique)."""
    found = []
    for sol in search.solutions(level):
        if sol != planted:
            found.append(sol)
            if len(found) >= limit:
                break
    return found


def _cost(owner: list[list[int]], area: list[int], chunk: list[Cell], hits: int) -> int:
    """How much a repair move disturbs, against how many known solutions it kills.

    The chunk's size counts against it, each sampled solution with a queen on
    the moved cell (all of them die with the move) for it; leaving a region
    with its queen cell alone costs far more than either.
    """
    left = area[owner[chunk[0][0]][chunk[0][1]]] - len(chunk)
    return len(chunk) - HIT_WEIGHT * hits + (len(owner) ** 2 if left < 2 else 0)


def _repair(
    n: int, owner: list[list[int]], queens: list[Cell], rng: random.Random, patience: int
) -> Level | None:
    """Move border cells until the planted solution is the only one.

    Each round samples up to `SAMPLE` other solutions and moves a cell that
    many of them use (moving x kills every solution with a queen on x), so a
    round removes many solutions at once on a loose layout. Gives up (None)
    after `patience` moves in a row that were not clean: the layout is then
    stuck in a loose state and fresh regions do better.
    """
    planted = tuple(sorted(queens))
    queen_of = [[-1] * n for _ in range(n)]
    for k, (r, c) in enumerate(queens):
        queen_of[r][c] = k
    last: list[Cell] = []
    came_from = -1
    dirty = 0
    for _ in range(ROUNDS * n):
        if dirty >= patience:
            break
        level = _level(owner)
        others = _other_solutions(level, planted, SAMPLE)
        if not others:
            return level
        hits: dict[Cell, int] = {}
        for sol in others:
            for x in sol:
                if queen_of[x[0]][x[1]] < 0:
                    hits[x] = hits.get(x, 0) + 1
        moves: list[tuple[list[Cell], int, int]] = []
        for x in sorted(hits, key=lambda x: (-hits[x], x))[:SAMPLE_CELLS]:
            r, c = x
            order = [0, 1, 2, 3]
            rng.shuffle(order)
            for chunk, t in _carve(owner, n, x, queens[owner[r][c]], order):
                if not (t == came_from and x in last):
                    moves.append((chunk, t, hits[x]))
        if not moves:
            return None
        area = [0] * n
        for row in owner:
            for k in row:
                area[k] += 1
        rng.shuffle(moves)

        # Cheap, deadly moves first; leaving a region with its queen cell
        # alone (a trivial region) only when nothing else is on offer.
        def cost(move: tuple[list[Cell], int, int], area: list[int] = area) -> int:
            return _cost(owner, area, move[0], move[2])

        moves.sort(key=cost)
        chosen = None
        k = -1
        for chunk, t, _ in moves[:CLEAN_TRIES]:
            k = owner[chunk[0][0]][chunk[0][1]]
            home = [(r, c) for r in range(n) for c in range(n) if owner[r][c] == t]
            for r, c in chunk:
                owner[r][c] = t
            # Clean move: no solution puts t's queen on a moved cell, so every
            # remaining solution was one before: the set strictly shrank.
            if search.first(_level(owner), forbidden=home) is None:
                chosen = chunk
                dirty = 0
                break
            for r, c in chunk:
                owner[r][c] = k
        if chosen is None:
            dirty += 1
            chosen, t, _ = moves[0]
            k = owner[chosen[0][0]][chosen[0][1]]
            for r, c in chosen:
                owner[r][c] = t
        last, came_from = chosen, k
    return None


# --------------------------------------------------------------------------- public API


def _check_size(size: int) -> None:
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise GenerateError(
            f"size must be between {MIN_SIZE} and {MAX_SIZE} (got {size}); "
            "2x2 and 3x3 boards have no valid queen placement"
        )


def _area(owner: list[list[int]], k: int) -> int:
    return sum(row.count(k) for row in owner)


def _fatten(
    owner: list[list[int]], queens: Sequence[Cell], level: Level, rng: random.Random
) -> Level:
    """Give every one-cell region a second cell where the level stays unique.

    LinkedIn's levels have 0.28 one-cell regions on average; left alone the
    repair leaves about 0.7, and a lone queen is a free first move. The cell
    comes from a neighbouring region of 3 cells or more, is not its queen and
    does not cut it in two; as in `steer`, the level stays unique exactly
    when no solution puts a queen on the moved cell.
    """
    n = len(owner)
    for k, (r, c) in enumerate(queens):
        if _area(owner, k) != 1:
            continue
        options = [y for y in _neighbours(n, r, c)]
        rng.shuffle(options)
        for y, x in options:
            t = owner[y][x]
            if (y, x) == queens[t] or _area(owner, t) < 3:
                continue
            if _cut_off(owner, n, [(y, x)], queens[t]):
                continue
            owner[y][x] = k
            new = _level(owner)
            if search.first(new, queens=[(y, x)]) is None:
                level = new
                break
            owner[y][x] = t
    return level


def _unique(size: int, rng: random.Random, style: str) -> tuple[list[list[int]], list[Cell], Level]:
    """Plant, grow and repair until a level is unique; restarts use the same stream."""
    patience = PATIENCE * size
    while True:
        cols = plant(size, rng)
        queens = [(r, c) for r, c in enumerate(cols)]
        owner = grow_unique(size, queens, rng, style)
        level = _repair(size, owner, queens, rng, patience)
        if level is None:
            continue
        level = _fatten(owner, queens, level, rng)
        singles = sum(1 for k in range(size) if _area(owner, k) == 1)
        if size <= LONE_QUEEN_MAX_SIZE and (singles > 1 or (singles and rng.random() < 0.5)):
            continue  # too many lone queens for a LinkedIn-like level: start afresh
        return owner, queens, level


def generate_unique(
    size: int, seed: str | int, style: str = "mild"
) -> tuple[Level, tuple[Cell, ...]]:
    """One unique-solution level and its solution, without metadata.

    Restarts (new placement, new regions) come from the same random stream, so
    the result depends on `size`, `seed` and `style` only.
    """
    _check_size(size)
    rng = random.Random(seed_int("queens-tui/generate/v1", size, seed, style))
    _, queens, level = _unique(size, rng, style)
    return level, tuple(queens)


Score = tuple[str, int, bool]
"""(difficulty, finer measure within it, fair): see `scorer`."""


def scorer(grader: Grader | None) -> Callable[[Level], Score] | None:
    """A level's score for steering: the grade, a finer measure, and fairness.

    With the deduction engine (no `grader` given): the finer measure is the
    hardest rule tier times 100 plus how often that tier is used, which rises
    through a difficulty before the grade flips to the next; a level is fair
    when the rules alone solve it (no step falls back to the exact search),
    so no generated level asks the player to guess. With a plugged `grader`
    the measure is 0 and every level is fair. None: nothing to grade with.
    """
    if grader is not None:
        plugged = grader
        return lambda level: (plugged(level), 0, True)
    try:
        from queens_tui.kinds.queens import deduce
    except ImportError:  # pragma: no cover - the engine ships with the package
        return None

    def score(level: Level) -> Score:
        steps = deduce.solve_logically(level, nested=False)
        g = deduce.grade_steps(steps)
        at_tier = sum(1 for step in steps if step.tier == g.hardest_tier)
        fair = all(step.rule != "solver" for step in steps)
        return deduce.difficulty(steps), g.hardest_tier * 100 + min(at_tier, 99), fair

    return score


def _distance(score: Score, goal: int) -> tuple[int, int]:
    """How far a score is from the wanted difficulty (smaller is nearer); unfair is farthest."""
    difficulty, fine, fair = score
    if not fair:
        return (len(DIFFICULTIES) + 1, 0)
    rank = DIFFICULTIES.index(difficulty)
    return (abs(rank - goal), -fine if rank < goal else fine)


def steer(
    owner: list[list[int]],
    queens: Sequence[Cell],
    level: Level,
    rng: random.Random,
    score: Callable[[Level], Score],
    target: str,
    tries: int,
) -> tuple[Level, Score]:
    """Walk among unique levels towards the `target` difficulty.

    A move hands one border cell x (never a queen, never a cut cell of its
    region) to a neighbouring region. The level stays unique exactly when no
    solution puts a queen on x afterwards (see the module docstring), which
    one search with `queens=[x]` proves. A move is kept when its score is no
    further from the target than before (`_distance`: the grade first, then
    the finer measure), so the walk climbs, drifts across plateaus, and never
    goes back. Stops after `tries` levels scored (or 20 times as many moves
    proposed). Returns the last level kept and its score.
    """
    n = len(owner)
    goal = DIFFICULTIES.index(target)
    current = score(level)
    near = _distance(current, goal)
    is_queen = [[False] * n for _ in range(n)]
    for r, c in queens:
        is_queen[r][c] = True
    scored = 0
    for _ in range(tries * 20):
        if scored >= tries or (current[0] == target and current[2]):
            break
        r, c = rng.randrange(n), rng.randrange(n)
        if is_queen[r][c]:
            continue
        k = owner[r][c]
        targets = [owner[y[0]][y[1]] for y in _neighbours(n, r, c) if owner[y[0]][y[1]] != k]
        if not targets:
            continue
        t = targets[rng.randrange(len(targets))]
        if _cut_off(owner, n, [(r, c)], queens[k]):
            continue  # x is a cut cell: moving it alone would split its region
        if _area(owner, k) <= 2:
            continue  # it would leave region k a lone queen (see `_fatten`)
        owner[r][c] = t
        new = _level(owner)
        if search.first(new, queens=[(r, c)]) is None:
            scored += 1
            s = score(new)
            d = _distance(s, goal)
            if d <= near:
                level, current, near = new, s, d
                continue
        owner[r][c] = k
    return level, current


def generate(
    size: int,
    seed: str | int,
    difficulty: str | None = None,
    *,
    grader: Grader | None = None,
    name: str | None = None,
) -> Level:
    """A level of `size` with exactly one solution, deterministic in (size, seed, difficulty).

    With `difficulty`, steers the level of sub-seed "<seed>", then
    "<seed>/1", "<seed>/2", ... until the grade is the one wanted (raises
    `GenerateError` after `MAX_DIFFICULTY_TRIES`). `grader` replaces the
    deduction engine's grade. The level's metadata carries its name (a title
    from the seed, unless `name`), seed and graded difficulty.
    """
    _check_size(size)
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise GenerateError(
            f"unknown difficulty {difficulty!r}; choose one of {', '.join(DIFFICULTIES)}"
        )
    score = scorer(grader)
    if difficulty is not None and score is None:
        raise GenerateError("difficulty grading is not available (no deduction engine)")
    seed = str(seed)
    style = STYLE_FOR[difficulty]
    graded: str | None = None
    if difficulty is None:
        # Any grade will do, but not a level the rules cannot solve (rare);
        # the next sub-seed replaces it.
        for attempt in range(MAX_DIFFICULTY_TRIES):
            level, _ = generate_unique(size, seed if attempt == 0 else f"{seed}/{attempt}", style)
            if score is None:
                break
            graded, _, fair = score(level)
            if fair:
                break
    else:
        assert score is not None
        for attempt in range(MAX_DIFFICULTY_TRIES):
            sub = seed if attempt == 0 else f"{seed}/{attempt}"
            rng = random.Random(seed_int("queens-tui/generate/v1", size, sub, style))
            owner, queens, level = _unique(size, rng, style)
            level, (graded, _, fair) = steer(
                owner, queens, level, rng, score, difficulty, STEER_TRIES
            )
            if graded == difficulty and fair:
                break
        else:
            raise GenerateError(
                f"no {difficulty} {size}x{size} level found in {MAX_DIFFICULTY_TRIES} tries "
                f"from seed {seed!r}"
            )
    return Level(
        grid=level.grid,
        name=name if name is not None else title(seed),
        seed=seed,
        difficulty=graded,
    )
