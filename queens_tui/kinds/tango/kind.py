"""Tango's batch interface: what `solve`, `check`, `explain` and `grade` ask of the kind."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from itertools import islice
from typing import TYPE_CHECKING, Any

from queens_tui.core.kind import DailySpec, Explanation, Grade, JSONObject, KindBase
from queens_tui.kinds.tango import calendar, deduce, search
from queens_tui.kinds.tango.level import Level, draw

if TYPE_CHECKING:
    from queens_tui.core.play import CancelFlag, PlayRules

DAILY_WEEK: tuple[tuple[int, str | None], ...] = (
    (6, "easy"),  # Monday
    (6, "easy"),  # Tuesday
    (6, "medium"),  # Wednesday
    (6, "medium"),  # Thursday
    (6, "hard"),  # Friday
    (6, "hard"),  # Saturday
    (6, "expert"),  # Sunday
)
"""(size, difficulty) of the generated daily Tango by weekday, Monday first: LinkedIn's ramp."""


class TangoKind(KindBase[Level, Any]):
    """The Tango kind (`kinds.tango.level.Level`)."""

    name = "tango"
    title = "Tango"
    emoji = "☀️"
    sizes = (4, 6, 8, 10, 12)
    default_size = 6
    formats = "queens_tui.formats.tango"
    reader_hint = (("tango",), ".01")
    solver = "queens_tui.solver.tango"
    image = "queens_tui.formats.image.tango"
    archive_games = ("tango",)
    daily = DailySpec.of("tango", "Tango", DAILY_WEEK, calendar, (date(2024, 10, 8), 1))

    @property
    def play(self) -> PlayRules[Any, Any, Any]:
        from queens_tui.kinds.tango.play import PLAY

        return PLAY

    def generate(self, size: int | None, seed: str, difficulty: str | None, **options: Any) -> Any:
        from queens_tui.kinds.tango.generate import generate

        return generate(size, seed, difficulty)

    def solutions(self, level: Any, limit: int, cancel: CancelFlag | None = None) -> Sequence[Any]:
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

    def explain(self, level: Any, cancel: CancelFlag | None = None) -> Explanation:
        """The logical solution: steps `{"rule", "place": [[r, c, symbol], ...], "text"}`."""
        steps = deduce.solve_logically(level)
        solved = not steps or steps[-1].rule != "solver"
        return Explanation([s.as_json() for s in steps], solved)

    def grade(self, level: Any, cancel: CancelFlag | None = None) -> Grade:
        """The hardest rule the logical solution needs (easy .. expert)."""
        steps = deduce.solve_logically(level)
        g = deduce.grade_steps(steps)
        unique = len(self.solutions(level, 2)) == 1
        return replace(g, unique=unique)


KIND = TangoKind()
