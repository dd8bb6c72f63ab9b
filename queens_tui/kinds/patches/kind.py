"""Patches' batch interface and facts: what `solve`, `check`, `explain`, `grade`,
`generate`, the daily puzzle and the calendar ask of the kind.

The daily calendar line (`encode` / `decode`, `levels/daily/patches/2026.days`):
``<size><difficulty initial> <clues>``, `clues` URL-safe base64 without padding
of two bytes a clue in reading order: the cell index ``r * size + c`` with the
shape in the top two bits (0 square, 1 tall, 2 wide, 3 free), then the size
(0: not given). Square grids up to 8x8: about 40 characters a line.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from itertools import islice
from typing import Any

from queens_tui.core.kind import Explanation, Grade, JSONObject
from queens_tui.kinds.patches import deduce, generate, search
from queens_tui.kinds.patches.level import SHAPES, Clue, Level, Rect

_INITIAL = {"easy": "e", "medium": "m", "hard": "h", "expert": "x"}
_DIFFICULTY = {v: k for k, v in _INITIAL.items()}


def draw(level: Level, solution: Sequence[Rect]) -> list[str]:
    """A solution as text: each cell the letter of its patch (A, B, ... in clue order), the
    clue cells upper case and the rest lower case."""
    grid = [["."] * level.cols for _ in range(level.rows)]
    for k, (top, left, bottom, right) in enumerate(solution):
        letter = chr(ord("a") + k % 26)
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                grid[r][c] = letter
    for clue in level.clues:
        grid[clue.row][clue.col] = grid[clue.row][clue.col].upper()
    return ["".join(row) for row in grid]


def encode(level: Level) -> str:
    """A square level up to 8x8 as one calendar line (see the module docstring)."""
    n = level.rows
    if level.cols != n or n > 8:
        raise ValueError(f"a {level.size_text} Patches level has no calendar line (square, <= 8)")
    raw = bytearray()
    for clue in level.clues:
        raw += bytes(((SHAPES.index(clue.shape) << 6) | (clue.row * n + clue.col), clue.size or 0))
    payload = base64.urlsafe_b64encode(bytes(raw)).decode("ascii").rstrip("=")
    return f"{n}{_INITIAL.get(level.difficulty or '', '-')} {payload}"


def decode(line: str) -> Level:
    """The level of a line made by `encode`; `ValueError` when the line is damaged."""
    parts = line.split()
    if len(parts) != 2 or len(parts[0]) < 2 or not parts[0][:-1].isdigit():
        raise ValueError("not a Patches calendar line")
    n = int(parts[0][:-1])
    if not 2 <= n <= 8:
        raise ValueError(f"size {n}")
    text = parts[1]
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError as err:
        raise ValueError("not URL-safe base64") from err
    if len(raw) % 2:
        raise ValueError("odd payload")
    clues = []
    for i in range(0, len(raw), 2):
        code, size = raw[i], raw[i + 1]
        index = code & 63
        if index >= n * n:
            raise ValueError(f"cell {index}")
        clues.append(Clue(index // n, index % n, SHAPES[code >> 6], size or None))
    return Level(n, n, tuple(clues), difficulty=_DIFFICULTY.get(parts[0][-1]))


class PatchesKind:
    """`queens_tui.core.kind.Kind` for Patches levels (`kinds.patches.level.Level`), and the
    kind's facts the shared machinery reads (sizes, difficulties, daily week, codec)."""

    name = "patches"
    title = "Patches"
    emoji = "🟪"
    difficulties: tuple[str, ...] = deduce.DIFFICULTIES
    sizes: tuple[int, ...] = generate.SIZES
    default_size = generate.DEFAULT_SIZE
    daily_week = generate.DAILY_WEEK
    """(size, difficulty) Monday .. Sunday."""
    format_module = "queens_tui.formats.patches"
    solver_module = "queens_tui.solver.patches"

    def generate(self, size: int | None, seed: str, difficulty: str | None = None) -> Level:
        """A unique level (see `kinds.patches.generate`)."""
        return generate.generate(size, seed, difficulty)

    def encode(self, level: Any) -> str:
        return encode(level)

    def decode(self, line: str) -> Level:
        return decode(line)

    def solutions(self, level: Any, limit: int) -> Sequence[Any]:
        """Up to `limit` solutions by the exact-cover search (about a millisecond at 7x7)."""
        return list(islice(search.solutions(level), limit))

    def solution_json(self, level: Any, solution: Any | None) -> JSONObject:
        """`{"patches": [[top, left, bottom, right], ...]}` (0-based, inclusive, in clue
        order), empty when there is no solution."""
        if solution is None:
            return {"patches": []}
        return {"patches": [list(rect) for rect in solution]}

    def solution_text(self, level: Any, solution: Any) -> str:
        return "\n".join(draw(level, solution))

    def check_json(self, level: Any) -> JSONObject:
        """Size, how many clues, how many give a size and how many a shape."""
        lv: Level = level
        return {
            "size": lv.size,
            "clues": len(lv.clues),
            "sized": sum(c.size is not None for c in lv.clues),
            "shaped": sum(c.shape != "free" for c in lv.clues),
        }

    def explain(self, level: Any) -> Explanation:
        """The logical solution: steps `{"rule", "clue", "patches", "cells", "text"}`."""
        steps = deduce.solve_logically(level)
        solved = not steps or steps[-1].rule != "solver"
        return Explanation([s.as_json() for s in steps], solved)

    def grade(self, level: Any) -> Grade:
        """The hardest rule the logical solution needs (easy .. expert)."""
        steps = deduce.solve_logically(level)
        g = deduce.grade_steps(steps)
        unique = len(self.solutions(level, 2)) == 1
        return Grade(g.difficulty, g.steps, g.hardest_rule, g.rules, g.rules_alone, unique)


KIND = PatchesKind()
