"""Tango's batch interface: what `solve`, `check`, `explain` and `grade` ask of the kind."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import Any

from queens_tui.core.kind import Explanation, Grade, JSONObject
from queens_tui.kinds.tango import deduce, search
from queens_tui.kinds.tango.level import Level, draw


class TangoKind:
    """`queens_tui.core.kind.Kind` for Tango levels (`kinds.tango.level.Level`)."""

    name = "tango"
    title = "Tango"

    def solutions(self, level: Any, limit: int) -> Sequence[Any]:
        """Up to `limit` solutions by the row-by-row search (well under a millisecond at 6x6)."""
        return list(islice(search.solutions(level), limit))

    def solution_json(self, level: Any, solution: Any | None) -> JSONObject:
        """`{"grid": ["011010", ...]}`, empty when there is no solution."""
        if solution is None:
            return {"grid": []}
        return {"grid": ["".join(str(v) for v in row) for row in solution]}

    def solution_text(self, level: Any, solution: Any) -> str:
        """The solved grid, `1` sun and `0` moon, with the level's signs between the cells."""
        return "\n".join(draw(level, solution))

    def check_json(self, level: Any) -> JSONObject:
        """Size, how many givens, and the signs by kind."""
        lv: Level = level
        return {
            "size": lv.size,
            "givens": len(lv.given_cells),
            "equal": len(lv.equal),
            "opposite": len(lv.opposite),
        }

    def explain(self, level: Any) -> Explanation:
        """The logical solution: steps `{"rule", "place": [[r, c, symbol], ...], "text"}`."""
        steps = deduce.solve_logically(level)
        solved = not steps or steps[-1].rule != "solver"
        return Explanation([s.as_json() for s in steps], solved)

    def grade(self, level: Any) -> Grade:
        """The hardest rule the logical solution needs (easy .. expert)."""
        steps = deduce.solve_logically(level)
        g = deduce.grade_steps(steps)
        unique = len(self.solutions(level, 2)) == 1
        return Grade(g.difficulty, g.steps, g.hardest_rule, g.rules, g.rules_alone, unique)


KIND = TangoKind()
