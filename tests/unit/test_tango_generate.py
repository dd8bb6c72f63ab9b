"""The Tango generator: unique, graded as asked, byte-identical everywhere; CP-SAT agrees."""

from __future__ import annotations

import hashlib
import json

import pytest

from queens_tui.formats import tango as fmt
from queens_tui.kinds.tango import deduce, generate, search

PINNED = "e53a267fe3d7d34e1f47600a85b0e17d09d57caae916f0c90c59d6a60545a8e8"
"""SHA-256 of 20 levels (seeds pin-0..3, every difficulty and none), as made on the
machine that wrote this test: a change means levels (and dailies) differ by machine or version."""

PIN_0_EASY = """\
# kind: tango
# seed: pin-0
# difficulty: easy
. . . . . .
      =
0 . 1 . 1 0
  x
. .x. . . .

. . . . . .

. .x0 . . .

. . . . . 1
"""


def test_the_same_seed_gives_the_same_bytes() -> None:
    assert fmt.dump_text(generate.generate(6, "pin-0", "easy")) == PIN_0_EASY
    levels = [
        fmt.dump_json(generate.generate(6, f"pin-{i}", d))
        for i in range(4)
        for d in (None, *generate.DIFFICULTIES)
    ]
    assert hashlib.sha256("".join(levels).encode()).hexdigest() == PINNED


@pytest.mark.parametrize("difficulty", generate.DIFFICULTIES)
def test_levels_are_unique_and_graded_as_asked(difficulty: str) -> None:
    for k in range(3):
        level = generate.generate(6, f"g{k}", difficulty)
        assert search.count(level) == 1
        assert level.difficulty == difficulty
        assert deduce.grade(level) == difficulty  # the step-by-step engine agrees


def test_other_sizes_and_bad_options() -> None:
    for n in (4, 8):
        level = generate.generate(n, "size", None)
        assert level.size == n and search.count(level) == 1
    with pytest.raises(generate.SizeError):
        generate.generate(7, "x")
    with pytest.raises(generate.GenerateError):
        generate.generate(6, "x", "impossible")


def test_cpsat_agrees_with_the_pure_search(tango_corpus: list[dict]) -> None:
    pytest.importorskip("ortools")
    from queens_tui.solver import tango as cpsat

    for data in tango_corpus[::20]:
        level = fmt.parse(json.dumps(data))
        found = cpsat.solutions(level, 2)
        assert [["".join(map(str, row)) for row in sol] for sol in found] == [data["solution"]]
    for k in range(5):
        level = generate.generate(6, f"cp{k}", None)
        assert len(cpsat.solutions(level, 2)) == 1
    open_level = fmt.parse("# kind: tango\n" + ". . . .\n" * 4)
    assert len(cpsat.solutions(open_level, 3)) == 3
    grid = [[1, 1, None, None]] + [[None] * 4] * 3
    assert len(cpsat.solutions(open_level, 5, grid=grid)) == 5
    broken = [[1, 1, 1, None]] + [[None] * 4] * 3
    assert cpsat.solutions(open_level, 2, grid=broken) == []
