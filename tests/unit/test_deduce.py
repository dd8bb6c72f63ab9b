"""The deduction engine: each rule on a small hand-made board, and soundness.

A hint is only worth giving if it is true, so besides pinning each rule to a
board where it is the simplest step, these tests check every step `explain`
takes against the exact search: on unique levels (the corpus and random
ones) every queen it places is in the solution and every cross is not; on
levels with several solutions, no step claims what only some solutions share.
"""

from __future__ import annotations

import random
from itertools import islice

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from queens_tui.core.grid import Cell
from queens_tui.kinds.queens import deduce, search
from queens_tui.kinds.queens.board import Board
from queens_tui.kinds.queens.deduce import Mistake, Step
from queens_tui.kinds.queens.level import Level


def make(
    rows: list[str], queens: list[Cell] | tuple[Cell, ...] = (), crosses: list[Cell] = ()
) -> Board:
    """A board of a hand-made level with some queens and manual crosses."""
    return Board(Level.from_rows(rows), frozenset(queens), frozenset(crosses))


def step_on(rows: list[str], queens: list[Cell] = (), crosses: list[Cell] = ()) -> Step:
    step = deduce.next_step(make(rows, queens, crosses))
    assert step is not None
    return step


def random_level(rng: random.Random, n: int) -> Level:
    """N regions grown by random flood fill from N random seed cells."""
    grid = [[-1] * n for _ in range(n)]
    frontier = []
    for g, s in enumerate(rng.sample(range(n * n), n)):
        r, c = divmod(s, n)
        grid[r][c] = g
        frontier.append((r, c))
    left = n * n - n
    while left:
        r, c = rng.choice(frontier)
        free = [
            (r + dr, c + dc)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < n and 0 <= c + dc < n and grid[r + dr][c + dc] < 0
        ]
        if not free:
            frontier.remove((r, c))
            continue
        rr, cc = rng.choice(free)
        grid[rr][cc] = grid[r][c]
        frontier.append((rr, cc))
        left -= 1
    return Level.from_rows([[chr(65 + g) for g in row] for row in grid])


def assert_sound(level: Level, steps: list[Step], solutions: list[tuple[Cell, ...]]) -> None:
    """Every non-solver step holds in every solution: its queens in all, its crosses in none."""
    assert solutions
    for k, step in enumerate(steps, start=1):
        assert step.place or step.cross, f"step {k} does nothing"
        if step.rule == "solver":
            assert k == len(steps)
            continue
        for sol in solutions:
            assert set(step.place) <= set(sol), f"step {k} ({step.rule}) places a wrong queen"
            assert not set(step.cross) & set(sol), f"step {k} ({step.rule}) crosses a queen"


# --------------------------------------------------------------------------- each rule


def test_last_cell_row() -> None:
    rows = ["AAAEC", "DBACC", "BBACC", "BBBCC", "BBBCC"]
    step = step_on(rows, queens=[(0, 3), (2, 2)])
    assert step == Step(
        rule="last_cell_row",
        place=((1, 0),),
        cells=tuple((1, c) for c in range(5)),
        text="Row 2 has one free cell left, at column 1: its queen goes there.",
    )


def test_last_cell_column() -> None:
    step = step_on(["BEEEE", "BBEEE", "DDDDC", "DDDDC", "ADDCC"], queens=[(1, 1), (4, 0)])
    assert step.rule == "last_cell_column"
    assert step.place == ((3, 2),)
    assert step.cross == ()
    assert step.text == "Column 3 has one free cell left, at row 4: its queen goes there."


def test_last_cell_region_single_cell() -> None:
    step = step_on(["AAAEC", "DBACC", "BBACC", "BBBCC", "BBBCC"])
    assert step.rule == "last_cell_region"
    assert step.place == ((0, 3),)
    assert step.cells == ((0, 3),)
    assert step.text == "Region E is a single cell, at row 1, column 4: its queen goes there."


def test_last_cell_region_after_a_queen() -> None:
    # the queen in E rules out row 1 and its neighbours, leaving region A one cell
    step = step_on(["AAAEC", "DBACC", "BBACC", "BBBCC", "BBBCC"], queens=[(0, 3)])
    assert step.rule == "last_cell_region"
    assert step.place == ((2, 2),)
    assert step.text == (
        "Region A has one free cell left, at row 3, column 3: its queen goes there."
    )


def test_confinement_region_row_whole_region() -> None:
    step = step_on(["AAAAB", "BBBBB", "CCDDD", "CCEED", "CCEED"])
    assert step == Step(
        rule="confinement_region_row",
        cross=((0, 4),),
        cells=((0, 0), (0, 1), (0, 2), (0, 3)),
        text=(
            "Region A lies entirely in row 1, so no other region can use row 1: "
            "cross out the rest of that row."
        ),
    )


def test_confinement_region_row_free_cells_only() -> None:
    step = step_on(["DDDDC", "DDEEC", "BBEEE", "BBEEE", "BBEAA"], crosses=[(1, 0), (1, 1)])
    assert step.rule == "confinement_region_row"
    assert step.cross == ((0, 4),)
    assert step.text.startswith("Every free cell of region D lies in row 1")


def test_confinement_region_column() -> None:
    step = step_on(["CEEEE", "CEBDD", "CABDD", "AAAAD", "AAAAD"])
    assert step.rule == "confinement_region_column"
    assert step.cross == ((3, 0), (4, 0))
    assert "Region C lies entirely in column 1" in step.text


def test_confinement_row_region() -> None:
    step = step_on(["CCCCC", "CDDDC", "ADABB", "AAAEB", "AAAEE"])
    assert step.rule == "confinement_row_region"
    assert step.cross == ((1, 0), (1, 4))
    assert step.text == (
        "Every free cell of row 1 lies in region C, so region C's queen is in row 1: "
        "cross out the rest of region C."
    )


def test_confinement_column_region() -> None:
    step = step_on(["ACCEE", "AACDE", "AADDB", "AAABB", "AAABB"])
    assert step.rule == "confinement_column_region"
    assert step.cross == ((1, 1), (2, 1), (3, 1), (3, 2), (4, 1), (4, 2))


def test_pigeonhole_regions_rows() -> None:
    step = step_on(["BBEEE", "BBEEE", "DDDEE", "DACCC", "AACCC"])
    assert step.rule == "pigeonhole_regions_rows"
    assert step.cross == ((3, 0),)
    assert step.group == 2
    assert step.text == (
        "The free cells of regions A and C all lie in rows 4 and 5, so those two rows hold "
        "their two queens: cross out every other cell of rows 4 and 5."
    )


def test_pigeonhole_regions_columns() -> None:
    step = step_on(["BBDDD", "EBDDD", "EEAAD", "AAAAD", "CCCCC"])
    assert step.rule == "pigeonhole_regions_columns"
    assert step.cross == ((3, 0), (3, 1), (4, 0), (4, 1))
    assert "regions B and E all lie in columns 1 and 2" in step.text


def test_pigeonhole_rows_regions() -> None:
    step = step_on(["AABBBB", "AABBBB", "ACCCDB", "ECCDDF", "EEEDFF", "EEEFFF"])
    assert step.rule == "pigeonhole_rows_regions"
    assert step.cross == ((2, 0), (2, 5))
    assert step.text == (
        "The free cells of rows 1 and 2 all lie in regions A and B, so those two regions "
        "have their queens in rows 1 and 2: cross out the rest of regions A and B."
    )


def test_pigeonhole_columns_regions() -> None:
    step = step_on(["BBBBB", "AACCC", "AAEEC", "AAAED", "AAADD"])
    assert step.rule == "pigeonhole_columns_regions"
    assert step.cross == ((0, 2), (0, 3), (0, 4), (3, 2), (4, 2))


def test_pigeonhole_of_three_counts_as_hard() -> None:
    crosses = [(0, 0), (1, 0), (2, 0), (2, 1), (3, 0), (3, 1), (4, 1), (5, 1)]
    step = step_on(["ADAEEE", "ADAEEE", "AAAAEE", "AAFBBE", "CFFFBB", "CFFFFF"], crosses=crosses)
    assert step.rule == "pigeonhole_regions_rows"
    assert step.group == 3
    assert step.cross == ((3, 5),)
    assert step.tier == 3
    assert "regions B, C and F all lie in rows 4, 5 and 6" in step.text


def test_common_attack() -> None:
    step = step_on(["BBBBB", "AAAEE", "CCAEE", "DCCCE", "DDEEE"])
    assert step.rule == "common_attack"
    assert step.cross == ((1, 3), (2, 1))
    assert step.cells == ((1, 0), (1, 1), (1, 2), (2, 2))
    assert step.text.startswith(
        "Every free cell of region A rules out the cells at row 2, column 4; row 3, column 2"
    )


def test_probe_depth1() -> None:
    crosses = [(0, 1), (1, 1), (1, 2), (1, 3), (2, 0), (2, 2), (4, 0), (5, 0), (5, 2)]
    step = step_on(
        ["EDDFFF", "EDDDFF", "DDAFFF", "DDACCB", "AAAACC", "ACCCCC"],
        queens=[(3, 5)],
        crosses=crosses,
    )
    assert step.rule == "probe_depth1"
    assert step.cross == ((0, 3),)
    assert step.place == ()
    assert step.text == (
        "A queen at row 1, column 4 would force a queen at row 2, column 1 (the last free "
        "cell of its line), and then row 3 would have no free cell left: cross it out."
    )


def test_probe_depth2() -> None:
    rows = ["CCCBB", "ACCEB", "AADEB", "AADEB", "DDDEB"]
    board = make(rows, crosses=[(0, 3), (2, 4), (3, 1)])
    step = deduce.next_step(board)
    assert step is not None
    assert step.rule == "probe_depth2"
    assert step.cross == ((1, 0),)
    assert "would force queens at row 1, column 3; row 4, column 5; row 5, column 2" in step.text
    # several solutions remain, and the probed cell is in none of them
    sols = list(search.solutions(board.level, forbidden=board.crosses))
    assert len(sols) >= 2
    assert all((1, 0) not in sol for sol in sols)


def test_no_step_on_a_solved_board() -> None:
    level = Level.from_rows(["BBEEE", "BBEEE", "DDDEE", "DACCC", "AACCC"])
    sol = search.first(level)
    assert sol is not None
    assert deduce.next_step(Board(level, frozenset(sol))) is None
    assert deduce.hint(Board(level, frozenset(sol))) is None


def test_step_move_and_apply() -> None:
    board = make(["AAAAB", "BBBBB", "CCDDD", "CCEED", "CCEED"])
    step = deduce.next_step(board)
    assert step is not None
    after = step.apply(board)
    assert after.crosses == frozenset({(0, 4)})
    place = Step(rule="last_cell_row", place=((2, 0),))
    assert place.apply(board).queens == frozenset({(2, 0)})


def test_cell_wording_is_one_based() -> None:
    assert deduce.cell_name((0, 0)) == "row 1, column 1"
    assert deduce.cell_name((3, 1)) == "row 4, column 2"


# --------------------------------------------------------------------------- whole solutions


def test_solve_logically_easy_level() -> None:
    rows = ["AABBBCCC", "ADBDBECC", "ADBDBCCC", "ADDDBFGC"]
    rows += ["ADDDBFGG", "ADHDBFGG", "HDHDBFFG", "HHHHGGGG"]
    level = Level.from_rows(rows)
    steps = deduce.solve_logically(level)
    assert [s.rule for s in steps][:3] == [
        "last_cell_region",
        "last_cell_region",
        "confinement_region_column",
    ]
    placed = {c for s in steps for c in s.place}
    assert placed == set(search.first(level) or ())
    assert deduce.grade(level) == "easy"


def test_solve_logically_rejects_an_unsolvable_level() -> None:
    with pytest.raises(ValueError, match="no solution"):
        deduce.solve_logically(Level.from_rows(["AAB", "ACB", "CCB"]))


def test_multi_solution_level_claims_only_forced_steps() -> None:
    level = Level.from_rows(["AABBB", "AABBB", "CCDDB", "CCDEE", "CCDEE"])
    sols = list(search.solutions(level))
    assert len(sols) > 1
    steps = deduce.solve_logically(level)
    assert steps[-1].rule == "solver"
    assert "more than one solution" in steps[-1].text
    assert_sound(level, steps, sols)
    # the solver step completes one real solution
    queens = {c for s in steps for c in s.place}
    assert tuple(sorted(queens)) in sols


def _unique_level(seed: int, n: int) -> Level | None:
    rng = random.Random(seed)
    for _ in range(400):
        candidate = random_level(rng, n)
        if search.count(candidate, limit=2) == 1:
            return candidate
    return None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(5, 7))
def test_steps_agree_with_the_solution_on_random_unique_levels(seed: int, n: int) -> None:
    level = _unique_level(seed, n)
    assume(level is not None)
    assert level is not None
    sol = search.first(level)
    assert sol is not None
    steps = deduce.solve_logically(level)
    assert_sound(level, steps, [sol])
    assert {c for s in steps for c in s.place} == set(sol)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 6))
def test_steps_hold_in_every_solution_on_random_multi_solution_levels(seed: int, n: int) -> None:
    rng = random.Random(seed)
    level = None
    for _ in range(200):
        candidate = random_level(rng, n)
        if search.count(candidate, limit=2) == 2:
            level = candidate
            break
    assume(level is not None)
    assert level is not None
    sols = list(islice(search.solutions(level), 500))
    assert_sound(level, deduce.solve_logically(level), sols)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(5, 7), data=st.data())
def test_hints_from_any_sound_position_agree_with_the_solution(
    seed: int, n: int, data: st.DataObject
) -> None:
    """Players reach positions explain never does: random correct queens and crosses."""
    level = _unique_level(seed, n)
    assume(level is not None)
    assert level is not None
    sol = search.first(level) or ()
    others = [(r, c) for r in range(n) for c in range(n) if (r, c) not in sol]
    queens = data.draw(st.sets(st.sampled_from(sol), max_size=n - 1))
    crosses = data.draw(st.sets(st.sampled_from(others), max_size=len(others)))
    board = Board(level, frozenset(queens), frozenset(crosses))
    assert deduce.first_error(board) is None
    steps = []
    while (step := deduce.hint(board)) is not None:
        assert isinstance(step, Step)
        steps.append(step)
        board = step.apply(board)
    assert board.is_solved
    assert set(board.queens) == set(sol)
    assert_sound(level, steps, [sol])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(5, 7), data=st.data())
def test_a_wrong_queen_is_reported_before_any_hint(seed: int, n: int, data: st.DataObject) -> None:
    level = _unique_level(seed, n)
    assume(level is not None)
    assert level is not None
    sol = set(search.first(level) or ())
    wrong = data.draw(st.sampled_from([(r, c) for r in range(n) for c in range(n)]))
    assume(wrong not in sol)
    mistake = deduce.hint(Board(level, frozenset({wrong})))
    assert isinstance(mistake, Mistake)
    assert mistake.queens == (wrong,)


@pytest.mark.slow  # 644 corpus levels solved step by step
def test_corpus_levels_solved_by_rules_alone_and_soundly(corpus: list[dict]) -> None:
    levels = [
        (item["id"], Level.from_rows(item["regions"]))
        for item in corpus
        if item["kind"] in ("official", "bonus")
    ]
    assert len(levels) == 644
    for ident, level in levels:
        sol = search.first(level)
        assert sol is not None, ident
        steps = deduce.solve_logically(level)
        assert steps[-1].rule != "solver", ident
        assert_sound(level, steps, [sol])


# --------------------------------------------------------------------------- mistakes and hints

UNIQUE = ["BBEEE", "BBEEE", "DDDEE", "DACCC", "AACCC"]


def test_first_error_none_on_a_sound_board() -> None:
    level = Level.from_rows(UNIQUE)
    sol = search.first(level)
    assert sol is not None
    assert deduce.first_error(Board(level)) is None
    assert deduce.first_error(Board(level, frozenset(sol[:2]))) is None


def test_first_error_names_a_queen_in_no_solution() -> None:
    level = Level.from_rows(UNIQUE)
    sol = set(search.first(level) or ())
    wrong = next((r, c) for r in range(5) for c in range(5) if (r, c) not in sol)
    mistake = deduce.first_error(Board(level, frozenset({wrong})))
    assert isinstance(mistake, Mistake)
    assert mistake.queens == (wrong,)
    assert mistake.crosses == ()
    assert mistake.text.startswith("The queen at") and " is a mistake: " in mistake.text
    assert deduce.hint(Board(level, frozenset({wrong}))) == mistake


def test_first_error_names_a_cross_on_a_needed_cell() -> None:
    level = Level.from_rows(UNIQUE)
    needed = (search.first(level) or ())[0]
    mistake = deduce.first_error(Board(level, crosses=frozenset({needed})))
    assert mistake is not None
    assert mistake.crosses == (needed,)
    assert mistake.text.startswith("The cross at")
    assert "needs a queen" not in mistake.text  # `m` never says where a queen goes


def test_a_mistake_names_the_line_it_empties_and_never_a_queen_s_place() -> None:
    """Issue 28 item 6: not just "is in no solution": the row, column or region left with
    no place for its queen, tinted as the evidence."""
    from queens_tui.kinds.queens.play import mistake_hint
    from tests.conftest import EXAMPLE_8, SOLUTION_8

    level = Level.from_rows(EXAMPLE_8.split())
    solution = {(r, c) for r, c in enumerate(SOLUTION_8)}
    mistake = deduce.first_error(Board(level, frozenset({(0, 1)})))
    assert mistake is not None and "region C can no longer hold a queen" in mistake.text
    region_c = set(level.region_cells[level.labels.index("C")])
    assert set(mistake.emptied) == region_c
    marks = mistake_hint(mistake).marks
    assert marks[(0, 1)] == "mistake" and all(marks[c] == "evidence" for c in region_c)
    named = 0
    for cell in sorted(solution):
        for board in (Board(level, crosses=frozenset({cell})),):
            found = deduce.first_error(board)
            assert found is not None and "queen at" not in found.text
            named += "can no longer hold a queen" in found.text
    for r in range(8):
        for c in range(8):
            if (r, c) not in solution:
                found = deduce.first_error(Board(level, frozenset({(r, c)})))
                assert found is not None
                named += "can no longer hold a queen" in found.text
    assert named >= 40  # most mistakes on this level are explained by one emptied line


def test_first_error_conflicting_queens() -> None:
    level = Level.from_rows(UNIQUE)
    mistake = deduce.first_error(Board(level, frozenset({(0, 0), (0, 3)})))
    assert mistake is not None
    assert mistake.queens == ((0, 0), (0, 3))
    assert mistake.cells == ((0, 0), (0, 3))


def test_first_error_marks_that_only_clash_together() -> None:
    level = Level.from_rows(["AABBB", "AABBB", "CCDDB", "CCDEE", "CCDEE"])
    sols = [set(s) for s in search.solutions(level)]
    pair = next(
        (a, b)
        for s1 in sols
        for s2 in sols
        for a in s1
        for b in s2
        if a not in s2
        and b not in s1
        and not any({a, b} <= s for s in sols)
        and a[0] != b[0]
        and a[1] != b[1]
        and level.region(a) != level.region(b)
        and max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1
    )
    mistake = deduce.first_error(Board(level, frozenset(pair)))
    assert mistake is not None
    assert set(mistake.queens) == set(pair)
    assert "no solution has all of" in mistake.text


def test_hint_falls_back_to_the_solver_and_says_so() -> None:
    level = Level.from_rows(["AABBB", "AABBB", "CCDDB", "CCDEE", "CCDEE"])
    board = Board(level)
    while (step := deduce.next_step(board)) is not None:
        board = step.apply(board)
    hint = deduce.hint(board)
    assert isinstance(hint, Step)
    assert hint.rule == "solver"
    assert len(hint.place) == 1
    assert "several solutions remain" in hint.text
    assert any(set(hint.place) <= set(s) for s in search.solutions(level))


def test_hint_gives_the_simplest_rule_first() -> None:
    hint = deduce.hint(make(["AAAAB", "BBBBB", "CCDDD", "CCEED", "CCEED"]))
    assert isinstance(hint, Step)
    assert hint.rule == "confinement_region_row"


# --------------------------------------------------------------------------- grading


def _steps(*rules: str, group: int = 1) -> list[Step]:
    return [Step(rule=r, cross=((0, 0),), group=group) for r in rules]


def test_grade_thresholds() -> None:
    assert deduce.grade_steps(_steps("last_cell_row", "confinement_row_region")).difficulty == (
        "easy"
    )
    medium = _steps("last_cell_row", *["common_attack"] * (deduce.HARD_AFTER - 1))
    assert deduce.grade_steps(medium).difficulty == "medium"
    many = _steps(*["common_attack"] * deduce.HARD_AFTER)
    assert deduce.grade_steps(many).difficulty == "hard"
    assert deduce.grade_steps(_steps("probe_depth1")).difficulty == "hard"
    big = _steps(*["pigeonhole_regions_rows"] * deduce.EXPERT_AFTER, group=3)
    assert deduce.grade_steps(big).difficulty == "expert"
    assert deduce.grade_steps(_steps("common_attack", "probe_depth2")).difficulty == "expert"
    g = deduce.grade_steps(_steps("last_cell_row", "solver"))
    assert (g.difficulty, g.hardest_rule, g.steps) == ("expert", "solver", 2)
    assert g.rules == {"last_cell_row": 1, "solver": 1}


def test_every_rule_has_a_tier() -> None:
    for rule in ("last_cell_row", "common_attack", "probe_depth1", "probe_depth2", "solver"):
        assert rule in deduce.RULE_TIERS
    assert set(deduce.DIFFICULTIES) == {"easy", "medium", "hard", "expert"}


LEVEL_360 = [
    "AAFCBHEG",
    "CFEEEDAC",
    "HCDCBEBG",
    "EEFEGBHG",
    "DACFCHBF",
    "GHCBGBGH",
    "FFGAFBDH",
    "DDHDDAAA",
]
"""Community level 360 (regions in scattered pieces): the one corpus level the rules up to
depth-2 probes could not finish."""


def test_nested_probe_finishes_community_level_360() -> None:
    level = Level.from_rows(LEVEL_360)
    steps = deduce.solve_logically(level)
    assert all(s.rule != "solver" for s in steps)
    nested = [s for s in steps if s.rule == "probe_depth3"]
    assert len(nested) == 1
    (cell,) = nested[0].cross
    assert cell not in search.first(level)  # type: ignore[operator]
    assert "cross" in nested[0].text and deduce.cell_name(cell) in nested[0].text
    assert deduce.grade_steps(steps).difficulty == "expert"


def test_solve_logically_is_cancelled_and_its_rules_bounded() -> None:
    class Flag:
        def is_set(self) -> bool:
            return True

    level = Level.from_rows(LEVEL_360)
    with pytest.raises(search.Cancelled):
        deduce.solve_logically(level, cancel=Flag())
    # The rules' own budget spent at once: the solver completes the board in one step.
    steps = deduce.solve_logically(level, rules=Flag())
    assert [s.rule for s in steps] == ["solver"] and len(steps[0].place) == 8
