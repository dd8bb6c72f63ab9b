"""Mini Sudoku's `KIND`: its facts and its batch interface (solve, check, explain, grade).

The facts the shared machinery reads: title, emoji, difficulties, the one size,
the daily (Monday easiest to Sunday hardest, the calendar codec in `calendar`,
LinkedIn's numbering: #343 was 2026-07-20 in the archive), and the names of
the kind's format and solver modules (this layer cannot import them). The
search and the deduction engine are imported when first used: the registry
reads every kind's facts as the app starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from queens_tui.core.kind import DailySpec, Grade, JSONObject, KindBase, grid_json, week
from queens_tui.kinds.sudoku.level import SIZE, Level, draw

if TYPE_CHECKING:
    from queens_tui.core.play import CancelFlag

DAILY_WEEK = week(6)
"""(size, difficulty) of the daily Mini Sudoku by weekday, Monday first: LinkedIn's ramp."""


class SudokuKind(KindBase[Level, Any]):
    """The Mini Sudoku kind (`kinds.sudoku.level.Level`). Its play, search and deduction
    are `KindBase`'s defaults; `explain` steps are `{"rule", "place", "eliminate", "text"}`.
    """

    name = "sudoku"
    title = "Mini Sudoku"
    emoji = "🔢"
    sizes = (SIZE,)
    default_size = SIZE
    archive_games = ("minisudoku",)
    image = "queens_tui.formats.image.sudoku"
    daily = DailySpec.of(name, title, DAILY_WEEK)

    def solution_json(self, level: Level, solution: Any | None) -> JSONObject:
        """`{"grid": ["123456", ...]}`: six strings of digits, empty when there is no solution."""
        return grid_json(solution)

    def solution_text(self, level: Level, solution: Any) -> str:
        """The solved grid, boxes apart."""
        return "\n".join(draw(solution))

    def check_json(self, level: Level) -> JSONObject:
        """Size and how many givens."""
        return {"size": SIZE, "givens": len(level.given_cells)}

    def grade(self, level: Level, cancel: CancelFlag | None = None) -> Grade:
        """The score of the logical solution (`core.effort`) and the deduction's own grade
        (`deduce.Grade`) as the shared `Grade`."""
        from queens_tui.core.effort import scored
        from queens_tui.kinds.sudoku import deduce

        steps = deduce.solve_logically(level)
        g = deduce.grade_steps(steps)
        unique = self.unique(level)
        graded = Grade(g.difficulty, g.steps, g.hardest_rule, g.rules, g.rules_alone, unique)
        return scored(graded, deduce.EFFORT, lambda: deduce.features(level, steps))

    def level_at(self, level: Level, state: Any) -> Level:
        """The position as a level: its filled cells become givens (a lesson's board)."""
        from dataclasses import replace

        return replace(level, givens=tuple(tuple(row) for row in state.cells))


KIND = SudokuKind()
