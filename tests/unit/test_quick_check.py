"""The Queens solver's quick check: exact verdicts without solving, from what it already knows.

The game shows `quick_check`'s verdict in the frame of the move, so it must
agree with a full solve on every board it answers, and answer most boards of
a level whose solutions are all known.
"""

from __future__ import annotations

import random

from queens_tui.core.play import NEVER, QuickCheck, Verdict
from queens_tui.kinds.queens.board import Board
from queens_tui.kinds.queens.level import Level
from queens_tui.solver.queens import QueensSolver, service

from ..conftest import EXAMPLE_8, level_from

LEVEL_8 = level_from(EXAMPLE_8)
SEVERAL = Level.from_rows(["AABB", "AABB", "CCDD", "CCDD"])
"""A 4x4 with two solutions."""


def full_verdict(board: Board) -> Verdict:
    got = service.completable(board.level, board.queens, board.crosses, engine="search")
    return Verdict.CAN_FINISH if got.completable else Verdict.CANNOT_FINISH


def random_boards(level: Level, count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    n = level.size
    cells = [(r, c) for r in range(n) for c in range(n)]
    solution = set(service.solve(level).queens)
    boards = []
    for _ in range(count):
        # mostly right queens (so both verdicts come up), sometimes a wrong one, some crosses
        queens = set(rng.sample(sorted(solution), rng.randrange(n)))
        if rng.random() < 0.4:
            queens.add(rng.choice(cells))
        crosses = set(rng.sample(cells, rng.randrange(4))) - queens
        boards.append(Board(level, frozenset(queens), frozenset(crosses)))
    return boards


def test_it_is_a_quick_check_and_knows_nothing_before_the_first_check() -> None:
    solver = QueensSolver()
    assert isinstance(solver, QuickCheck)
    assert solver.quick_check(Board(LEVEL_8)) is None
    # two queens side by side break a rule: certain without any solve
    clash = Board(LEVEL_8, frozenset({(0, 0), (0, 1)}))
    assert solver.quick_check(clash) is Verdict.CANNOT_FINISH


def test_after_one_check_every_board_of_a_unique_level_is_answered_exactly() -> None:
    solver = QueensSolver()
    assert solver.check(Board(LEVEL_8), engine="search", time_limit=5, cancel=NEVER) is (
        Verdict.CAN_FINISH
    )
    known = solver.known(LEVEL_8)
    assert known is not None and known.complete and len(known.solutions) == 1
    boards = random_boards(LEVEL_8, 300, seed=1)
    verdicts = [solver.quick_check(b) for b in boards]
    assert None not in verdicts
    assert verdicts == [full_verdict(b) for b in boards]
    assert {Verdict.CAN_FINISH, Verdict.CANNOT_FINISH} <= set(verdicts)


def test_with_several_solutions_it_answers_only_when_certain() -> None:
    solver = QueensSolver()
    solver.check(Board(SEVERAL), engine="search", time_limit=5, cancel=NEVER)
    known = solver.known(SEVERAL)
    assert known is not None and not known.complete and len(known.solutions) == 2
    answered = 0
    for board in random_boards(SEVERAL, 200, seed=2):
        quick = solver.quick_check(board)
        if quick is not None:
            answered += 1
            assert quick is full_verdict(board), board
        # the worker's check is exact either way
        assert solver.check(board, engine="search", time_limit=5, cancel=NEVER) is (
            full_verdict(board)
        )
    assert answered > 0


def test_it_remembers_a_few_levels_only() -> None:
    solver = QueensSolver()
    levels = [Level.from_rows([row[i:] + row[:i] for row in EXAMPLE_8.split()]) for i in range(6)]
    for level in levels:
        solver.check(Board(level), engine="search", time_limit=5, cancel=NEVER)
    assert solver.known(levels[0]) is None and solver.known(levels[-1]) is not None
