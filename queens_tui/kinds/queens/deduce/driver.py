"""The public questions asked of the engine: the next step, the whole solution, a hint.

Each reads a `Board` (or a level), runs the `Engine`, and falls back to the
exact search when no rule applies, saying so (rule `solver`).
"""

from __future__ import annotations

from collections.abc import Callable

from queens_tui.core.grid import Cell, cell_name, cells_phrase, join_words
from queens_tui.kinds.queens import search
from queens_tui.kinds.queens.board import Board
from queens_tui.kinds.queens.deduce.engine import bits
from queens_tui.kinds.queens.deduce.probes import Engine
from queens_tui.kinds.queens.deduce.steps import Mistake, Step
from queens_tui.kinds.queens.level import Level


def next_step(board: Board, cancel: search.CancelFlag | None = None) -> Step | None:
    """The simplest logical step on `board`, or None when no rule applies or it is solved.

    Assumes the board can still be completed (ask `first_error` first): on a
    board that cannot, any conclusion is vacuously "true". The probes can
    take minutes on a big open board (40x40): they poll `cancel` (a
    `core.play.Deadline` in the game) and raise `search.Cancelled` once set.
    """
    engine = Engine.of(board.level)
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
            f"{cells_phrase(list(rest))}."
        )
    else:
        text = (
            "No rule applies and more than one solution remains; the exact search completes "
            f"one of them with {'a queen' if len(rest) == 1 else 'queens'} at "
            f"{cells_phrase(list(rest))}."
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
    engine = Engine.of(level)
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


def _attacked_by(engine: Engine, cell: Cell, placed: int) -> bool:
    i = cell[0] * engine.n + cell[1]
    return any(engine.attack[q] >> i & 1 for q in bits(placed))


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
            text=f"This board already holds a mistake: the queens at {cells_phrase(list(qs))} "
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
            + join_words(
                ([f"the queens at {cells_phrase(list(bad_q))}"] if bad_q else [])
                + ([f"the crosses at {cells_phrase(list(bad_x))}"] if bad_x else [])
            )
            + "."
        )
        return Mistake(queens=bad_q, crosses=bad_x, text=text)
    return _explained(level, board, bad_q, bad_x)


def _explained(
    level: Level, board: Board, bad_q: tuple[Cell, ...], bad_x: tuple[Cell, ...]
) -> Mistake:
    """The wrong marks, and *why*: the row, column or region they leave with no place for a
    queen (`emptied_line`), never where a queen goes."""
    queens, crosses = frozenset(board.queens), frozenset(board.crosses)
    found = emptied_line(level, frozenset(bad_q), frozenset(bad_x) | (crosses - set(bad_x)))
    if found is None:
        found = emptied_line(level, queens, crosses)
    probed = None if found is not None else dead_line(level, queens, crosses)
    marks = []
    if bad_q:
        noun = "queen" if len(bad_q) == 1 else "queens"
        marks.append(f"the {noun} at {cells_phrase(list(bad_q))}")
    if bad_x:
        noun = "cross" if len(bad_x) == 1 else "crosses"
        marks.append(f"the {noun} at {cells_phrase(list(bad_x))}")
    them = join_words(marks)
    it = "it" if len(bad_q) + len(bad_x) == 1 else "them"
    emptied: tuple[Cell, ...] = ()
    if probed is not None:
        name, emptied = probed
        why = (
            f"with {it}, {name} can no longer hold a queen (each of its free cells would "
            "empty another row, column or region)"
        )
    elif found is None:
        why = f"no solution keeps {it} (the dead end is a few steps deeper than one row, "
        why += "column or region)"
    else:
        name, emptied, chained = found
        why = f"with {it}, {name} can no longer hold a queen"
        if any(cell not in queens for cell in chained):  # a forced queen not on the board
            # (which cells is not said: `m` never says where a queen goes)
            why += " (once the rows, columns and regions left with one free cell take their queen)"
    return Mistake(
        queens=bad_q,
        crosses=bad_x,
        # the wrong marks first: a cut message (80x24) keeps them and the conclusion
        text=f"{them[0].upper()}{them[1:]} {'is a mistake' if it == 'it' else 'are mistakes'}: "
        f"{why}.",
        emptied=emptied,
    )


PROBE_MAX_SIZE = 12
"""`dead_line` tries each free cell of each line up to this size (beyond, it costs seconds)."""


def dead_line(
    level: Level, queens: frozenset[Cell], crosses: frozenset[Cell]
) -> tuple[str, tuple[Cell, ...]] | None:
    """A row, column or region each of whose free cells, tried as a queen, leaves some line
    empty (`emptied_line`): one step deeper than `emptied_line`, or None."""
    n = level.size
    if n > PROBE_MAX_SIZE:
        return None
    out = set(crosses)
    for r, c in queens:
        out |= level.attacks[r][c]
    for name, cells in _lines(level):
        if queens.intersection(cells):
            continue
        free = [cell for cell in cells if cell not in out]
        if free and all(emptied_line(level, queens | {cell}, crosses) for cell in free):
            return name, cells
    return None


def _lines(level: Level) -> list[tuple[str, tuple[Cell, ...]]]:
    """Every row, column and region with its name as a hint says it, and its cells."""
    n = level.size
    lines: list[tuple[str, tuple[Cell, ...]]] = [
        (f"row {r + 1}", tuple((r, c) for c in range(n))) for r in range(n)
    ]
    lines += [(f"column {c + 1}", tuple((r, c) for r in range(n))) for c in range(n)]
    lines += [
        (f"region {label}", cells)
        for label, cells in zip(level.labels, level.region_cells, strict=True)
    ]
    return lines


def emptied_line(
    level: Level, queens: frozenset[Cell], crosses: frozenset[Cell]
) -> tuple[str, tuple[Cell, ...], tuple[Cell, ...]] | None:
    """A row, column or region with no place left for its queen once `queens` stand and
    `crosses` are out, following the queens forced on the way (a line down to one free
    cell holds its queen there): ("row 3", its cells, the forced queens it took), ("region
    C", ...), or None."""
    n = level.size
    lines = _lines(level)
    placed = set(queens)
    for _ in range(n + 1):
        out = set(crosses)
        for r, c in placed:
            out |= level.attacks[r][c]
        forced = []
        for name, cells in lines:
            if placed.intersection(cells):
                continue
            free = [cell for cell in cells if cell not in out]
            if not free:
                return name, cells, tuple(sorted(placed - queens))
            if len(free) == 1:
                forced.append(free[0])
        if not forced:
            return None
        placed.update(forced)
    return None


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
