"""Zip's batch interface: what `solve`, `check`, `explain` and `grade` ask of the kind."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from queens_tui.core.kind import (
    DailySpec,
    Explanation,
    GenerateOption,
    Grade,
    JSONObject,
    KindBase,
    remembered,
    week,
)
from queens_tui.core.play import Cancelled
from queens_tui.kinds.zip.level import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, ZipLevel

if TYPE_CHECKING:
    from queens_tui.core.play import CancelFlag
    from queens_tui.kinds.zip.rules import Path

_ARROWS = {(0, 1): "→", (0, -1): "←", (1, 0): "↓", (-1, 0): "↑"}


PATH_KEY = "(N) the cell numbered N; other numbers: its step along the path, from 1"
"""The line under a drawn path: two kinds of number share the grid, so it says which is which."""
ARROWS_KEY = "→ ← ↑ ↓ the way to the next cell; ■ the end"


def draw_path(level: ZipLevel, path: Path) -> str:
    """The solution as text: each cell shows its number (or its order) and the way on, then
    the key to both numbers and the arrows."""
    order = {cell: k for k, cell in enumerate(path, start=1)}
    nxt = dict(itertools.pairwise(path))
    width = len(str(level.area))
    lines = []
    for r in range(level.rows):
        parts = []
        for c in range(level.cols):
            cell = (r, c)
            n = level.numbers[r][c]
            label = f"({n})" if n else str(order.get(cell, "."))
            after = nxt.get(cell)
            arrow = _ARROWS[(after[0] - r, after[1] - c)] if after else "■"
            parts.append(f"{label:>{width + 2}}{arrow}")
        lines.append(" ".join(parts).rstrip())
    return "\n".join([*lines, f"key: {PATH_KEY}", f"     {ARROWS_KEY}"])


DAILY_WEEK = week((6, 6, 7, 7, 7, 8, 8), (None,) * 7)
"""(size, difficulty) of the generated daily Zip by weekday, Monday first: LinkedIn's Zip runs
6x6 to 8x8 and grows through the week; walls on about every other day (from the seed)."""


class ZipKind(KindBase[ZipLevel, Any]):
    """The Zip kind (`kinds.zip.level.ZipLevel`)."""

    name = "zip"
    title = "Zip"
    emoji = "🏁"
    flawed_emoji = "🛑"
    sizes = tuple(range(MIN_SIZE, MAX_SIZE + 1))
    default_size = DEFAULT_SIZE
    generate_options = (GenerateOption("walls", "walls as well as numbers keep the path unique"),)
    image = "queens_tui.formats.image.zip"
    archive_games = ("zip",)
    daily = DailySpec.of(name, title, DAILY_WEEK)

    def telling_name(self, name: str) -> bool:
        """Not the generator's made-up "Zip LLRW" (`kinds.zip.generate.title`)."""
        return not re.fullmatch(r"Zip [A-Z]{4}", name)

    def solutions(
        self, level: ZipLevel, limit: int, cancel: CancelFlag | None = None
    ) -> Sequence[Any]:
        """Up to `limit` solution paths by the pruned bitmask search; `core.play.Cancelled`
        once `cancel` is set (the search polls it every 256 states)."""
        from queens_tui.kinds.zip import search  # on first use: not at start-up

        stop = None if cancel is None else cancel.is_set
        try:
            return remembered(level, limit, lambda k: search.solutions(level, k, stop=stop))
        except search.SearchBudgetExceeded:
            if cancel is None:
                raise
            raise Cancelled from None

    def count_solutions(self, level: ZipLevel, limit: int, cancel: CancelFlag | None = None) -> int:
        """Solutions counted up to `limit`, after the rules had their go: when they draw the
        whole path, it is the one solution and no search runs (`deduce.solve_logically`,
        whose steps `grade` and `explain` then reuse: docs/performance.md)."""
        from queens_tui.kinds.zip import deduce

        deduce.solve_logically(level)
        return len(self.solutions(level, limit, cancel))

    def solution_json(self, level: ZipLevel, solution: Any | None) -> JSONObject:
        """`{"path": [[r, c], ...]}` from 1 to the end, empty when there is no solution."""
        return {"path": [] if solution is None else [list(cell) for cell in solution]}

    def solution_text(self, level: ZipLevel, solution: Any) -> str:
        """The path drawn cell by cell: numbers in brackets, other cells their order, an arrow."""
        return draw_path(level, solution)

    def check_json(self, level: ZipLevel) -> JSONObject:
        """Size (rows, cols), how many numbers and walls."""
        return {
            "size": level.size_text,
            "rows": level.rows,
            "cols": level.cols,
            "numbers": level.last,
            "walls": len(level.walls),
        }

    def explain(self, level: ZipLevel, cancel: CancelFlag | None = None) -> Explanation:
        """Steps `{"rule", "links": [[[r, c], [r, c]], ...], "cuts": [...], "text"}`; the
        first step's extra key `"share"` is the part of the path the rules find."""
        from queens_tui.kinds.zip import deduce

        steps = deduce.solve_logically(level)
        solved = not steps or steps[-1].rule != "solver"
        out = [s.as_json() for s in steps]
        if out:
            out[-1]["share"] = round(deduce.share(level, steps), 3)
        return Explanation(out, solved)

    def first_rule(self, level: ZipLevel) -> str | None:
        """The first step's rule alone (`deduce.first_rule`): a whole explanation costs ~0.1 s;
        from a position the file sets up, the first hint's (`KindBase.first_rule`)."""
        from queens_tui.kinds.zip import deduce

        if level.position is not None:
            return super().first_rule(level)

        return deduce.first_rule(level)

    def grade(self, level: ZipLevel, cancel: CancelFlag | None = None) -> Grade:
        """The score of the logical solution (`core.effort`); None: the solver."""
        from queens_tui.core.effort import scored
        from queens_tui.kinds.zip import deduce

        steps = deduce.solve_logically(level)
        graded = deduce.grade_steps(level, steps, self.unique(level))
        return scored(graded, deduce.EFFORT, lambda: deduce.features(level, steps))


KIND = ZipKind()
