"""Solutions found once: a kind's rules prove the one solution, and a search is not repeated.

`grade` asks a level's solutions several times (the command counts them, the grade checks
uniqueness); Tango's and Zip's rules, when they fill the grid alone, prove its only
solution without the search (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import Any

import pytest

from queens_tui.core import kind as core_kind
from queens_tui.core.kind import remember, remembered
from queens_tui.formats import load_puzzle
from queens_tui.kinds import get_kind
from queens_tui.kinds.tango import deduce as tango_deduce
from queens_tui.kinds.tango import search as tango_search
from queens_tui.kinds.tango.level import Level
from queens_tui.kinds.zip import search as zip_search
from tests.conftest import REPO


class Counting:
    """A fake search that counts its calls and finds `found`."""

    def __init__(self, found: Sequence[Any]) -> None:
        self.found, self.calls = list(found), 0

    def __call__(self, limit: int) -> list[Any]:
        self.calls += 1
        return self.found[:limit]


def test_a_search_is_not_repeated_and_a_larger_limit_serves_a_smaller() -> None:
    search = Counting(["a", "b", "c"])
    level = ("level", 1)
    assert remembered(level, 2, search) == ["a", "b"]
    assert remembered(level, 2, search) == ["a", "b"]
    assert remembered(level, 1, search) == ["a"]
    assert search.calls == 1
    assert remembered(level, 3, search) == ["a", "b", "c"]  # 2 found of 2 asked: maybe more
    assert search.calls == 2


def test_fewer_found_than_asked_is_all_there_are() -> None:
    search = Counting(["only"])
    level = ("level", 2)
    assert remembered(level, 2, search) == ["only"]
    assert remembered(level, 5, search) == ["only"]
    assert search.calls == 1


def test_an_unhashable_level_is_searched_every_time() -> None:
    search = Counting(["a"])
    level = ["not", "hashable"]
    assert remembered(level, 1, search) == remembered(level, 1, search) == ["a"]
    assert search.calls == 2
    remember(level, ["a"], 2)  # nothing kept, no error


def test_only_the_last_few_levels_are_kept() -> None:
    for k in range(3 * core_kind._FOUND_KEEP):
        remembered(("many", k), 1, Counting([k]))
    assert len(core_kind._FOUND) <= core_kind._FOUND_KEEP


def tango(rows: list[str]) -> Level:
    grid = tuple(tuple(None if ch == "." else int(ch) for ch in row) for row in rows)
    return Level(grid)


@pytest.mark.slow  # 9 s at load 12 on 2 cores: run by `pytest -m slow`
def test_tango_rules_prove_the_one_solution_the_search_finds() -> None:
    levels = [load_puzzle(p) for p in sorted((REPO / "levels").glob("tango-*/*.txt"))]
    assert levels
    for level in levels:
        proven = tango_deduce.proven_solution(level)
        assert proven is not None
        assert list(islice(tango_search.solutions(level), 2)) == [proven]


def test_tango_rules_prove_nothing_for_several_solutions_or_none() -> None:
    assert tango_deduce.proven_solution(tango(["......"] * 6)) is None
    broken = tango(["111...", "......"] * 3)
    assert tango_deduce.proven_solution(broken) is None
    assert get_kind("tango").solutions(broken, 2) == []
    with pytest.raises(ValueError, match="no solution"):
        tango_deduce.solve_logically(broken)
    assert len(get_kind("tango").solutions(tango(["......"] * 6), 2)) == 2


def test_a_zip_level_the_rules_finish_is_counted_without_the_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kind = get_kind("zip")
    level = load_puzzle(REPO / "levels" / "zip-3-8x8" / "020.txt")
    expected = zip_search.solutions(level, 2)
    assert len(expected) == 1
    core_kind._FOUND.clear()

    def no_search(*args: object, **kwargs: object) -> list[Any]:
        raise AssertionError("the search ran")

    monkeypatch.setattr(zip_search, "solutions", no_search)
    assert kind.count_solutions(level, 2) == 1
    assert kind.solutions(level, 2) == expected
    assert kind.grade(level).unique
