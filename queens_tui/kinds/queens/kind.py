"""Queens as a kind like the others: `KIND`, its batch interface and its facts.

Queens came first, and its command-line output predates the `"kind"` key and
the kind's title in text lines; the overrides below keep that output byte for
byte (tests pin it), so scripts written against it keep working.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import islice
from typing import TYPE_CHECKING, Any

from queens_tui.core.kind import (
    VERDICTS,
    DailySpec,
    Explanation,
    Grade,
    JSONObject,
    KindBase,
    calendar_module,
    week,
)
from queens_tui.core.play import Deadline
from queens_tui.core.suffixes import IMAGE_SUFFIXES
from queens_tui.kinds.queens.level import MAX_SIZE, MIN_SIZE, Level

if TYPE_CHECKING:
    from queens_tui.core.play import CancelFlag

Solution = tuple[tuple[int, int], ...]


SEVERAL_RULES_LIMIT = 1.0
"""Seconds of rules on a level with several solutions before the solver completes it (huge
open boards would keep the probes busy for minutes)."""

DAILY_WEEK = week((7, 8, 8, 9, 9, 10, 10))
"""(size, difficulty) of the generated daily puzzle by weekday, Monday first."""


def _cell1(cell: Sequence[int]) -> str:
    """A 1-based compact cell name for text output: (0, 4) -> "r1c5"."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def grid_with_queens(level: Level, queens: Sequence[tuple[int, int]]) -> str:
    """The region letters, queen cells in brackets, one row a line."""
    qs = set(queens)
    lines = []
    for r, row in enumerate(level.grid):
        cells = [f"[{lab}]" if (r, c) in qs else f" {lab} " for c, lab in enumerate(row)]
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


class QueensKind(KindBase[Level, Solution]):
    """LinkedIn's Queens: one queen per row, column and region, no two touching."""

    name = "queens"
    title = "Queens"
    emoji = "👑"
    card_mark = "♛"
    sizes = tuple(range(MIN_SIZE, MAX_SIZE + 1))
    time_limit_words = "with --difficulty: 10 + size²/8, 12 s at 4x4"
    image = "queens_tui.formats.image.queens"
    archive_games = ("queens",)
    save_prefix = "grid"
    daily = DailySpec(
        week=DAILY_WEEK,
        calendar=calendar_module(name),
        seed_prefix="daily",
        folder="",
        name_prefix="Daily",
        extensions=(".txt", ".ts", ".json", *IMAGE_SUFFIXES),
    )

    # --- solving ---------------------------------------------------------------------------

    def solutions(
        self, level: Level, limit: int, cancel: CancelFlag | None = None
    ) -> Sequence[Solution]:
        """Up to `limit` solutions by the bitmask search (no OR-Tools import)."""
        from queens_tui.kinds.queens import search

        return list(islice(search.solutions(level, cancel=cancel), limit))

    def solution_json(self, level: Level, solution: Solution | None) -> JSONObject:
        return {"queens": [list(q) for q in solution] if solution else []}

    def solution_text(self, level: Level, solution: Solution) -> str:
        return grid_with_queens(level, solution)

    def check_json(self, level: Level) -> JSONObject:
        return {
            "size": level.size,
            "regions": len(level.labels),
            "disconnected": list(level.disconnected_regions),
        }

    def explain(self, level: Level, cancel: CancelFlag | None = None) -> Explanation:
        """Steps `{"rule", "place", "cross", "text"}`; on a level with several solutions the
        rules get `SEVERAL_RULES_LIMIT` seconds before the solver completes one."""
        steps, _several = self._steps(level, cancel)
        out: list[JSONObject] = [
            {
                "rule": s.rule,
                "place": [list(c) for c in s.place],
                "cross": [list(c) for c in s.cross],
                "text": s.text,
            }
            for s in steps
        ]
        return Explanation(out, not steps or steps[-1].rule != "solver")

    def grade(self, level: Level, cancel: CancelFlag | None = None) -> Grade:
        from queens_tui.core.effort import scored
        from queens_tui.kinds.queens import deduce

        steps, several = self._steps(level, cancel)
        by_rules = steps[-1].rule != "solver" if steps else True
        graded = replace(deduce.grade_steps(steps), rules_alone=by_rules, unique=not several)
        return scored(graded, deduce.EFFORT, lambda: deduce.features(level, steps))

    def _steps(self, level: Level, cancel: CancelFlag | None) -> tuple[list[Any], bool]:
        """(the logical solution's steps, several solutions?): on a level with several the
        rules get `SEVERAL_RULES_LIMIT` seconds before the solver completes one."""
        from queens_tui.kinds.queens import deduce

        several = len(self.solutions(level, 2, cancel)) > 1
        rules = Deadline(SEVERAL_RULES_LIMIT, cancel) if several else None
        return deduce.solve_logically(level, cancel=cancel, rules=rules), several

    def generate(
        self, size: int | None, seed: str, difficulty: str | None, **options: Any
    ) -> Level:
        from queens_tui.kinds.queens.generate import generate

        assert size is not None  # size_problem() asks for one first
        return generate(size, seed, difficulty)

    # --- output as it always was ----------------------------------------------------------

    def json_head(self) -> JSONObject:
        """Nothing: Queens' lines predate the `"kind"` key."""
        return {}

    def heading(self, level: Level) -> str:
        return f"{level.size}x{level.size}"

    def solve_json(self, level: Level, solutions: Sequence[Solution]) -> JSONObject:
        return {
            "size": level.size,
            "solutions": len(solutions),
            **self.solution_json(level, solutions[0] if solutions else None),
        }

    def check_report(self, level: Level, solutions: Sequence[Solution]) -> JSONObject:
        fields = self.check_json(level)
        return {
            **fields,
            "solutions": len(solutions),
            **self.solution_json(level, solutions[0] if solutions else None),
            "warnings": [f"region {lab} is in several pieces" for lab in fields["disconnected"]],
        }

    def check_text(self, level: Level, solutions: Sequence[Solution]) -> str:
        broken = list(level.disconnected_regions)
        note = f" (warning: regions in several pieces: {' '.join(broken)})" if broken else ""
        verdict = VERDICTS[min(len(solutions), 2)]
        return f"{level.size}x{level.size}, {len(level.labels)} regions, {verdict}{note}"

    def step_text(self, step: JSONObject) -> str:
        what = [f"queen {_cell1(c)}" for c in step["place"]]
        if step["cross"]:
            what.append("cross " + " ".join(_cell1(c) for c in step["cross"]))
        return f"{step['rule']}: {'; '.join(what)}. {step['text']}"

    def grade_size(self, level: Level) -> Any:
        return level.size

    # --- generate -------------------------------------------------------------------------

    def size_problem(self, size: int | None) -> str | None:
        if size is None:
            return "--size is required for Queens levels"
        if not MIN_SIZE <= size <= MAX_SIZE:
            return (
                f"--size must be between {MIN_SIZE} and {MAX_SIZE} "
                f"(got {size}; 2x2 and 3x3 boards have no solution)"
            )
        return None

    def default_time_limit(self, size: int, difficulty: str | None) -> float | None:
        """With a wanted grade: 10 s plus size²/8 (12 s at 4x4, 60 s at 20x20), a few times
        what such a level usually takes; a grade a board cannot reach (expert at 4x4) would
        otherwise take minutes of 400 sub-seeds. Without one the first try almost always
        does, and a big board legitimately takes minutes."""
        return None if difficulty is None else 10.0 + size * size / 8

    def dump_generated(self, level: Level, fmt: str, dump: Callable[[Any, str], str]) -> str:
        """Text with a `# size:` line first (as `generate` always wrote it), or JSON."""
        return dump(level, fmt) if fmt == "json" else f"# size: {level.size}\n" + dump(level, fmt)

    def generated_stem(self, size: int) -> str:
        return f"q{size:02d}"


KIND = QueensKind()
