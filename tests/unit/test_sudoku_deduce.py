"""Mini Sudoku's deduction engine: each rule on a grid made for it, sound steps, grades, texts."""

from __future__ import annotations

import json
from pathlib import Path

from queens_tui.formats.sudoku import parse
from queens_tui.kinds.sudoku import deduce, search
from queens_tui.kinds.sudoku.deduce import Grid
from queens_tui.kinds.sudoku.level import Level
from tests.unit.sudoku_data import LEVEL_1, archive_days

FULL = 0b111111
REPO = Path(__file__).resolve().parents[2]


def bit(*ds: int) -> int:
    return sum(1 << (d - 1) for d in ds)


def open_grid(**cands: int) -> Grid:
    """An empty grid where every cell may hold anything but the cells named `r<r>c<c>`
    (1-based), whose candidates are given."""
    cand = [FULL] * 36
    for key, mask in cands.items():
        r, c = int(key[1]) - 1, int(key[3]) - 1
        cand[r * 6 + c] = mask
    return Grid([0] * 36, cand)


def test_naked_single_names_the_cell_and_says_why() -> None:
    rows = ["12345.", *["......"] * 5]
    step = deduce.naked_single(Grid.of(Level.from_rows(rows).givens))
    assert step is not None and step.place == ((0, 5, 6),) and step.tier == 3
    assert step.text.startswith("Row 1, column 6 can only be 6: every other digit is already")


def test_hidden_single_in_a_box_is_easy_in_a_row_medium() -> None:
    # row 1 has its 1 (column 5), columns 2 and 3 theirs lower down: in the first box,
    # 1 fits only in row 2, column 1
    level = Level.from_rows(["....1.", "......", ".1....", "......", "..1...", "......"])
    step = deduce.hidden_single(Grid.of(level.givens))
    assert step is not None and step.place == ((1, 0, 1),) and step.tier == 1
    assert "1 has only one place in the box of rows 1-2, columns 1-3: row 2, column 1" in step.text
    g = open_grid(r1c1=bit(1, 2), **{f"r1c{c}": bit(2, 3, 4, 5, 6) for c in range(2, 7)})
    line = deduce.hidden_single_line(g)
    assert line is not None and line.place == ((0, 0, 1),) and line.tier == 2
    assert "1 has only one place in row 1: row 1, column 1" in line.text


def test_naked_pair_clears_the_rest_of_its_unit() -> None:
    step = deduce.naked_pair(open_grid(r1c1=bit(3, 5), r1c2=bit(3, 5)))
    assert step is not None and step.rule == "naked_pair" and not step.place
    assert set(step.eliminate) == {
        (r, c, d) for r, c in ((0, 2), (1, 0), (1, 1), (1, 2)) for d in (3, 5)
    }
    assert step.text.startswith("Row 1, column 1 and row 1, column 2 can only hold 3 and 5")


def test_hidden_pair_clears_the_pair_cells() -> None:
    others = {f"r{r}c{c}": bit(3, 4, 5, 6) for r in (1, 2) for c in (1, 2, 3)}
    others.update(r1c1=FULL, r1c2=FULL)
    step = deduce.hidden_pair(open_grid(**others))
    assert step is not None and step.rule == "hidden_pair"
    assert set(step.eliminate) == {(0, c, d) for c in (0, 1) for d in (3, 4, 5, 6)}
    assert "1 and 2 fit only in row 1, column 1 and row 1, column 2" in step.text


def test_pointing_clears_the_line_outside_the_box() -> None:
    # in the first box, 4 fits only in row 1: the rest of row 1 loses it
    g = open_grid(**{f"r2c{c}": bit(1, 2, 3, 5, 6) for c in (1, 2, 3)})
    step = deduce.pointing(g)
    assert step is not None and set(step.eliminate) == {(0, c, 4) for c in (3, 4, 5)}
    assert "4 can only go in row 1 within the box of rows 1-2, columns 1-3" in step.text


def test_box_line_clears_the_box_outside_the_line() -> None:
    # in row 1, 6 fits only in the first box: that box's row 2 loses it
    g = open_grid(**{f"r1c{c}": bit(1, 2, 3, 4, 5) for c in (4, 5, 6)})
    step = deduce.box_line(g)
    assert step is not None and set(step.eliminate) == {(1, c, 6) for c in (0, 1, 2)}
    assert step.text.startswith("In row 1, 6 can only go in the box of rows 1-2, columns 1-3")


def test_triples() -> None:
    naked = deduce.naked_triple(open_grid(r1c1=bit(1, 2), r1c2=bit(2, 3), r1c3=bit(1, 3)))
    assert naked is not None and {(r, c) for r, c, _ in naked.eliminate} == {
        (1, 0),
        (1, 1),
        (1, 2),
    }
    others = {f"r2c{c}": bit(4, 5, 6) for c in (1, 2, 3)}
    hidden = deduce.hidden_triple(open_grid(**others))
    assert hidden is not None and set(hidden.eliminate) == {
        (0, c, d) for c in (0, 1, 2) for d in (4, 5, 6)
    }


def test_probe_rules_out_a_digit_that_leads_to_a_dead_end() -> None:
    level = parse((REPO / "levels" / "sudoku-4-expert" / "005.txt").read_text("utf-8"))
    (sol,) = list(search.solutions(level))
    g = Grid.of(level.givens)
    while (step := deduce.first_step(g, probing=False)) is not None:
        g.apply(step)
    probe = deduce.probe(g)
    assert probe is not None and probe.rule == "probe" and probe.tier == 4
    ((r, c, d),) = probe.eliminate
    assert sol[r][c] != d
    assert probe.text.startswith(f"If row {r + 1}, column {c + 1} were {d}, the simpler rules")


def test_every_step_agrees_with_the_solution_and_grades_match_the_packs() -> None:
    checked = 0
    for pack in ("sudoku-3-hard", "sudoku-4-expert"):
        for path in sorted((REPO / "levels" / pack).glob("*.txt"))[:4]:
            level = parse(path.read_text("utf-8"))
            (sol,) = list(search.solutions(level))
            steps = deduce.solve_logically(level)
            assert steps[-1].rule != "solver"
            for step in steps:
                assert all(sol[r][c] == d for r, c, d in step.place)
                assert all(sol[r][c] != d for r, c, d in step.eliminate)
            assert deduce.grade_steps(steps).difficulty == level.difficulty
            checked += 1
    assert checked == 8


def test_hint_chain_ends_with_a_placement() -> None:
    level = parse(LEVEL_1)
    steps = deduce.next_steps(level.givens)
    assert steps and steps[-1].place and all(not s.place for s in steps[:-1])


def test_archive_days_are_solved_and_explained_by_the_rules_alone() -> None:
    for path in archive_days():
        level = parse(path.read_text("utf-8"))
        assert search.count(level, 2) == 1, path.name
        steps = deduce.solve_logically(level)
        assert steps and all(s.rule != "solver" for s in steps), path.name
        assert json.dumps([s.as_json() for s in steps])


def test_the_generators_fast_check_agrees_with_the_engine() -> None:
    import random

    from queens_tui.kinds.sudoku.generate import solved_grid

    rng = random.Random(7)
    seen = set()
    for _ in range(40):
        solution = solved_grid(rng)
        holes = set(rng.sample(range(36), rng.randrange(20, 28)))
        rows = [
            "".join("." if r * 6 + c in holes else str(solution[r][c]) for c in range(6))
            for r in range(6)
        ]
        level = Level.from_rows(rows)
        for tier in (1, 2, 3):
            fast = deduce.singles_finish(level.givens, tier)
            assert fast == deduce.solved_by(level, tier), (rows, tier)
            seen.add((tier, fast))
    assert len(seen) == 6  # each tier both finished and stuck somewhere
