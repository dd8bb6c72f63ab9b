"""One solution for any N at once, by the explicit construction (no search).

Known since the 19th century and written down by Hoffman, Loessi and Moore
(1969), in the form popularised by Bernhardsson (1991), 1-based:

- if N mod 6 is not 2 or 3: the even columns 2, 4, ..., then the odd ones 1,
  3, ..., one per row from the top. Consecutive rows step by 2 columns, so no
  two queens share a diagonal inside each half; the two halves are placed so
  that their diagonals interleave.
- if N mod 6 == 2: evens as above; odds with 1 and 3 swapped and 5 moved to
  the end (3, 1, 7, 9, ..., 5).
- if N mod 6 == 3: evens with 2 moved to the end (4, 6, ..., 2); odds with 1
  and 3 moved to the end (5, 7, ..., 1, 3).

N = 2 and 3 have no solution. The result is checked in O(N) before it is
returned (`rules.is_solution`), so a slip here could never print a wrong
board; N = 1,000,000 takes about a second.
"""

from __future__ import annotations

from collections.abc import Iterator

from queens_tui.kinds.classic import Solution
from queens_tui.kinds.classic.rules import is_solution


def _odd_evens(n: int) -> tuple[Iterator[int], Iterator[int]]:
    """The construction's two runs, 1-based: the even columns, then the odd ones."""
    evens: Iterator[int] = iter(range(2, n + 1, 2))
    odds: Iterator[int] = iter(range(1, n + 1, 2))
    if n % 6 == 2:  # odds: 3, 1, 7, 9, ..., 5
        odds = (c for part in ((3, 1), range(7, n + 1, 2), (5,)) for c in part)
    elif n % 6 == 3:  # evens: 4, 6, ..., 2; odds: 5, 7, ..., 1, 3
        evens = (c for part in (range(4, n + 1, 2), (2,)) for c in part)
        odds = (c for part in (range(5, n + 1, 2), (1, 3)) for c in part)
    return evens, odds


def columns(n: int) -> Iterator[int]:
    """The construction's 0-based column per row, one at a time, for n = 1 and any n >= 4."""
    if n < 1 or n in (2, 3):
        raise ValueError(f"no solution to construct for n={n}")
    evens, odds = _odd_evens(n)
    for run in (evens, odds):
        for c in run:
            yield c - 1


def first_solution(n: int) -> Solution | None:
    """A solution of N-queens for any `n >= 1`, or None for n = 2, 3 (none exists)."""
    if n < 1:
        raise ValueError("n must be at least 1")
    if n in (2, 3):
        return None
    q = tuple(columns(n))
    if not is_solution(q):  # pragma: no cover - the construction is proven; belt and braces
        raise AssertionError(f"construction failed for n={n}")
    return q
