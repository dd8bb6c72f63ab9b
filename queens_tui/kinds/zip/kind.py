"""Zip's batch interface: what `solve`, `check`, `explain` and `grade` ask of the kind."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from queens_tui.core.kind import Explanation, Grade, JSONObject
from queens_tui.kinds.zip import deduce, search
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.kinds.zip.rules import Path

_ARROWS = {(0, 1): "→", (0, -1): "←", (1, 0): "↓", (-1, 0): "↑"}


def draw_path(level: ZipLevel, path: Path) -> str:
    """The solution as text: each cell shows its number (or its order) and the way on."""
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
    return "\n".join(lines)


class ZipKind:
    """`queens_tui.core.kind.Kind` for Zip levels (`kinds.zip.level.ZipLevel`)."""

    name = "zip"
    title = "Zip"

    def solutions(self, level: Any, limit: int) -> Sequence[Any]:
        """Up to `limit` solution paths by the pruned bitmask search."""
        return search.solutions(level, limit)

    def solution_json(self, level: Any, solution: Any | None) -> JSONObject:
        """`{"path": [[r, c], ...]}` from 1 to the end, empty when there is no solution."""
        return {"path": [] if solution is None else [list(cell) for cell in solution]}

    def solution_text(self, level: Any, solution: Any) -> str:
        """The path drawn cell by cell: numbers in brackets, other cells their order, an arrow."""
        return draw_path(level, solution)

    def check_json(self, level: Any) -> JSONObject:
        """Size (rows, cols), how many numbers and walls."""
        lv: ZipLevel = level
        return {
            "size": lv.size_text,
            "rows": lv.rows,
            "cols": lv.cols,
            "numbers": lv.last,
            "walls": len(lv.walls),
        }

    def explain(self, level: Any) -> Explanation:
        """Steps `{"rule", "links": [[[r, c], [r, c]], ...], "cuts": [...], "text"}`; the
        first step's extra key `"share"` is the part of the path the rules find."""
        steps = deduce.solve_logically(level)
        solved = not steps or steps[-1].rule != "solver"
        out = [s.as_json() for s in steps]
        if out:
            out[-1]["share"] = round(deduce.share(level, steps), 3)
        return Explanation(out, solved)

    def grade(self, level: Any) -> Grade:
        """The hardest rule the logical solution needs (easy .. expert; None: the solver)."""
        steps = deduce.solve_logically(level)
        unique = len(self.solutions(level, 2)) == 1
        return deduce.grade_steps(level, steps, unique)


KIND = ZipKind()
