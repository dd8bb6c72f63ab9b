"""The Patches kind: what the shared machinery asks of it (`solve`, `check`, `explain`,
`grade`, `generate`, the daily puzzle, the game).

The search, the deduction engine and the generator are imported inside the methods that
use them: the shared machinery reads every kind's facts (its daily, its sizes) when the
game starts, and a Queens player's first frame should not wait for Patches' solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from queens_tui.core.kind import DailySpec, JSONObject, KindBase, week
from queens_tui.core.vocabulary import Difficulty
from queens_tui.kinds.patches.level import DEFAULT_SIZE, SIZES, Level, Rect

DAILY_WEEK = week(
    (6, 6, 7, 7, 7, 7, 8),
    (
        Difficulty.EASY,
        Difficulty.MEDIUM,
        Difficulty.EASY,
        Difficulty.MEDIUM,
        Difficulty.MEDIUM,
        Difficulty.HARD,
        Difficulty.HARD,
    ),
)
"""(size, difficulty) of the generated daily Patches by weekday, Monday first: LinkedIn's
Patches runs 6x6 to 8x8, gentle first."""


def draw(level: Level, solution: Sequence[Rect]) -> list[str]:
    """A solution as text: each cell the letter of its patch (a, b, ... in clue order), the
    clue cells upper case."""
    grid = [["."] * level.cols for _ in range(level.rows)]
    for k, (top, left, bottom, right) in enumerate(solution):
        letter = chr(ord("a") + k % 26)
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                grid[r][c] = letter
    for clue in level.clues:
        grid[clue.row][clue.col] = grid[clue.row][clue.col].upper()
    return ["".join(row) for row in grid]


class PatchesKind(KindBase[Level, Any]):
    """The Patches kind (`kinds.patches.level.Level`). Its play, search and deduction are
    `KindBase`'s defaults; `explain` steps are `{"rule", "clue", "patches", "cells", "text"}`.
    """

    name = "patches"
    title = "Patches"
    emoji = "🟪"
    sizes = SIZES
    default_size = DEFAULT_SIZE
    archive_games = ("patches",)
    image = "queens_tui.formats.image.patches"
    daily = DailySpec.of(name, title, DAILY_WEEK)

    def solution_json(self, level: Level, solution: Any | None) -> JSONObject:
        """`{"patches": [[top, left, bottom, right], ...]}` (0-based, inclusive, in clue
        order), empty when there is no solution."""
        if solution is None:
            return {"patches": []}
        return {"patches": [list(rect) for rect in solution]}

    def solution_text(self, level: Level, solution: Any) -> str:
        return "\n".join(draw(level, solution))

    def check_json(self, level: Level) -> JSONObject:
        """Size, how many clues, how many give a size and how many a shape."""
        return {
            "size": level.size,
            "clues": len(level.clues),
            "sized": sum(c.size is not None for c in level.clues),
            "shaped": sum(c.shape != "free" for c in level.clues),
        }


KIND = PatchesKind()
