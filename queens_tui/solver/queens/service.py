"""The solver service: solve, count, "can this board still be completed?", reveal.

Every call is a pure function of its arguments (a level, the player's queens
and manual crosses): no shared state, no locks, so the app can call it from a
Textual thread worker while the UI goes on. Each call takes a time limit and
a cancel flag that another thread may set; it then returns promptly with
status TIMEOUT or CANCELLED instead of raising.

Two engines answer the same questions:

- "auto" (this service's default, for the batch CLI; "search" is the same):
  the exact bitmask search of `queens_tui.kinds.queens.search`. Pure Python,
  no import cost, and faster than CP-SAT on the community corpus and on
  random region maps (docs/performance.md).
- "cpsat": OR-Tools CP-SAT with the tuned model of `model` (OR-Tools imported
  on first use only), cross-checked against the search in the tests. The
  game's worker asks for it by default (`play --engine auto` means CP-SAT
  there, the search only if OR-Tools cannot load: see `midend/worker.py`).

Cancelling: pass a `threading.Event` (Textual's `worker.cancelled_event`
works as is), or a `CancelToken`, whose `cancel()` also stops a running
CP-SAT search at once instead of on the next 5 ms poll.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Literal, TypedDict

from queens_tui.core.grid import Cell
from queens_tui.core.play import Deadline
from queens_tui.kinds.queens import search
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.search import CancelFlag
from queens_tui.solver.queens import model as queens_model

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11; only for mypy here

Engine = Literal["auto", "search", "cpsat"]
"""Which engine answers: "auto" and "search" mean the core search; "cpsat" means CP-SAT."""

ENGINES: tuple[str, ...] = ("auto", "search", "cpsat")

DEFAULT_TIME_LIMIT = 10.0
"""Seconds. Real levels take milliseconds; this only bounds pathological input."""


class Limits(TypedDict, total=False):
    """What every call (`solve`, `count`, `completable`, `reveal`) takes besides the level and
    the board's marks, each read once (`_ask`) with its default."""

    time_limit: float
    """Seconds the call may take (default `DEFAULT_TIME_LIMIT`): then it answers TIMEOUT."""
    cancel: CancelFlag | None
    """A flag another thread may set (default: none): then it answers CANCELLED."""
    engine: Engine
    """Which engine answers (default "auto")."""


class Status(str, Enum):
    """How a solver call ended."""

    SOLVED = "solved"
    """A solution (or completion, or revealed queen) was found."""
    UNIQUE = "unique"
    """`count`: exactly one solution, proved."""
    MULTIPLE = "multiple"
    """`count`: at least two solutions."""
    NONE = "none"
    """No solution: the level has none, or the board cannot be completed."""
    TIMEOUT = "timeout"
    """The time limit ran out before a definitive answer."""
    CANCELLED = "cancelled"
    """The cancel flag was set before a definitive answer."""

    @property
    def decided(self) -> bool:
        """False for TIMEOUT and CANCELLED: the answer is unknown."""
        return self not in (Status.TIMEOUT, Status.CANCELLED)


@dataclass(frozen=True)
class Result:
    """What every call answers: its status, the engine that answered and how long it took."""

    status: Status
    engine: str = field(default="search", kw_only=True)
    seconds: float = field(default=0.0, kw_only=True)


@dataclass(frozen=True)
class SolveResult(Result):
    """`solve`: one solution of the level; `status` is SOLVED, NONE, TIMEOUT or CANCELLED."""

    queens: tuple[Cell, ...] = ()
    """The solution's queens sorted by row, (row, col) 0-based; empty unless SOLVED."""

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED


@dataclass(frozen=True)
class CountResult(Result):
    """`count`: how many solutions, up to a limit. `status` is NONE, UNIQUE, MULTIPLE (two or
    more), SOLVED (limit 1: one found, uniqueness not asked), TIMEOUT or CANCELLED."""

    count: int
    """Solutions found, at most the limit; only a lower bound unless `status.decided`."""
    solutions: tuple[tuple[Cell, ...], ...] = ()
    """The solutions found (each sorted by row)."""

    @property
    def unique(self) -> bool:
        return self.status is Status.UNIQUE


@dataclass(frozen=True)
class CompletableResult(SolveResult):
    """`completable`: can the board still be completed? `status` is SOLVED (yes: `queens` is
    a full solution that keeps every queen and avoids every manual cross), NONE (no),
    TIMEOUT or CANCELLED."""

    @property
    def completable(self) -> bool | None:
        """True, False, or None when the time ran out or the call was cancelled."""
        if not self.status.decided:
            return None
        return self.status is Status.SOLVED


@dataclass(frozen=True)
class RevealResult(Result):
    """`reveal`: a queen of a solution that the board lacks. `status` is SOLVED (`cell` is
    set, or None when the board already holds the whole solution), NONE (the level itself has
    no solution), TIMEOUT or CANCELLED."""

    cell: Cell | None = None
    """The revealed queen's cell."""
    completable: bool | None = None
    """Whether the board as it stands can still be completed. When False, `cell`
    comes from a solution of the bare level and `mistakes` says what is wrong."""
    solution: tuple[Cell, ...] = ()
    """The solution the cell was taken from."""
    mistakes: tuple[Cell, ...] = field(default=())
    """When the board cannot be completed: its queens that are not in `solution`
    and its manual crosses that cover a queen of `solution`, in reading order."""


def _check_engine(engine: str) -> bool:
    """True for CP-SAT, False for the core search; ValueError for anything else."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    return engine == "cpsat"


def _cells(level: Level, cells: Iterable[Cell], what: str) -> tuple[Cell, ...]:
    """The cells as a sorted tuple, refusing any that is off the board."""
    n = level.size
    out = set()
    for cell in cells:
        r, c = cell
        if not (0 <= r < n and 0 <= c < n):
            raise ValueError(f"{what} {cell!r} is off the {n}x{n} board")
        out.add((r, c))
    return tuple(sorted(out))


@dataclass(frozen=True)
class _Asked:
    """A call's checked input (`_ask`): the engine, the board's marks, its limits, when it
    started."""

    cpsat: bool
    queens: tuple[Cell, ...]
    crosses: tuple[Cell, ...]
    time_limit: float
    cancel: CancelFlag | None
    started: float = field(default_factory=time.perf_counter)

    @property
    def engine(self) -> str:
        """The engine's name in the results."""
        return "cpsat" if self.cpsat else "search"

    def seconds(self) -> float:
        """Seconds since the call started."""
        return time.perf_counter() - self.started


def _ask(level: Level, queens: Iterable[Cell], crosses: Iterable[Cell], limits: Limits) -> _Asked:
    """Every call's first step: its engine and marks checked (`ValueError` for an unknown
    engine or a cell off the board; `TypeError` for an unknown limit, as a misspelt keyword
    argument would), then its clock started."""
    unknown = limits.keys() - Limits.__optional_keys__
    if unknown:
        raise TypeError(f"unknown limits: {', '.join(sorted(unknown))}")
    cpsat = _check_engine(limits.get("engine", "auto"))
    return _Asked(
        cpsat,
        _cells(level, queens, "queen"),
        _cells(level, crosses, "cross"),
        limits.get("time_limit", DEFAULT_TIME_LIMIT),
        limits.get("cancel"),
    )


def _find(
    level: Level, limit: int, asked: _Asked
) -> tuple[tuple[tuple[Cell, ...], ...], Status | None]:
    """Up to `limit` solutions under the marks; the status is set only when undecided."""
    time_limit, cancel = asked.time_limit, asked.cancel

    def stopped() -> Status:
        return Status.CANCELLED if cancel is not None and cancel.is_set() else Status.TIMEOUT

    queens, crosses = asked.queens, asked.crosses
    if asked.cpsat:
        outcome = queens_model.run(
            level,
            limit=limit,
            queens=queens,
            crosses=crosses,
            time_limit=time_limit,
            cancel=cancel,
        )
        return outcome.solutions, None if outcome.complete else stopped()
    flag = Deadline(time_limit, cancel)
    found: list[tuple[Cell, ...]] = []
    try:
        for sol in search.solutions(level, queens=queens, forbidden=crosses, cancel=flag):
            found.append(sol)
            if len(found) >= limit:
                break
    except search.Cancelled:
        return tuple(found), stopped()
    return tuple(found), None


def solve(level: Level, **limits: Unpack[Limits]) -> SolveResult:
    """One solution of `level`, or NONE when it has none: the completion of the bare board."""
    got = completable(level, **limits)
    return SolveResult(got.status, got.queens, engine=got.engine, seconds=got.seconds)


def count(
    level: Level,
    limit: int = 2,
    *,
    queens: Iterable[Cell] = (),
    crosses: Iterable[Cell] = (),
    **limits: Unpack[Limits],
) -> CountResult:
    """Count solutions up to `limit` (2 by default: enough to tell unique from not).

    `queens` and `crosses` restrict the count to the completions of a board.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    asked = _ask(level, queens, crosses, limits)
    sols, stopped = _find(level, limit, asked)
    if stopped is not None:
        status = stopped
    elif not sols:
        status = Status.NONE
    elif len(sols) >= 2:
        status = Status.MULTIPLE
    else:
        status = Status.UNIQUE if limit > 1 else Status.SOLVED
    return CountResult(status, len(sols), sols, engine=asked.engine, seconds=asked.seconds())


def completable(
    level: Level,
    queens: Iterable[Cell] = (),
    crosses: Iterable[Cell] = (),
    **limits: Unpack[Limits],
) -> CompletableResult:
    """Can the board still be completed? (Board.queens, Board.crosses.)

    The model plus "a queen here" for each queen and "no queen here" for each
    manual cross. Automatic crosses follow from the queens and add nothing,
    so pass only the crosses the player placed by hand.
    """
    asked = _ask(level, queens, crosses, limits)
    sols, stopped = _find(level, 1, asked)
    status = stopped or (Status.SOLVED if sols else Status.NONE)
    completion = sols[0] if sols and status is Status.SOLVED else ()
    return CompletableResult(status, completion, engine=asked.engine, seconds=asked.seconds())


def reveal(
    level: Level,
    queens: Iterable[Cell] = (),
    crosses: Iterable[Cell] = (),
    **limits: Unpack[Limits],
) -> RevealResult:
    """A queen the board lacks, taken from a solution consistent with the board if any.

    When the board cannot be completed, the queen comes from a solution of
    the bare level, `completable` is False and `mistakes` lists the queens and
    crosses that contradict that solution, so a hint can say what to undo.
    The revealed cell is the first missing queen in reading order, so the
    same board always gets the same hint.
    """
    asked = _ask(level, queens, crosses, limits)
    deadline = time.monotonic() + asked.time_limit
    sols, stopped = _find(level, 1, asked)
    if stopped is not None:
        return RevealResult(stopped, engine=asked.engine, seconds=asked.seconds())
    ok = bool(sols)
    mistakes: tuple[Cell, ...] = ()
    if not ok:
        left = max(deadline - time.monotonic(), 0.0)
        bare = replace(asked, queens=(), crosses=(), time_limit=left)
        sols, stopped = _find(level, 1, bare)
        if stopped is not None or not sols:
            return RevealResult(
                stopped or Status.NONE,
                completable=False,
                engine=asked.engine,
                seconds=asked.seconds(),
            )
        solution = set(sols[0])
        wrong_queens = {c for c in asked.queens if c not in solution}
        mistakes = tuple(sorted(wrong_queens | {c for c in asked.crosses if c in solution}))
    have = set(asked.queens)
    missing = [c for c in sols[0] if c not in have]
    return RevealResult(
        Status.SOLVED,
        missing[0] if missing else None,
        ok,
        sols[0],
        mistakes,
        engine=asked.engine,
        seconds=asked.seconds(),
    )
