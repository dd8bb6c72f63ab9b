"""The hunt: which solutions of one board size the player has found, and how they relate.

Pure bookkeeping (the app loads and saves it through `store.hunt`). A
solution counts once; a new one that is a rotation or mirror of one found
earlier counts as a new solution but not as a new fundamental one, and its
note says which earlier one it is an image of ("#5: a quarter turn of #2").
"""

from __future__ import annotations

from collections.abc import Iterable

from queens_tui.kinds.classic import Solution
from queens_tui.kinds.classic.symmetry import TRANSFORMS, canonical


class Hunt:
    """Found solutions of the n x n board, in the order they were found (numbered from 1)."""

    def __init__(self, n: int, found: Iterable[Solution] = ()) -> None:
        from queens_tui.kinds.classic.kind import KNOWN_COUNTS

        self.n = n
        self.total, self.fundamental_total = KNOWN_COUNTS.get(n, (0, 0))
        self.found: list[Solution] = []
        self._number: dict[Solution, int] = {}
        self._class_first: dict[Solution, int] = {}
        for q in found:
            self.add(q)

    @property
    def fundamental_found(self) -> int:
        """How many symmetry classes the found solutions cover."""
        return len(self._class_first)

    def number(self, q: Solution) -> int | None:
        """`q`'s number in the hunt (1-based), None when not found yet."""
        return self._number.get(tuple(q))

    def add(self, q: Solution) -> bool:
        """Record `q`; True when it is new."""
        q = tuple(q)
        if q in self._number or len(q) != self.n:
            return False
        self.found.append(q)
        self._number[q] = len(self.found)
        self._class_first.setdefault(canonical(q), len(self.found))
        return True

    def note(self, q: Solution) -> str:
        """What `q` is in the hunt: "#7, new", "#7: a half turn of #3", "not found yet"."""
        q = tuple(q)
        k = self._number.get(q)
        if k is None:
            return "not found yet"
        first = self._class_first[canonical(q)]
        if first == k:
            return f"#{k}, a new fundamental"
        other = self.found[first - 1]
        name = next(name for name, f in TRANSFORMS if f(other) == q)
        return f"#{k}: {name} of #{first}"

    def status(self) -> str:
        """The status line's words: "7 of 92 found, 3 of 12 fundamental"."""
        return (
            f"{len(self.found)} of {self.total:,} found, "
            f"{self.fundamental_found} of {self.fundamental_total:,} fundamental"
        )
