"""The classic kind's `KIND`: the batch interface of `core.kind.Kind` for an N x N empty board.

A classic "level" is only its size: every board of size N is the same
puzzle, with (for N >= 4) many solutions, so `solve`/`check` report the
first ones in lexicographic order, and the rules (`explain`) can only say
where a row or column is forced, which on an empty board is nowhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any

from queens_tui.core.grid import cell_name
from queens_tui.core.kind import Explanation, Grade, JSONObject, KindBase
from queens_tui.kinds.classic import Solution

if TYPE_CHECKING:
    from queens_tui.core.play import CancelFlag
    from queens_tui.kinds.classic.hunt import Hunt

MIN_SIZE, MAX_SIZE = 4, 16
"""Sizes offered in the game (4 is the smallest with a solution; 16 has 14.8 million)."""

KNOWN_COUNTS: dict[int, tuple[int, int]] = {
    1: (1, 1), 2: (0, 0), 3: (0, 0), 4: (2, 1), 5: (10, 2), 6: (4, 1), 7: (40, 6),
    8: (92, 12), 9: (352, 46), 10: (724, 92), 11: (2680, 341), 12: (14200, 1787),
    13: (73712, 9233), 14: (365596, 45752), 15: (2279184, 285053), 16: (14772512, 1846955),
}  # fmt: skip
"""(solutions, fundamental) for N = 1..16 (OEIS A000170, A002562), for the hunt's "of 92".
Tests recompute them with the counter; the counter never reads them."""


@dataclass(frozen=True)
class ClassicLevel:
    """An empty N x N chessboard: the whole of a classic N-queens puzzle."""

    size: int
    name: str | None = None
    metadata: dict[str, str] = field(default_factory=dict)
    kind: str = "classic"
    hunt: Hunt | None = field(default=None, compare=False, repr=False)
    """The solutions of this size found so far (the game's hunt); None outside the game.
    Shared and growing while the game runs: the app adds each solution the board reaches."""
    position: Any = field(default=None, hash=False)
    """Where play starts when a file sets a position up (`formats.classic`, a lesson's
    board): the save JSON of that state (`ClassicPlay.state_to_json`); None: the empty board."""

    @property
    def size_text(self) -> str:
        return f"{self.size}x{self.size}"

    @property
    def level_id(self) -> str:
        """The id saves and the browser use: `classic/8`."""
        return f"classic/{self.size}"


def level(
    size: int, found: Iterable[Solution] | None = None, helped: Iterable[Solution] = ()
) -> ClassicLevel:
    """The classic board of `size`, titled for people; with `found`, a hunt that starts there
    (`helped`: those of them found with help)."""
    from queens_tui.kinds.classic.hunt import Hunt

    hunt = None if found is None else Hunt(size, found, helped)
    return ClassicLevel(size, name=f"{size} queens", hunt=hunt)


def board_text(q: Solution) -> str:
    """A solution drawn with Q and dots, one row a line."""
    n = len(q)
    return "\n".join(" ".join("Q" if c == col else "." for col in range(n)) for c in q)


class ClassicKind(KindBase[ClassicLevel, Solution]):
    """Classic N-queens: no generator, no daily; one empty board per size, played from
    `classic:N`. Its files (`formats.classic`) only set a position up on such a board (a
    lesson's): it stays a kind played on a board of a size (`kinds.on_a_board`)."""

    name = "classic"
    title = "Classic N-queens"
    emoji = "♛"
    sizes = tuple(range(MIN_SIZE, MAX_SIZE + 1))
    default_size = 8
    unique_solutions = False

    def board_title(self, size: int, found: int) -> str:
        """ "8 queens · 3 of 92 found"."""
        return f"{size} queens · {found:,} of {KNOWN_COUNTS[size][0]:,} found"

    def solutions(self, level: Any, limit: int, cancel: CancelFlag | None = None) -> list[Solution]:
        from queens_tui.kinds.classic import listing  # on first use: not at start-up

        return list(islice(listing.solutions(level.size), limit))

    def solution_json(self, level: Any, solution: Any | None) -> JSONObject:
        from queens_tui.kinds.classic.rules import queens_of

        queens = [list(cell) for cell in queens_of(solution)] if solution else []
        return {"size": level.size, "queens": queens}

    def solution_text(self, level: Any, solution: Any) -> str:
        return board_text(solution)

    def check_json(self, level: Any) -> JSONObject:
        known = KNOWN_COUNTS.get(level.size)
        return {
            "size": level.size,
            "solutions": known[0] if known else None,
            "fundamental": known[1] if known else None,
        }

    def explain(self, level: Any, cancel: CancelFlag | None = None) -> Explanation:
        from queens_tui.kinds.classic.rules import Forced, forced_move, queens_of

        steps: list[JSONObject] = []
        queens: list[tuple[int, int]] = []
        while isinstance(move := forced_move(level.size, queens), Forced):
            queens.append(move.cell)
            r, c = move.cell
            steps.append(
                {
                    "rule": "last cell",
                    "text": f"{move.line}: only {cell_name((r, c))} is left",
                    "place": [r, c],
                }
            )
        first = next(iter(self.solutions(level, 1)), None)
        if first is None or len(queens) == level.size:
            return Explanation(steps, solved=len(queens) == level.size)
        steps.append(
            {
                "rule": "solver",
                "text": "no row or column is forced: search",
                "place": [list(cell) for cell in queens_of(first)],
            }
        )
        return Explanation(steps, solved=False)

    def grade(self, level: Any, cancel: CancelFlag | None = None) -> Grade:
        known = KNOWN_COUNTS.get(level.size, (2, 1))
        return Grade(
            difficulty=None, steps=0, hardest_rule=None, rules_alone=False, unique=known[0] == 1
        )

    def rule_tiers(self) -> dict[str, int]:
        """The one rule the hunt's hint names (`play.ClassicPlay.hint`), then the solver's."""
        return {"last cell": 0, "solver": 5}


KIND = ClassicKind()
