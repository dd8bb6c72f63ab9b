"""Mini Sudoku's `KIND`: its facts and its batch interface (solve, check, explain, grade).

The facts the shared machinery reads: title, emoji, difficulties, the one size,
the daily (Monday easiest to Sunday hardest, the calendar codec in `calendar`,
LinkedIn's numbering: #343 was 2026-07-20 in the archive), and the names of
the kind's format and solver modules (this layer cannot import them). The
search and the deduction engine are imported when first used: the registry
reads every kind's facts as the app starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from itertools import islice
from typing import TYPE_CHECKING, Any

from queens_tui.core.kind import DailySpec, Explanation, Grade, JSONObject, KindBase
from queens_tui.kinds.sudoku import calendar
from queens_tui.kinds.sudoku.level import SIZE, Level, draw

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
"""(size, difficulty) of the daily Mini Sudoku by weekday, Monday first: LinkedIn's ramp."""

SHARE_EPOCH = (date(2026, 7, 20), 343)
"""LinkedIn's Mini Sudoku #343 was 2026-07-20 (the archive's day of that number)."""


class SudokuKind(KindBase[Level, Any]):
    """The Mini Sudoku kind (`kinds.sudoku.level.Level`)."""

    name = "sudoku"
    title = "Mini Sudoku"
    emoji = "🔢"
    sizes = (SIZE,)
    default_size = SIZE
    formats = "queens_tui.formats.sudoku"
    reader_hint = (("sudoku",), ".0123456")
    solver = "queens_tui.solver.sudoku"
    archive_games = ("minisudoku",)
    daily = DailySpec.of("sudoku", "Mini Sudoku", DAILY_WEEK, calendar, SHARE_EPOCH)

    @property
    def play(self) -> PlayRules[Any, Any, Any]:
        from queens_tui.kinds.sudoku.play import PLAY

        return PLAY

    def generate(self, size: int | None, seed: str, difficulty: str | None, **options: Any) -> Any:
        from queens_tui.kinds.sudoku.generate import generate

        return generate(size, seed, difficulty)

    def solutions(self, level: Any, limit: int, cancel: CancelFlag | None = None) -> Sequence[Any]:
        """Up to `limit` solutions by the bitmask search (about a millisecond)."""
        from queens_tui.kinds.sudoku import search

        return list(islice(search.solutions(level), limit))

    def solution_json(self, level: Any, solution: Any | None) -> JSONObject:
        """`{"grid": ["123456", ...]}`: six strings of digits, empty when there is no solution."""
        if solution is None:
            return {"grid": []}
        return {"grid": ["".join(str(v) for v in row) for row in solution]}

    def solution_text(self, level: Any, solution: Any) -> str:
        """The solved grid, boxes apart."""
        return "\n".join(draw(solution))

    def check_json(self, level: Any) -> JSONObject:
        """Size and how many givens."""
        lv: Level = level
        return {"size": SIZE, "givens": len(lv.given_cells)}

    def explain(self, level: Any, cancel: CancelFlag | None = None) -> Explanation:
        """The logical solution: `{"rule", "place", "eliminate", "text"}` per step."""
        from queens_tui.kinds.sudoku import deduce

        steps = deduce.solve_logically(level)
        solved = not steps or steps[-1].rule != "solver"
        return Explanation([s.as_json() for s in steps], solved)

    def grade(self, level: Any, cancel: CancelFlag | None = None) -> Grade:
        """The hardest rule the logical solution needs (easy .. expert)."""
        from queens_tui.kinds.sudoku import deduce

        steps = deduce.solve_logically(level)
        g = deduce.grade_steps(steps)
        unique = len(self.solutions(level, 2)) == 1
        return Grade(g.difficulty, g.steps, g.hardest_rule, g.rules, g.rules_alone, unique)


KIND = SudokuKind()
