"""The game worker's answers for kinds whose every question is "find one solution".

Tango, Mini Sudoku and Patches answer `core.play.PlaySolver` alike: can the
position be finished (a solution keeping the player's marks), what is wrong
(the broken rule, else the marks the nearest solution does not keep), one step
(taken from a solution keeping the marks) and a solved grid (keeping the marks
when it can). `SolutionPlay` holds that logic once; a kind's solver module says
only how it finds a solution and how a solution becomes a hint or a position.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from itertools import islice
from typing import Any, Generic, Protocol, TypeVar, cast

from queens_tui.core.grid import Cell
from queens_tui.core.play import CancelFlag, Deadline, Hint, Verdict
from queens_tui.solver.cpsat import GridModel

SolutionT = TypeVar("SolutionT")
MoveT = TypeVar("MoveT")


class Position(Protocol):
    """What `SolutionPlay` reads of a state: whether a rule is broken."""

    @property
    def faults(self) -> Any:
        """The broken rules (empty or falsy when none is)."""
        ...


StateT = TypeVar("StateT", bound=Position)
Grid = Sequence[Sequence[int | None]]

NO_SOLUTION = "This level has no solution at all: nothing you place can be right."


UNEXPLAINED = "no simple rule shows why"
"""What a mistake line says when only the solver knows the marks are in no solution."""


def unfit_text(what: str, count: int) -> str:
    """The mistake line for `count` marks (named by `what`) that no solution keeps."""
    one = count == 1
    return (
        f"Mistake: {what} {'does' if one else 'do'} not fit the solution (the solver finds "
        f"no way to finish the grid with {'it' if one else 'them'}; {UNEXPLAINED})."
    )


Reason = tuple[str, tuple[Cell, ...]]
"""Why a position cannot be finished, as a kind's rules see it: the words after "with it"
("row 3 would have no place for 4") and the cells they name (tinted like a hint's)."""


def explained_text(what: str, count: int, why: Reason | None) -> str:
    """The mistake line for `count` wrong marks (named by `what`), with the rules' reason
    when there is one, else honestly only that no solution keeps them."""
    if why is None:
        return unfit_text(what, count)
    one = count == 1
    return (
        f"{what[0].upper()}{what[1:]} {'is a mistake' if one else 'are mistakes'}: "
        f"with {'it' if one else 'them'}, {why[0]}."
    )


def why_marks(wrong: Iterable[Cell], why: Reason | None) -> dict[Cell, str]:
    """The cells to tint: what the reason names as evidence, the wrong marks over it."""
    marks = dict.fromkeys(why[1] if why else (), "evidence")
    marks.update(dict.fromkeys(wrong, "mistake"))
    return marks


def mistake_hint(text: str, marks: dict[Cell, str], move: MoveT | None) -> Hint[MoveT]:
    """A hint about marks to take back."""
    return Hint(text, marks, move, "mistake", mistake=True)


class SolutionPlay(Generic[StateT, MoveT, SolutionT]):
    """`core.play.PlaySolver` from three hooks: `find`, `finished`, `step` (and the mistake's).

    Each question is one or two solution searches under one deadline; a
    search that runs out of time or is cancelled raises `TimeoutError`, which
    every answer turns into "no answer" (UNKNOWN or None), never "no".
    """

    keep_faulty = False
    """`solve` tries the player's marks first even when a rule is broken (Patches' rules
    allow the search to rule out a broken patch itself)."""

    def find(self, state: StateT, mine: bool, engine: str, deadline: Deadline) -> list[SolutionT]:
        """At most one solution, keeping the player's marks when `mine`."""
        raise NotImplementedError

    def finished(self, state: StateT, solution: SolutionT) -> StateT:
        """`state` with `solution` filled in."""
        raise NotImplementedError

    def step(self, state: StateT, solution: SolutionT) -> Hint[MoveT] | None:
        """One mark from `solution` the player has not made (None: nothing left)."""
        raise NotImplementedError

    def fault_hint(self, state: StateT) -> Hint[MoveT]:
        """The first broken rule as a mistake."""
        raise NotImplementedError

    def unfit(self, state: StateT, solution: SolutionT) -> Hint[MoveT] | None:
        """The player's marks `solution` does not keep, as a mistake (None: there are none)."""
        raise NotImplementedError

    def nearest(self, state: StateT, engine: str, deadline: Deadline) -> list[SolutionT]:
        """The solution the mistake compares the marks with (default: any)."""
        return self.find(state, False, engine, deadline)

    no_solution = NO_SOLUTION

    def check(
        self, state: StateT, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Verdict:
        if state.faults:
            return Verdict.CANNOT_FINISH
        try:
            found = self.find(state, True, engine, Deadline(time_limit, cancel))
        except TimeoutError:
            return Verdict.UNKNOWN
        return Verdict.CAN_FINISH if found else Verdict.CANNOT_FINISH

    def mistake(
        self, state: StateT, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[MoveT] | None:
        """The broken rule if one is broken, else the marks the nearest solution does not keep."""
        if state.faults:
            return self.fault_hint(state)
        deadline = Deadline(time_limit, cancel)
        try:
            if self.find(state, True, engine, deadline):
                return None
            sols = self.nearest(state, engine, deadline)
        except TimeoutError:
            return None
        if not sols:
            return mistake_hint(self.no_solution, {}, None)
        return self.unfit(state, sols[0])

    def reveal(
        self, state: StateT, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> Hint[MoveT] | None:
        try:
            sols = self.find(state, True, engine, Deadline(time_limit, cancel))
        except TimeoutError:
            return None
        return self.step(state, sols[0]) if sols else None

    def solve(
        self, state: StateT, *, engine: str, time_limit: float, cancel: CancelFlag
    ) -> StateT | None:
        """A solution keeping the player's marks if one does, else any solution."""
        deadline = Deadline(time_limit, cancel)
        try:
            for mine in (self.keep_faulty or not state.faults, False):
                sols = self.find(state, mine, engine, deadline)
                if sols:
                    return self.finished(state, sols[0])
        except TimeoutError:
            return None
        return None


class CellPosition(Position, Protocol):
    """A grid of values: the broken rules name their cells, `placed()` the player's values."""

    @property
    def level(self) -> Any:
        """The level played."""
        ...

    @property
    def cells(self) -> Sequence[Sequence[int | None]]:
        """The player's grid (None: empty)."""
        ...

    def placed(self) -> dict[Cell, int]:
        """The player's values by cell."""
        ...


CellStateT = TypeVar("CellStateT", bound=CellPosition)


class CellPlay(SolutionPlay[CellStateT, MoveT, SolutionT]):
    """`SolutionPlay` for a grid of values (Tango's symbols, Mini Sudoku's digits)."""

    model: GridModel[Any, Any, Any, SolutionT]
    """The kind's CP-SAT model (`engine == "cpsat"`)."""

    name_sep = ", "
    """What joins the names of the cells in a mistake line."""

    def pure(self, level: Any, grid: Grid | None) -> Iterable[SolutionT]:
        """The kind's pure search: the solutions of `level` with `grid`'s values fixed."""
        raise NotImplementedError

    def find(
        self, state: CellStateT, mine: bool, engine: str, deadline: Deadline
    ) -> list[SolutionT]:
        grid = state.cells if mine else None
        if engine == "cpsat":
            left = max(deadline.end - time.monotonic(), 0.0)
            return self.model.solutions(state.level, 1, grid, left, deadline.cancel)
        found = list(islice(self.pure(state.level, grid), 1))
        if deadline.is_set():
            raise TimeoutError("cancelled")
        return found

    move: Any
    """The kind's move class: `move(((cell, value), ...))` sets cells, `move.set(cell, v)` one."""

    def cell_name(self, cell: Cell) -> str:
        """How hints name a cell."""
        raise NotImplementedError

    def value_name(self, value: int) -> str:
        """How the reveal names a value (a digit by default)."""
        return str(value)

    def place_role(self, value: int) -> str:
        """The mark the reveal tints its cell with."""
        return f"place-{value}"

    def clear(self, cells: Sequence[Cell]) -> MoveT:
        """The move emptying `cells`."""
        return cast(MoveT, self.move(tuple((c, None) for c in cells)))

    def step(self, state: CellStateT, solution: Any) -> Hint[MoveT] | None:
        """The first empty cell's value in `solution`."""
        cell = first_empty(state.cells)
        if cell is None:
            return None
        v = solution[cell[0]][cell[1]]
        text = (
            f"No rule I know applies here; the solver reveals {self.cell_name(cell)}: "
            f"a {self.value_name(v)}."
        )
        move = cast(MoveT, self.move.set(cell, v))
        return Hint(text, {cell: self.place_role(v)}, move, "solver", helped=True)

    def fault_hint(self, state: CellStateT) -> Hint[MoveT]:
        placed = state.placed()
        fault = state.faults[0]
        wrong = [c for c in fault.cells if c in placed]
        marks = dict.fromkeys(fault.cells, "mistake")
        return mistake_hint(f"Mistake: {fault.text}.", marks, self.clear(wrong) if wrong else None)

    def dead_end(self, level: Any, grid: Grid) -> Reason | None:
        """Why `grid` cannot be finished, by the kind's rules (None: they see no reason)."""
        return None

    def unfit(self, state: CellStateT, solution: Any) -> Hint[MoveT] | None:
        placed = state.placed()
        wrong = sorted(c for c, v in placed.items() if solution[c[0]][c[1]] != v)
        names = self.name_sep.join(
            f"the {self.value_name(placed[c])} at {self.cell_name(c)}" for c in wrong
        )
        # why, from the wrong marks alone first (then they are wrong whatever else stands)
        alone = [list(row) for row in state.level.givens]
        for r, c in wrong:
            alone[r][c] = placed[r, c]
        why = self.dead_end(state.level, alone) or self.dead_end(state.level, state.cells)
        text = explained_text(names, len(wrong), why)
        return mistake_hint(text, why_marks(wrong, why), self.clear(wrong))


def first_empty(cells: Sequence[Sequence[Any]]) -> Cell | None:
    """The first empty cell in reading order, None when the grid is full."""
    return next(
        ((r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v is None), None
    )
