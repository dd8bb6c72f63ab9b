"""Tango's batch interface: what `solve`, `check`, `explain` and `grade` ask of the kind."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any

from queens_tui.core.kind import DailySpec, JSONObject, KindBase, grid_json, remembered, week
from queens_tui.kinds.tango.level import DEFAULT_SIZE, SIZES, Level, draw

if TYPE_CHECKING:
    from queens_tui.core.play import CancelFlag

PROVE_UP_TO = 8
"""Up to this size, `solutions` first asks the rules (`deduce.proven_solution`): when they
fill the grid, that is the one solution, in a few milliseconds where the search may take
half a second (docs/performance.md). Bigger boards go straight to the search, which polls
the cancel flag (the rules' probes on an open 14x14 board do not)."""

DAILY_WEEK = week(6)
"""(size, difficulty) of the generated daily Tango by weekday, Monday first: LinkedIn's ramp."""


class TangoKind(KindBase[Level, Any]):
    """The Tango kind (`kinds.tango.level.Level`). Its play and deduction are `KindBase`'s
    defaults, its search its own (it polls a cancel flag); `explain` steps are
    `{"rule", "place": [[r, c, symbol], ...], "text"}`.
    """

    name = "tango"
    title = "Tango"
    emoji = "☀️"
    sizes = SIZES
    default_size = DEFAULT_SIZE
    image = "queens_tui.formats.image.tango"
    archive_games = ("tango",)
    daily = DailySpec.of(name, title, DAILY_WEEK)

    def solutions(
        self, level: Level, limit: int, cancel: CancelFlag | None = None
    ) -> Sequence[Any]:
        """Up to `limit` solutions by the row-by-row search (well under a millisecond at 6x6);
        `core.play.Cancelled` once `cancel` is set (an open 14x14 board runs for minutes)."""
        from queens_tui.kinds.tango import deduce, search  # on first use: not at start-up

        if level.size <= PROVE_UP_TO:
            proven = deduce.proven_solution(level)
            if proven is not None:  # the rules found the only one: no search
                return [proven][:limit]
        return remembered(level, limit, lambda k: list(islice(search.solutions(level, cancel), k)))

    def solution_json(self, level: Level, solution: Any | None) -> JSONObject:
        """`{"grid": ["011010", ...]}`, empty when there is no solution."""
        return grid_json(solution)

    def solution_text(self, level: Level, solution: Any) -> str:
        """The solved grid, `1` sun and `0` moon, with the level's signs between the cells."""
        return "\n".join(draw(level, solution))

    def check_json(self, level: Level) -> JSONObject:
        """Size, how many givens, and the signs by kind."""
        return {
            "size": level.size,
            "givens": len(level.given_cells),
            "equal": len(level.equal),
            "opposite": len(level.opposite),
        }

    def level_at(self, level: Level, state: Any) -> Level:
        """The position as a level: its filled cells become givens (a lesson's board)."""
        from dataclasses import replace

        return replace(level, givens=tuple(tuple(row) for row in state.cells))


KIND = TangoKind()
