"""The 8 symmetries of the square acting on classic N-queens solutions.

A solution `q` (q[r] = column of row r's queen) is a permutation; every
symmetry maps it to another solution. The hunt in the game needs to know
whether a newly found solution is a mirror or rotation of one already found,
and `--fundamental` lists one solution per class: the class's canonical
member is the lexicographically smallest of its (up to) 8 images.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from queens_tui.kinds.classic import Solution


def _inverse(q: Solution) -> list[int]:
    inv = [0] * len(q)
    for r, c in enumerate(q):
        inv[c] = r
    return inv


def _identity(q: Solution) -> Solution:
    return tuple(q)


def _mirror(q: Solution) -> Solution:
    n = len(q)
    return tuple(n - 1 - c for c in q)


def _flip(q: Solution) -> Solution:
    return tuple(reversed(q))


def _rot180(q: Solution) -> Solution:
    n = len(q)
    return tuple(n - 1 - c for c in reversed(q))


def _transpose(q: Solution) -> Solution:
    return tuple(_inverse(q))


def _anti_transpose(q: Solution) -> Solution:
    # (r, c) -> (n-1-c, n-1-r)
    n = len(q)
    inv = _inverse(q)
    return tuple(n - 1 - inv[n - 1 - r] for r in range(n))


def _rot90(q: Solution) -> Solution:
    # clockwise: (r, c) -> (c, n-1-r)
    n = len(q)
    inv = _inverse(q)
    return tuple(n - 1 - inv[r] for r in range(n))


def _rot270(q: Solution) -> Solution:
    # (r, c) -> (n-1-c, r)
    n = len(q)
    inv = _inverse(q)
    return tuple(inv[n - 1 - r] for r in range(n))


TRANSFORMS: tuple[tuple[str, Callable[[Solution], Solution]], ...] = (
    ("itself", _identity),
    ("a quarter turn", _rot90),
    ("a half turn", _rot180),
    ("a three-quarter turn", _rot270),
    ("the left-right mirror", _mirror),
    ("the top-bottom mirror", _flip),
    ("the mirror in the main diagonal", _transpose),
    ("the mirror in the other diagonal", _anti_transpose),
)
"""Each symmetry by the words the hunt uses for it ("a quarter turn of #3")."""


def images(q: Solution) -> list[Solution]:
    """The 8 images of `q` (some equal when `q` is symmetric), in `TRANSFORMS` order."""
    return [f(q) for _name, f in TRANSFORMS]


def canonical(q: Solution) -> Solution:
    """The representative of `q`'s class: the lexicographically smallest image."""
    return min(images(q))


def is_canonical(q: Solution) -> bool:
    """True when `q` is its class's representative (cheaper than comparing with `canonical`)."""
    t = tuple(q)
    return all(t <= f(t) for _name, f in TRANSFORMS[1:])


def relation(q: Solution, found: Iterable[Solution]) -> tuple[Solution, str] | None:
    """The first of `found` that `q` is an image of, and which symmetry maps it onto `q`.

    None when `q` is in a class of its own among `found`. The name is "itself"
    when `q` was already found as it is.
    """
    t = tuple(q)
    for other in found:
        for name, f in TRANSFORMS:
            if f(tuple(other)) == t:
                return tuple(other), name
    return None
