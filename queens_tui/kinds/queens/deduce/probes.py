"""Contradiction probes (rule families 5-7) and the engine's ladder of rules.

A probe supposes a queen and follows what it forces until some row, column
or region has no free cell left; the cell is then crossed out. `Engine`
tries the line rules first and the probes last, cheapest first.
"""

from __future__ import annotations

from queens_tui.core.grid import cell_name, cells_phrase
from queens_tui.kinds.queens import search
from queens_tui.kinds.queens.deduce.engine import COL, REG, ROW, LineRules, bits
from queens_tui.kinds.queens.deduce.steps import Step
from queens_tui.kinds.queens.level import Level


class Contradiction(Exception):
    """Raised inside a probe when a line runs out of free cells."""

    def __init__(self, line: int, forced: list[int]) -> None:
        super().__init__(line)
        self.line = line
        self.forced = forced
        self.confined = False
        """True when confinement or common attacks (not only last cells) were needed."""


class Engine(LineRules):
    """Every rule of one level, simplest first (`next_step`); cached on the level."""

    @classmethod
    def of(cls, level: Level) -> Engine:
        """The engine of `level`, cached on the (immutable) level."""
        cached = level.__dict__.get("_deduce_engine")
        if cached is None:
            cached = cls(level)
            level.__dict__["_deduce_engine"] = cached
        return cached

    def propagate(self, free: int, placed: int, todo: list[int]) -> tuple[int, int, list[int]]:
        """Apply last cells, confinement and common attacks until nothing changes.

        Returns the new (free, placed) and the queens it forced, in order;
        raises `Contradiction` (with the queens forced so far) when some open
        line loses its last free cell.
        """
        lines = self.lines
        forced: list[int] = []
        confined = False
        while True:
            try:
                free2, placed2, more = self._propagate_once(free, placed, todo)
            except Contradiction as err:
                err.forced = forced + err.forced
                err.confined = confined
                raise
            if free2 == free and placed2 == placed:
                return free, placed, forced
            forced += more
            if placed2 != placed:
                todo = [line for line in todo if not lines[line] & placed2]
            else:
                confined = True
            free, placed = free2, placed2

    def _propagate_once(
        self, free: int, placed: int, todo: list[int], *, confine: bool = True
    ) -> tuple[int, int, list[int]]:
        """One round of `propagate`: every last cell, else confinements and common attacks."""
        n = self.n
        lines = self.lines
        forced: list[int] = []
        for line in todo:
            mask = lines[line]
            if mask & placed:
                continue
            cand = free & mask
            if not cand:
                raise Contradiction(line, forced)
            if not cand & (cand - 1):
                i = cand.bit_length() - 1
                free &= ~self.attack[i]
                placed |= cand
                forced.append(i)
        if forced or not confine:
            return free, placed, forced
        for line in todo:
            mask = lines[line]
            cand = free & mask
            if not cand:  # emptied by a confinement earlier in this round
                raise Contradiction(line, forced)
            for target in (ROW, COL) if line >= 2 * n else (REG,):
                s = self.span(cand, target)
                if s & (s - 1):
                    continue
                free &= ~(lines[target * n + s.bit_length() - 1] & ~mask)
        # common attack: what every free cell of a line rules out
        for line in todo:
            mask = lines[line]
            cand = free & mask
            if not cand:
                raise Contradiction(line, forced)
            common = self.full
            for i in bits(cand):
                common &= self.attack[i]
            free &= ~(common & ~mask)
        return free, placed, forced

    def probe(
        self,
        free: int,
        placed: int,
        todo: list[int],
        depth: int,
        cancel: search.CancelFlag | None = None,
    ) -> Step | None:
        """A free cell where a queen leads to a line with no free cell: cross it out.

        Depth 1 follows the queen's direct consequences only (the lines it
        leaves with one free cell take their queens); depth 2 follows last
        cells, confinement and common attacks to the end. A bare queen that empties a line
        would be a common attack seen from the other side, caught earlier.
        Of all such cells, the one with the shortest chain of forced queens
        is the easiest to follow, so that one is named.
        """
        lines = self.lines
        best: tuple[int, int, list[int], bool] | None = None  # (cell, line, forced, confined)
        enough = depth  # a chain this short cannot be beaten in practice
        for i in bits(free):
            if cancel is not None and cancel.is_set():
                raise search.Cancelled
            b = 1 << i
            rest = [line for line in todo if not lines[line] & b]
            after = free & ~self.attack[i]
            try:
                if depth == 1:
                    self._direct(after, placed | b, rest)
                else:
                    self.propagate(after, placed | b, rest)
            except Contradiction as err:
                if best is None or len(err.forced) < len(best[2]):
                    best = (i, err.line, err.forced, err.confined)
                    if len(err.forced) <= enough:
                        break
        if best is None:
            return None
        i, empty, forced, confined = best
        cell = divmod(i, self.n)
        name = self.line_name(empty)
        chain = [divmod(j, self.n) for j in forced]
        one = len(chain) == 1
        how = (
            "(by last cells, confinement and common attacks)"
            if confined
            else f"(the last free {'cell of its line' if one else 'cells of their lines'})"
        )
        if chain:
            via = (
                f" would force {'a queen' if one else 'queens'} at {cells_phrase(chain)} {how}, "
                f"and then {name} would have no free cell left"
            )
        else:
            via = f" would, by confinement and common attacks, rule out every free cell of {name}"
        return Step(
            rule=f"probe_depth{depth}",
            cross=(cell,),
            cells=tuple(sorted({cell, *chain, *self.cells(lines[empty])})),
            text=f"A queen at {cell_name(cell)}{via}: cross it out.",
        )

    def _fails(self, free: int, placed: int, todo: list[int], i: int) -> bool:
        """Whether a queen on cell i leads, by `propagate`, to a line with no free cell."""
        b = 1 << i
        try:
            self.propagate(
                free & ~self.attack[i], placed | b, [x for x in todo if not self.lines[x] & b]
            )
        except Contradiction:
            return True
        return False

    def probe_nested(
        self, free: int, placed: int, todo: list[int], cancel: search.CancelFlag | None = None
    ) -> Step | None:
        """A free cell whose queen forces a line all of whose free cells fail a probe.

        A queen on x, followed by last cells, confinement and common attacks,
        gives a position P; if in P every free cell of some line L fails a
        depth-2 probe, P has no completion, so x holds no queen. L is chosen
        among P's lines with the fewest free cells first.
        """
        lines = self.lines
        for i in bits(free):
            if cancel is not None and cancel.is_set():
                raise search.Cancelled
            b = 1 << i
            rest = [x for x in todo if not lines[x] & b]
            try:
                free2, placed2, forced = self.propagate(free & ~self.attack[i], placed | b, rest)
            except Contradiction:
                continue  # a plain depth-2 probe, already tried
            todo2 = [x for x in rest if not lines[x] & placed2]
            for line in sorted(todo2, key=lambda x: ((free2 & lines[x]).bit_count(), x)):
                cand = free2 & lines[line]
                if cancel is not None and cancel.is_set():
                    raise search.Cancelled
                if all(self._fails(free2, placed2, todo2, j) for j in bits(cand)):
                    cell = divmod(i, self.n)
                    chain = [divmod(j, self.n) for j in forced]
                    name = self.line_name(line)
                    via = (
                        f", forcing {'a queen' if len(chain) == 1 else 'queens'} at "
                        f"{cells_phrase(chain)},"
                        if chain
                        else ""
                    )
                    return Step(
                        rule="probe_depth3",
                        cross=(cell,),
                        cells=tuple(sorted({cell, *chain, *self.cells(cand)})),
                        text=(
                            f"A queen at {cell_name(cell)}{via} would leave {name} with free "
                            f"cells at {cells_phrase(list(self.cells(cand)))}, and a queen on "
                            "any of them leads, by last cells, confinement and common attacks, "
                            f"to a row, column or region with no free cell: cross "
                            f"{cell_name(cell)} out."
                        ),
                    )
        return None

    def _direct(self, free: int, placed: int, todo: list[int]) -> None:
        """Raise `Contradiction` if the lines left with one free cell cannot all take it.

        The queens forced directly by the position (not by each other) are
        placed together; if one rules out another, or their attacks leave a
        line empty, that is the contradiction.
        """
        lines = self.lines
        singles = []
        for line in todo:
            cand = free & lines[line]
            if not cand:
                raise Contradiction(line, [])
            if not cand & (cand - 1):
                singles.append((line, cand))
        forced: list[int] = []
        for line, cand in singles:
            if cand & placed:
                continue  # two lines share the same last cell
            if not free & cand:
                raise Contradiction(line, forced)
            i = cand.bit_length() - 1
            free &= ~self.attack[i]
            placed |= cand
            forced.append(i)
        for line in todo:
            if not lines[line] & placed and not free & lines[line]:
                raise Contradiction(line, forced)

    def next_step(
        self,
        free: int,
        placed: int,
        cancel: search.CancelFlag | None = None,
        nested: bool = True,
    ) -> Step | None:
        """The simplest step on this state, or None if no rule applies (or it is solved)."""
        todo = self.open_lines(placed)
        if not todo:
            return None
        return (
            self.last_cell(free, todo)
            or self.confinement(free, todo)
            or self.pigeonhole(free, todo, cancel)
            or self.common_attack(free, todo)
            or self.probe(free, placed, todo, 1, cancel)
            or self.probe(free, placed, todo, 2, cancel)
            or (self.probe_nested(free, placed, todo, cancel) if nested else None)
        )
