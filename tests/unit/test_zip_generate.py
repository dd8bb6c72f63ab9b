"""The Zip generator: unique (by CP-SAT too), seeded byte for byte, sizes, the CLI."""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import random
import subprocess
import sys

import pytest

from queens_tui.cli import main
from queens_tui.formats import zip as fmt
from queens_tui.kinds.zip import generate as gen
from queens_tui.kinds.zip import search
from queens_tui.kinds.zip.rules import is_solution

GOLDEN = {
    False: "56c6cd8d4791d9f07cbd13cff3f0d19090b434695d8055a155ea8740651fbf69",
    True: "77816476928caa75b19f7da6ed4ba9a3295dd485c6915563018c920346625b58",
}
"""SHA-256 of `dump_text(generate(6, "golden", walls=...))`: the same on every machine."""


def test_random_paths_are_hamiltonian_and_seeded() -> None:
    for rows, cols in ((5, 5), (6, 8), (10, 10)):
        path = gen.random_path(rows, cols, random.Random(1))
        assert sorted(path) == [(r, c) for r in range(rows) for c in range(cols)]
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(path))
        assert path == gen.random_path(rows, cols, random.Random(1))
        assert path != gen.zigzag(rows, cols)


@pytest.mark.parametrize("walls", [False, True])
def test_levels_have_exactly_one_path_by_an_independent_solver(walls: bool) -> None:
    from queens_tui.solver import zip as cpsat

    for i in range(4):
        level = gen.generate(6, f"u{i}", walls=walls)
        sols = cpsat.solutions(level, 2)
        assert len(sols) == 1 and is_solution(level, sols[0])
        assert search.solutions(level, 2) == sols
        assert level.seed == f"u{i}" and level.difficulty in gen.DIFFICULTIES
        if not walls:
            assert level.walls == ()


@pytest.mark.parametrize("walls", [False, True])
def test_same_seed_same_bytes_in_any_process(walls: bool) -> None:
    text = fmt.dump_text(gen.generate(6, "golden", walls=walls))
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN[walls]
    code = (
        "from queens_tui.formats import zip as f; from queens_tui.kinds.zip import generate as g;"
        f"print(f.dump_text(g.generate(6, 'golden', walls={walls})), end='')"
    )
    env = {**os.environ, "PYTHONHASHSEED": "123"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.stdout == text


def test_minimal_numbers_each_one_is_needed() -> None:
    level = gen.generate(6, "min")
    for n in range(2, level.last):
        r, c = level.number_cells[n - 1]
        grid = [list(row) for row in level.numbers]
        grid[r][c] = 0
        for rr, row in enumerate(grid):
            for cc, v in enumerate(row):
                if v > n:
                    grid[rr][cc] = v - 1
        fewer = level.with_changes(numbers=tuple(map(tuple, grid)))
        assert len(search.solutions(fewer, 2)) == 2


def test_sizes_and_difficulty_are_checked() -> None:
    with pytest.raises(gen.SizeError):
        gen.generate(4, "x")
    with pytest.raises(gen.SizeError):
        gen.generate(11, "x")
    with pytest.raises(gen.GenerateError):
        gen.generate(6, "x", "impossible")
    assert gen.generate(None, "x").size_text == "7x7"


def test_generate_command_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "generate",
                "--kind",
                "zip",
                "--size",
                "6",
                "--count",
                "3",
                "--seed",
                "s",
                "--walls",
                "--format",
                "json",
            ]
        )
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    seeds = [json.loads(line)["seed"] for line in lines]
    assert seeds == ["s", "s+1", "s+2"]
    for line in lines:
        assert json.loads(line)["kind"] == "zip"
        assert len(search.solutions(fmt.parse(line), 2)) == 1
    assert main(["generate", "--kind", "zip", "--size", "12"]) == 2


NEEDS_THE_SOLVER = """\
# kind: zip
+---+---+---+---+---+---+
| .   6   .   .   .   . |
+   +   +   +   +   +   +
| .   .   .   .   2   . |
+   +   +   +   +   +   +
| .   .   .   .   .   . |
+   +   +   +   +   +   +
| .   1   .   .   .   . |
+   +   +   +   +   +   +
| .   4   .   5   .   . |
+   +   +   +   +   +   +
| .   3   .   .   .   . |
+---+---+---+---+---+---+
"""
"""The old bundled zip-1-6x6/011: unique, but the rules stop short (`grade` said none)."""


def test_a_level_the_rules_cannot_finish_gets_numbers_until_they_do() -> None:
    from queens_tui.kinds.zip import deduce

    level = fmt.parse(NEEDS_THE_SOLVER)
    assert not deduce.grade_steps(level, deduce.solve_logically(level)).rules_alone
    (path,) = search.solutions(level, 2)
    at = {cell: i for i, cell in enumerate(path)}
    marks = {at[cell] for cell in level.number_cells}
    fair, grade = gen.make_fair(level.rows, level.cols, path, marks, set(level.walls))
    assert grade.rules_alone and grade.difficulty in gen.DIFFICULTIES
    assert fair.last > level.last and search.solutions(fair, 2) == [path]
    assert deduce.grade_steps(fair, deduce.solve_logically(fair)) == grade


def test_generated_levels_are_graded_as_grade_says() -> None:
    from queens_tui.kinds import get_kind
    from queens_tui.kinds.zip import deduce

    for i in range(3):
        level = gen.generate(6, f"fair{i}", walls=i % 2 == 0)
        graded = get_kind("zip").grade(level)
        assert graded.rules_alone and graded.score is not None
        tier = deduce.grade_steps(level, deduce.solve_logically(level))  # the generator's word
        assert tier.difficulty == level.difficulty
