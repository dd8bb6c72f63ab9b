"""The Tango deduction engine: each rule alone, the sentences, grading, LinkedIn's levels."""

from __future__ import annotations

import json

import pytest

from queens_tui.formats import tango as fmt
from queens_tui.kinds.tango import deduce, generate, search
from queens_tui.kinds.tango.deduce import EMPTY as E
from queens_tui.kinds.tango.level import MOON, SUN, Level

S, M = SUN, MOON


@pytest.mark.parametrize(
    ("rule", "values", "signs", "place"),
    [
        ("sign", (S, E, E, E, E, E), ((0, "="),), ((1, S),)),
        ("sign", (E, M, E, E, E, E), ((0, "x"),), ((0, S),)),
        ("pair", (E, S, S, E, E, E), (), ((0, M), (3, M))),
        ("gap", (M, E, M, E, E, E), (), ((1, S),)),
        ("half", (S, E, S, M, S, E), (), ((1, M), (5, M))),
        ("sign_three", (S, E, E, E, E, E), ((1, "="),), ((1, M), (2, M))),
        ("sign_three", (E, E, E, E, E, M), ((3, "="),), ((3, S), (4, S))),
        ("sign_quota", (S, E, E, E, M, S), ((1, "x"),), ((3, M),)),
        ("sign_quota", (S, E, E, M, E, S), ((1, "="),), ((1, M), (2, M))),
        ("line", (E, E, E, M, S, S), (), ((0, M),)),
        ("line", (M, E, E, E, E, E), ((2, "="),), ((5, S),)),
    ],
)
def test_each_line_rule(rule: str, values: tuple, signs: tuple, place: tuple) -> None:
    match = deduce.LINE_RULES[rule](values, signs)
    assert match is not None and match.rule == rule
    assert match.place == place


def test_line_rules_say_nothing_when_nothing_follows() -> None:
    values = (E, S, E, M, E, E)
    for rule in ("sign", "pair", "gap", "half", "sign_three", "sign_quota", "line"):
        assert deduce.LINE_RULES[rule](values, ()) is None


def test_the_line_rule_is_needed_where_the_simple_rules_stop() -> None:
    values = (E, E, E, M, S, S)
    assert deduce.closure(values, (), 2) == values  # tiers 1-2 see nothing
    assert deduce.closure(values, (), 3) == (M, E, E, M, S, S)
    assert deduce.closure((S, S, S, E, E, E), (), 3) is None  # a broken line


def tango(rows: list[str], equal: list = (), opposite: list = ()) -> Level:  # type: ignore[assignment]
    return Level.from_rows(rows, equal=equal, opposite=opposite)


def test_steps_name_cells_one_based_and_place_symbols() -> None:
    level = tango(["11....", "......", "......", "......", "......", "......"])
    step = deduce.next_step(level, level.givens)
    assert step is not None and step.rule == "pair"
    assert step.place == ((0, 2, MOON),)
    assert step.text == (
        "Row 1, column 1 and row 1, column 2 are both suns, so row 1, column 3 beside them "
        "is a moon (no three alike)."
    )
    assert step.as_json() == {"rule": "pair", "place": [[0, 2, 0]], "text": step.text}
    signed = tango(["1.....", "......"] * 3, equal=[((0, 0), (1, 0))])
    step = deduce.next_step(signed, signed.givens)
    assert step is not None and step.rule == "sign"
    assert step.text == (
        "The = sign between row 1, column 1 and row 2, column 1: row 1, column 1 is a sun, "
        "so row 2, column 1 is a sun too."
    )


def test_probe_is_the_last_tier_and_finishes_an_expert_level() -> None:
    level = generate.generate(6, "probe-test", "expert")
    steps = deduce.solve_logically(level)
    assert "probe" in {s.rule for s in steps} and steps[-1].rule != "solver"
    probe = next(s for s in steps if s.rule == "probe")
    assert probe.text.startswith("If r") and "could not be finished" in probe.text
    assert deduce.grade_steps(steps).difficulty == "expert"
    assert not deduce.engine(level).solved_by(3) and deduce.engine(level).solved_by(4)


def test_several_solutions_end_with_a_solver_step() -> None:
    level = tango(["......"] * 6)
    steps = deduce.solve_logically(level)
    assert steps[-1].rule == "solver" and "more than one solution" in steps[-1].text
    grade = deduce.grade_steps(steps)
    assert grade.difficulty is None and not grade.rules_alone
    assert deduce.hardest_tier(level) is None


def test_no_solution_raises() -> None:
    with pytest.raises(ValueError, match="no solution"):
        deduce.solve_logically(tango(["111...", "......"] * 3))


def test_linkedin_levels_solve_to_their_solution_and_by_rules_alone(
    tango_corpus: list[dict],
) -> None:
    tiers = {}
    for data in tango_corpus:
        level = fmt.parse(json.dumps(data))
        solution = tuple(tuple(int(ch) for ch in row) for row in data["solution"])
        assert list(search.solutions(level)) == [solution], data["name"]
        tiers[data["name"]] = deduce.hardest_tier(level)
    assert None not in tiers.values()  # 200 of 200 finished by named rules
    assert sorted(set(tiers.values())) == [1, 2, 3, 4]


def test_explain_steps_rebuild_the_solution(tango_corpus: list[dict]) -> None:
    for data in tango_corpus[::10]:  # every level: tests/benchmarks/test_bench_tango.py
        level = fmt.parse(json.dumps(data))
        steps = deduce.solve_logically(level)
        assert steps[-1].rule != "solver"
        grid = [list(row) for row in level.givens]
        for step in steps:
            for r, c, v in step.place:
                assert grid[r][c] is None
                grid[r][c] = v
        assert ["".join(str(v) for v in row) for row in grid] == data["solution"]
        tier = deduce.hardest_tier(level)
        assert (
            tier is not None
            and deduce.grade_steps(steps).difficulty == deduce.DIFFICULTIES[tier - 1]
        )
