"""The core exact search: known answers, restrictions, cancelling, and two independent oracles.

The oracles are a brute force over column permutations (small boards) and
CP-SAT (any board), so a wrong propagation rule in the search cannot hide
behind a test written from the search's own output.
"""

from __future__ import annotations

import itertools
import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from queens_tui.core.grid import Cell
from queens_tui.kinds.queens import search
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.rules import is_solution

SOLUTION_8 = (3, 5, 1, 7, 0, 2, 6, 4)
SOLUTION_9 = (8, 6, 3, 5, 1, 7, 0, 4, 2)

TWO_SOLUTIONS = Level.from_rows(["ABCD"] * 4)
"""Regions are the columns: exactly the two 4x4 placements where no queens touch."""
NO_SOLUTION = Level.from_rows(["AABBB", "CCCCC", "DDDDD", "EEEEE", "EEEEE"])
"""Regions A and B both lie in row 0 alone, and one row holds one queen."""


def cells(columns: tuple[int, ...]) -> tuple[Cell, ...]:
    return tuple(enumerate(columns))


def brute_force(level: Level, limit: int = 2) -> list[tuple[Cell, ...]]:
    """Every solution by trying each column permutation (fine up to 7x7)."""
    n = level.size
    ids = level.region_ids
    found = []
    for perm in itertools.permutations(range(n)):
        if any(abs(perm[r] - perm[r + 1]) < 2 for r in range(n - 1)):
            continue
        if len({ids[r][perm[r]] for r in range(n)}) != n:
            continue
        found.append(cells(perm))
        if len(found) >= limit:
            break
    return found


def cpsat_solutions(
    level: Level, limit: int = 2, queens: tuple[Cell, ...] = (), crosses: tuple[Cell, ...] = ()
) -> tuple[tuple[Cell, ...], ...]:
    from queens_tui.solver.queens import model as _cpsat

    outcome = _cpsat.run(
        level, limit=limit, queens=queens, crosses=crosses, time_limit=30.0, cancel=None
    )
    assert outcome.complete
    return outcome.solutions


def test_example_levels_have_their_known_unique_solution(level8: Level, level9: Level) -> None:
    for level, known in ((level8, SOLUTION_8), (level9, SOLUTION_9)):
        sols = list(search.solutions(level))
        assert sols == [cells(known)]
        assert search.count(level) == 1
        assert search.first(level) == cells(known)


def test_several_and_no_solutions() -> None:
    assert sorted(search.solutions(TWO_SOLUTIONS)) == [
        ((0, 1), (1, 3), (2, 0), (3, 2)),
        ((0, 2), (1, 0), (2, 3), (3, 1)),
    ]
    assert search.count(TWO_SOLUTIONS, limit=1) == 1
    assert search.count(TWO_SOLUTIONS, limit=5) == 2
    assert brute_force(NO_SOLUTION) == []
    assert search.count(NO_SOLUTION) == 0
    assert search.first(NO_SOLUTION) is None
    assert search.count(Level.from_rows(["ABC"] * 3)) == 0


def test_given_queens_and_forbidden_cells_restrict_the_search(level8: Level) -> None:
    sol = cells(SOLUTION_8)
    assert search.first(level8, queens=sol[:3]) == sol
    assert search.first(level8, queens=[(0, 0)]) is None
    assert search.first(level8, forbidden=[sol[4]]) is None
    assert search.first(level8, forbidden=[(0, 0), (7, 7)]) == sol
    # A queen on a forbidden cell, or two queens that attack each other: nothing.
    assert search.first(level8, queens=[sol[0]], forbidden=[sol[0]]) is None
    assert search.first(level8, queens=[(0, 0), (1, 1)]) is None
    two = list(search.solutions(TWO_SOLUTIONS, forbidden=[(0, 1)]))
    assert two == [((0, 2), (1, 0), (2, 3), (3, 1))]


def test_a_set_cancel_flag_stops_the_search() -> None:
    open_board = Level.from_rows([[chr(48 + c) for c in range(20)]] * 20)
    flag = threading.Event()
    gen = search.solutions(open_board, cancel=flag)
    assert is_solution(open_board, next(gen))
    flag.set()
    with pytest.raises(search.Cancelled):
        for _ in range(10_000):
            next(gen)


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
def test_search_matches_cpsat_on_a_corpus_sample(corpus: list[dict]) -> None:
    rng = random.Random(2)
    sample = rng.sample(corpus, 60)
    for entry in sample:
        level = Level.from_rows(entry["regions"])
        ours = list(itertools.islice(search.solutions(level), 2))
        theirs = cpsat_solutions(level)
        assert len(ours) == len(theirs), entry["id"]
        assert all(is_solution(level, s) for s in ours)
        if len(ours) == 1:
            assert ours == list(theirs), entry["id"]
        # The same with a random board position: a few queens and crosses.
        cellset = [(r, c) for r in range(level.size) for c in range(level.size)]
        queens = tuple(sorted(rng.sample(cellset, rng.randint(0, 2))))
        crosses = tuple(sorted(rng.sample(cellset, rng.randint(0, level.size))))
        got = search.count(level, queens=queens, forbidden=crosses)
        assert got == len(cpsat_solutions(level, 2, queens, crosses)), entry["id"]


def test_every_corpus_level_gets_a_valid_answer_quickly(corpus: list[dict]) -> None:
    """The whole corpus, each answer checked by the rules (not by the search itself)."""
    import time

    worst = 0.0
    for entry in corpus:
        level = Level.from_rows(entry["regions"])
        t0 = time.perf_counter()
        sols = list(itertools.islice(search.solutions(level), 2))
        worst = max(worst, time.perf_counter() - t0)
        assert sols, entry["id"]
        assert all(is_solution(level, s) for s in sols)
    assert worst < 0.5  # generous: about 1 ms measured; this only catches a blow-up


@st.composite
def region_maps(draw: st.DrawFn, min_size: int = 4, max_size: int = 7) -> Level:
    """A random N x N map with exactly N labels, connected or not."""
    n = draw(st.integers(min_size, max_size))
    cells = [draw(st.integers(0, n - 1)) for _ in range(n * n)]
    # Make sure every label appears: put each one on a distinct random cell.
    spots = draw(st.permutations(range(n * n)))[:n]
    for label, spot in enumerate(spots):
        cells[spot] = label
    return Level.from_rows([[chr(65 + cells[r * n + c]) for c in range(n)] for r in range(n)])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(region_maps())
@pytest.mark.slow  # 9 s at load 12 on 2 cores: run by `pytest -m slow`
def test_search_counts_like_brute_force(level: Level) -> None:
    assert search.count(level, limit=3) == len(brute_force(level, 3))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(region_maps(6, 10), st.randoms(use_true_random=False))
@pytest.mark.slow  # 10 s at load 12 on 2 cores: run by `pytest -m slow`
def test_search_counts_like_cpsat(level: Level, rng: random.Random) -> None:
    n = level.size
    crosses = tuple(
        sorted({(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, n))})
    )
    assert search.count(level, limit=2) == len(cpsat_solutions(level))
    assert search.count(level, limit=2, forbidden=crosses) == len(
        cpsat_solutions(level, crosses=crosses)
    )
