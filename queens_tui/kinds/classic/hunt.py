"""The hunt: which solutions of one board size the player has found, and how they relate.

Pure bookkeeping (the app loads and saves it through `store.hunt`). A
solution counts once; a new one that is a rotation or mirror of one found
earlier counts as a new solution but not as a new fundamental one, and its
note says which earlier one it is an image of ("#5: a quarter turn of #2").

A solution reached with help (a hint applied on the way) counts too, marked
"with help"; reaching it again unaided later takes the mark off. A board `S`
filled in is never added (the app does not hand it over: nobody found it).
"""

from __future__ import annotations

from collections.abc import Iterable

from queens_tui.kinds.classic import Solution
from queens_tui.kinds.classic.symmetry import TRANSFORMS, canonical


class Hunt:
    """Found solutions of the n x n board, in the order they were found (numbered from 1)."""

    def __init__(
        self, n: int, found: Iterable[Solution] = (), helped: Iterable[Solution] = ()
    ) -> None:
        from queens_tui.kinds.classic.kind import KNOWN_COUNTS

        self.n = n
        self.total, self.fundamental_total = KNOWN_COUNTS.get(n, (0, 0))
        self.found: list[Solution] = []
        self.helped: set[Solution] = set()
        """The found solutions reached with help (a hint applied on the way)."""
        self._number: dict[Solution, int] = {}
        self._class_first: dict[Solution, int] = {}
        with_help = {tuple(q) for q in helped}
        for q in found:
            self.add(q, helped=tuple(q) in with_help)

    @property
    def fundamental_found(self) -> int:
        """How many symmetry classes the found solutions cover."""
        return len(self._class_first)

    def number(self, q: Solution) -> int | None:
        """`q`'s number in the hunt (1-based), None when not found yet."""
        return self._number.get(tuple(q))

    def add(self, q: Solution, *, helped: bool = False) -> bool:
        """Record `q` (`helped`: reached with help); True when the hunt changed: `q` is new,
        or was found with help before and now without."""
        q = tuple(q)
        if len(q) != self.n:
            return False
        if q in self._number:
            if helped or q not in self.helped:
                return False
            self.helped.discard(q)
            return True
        self.found.append(q)
        self._number[q] = len(self.found)
        self._class_first.setdefault(canonical(q), len(self.found))
        if helped:
            self.helped.add(q)
        return True

    def found_with_help(self) -> list[Solution]:
        """The solutions found with help, in the order found (what the hunt file keeps)."""
        return [q for q in self.found if q in self.helped]

    def note(self, q: Solution) -> str:
        """What `q` is in the hunt: "#7, a new fundamental", "#7: a half turn of #3", either
        followed by " (with help)", or "not found yet"."""
        q = tuple(q)
        k = self._number.get(q)
        if k is None:
            return "not found yet"
        helped = " (with help)" if q in self.helped else ""
        first = self._class_first[canonical(q)]
        if first == k:
            return f"#{k}, a new fundamental{helped}"
        other = self.found[first - 1]
        name = next(name for name, f in TRANSFORMS if f(other) == q)
        return f"#{k}: {name} of #{first}{helped}"

    def status(self) -> str:
        """The status line's words: "7 of 92 found · 3 of 12 fundamental", with "(2 with
        help)" after "found" when some were found with help. Two pieces of the line, so a
        narrow terminal drops the fundamental count and keeps "7 of 92 found"."""
        helped = f" ({len(self.helped)} with help)" if self.helped else ""
        return (
            f"{len(self.found)} of {self.total:,} found{helped} · "
            f"{self.fundamental_found} of {self.fundamental_total:,} fundamental"
        )
