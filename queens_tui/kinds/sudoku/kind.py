"""Mini Sudoku's batch interface and its facts: what the CLI, the daily and the app ask of it.

`KIND` satisfies `core.kind.Kind` (solve, check, explain, grade) and carries
what the shared machinery reads by name: title, emoji, difficulties, sizes,
`generate`, the daily week, the calendar line codec (`encode` / `decode`) and
the names of the kind's format and solver modules (this layer cannot import
them).

Calendar line: ``6<difficulty initial> <cells>``, `cells` the 36 cells in
reading order as one base-7 number (0 empty, 1-6 the digit), big-endian bytes
in URL-safe base64 without padding: 18 characters.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from itertools import islice
from typing import Any

from queens_tui.core.kind import Explanation, Grade, JSONObject
from queens_tui.kinds.sudoku import deduce, generate, search
from queens_tui.kinds.sudoku.level import SIZE, Level, draw

_INITIAL = {"easy": "e", "medium": "m", "hard": "h", "expert": "x"}
_DIFFICULTY = {v: k for k, v in _INITIAL.items()}
_CELLS = SIZE * SIZE
_BYTES = ((7**_CELLS - 1).bit_length() + 7) // 8


def encode(level: Level) -> str:
    """A level as one daily calendar line (see the module docstring)."""
    value = 0
    for row in reversed(level.givens):
        for v in reversed(row):
            value = value * 7 + (v or 0)
    payload = base64.urlsafe_b64encode(value.to_bytes(_BYTES, "big")).decode("ascii")
    return f"{SIZE}{_INITIAL.get(level.difficulty or '', '-')} {payload.rstrip('=')}"


def decode(line: str) -> Level:
    """The level of a line made by `encode`; `ValueError` when the line is damaged."""
    parts = line.split()
    if len(parts) != 2 or parts[0][:-1] != str(SIZE):
        raise ValueError(f"not a Mini Sudoku calendar line: {line!r}")
    payload = parts[1]
    try:
        raw = base64.b64decode(payload + "=" * (-len(payload) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("not URL-safe base64") from None
    value = int.from_bytes(raw, "big")
    cells: list[int | None] = []
    for _ in range(_CELLS):
        value, d = divmod(value, 7)
        cells.append(d or None)
    if value:
        raise ValueError("too many cells")
    givens = tuple(tuple(cells[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))
    return Level(givens, difficulty=_DIFFICULTY.get(parts[0][-1]))


class SudokuKind:
    """`queens_tui.core.kind.Kind` for Mini Sudoku levels (`kinds.sudoku.level.Level`)."""

    name = "sudoku"
    title = "Mini Sudoku"
    emoji = "🔢"
    difficulties: tuple[str, ...] = deduce.DIFFICULTIES
    sizes: tuple[int, ...] = (SIZE,)
    default_size = SIZE
    daily_week: tuple[tuple[int, str], ...] = generate.DAILY_WEEK
    """(size, difficulty) by weekday, Monday easiest to Sunday hardest."""
    format_module = "queens_tui.formats.sudoku"
    solver_module = "queens_tui.solver.sudoku"

    def generate(self, size: int | None, seed: str, difficulty: str | None = None) -> Level:
        """A level for `seed` (see `kinds.sudoku.generate.generate`)."""
        return generate.generate(size, seed, difficulty)

    def encode(self, level: Level) -> str:
        return encode(level)

    def decode(self, line: str) -> Level:
        return decode(line)

    def solutions(self, level: Any, limit: int) -> Sequence[Any]:
        """Up to `limit` solutions by the bitmask search (about a millisecond)."""
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

    def explain(self, level: Any) -> Explanation:
        """The logical solution: `{"rule", "place", "eliminate", "text"}` per step."""
        steps = deduce.solve_logically(level)
        solved = not steps or steps[-1].rule != "solver"
        return Explanation([s.as_json() for s in steps], solved)

    def grade(self, level: Any) -> Grade:
        """The hardest rule the logical solution needs (easy .. expert)."""
        steps = deduce.solve_logically(level)
        g = deduce.grade_steps(steps)
        unique = len(self.solutions(level, 2)) == 1
        return Grade(g.difficulty, g.steps, g.hardest_rule, g.rules, g.rules_alone, unique)


KIND = SudokuKind()
