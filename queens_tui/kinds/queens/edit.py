"""The Queens level editor's pure side: an editable partition, its faults, its verdict.

The editor paints cells into regions, so what it edits is not a `Level` (a
level is always valid) but a `Sketch`: a square grid of labels that may hold
any number of regions, some of them in several pieces, plus the colours the
maker chose. Everything the editor screen shows is a pure function of a
sketch, so the worker thread can judge one while the maker goes on painting:

- `Sketch.paint` / `Sketch.fill` / `Sketch.recolor` give the next sketch (the
  same object when nothing changes, as `core.history.History` expects), and
  `EDIT` (`apply` + `diff`) makes undo and redo work through the shared
  `History`: a move is the cells (and colours) it sets, never a whole board.
- `faults(sketch)`: what stops it being a level (region count other than N,
  regions in several pieces), in words and as cells to mark on the board.
- `judge(sketch, cancel=...)`: the verdict. "no solution", "unique" (with the
  grade, the number of rule steps and whether the rules alone solve it) or
  "several solutions" (with a second solution). Pure exact search; the
  CP-SAT twin is `solver.queens.edit.judge`, which fills in the same `Verdict`.
- `make_unique(level, solutions)`: which cells to move into which
  neighbouring region so that one solution survives; the suggestion is checked
  by counting the solutions of the changed level, and says whether it made the
  level unique or only left fewer solutions.

Other kinds later: the screen talks to a sketch through `paint`, `fill`,
`apply`, `diff`, `faults`, `to_level` and a `judge` function. A Tango sketch
would paint symbols and signs instead of labels and a Zip sketch numbers and
walls; each brings its own module like this one (`kinds/<kind>/edit.py`) with
the same names, and its solver's `judge`, so the editor screen's loop
(stroke -> history -> worker request -> verdict line) stays the same.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from queens_tui.core.errors import LevelError
from queens_tui.core.grid import Cell, neighbours
from queens_tui.core.meta import METADATA_KEYS
from queens_tui.kinds.queens.level import MAX_SIZE, LabelGrid, Level

LABELS: str = string.ascii_uppercase + string.ascii_lowercase + string.digits
"""The labels a maker can type, in the order new regions take them."""

Grid = tuple[tuple[str, ...], ...]


class CancelFlag(Protocol):
    """Anything with `is_set()` (a `threading.Event`, `core.play.Deadline`, a CancelToken)."""

    def is_set(self) -> bool: ...


class Cancelled(Exception):
    """The verdict or the suggestion was cancelled (a newer stroke asked for another)."""


# --------------------------------------------------------------------------- the sketch


@dataclass(frozen=True)
class Sketch(LabelGrid):
    """An N x N grid of region labels being edited, and the colours chosen for labels.

    Unlike a `Level` it may be invalid (any number of regions, regions in
    pieces): that is what the maker is in the middle of. `meta` carries the
    level's metadata (name, author, ...) through editing and saving.
    """

    grid: Grid
    colors: Mapping[str, str] = field(default_factory=dict)
    meta: Mapping[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        n = len(self.grid)
        if not 1 <= n <= MAX_SIZE or any(len(row) != n for row in self.grid):
            raise ValueError(f"a sketch is N rows of N cells, 1 <= N <= {MAX_SIZE}")
        object.__setattr__(self, "colors", dict(self.colors))
        object.__setattr__(self, "meta", dict(self.meta))

    def __hash__(self) -> int:
        return hash((self.grid, tuple(sorted(self.colors.items()))))

    @classmethod
    def blank(cls, size: int) -> Sketch:
        """A new N x N sketch with one region per row (A, B, C, ...): a valid start to paint on."""
        if not 1 <= size <= len(LABELS):
            raise ValueError(f"a new level is 1x1 to {len(LABELS)}x{len(LABELS)}")
        return cls(tuple(tuple(LABELS[r] * size) for r in range(size)))

    @classmethod
    def of(cls, level: Level) -> Sketch:
        """The sketch of an existing level (labels, colours and metadata kept)."""
        return cls(level.grid, dict(level.colors), level.metadata)

    def label(self, cell: Cell) -> str:
        return self.grid[cell[0]][cell[1]]

    def cells_of(self, label: str) -> tuple[Cell, ...]:
        """The cells labelled `label`, in reading order."""
        return tuple(
            (r, c) for r, row in enumerate(self.grid) for c, x in enumerate(row) if x == label
        )

    def new_label(self) -> str | None:
        """The first typeable label no region uses yet (None when all 62 are taken)."""
        used = set(self.labels)
        return next((x for x in LABELS if x not in used), None)

    # ------------------------------------------------------------------ strokes

    def set_cells(self, changes: Iterable[tuple[Cell, str]]) -> Sketch:
        """The sketch with these cells relabelled (same object if none changes)."""
        rows: list[list[str]] | None = None
        for (r, c), label in changes:
            check_label(label)
            if self.grid[r][c] == label and rows is None:
                continue
            if rows is None:
                rows = [list(row) for row in self.grid]
            rows[r][c] = label
        if rows is None:
            return self
        grid = tuple(tuple(row) for row in rows)
        if grid == self.grid:
            return self
        return Sketch(grid, self._colors_for(grid), self.meta)

    def _colors_for(self, grid: Grid) -> dict[str, str]:
        """Colours of the labels still on `grid` (a region painted away forgets its colour)."""
        present = {x for row in grid for x in row}
        return {k: v for k, v in self.colors.items() if k in present}

    def paint(self, cell: Cell, label: str) -> Sketch:
        """Paint one cell into region `label` (a new label makes a new region)."""
        return self.set_cells([(cell, label)])

    def area(self, cell: Cell) -> tuple[Cell, ...]:
        """The connected piece of `cell`'s region that holds `cell` (what `fill` floods)."""
        label = self.label(cell)
        n = self.size
        seen = {cell}
        todo = [cell]
        while todo:
            cur = todo.pop()
            for nb in neighbours(cur, n, n):
                if nb not in seen and self.grid[nb[0]][nb[1]] == label:
                    seen.add(nb)
                    todo.append(nb)
        return tuple(sorted(seen))

    def fill(self, cell: Cell, label: str) -> Sketch:
        """Flood the connected area around `cell` (same label, orthogonal steps) with `label`."""
        return self.set_cells((c, label) for c in self.area(cell))

    def recolor(self, label: str, color: str | None) -> Sketch:
        """Give region `label` the colour `#rrggbb` (None: back to the palette's choice)."""
        colors = dict(self.colors)
        if color is None:
            colors.pop(label, None)
        else:
            colors[label] = color.lower()
        if colors == self.colors:
            return self
        return Sketch(self.grid, colors, self.meta)

    def with_meta(self, **meta: str | None) -> Sketch:
        """The sketch with metadata fields set (None or "" removes one)."""
        out = dict(self.meta)
        for key, value in meta.items():
            if key not in METADATA_KEYS:
                raise ValueError(f"unknown metadata field {key!r}")
            if value:
                out[key] = " ".join(value.split())
            else:
                out.pop(key, None)
        return Sketch(self.grid, self.colors, out)

    # ------------------------------------------------------------------ as a level

    def to_level(self) -> Level:
        """The level this sketch describes; `LevelError` while the region count is wrong."""
        meta = {k: v for k, v in self.meta.items() if k in METADATA_KEYS}
        colors = {k: v for k, v in self.colors.items() if k in set(self.labels)}
        return Level(self.grid, colors, **meta)


def check_label(label: str) -> None:
    """Labels are single typeable characters (A-Z, a-z, 0-9) or anything a file brought in."""
    if len(label) != 1 or label.isspace() or not label.isprintable() or label == "#":
        raise ValueError(f"region label {label!r} must be one visible character other than #")


# --------------------------------------------------------------------------- moves (undo)


@dataclass(frozen=True)
class Edit:
    """One undoable change: cells set to labels, and labels set to colours (None: unset)."""

    cells: tuple[tuple[Cell, str], ...] = ()
    colors: tuple[tuple[str, str | None], ...] = ()


class EditRules:
    """`apply` and `diff` over sketches: what `core.history.History` needs for undo/redo."""

    def apply(self, state: Sketch, move: Edit) -> Sketch:
        out = state.set_cells(move.cells)
        for label, color in move.colors:
            out = out.recolor(label, color)
        if out == state and out.colors == state.colors:
            return state
        return out

    def diff(self, a: Sketch, b: Sketch) -> Edit:
        n = a.size
        if b.size != n:
            raise ValueError("sketches of different sizes")
        cells = tuple(
            ((r, c), b.grid[r][c])
            for r in range(n)
            for c in range(n)
            if a.grid[r][c] != b.grid[r][c]
        )
        labels = sorted(set(a.colors) | set(b.colors))
        colors = tuple((k, b.colors.get(k)) for k in labels if a.colors.get(k) != b.colors.get(k))
        return Edit(cells, colors)


EDIT = EditRules()


# --------------------------------------------------------------------------- faults


@dataclass(frozen=True)
class Faults:
    """What keeps a sketch from being a level, for the status line and the board."""

    regions: int
    size: int
    broken: tuple[str, ...] = ()
    """Labels of regions in more than one piece (solvable, but not a fair level)."""
    broken_cells: frozenset[Cell] = frozenset()
    """The cells of the smaller pieces of broken regions: what the board marks."""

    @property
    def count_ok(self) -> bool:
        return self.regions == self.size

    @property
    def ok(self) -> bool:
        return self.count_ok and not self.broken

    def text(self) -> str:
        """One line, or "" when all is well."""
        parts = []
        if not self.count_ok:
            parts.append(
                f"{self.regions} regions, a {self.size}×{self.size} level needs {self.size}"
            )
        if self.broken:
            noun = "region" if len(self.broken) == 1 else "regions"
            parts.append(f"{noun} {' '.join(self.broken)} in pieces")
        return "; ".join(parts)


def pieces(sketch: Sketch, label: str) -> list[tuple[Cell, ...]]:
    """The connected pieces of region `label`, largest first."""
    todo = set(sketch.cells_of(label))
    out = []
    while todo:
        start = min(todo)
        piece = sketch.area(start)
        todo -= set(piece)
        out.append(piece)
    out.sort(key=lambda p: (-len(p), p))
    return out


def faults(sketch: Sketch) -> Faults:
    """The sketch's faults: region count against N, and regions in several pieces."""
    broken = []
    cells: set[Cell] = set()
    for label in sketch.labels:
        parts = pieces(sketch, label)
        if len(parts) > 1:
            broken.append(label)
            for part in parts[1:]:
                cells.update(part)
    return Faults(len(sketch.labels), sketch.size, tuple(broken), frozenset(cells))


# --------------------------------------------------------------------------- the verdict

NO_SOLUTION = "no solution"
UNIQUE = "unique"
SEVERAL = "several solutions"
INVALID = "not a level"
UNKNOWN = "unknown"


@dataclass(frozen=True)
class Verdict:
    """What the solver says about a sketch (the editor's live verdict line).

    `status` is one of `NO_SOLUTION`, `UNIQUE`, `SEVERAL`, `INVALID` (region
    count other than N: no level to solve), `UNKNOWN` (timed out). With
    `UNIQUE`: `grade`, `steps` (rule steps of the logical solution) and
    `rules_alone`; with `SEVERAL`: `solutions` holds two of them.
    """

    status: str
    solutions: tuple[tuple[Cell, ...], ...] = ()
    grade: str | None = None
    steps: int = 0
    rules_alone: bool = False
    hardest_rule: str | None = None
    engine: str = "search"
    reason: str = ""

    def text(self) -> str:
        """The verdict as the status line says it."""
        if self.status == UNIQUE:
            how = "rules alone solve it" if self.rules_alone else "needs search beyond the rules"
            grade = self.grade or "ungraded"
            return f"unique · {grade} · {self.steps} rule steps · {how}"
        if self.status == SEVERAL:
            return "several solutions"
        if self.status == INVALID:
            return f"not a level: {self.reason}" if self.reason else INVALID
        if self.status == UNKNOWN:
            return "verdict timed out" if not self.reason else self.reason
        return NO_SOLUTION


def _level_or_verdict(sketch: Sketch) -> Level | Verdict:
    f = faults(sketch)
    if not f.count_ok:
        return Verdict(INVALID, reason=f.text())
    try:
        return sketch.to_level()
    except LevelError as err:  # pragma: no cover - the count was checked
        return Verdict(INVALID, reason=err.message)


def grade_verdict(level: Level, solution: tuple[Cell, ...], engine: str) -> Verdict:
    """The `UNIQUE` verdict of a level known to have exactly `solution`: grade it."""
    from queens_tui.kinds.queens import deduce

    steps = deduce.solve_logically(level)
    g = deduce.grade_steps(steps)
    alone = not any(s.rule == "solver" for s in steps)
    return Verdict(
        UNIQUE,
        solutions=(solution,),
        grade=g.difficulty if alone else None,
        steps=sum(1 for s in steps if s.rule != "solver"),
        rules_alone=alone,
        hardest_rule=g.hardest_rule,
        engine=engine,
    )


def verdict_of(level: Level, found: Sequence[tuple[Cell, ...]], engine: str) -> Verdict:
    """The verdict from up to two solutions found by an exact engine."""
    if not found:
        return Verdict(NO_SOLUTION, engine=engine)
    if len(found) == 1:
        return grade_verdict(level, found[0], engine)
    return Verdict(SEVERAL, solutions=tuple(found[:2]), engine=engine)


def judge(sketch: Sketch, *, cancel: CancelFlag | None = None) -> Verdict:
    """The verdict by the pure exact search (raises `Cancelled` when `cancel` is set)."""
    from queens_tui.kinds.queens import search

    level = _level_or_verdict(sketch)
    if isinstance(level, Verdict):
        return level
    found: list[tuple[Cell, ...]] = []
    try:
        for sol in search.solutions(level, cancel=cancel):
            found.append(sol)
            if len(found) == 2:
                break
    except search.Cancelled:
        raise Cancelled from None
    if cancel is not None and cancel.is_set():
        raise Cancelled
    return verdict_of(level, found, "search")


def level_of(sketch: Sketch) -> Level | Verdict:
    """The sketch as a level, or the `INVALID` verdict saying why it is not one."""
    return _level_or_verdict(sketch)


# --------------------------------------------------------------------------- make unique


@dataclass(frozen=True)
class Suggestion:
    """Cells to move into neighbouring regions, and what that was checked to achieve.

    `changes` are (cell, new label); `keeps` is the solution they keep; `before`
    and `after` are solution counts (capped at `cap`, so "at least" when equal
    to it); `unique` is True when the changed level has exactly one solution.
    """

    changes: tuple[tuple[Cell, str], ...]
    keeps: tuple[Cell, ...]
    before: int
    after: int
    unique: bool
    cap: int

    def text(self) -> str:
        moves = ", ".join(
            f"row {r + 1} column {c + 1} -> {label}" for (r, c), label in self.changes
        )
        before = f"{self.before}+" if self.before >= self.cap else str(self.before)
        if self.unique:
            return f"make unique: {moves} (checked: 1 solution, was {before})"
        after = f"{self.after}+" if self.after >= self.cap else str(self.after)
        return f"fewer solutions: {moves} (checked: {after}, was {before}); not unique yet"


def _count(level: Level, cap: int, cancel: CancelFlag | None) -> int:
    from queens_tui.kinds.queens import search

    k = 0
    try:
        for _ in search.solutions(level, cancel=cancel):
            k += 1
            if k >= cap:
                break
    except search.Cancelled:
        raise Cancelled from None
    return k


def _moves_killing(
    sketch: Sketch, keep: tuple[Cell, ...], other: tuple[Cell, ...]
) -> Iterator[tuple[Cell, str]]:
    """Single-cell moves that keep `keep` a solution and rule `other` out.

    A solution survives a region change unless the cell moved holds one of its
    queens (its old region loses the queen, the new one gets two). So the
    cells to move are `other`'s queens that `keep` does not share, each into a
    neighbouring region, as long as its old region stays non-empty and in one
    piece (`keep`'s queens are untouched, so `keep` survives).
    """
    n = sketch.size
    kept = set(keep)
    for cell in other:
        if cell in kept:
            continue
        old = sketch.label(cell)
        rest = [c for c in sketch.cells_of(old) if c != cell]
        if not rest:
            continue
        if not _connected(rest):
            continue
        targets = sorted({sketch.label(nb) for nb in neighbours(cell, n, n)} - {old})
        for label in targets:
            yield cell, label


def _connected(cells: Sequence[Cell]) -> bool:
    todo = [cells[0]]
    rest = set(cells)
    rest.discard(cells[0])
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in rest:
                rest.discard(nb)
                todo.append(nb)
    return not rest


def make_unique(
    sketch: Sketch,
    solutions: Sequence[tuple[Cell, ...]],
    *,
    cap: int = 64,
    rounds: int = 6,
    cancel: CancelFlag | None = None,
) -> Suggestion | None:
    """The fewest region changes (greedy, one cell at a time) that leave one solution.

    For each of the two solutions given, keep it and try every single-cell
    move that kills the other one (`_moves_killing`); count the solutions of
    each changed level (exact search, up to `cap`) and take the best; repeat
    against a remaining other solution for up to `rounds` moves. Returns the
    better of the two tries, checked: `unique` says whether it reaches one
    solution, else `after` < `before` says it at least removed some. None
    when no move helps (or the sketch is not a level with several solutions).
    """
    from queens_tui.kinds.queens import search

    level = _level_or_verdict(sketch)
    if isinstance(level, Verdict) or len(solutions) < 2:
        return None
    before = _count(level, cap, cancel)
    best: Suggestion | None = None
    for keep, first_other in ((solutions[0], solutions[1]), (solutions[1], solutions[0])):
        current = sketch
        changes: list[tuple[Cell, str]] = []
        other: tuple[Cell, ...] | None = first_other
        count = before
        for _ in range(rounds):
            if other is None:
                break
            choice: tuple[int, Sketch, tuple[Cell, str]] | None = None
            for cell, label in _moves_killing(current, keep, other):
                if cancel is not None and cancel.is_set():
                    raise Cancelled
                trial = current.paint(cell, label)
                trial_level = trial.to_level()
                k = _count(trial_level, cap, cancel)
                if k >= 1 and (choice is None or k < choice[0]):
                    choice = (k, trial, (cell, label))
                    if k == 1:
                        break
            if choice is None or choice[0] >= count:
                break
            count, current, move = choice
            changes.append(move)
            other = None
            if count > 1:
                lv = current.to_level()
                try:
                    other = next(
                        (s for s in search.solutions(lv, cancel=cancel) if s != keep), None
                    )
                except search.Cancelled:
                    raise Cancelled from None
        if not changes:
            continue
        tried = Suggestion(tuple(changes), keep, before, count, count == 1, cap)
        if best is None or (tried.after, len(tried.changes)) < (best.after, len(best.changes)):
            best = tried
        if best.unique and len(best.changes) == 1:
            break
    return best


def apply_suggestion(sketch: Sketch, suggestion: Suggestion) -> Sketch:
    """The sketch with the suggestion's cells moved."""
    return sketch.set_cells(suggestion.changes)


__all__ = [
    "EDIT",
    "INVALID",
    "LABELS",
    "NO_SOLUTION",
    "SEVERAL",
    "UNIQUE",
    "UNKNOWN",
    "Cancelled",
    "Edit",
    "EditRules",
    "Faults",
    "Sketch",
    "Suggestion",
    "Verdict",
    "apply_suggestion",
    "faults",
    "judge",
    "level_of",
    "make_unique",
    "pieces",
    "verdict_of",
]
