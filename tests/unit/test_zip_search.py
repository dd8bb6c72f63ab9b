"""The exact Zip search: LinkedIn's days, a brute-force cross-check, CP-SAT agreement."""

from __future__ import annotations

import itertools
import random

import pytest

from queens_tui.formats import zip as fmt
from queens_tui.kinds import get_kind
from queens_tui.kinds.zip import search
from queens_tui.kinds.zip.level import ZipLevel
from queens_tui.kinds.zip.rules import is_solution
from tests.zip_data import linkedin_days


def test_every_linkedin_day_solves_to_its_path_uniquely() -> None:
    for day in linkedin_days():
        level = fmt.level_from_json(day)
        sols = search.solutions(level, 2)
        assert len(sols) == 1, day["name"]
        assert [list(c) for c in sols[0]] == day["solution"], day["name"]
        assert is_solution(level, sols[0])


def _brute(level: ZipLevel) -> list[tuple[tuple[int, int], ...]]:
    """Every solution by plain enumeration of paths from 1 (only for tiny grids)."""
    out = []

    def walk(path: list[tuple[int, int]]) -> None:
        if len(path) == level.area:
            if is_solution(level, path):
                out.append(tuple(path))
            return
        for nxt in level.open_neighbours(path[-1]):
            if nxt not in path:
                path.append(nxt)
                walk(path)
                path.pop()

    walk([level.number_cells[0]])
    return out


def test_counts_agree_with_brute_force_on_random_small_levels() -> None:
    rng = random.Random(7)
    for _ in range(150):
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4), (2, 5), (4, 3)])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        k = rng.randint(2, 4)
        grid = [[0] * cols for _ in range(rows)]
        for n, (r, c) in enumerate(rng.sample(cells, k), start=1):
            grid[r][c] = n
        edges = [((r, c), (r, c + 1)) for r, c in cells if c + 1 < cols]
        edges += [((r, c), (r + 1, c)) for r, c in cells if r + 1 < rows]
        walls = rng.sample(edges, rng.randint(0, 3))
        level = ZipLevel(rows, cols, tuple(map(tuple, grid)), tuple(walls))
        brute = _brute(level)
        assert search.solutions(level, 1000) == brute or sorted(
            search.solutions(level, 1000)
        ) == sorted(brute)
        assert len(search.solutions(level, 2)) == min(2, len(brute))


def test_tiny_and_impossible_levels() -> None:
    assert search.solutions(ZipLevel(1, 1, ((1,),)), 2) == [((0, 0),)]
    assert search.solutions(ZipLevel(1, 2, ((1, 0),)), 2) == []  # K = 1 on two cells
    assert search.solutions(ZipLevel(2, 2, ((1, 0), (0, 2))), 2) == []  # parity
    open_6 = ZipLevel(6, 6, ((1,) + (0,) * 5, *[(0,) * 6] * 4, (0,) * 4 + (2, 0)))
    assert len(search.solutions(open_6, 2)) == 2
    with pytest.raises(search.SearchBudgetExceeded):
        search.solutions(open_6, 2, budget=3)


def test_cpsat_model_agrees_with_the_search() -> None:
    from queens_tui.solver import zip as cpsat

    for day in linkedin_days()[:6]:
        level = fmt.level_from_json(day)
        assert cpsat.solutions(level, 2) == search.solutions(level, 2)
        sol = cpsat.solutions(level, 1)[0]
        assert cpsat.completable(level, sol[:12])
        assert not cpsat.completable(level, (*sol[:5], sol[7]))  # not a step
    level = ZipLevel(3, 3, ((1, 0, 0), (0, 0, 0), (0, 0, 2)))
    assert sorted(cpsat.solutions(level, 10)) == sorted(search.solutions(level, 10))
    assert list(itertools.islice(search.solutions(level, 10), 1))


def test_a_path_prefix_is_kept_or_refused() -> None:
    for day in linkedin_days()[:5]:
        level = fmt.level_from_json(day)
        sol = tuple(tuple(c) for c in day["solution"])
        for k in (1, 7, len(sol)):
            assert search.solutions(level, 2, prefix=sol[:k]) == [sol]
        k, wrong = next(
            (k, n)
            for k in range(1, len(sol) - 1)
            for n in level.open_neighbours(sol[k])
            if n not in sol[: k + 2] and not level.number_at(n)
        )
        assert search.solutions(level, 2, prefix=(*sol[: k + 1], wrong)) == []
        assert search.solutions(level, 2, prefix=(sol[1],)) == []  # not from 1
    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    open_6 = ZipLevel(6, 6, ((1,) + (0,) * 5, *[(0,) * 6] * 4, (0,) * 4 + (2, 0)))
    with pytest.raises(search.SearchBudgetExceeded):
        search.solutions(open_6, 1000, stop=stop)
    assert calls


def test_daily_week_and_walls_from_the_seed() -> None:
    from queens_tui.kinds.zip import generate as gen

    spec = get_kind("zip").daily
    assert spec is not None and [size for size, _ in spec.week] == [6, 6, 7, 7, 7, 8, 8]
    with_walls = [bool(gen.generate(6, f"d{i}").walls) for i in range(6)]
    assert any(with_walls) and not all(with_walls)
