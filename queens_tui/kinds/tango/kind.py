"""Tango's batch interface: what `solve`, `check`, `explain` and `grade` ask of the kind."""

from __future__ import annotations

from typing import Any

from queens_tui.core.kind import DailySpec, JSONObject, KindBase, grid_json, week
from queens_tui.kinds.tango import calendar
from queens_tui.kinds.tango.level import Level, draw

DAILY_WEEK = week(6)
"""(size, difficulty) of the generated daily Tango by weekday, Monday first: LinkedIn's ramp."""


class TangoKind(KindBase[Level, Any]):
    """The Tango kind (`kinds.tango.level.Level`). Its play, search and deduction are
    `KindBase`'s defaults; `explain` steps are `{"rule", "place": [[r, c, symbol], ...], "text"}`.
    """

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
    daily = DailySpec.of("tango", "Tango", DAILY_WEEK, calendar)

    def generate(self, size: int | None, seed: str, difficulty: str | None, **options: Any) -> Any:
        from queens_tui.kinds.tango.generate import generate

        return generate(size, seed, difficulty)

    def solution_json(self, level: Any, solution: Any | None) -> JSONObject:
        """`{"grid": ["011010", ...]}`, empty when there is no solution."""
        return grid_json(solution)

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


KIND = TangoKind()
