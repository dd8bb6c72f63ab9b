"""The solver service: both engines, every call, time limits and cancelling from another thread."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from queens_tui.core.grid import Cell
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.rules import is_solution
from queens_tui.solver import CancelToken
from queens_tui.solver.queens import service as solver
from queens_tui.solver.queens.service import Status

from ..conftest import EXAMPLE_8, level_from

ENGINES = ("auto", "cpsat")

LEVEL_8 = level_from(EXAMPLE_8)
SOLUTION_8: tuple[Cell, ...] = tuple(enumerate((3, 5, 1, 7, 0, 2, 6, 4)))

LEVEL_9 = Level.from_rows(
    [
        "PPPPPPPOR",
        "QQPQQPOOR",
        "PQQQPPORR",
        "PPPPPWOOR",
        "PBPPPWWOY",
        "PBBPWWWYY",
        "PPBDWGGGY",
        "PBBDGGDGG",
        "PBDDDDDDD",
    ]
)
SOLUTION_9: tuple[Cell, ...] = tuple(enumerate((8, 6, 3, 5, 1, 7, 0, 4, 2)))

SEVERAL = Level.from_rows(["ABCD"] * 4)
"""Regions are the columns: the two 4x4 placements where no queens touch."""
NONE = Level.from_rows(["AABBB", "CCCCC", "DDDDD", "EEEEE", "EEEEE"])
"""Regions A and B both lie in row 0 alone."""
HUGE = Level.from_rows([[chr(48 + c) for c in range(30)]] * 30)
"""30x30, regions are the columns: astronomically many solutions, so enumerating
them all runs until a time limit or a cancel stops it."""


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("level", "known"), [(LEVEL_8, SOLUTION_8), (LEVEL_9, SOLUTION_9)])
def test_example_levels_solve_to_their_known_solution(
    engine: str, level: Level, known: tuple[Cell, ...]
) -> None:
    result = solver.solve(level, engine=engine)  # type: ignore[arg-type]
    assert result.status is Status.SOLVED and result.solved
    assert result.queens == known
    assert result.engine == ("cpsat" if engine == "cpsat" else "search")
    counted = solver.count(level, engine=engine)  # type: ignore[arg-type]
    assert counted.status is Status.UNIQUE and counted.unique
    assert counted.count == 1 and counted.solutions == (known,)


@pytest.mark.parametrize("engine", ENGINES)
def test_several_solutions_and_none(engine: str) -> None:
    several = solver.count(SEVERAL, engine=engine)  # type: ignore[arg-type]
    assert several.status is Status.MULTIPLE and several.count == 2
    assert len(set(several.solutions)) == 2
    assert all(is_solution(SEVERAL, s) for s in several.solutions)
    assert solver.count(SEVERAL, limit=10, engine=engine).count == 2  # type: ignore[arg-type]
    just_one = solver.count(SEVERAL, limit=1, engine=engine)  # type: ignore[arg-type]
    assert just_one.status is Status.SOLVED and just_one.count == 1

    none = solver.count(NONE, engine=engine)  # type: ignore[arg-type]
    assert none.status is Status.NONE and none.count == 0 and none.solutions == ()
    solved = solver.solve(NONE, engine=engine)  # type: ignore[arg-type]
    assert solved.status is Status.NONE and solved.queens == () and not solved.solved


@pytest.mark.parametrize("engine", ENGINES)
def test_completable_with_queens_and_crosses(engine: str) -> None:
    def check(queens: list[Cell], crosses: list[Cell]) -> solver.CompletableResult:
        return solver.completable(LEVEL_8, queens, crosses, engine=engine)  # type: ignore[arg-type]

    empty = check([], [])
    assert empty.completable is True and empty.queens == SOLUTION_8
    # Right queens, crosses away from the solution: still completable.
    good = check([SOLUTION_8[0], SOLUTION_8[5]], [(0, 0), (7, 7), (3, 3)])
    assert good.status is Status.SOLVED and good.completable is True
    assert good.queens == SOLUTION_8
    full = check(list(SOLUTION_8), [])
    assert full.completable is True
    # A queen that is not in the (unique) solution.
    wrong_queen = check([(0, 0)], [])
    assert wrong_queen.status is Status.NONE and wrong_queen.completable is False
    assert wrong_queen.queens == ()
    # A manual cross on a cell the solution needs.
    assert check([], [SOLUTION_8[3]]).completable is False
    # Queen and cross on one cell; two queens that attack each other.
    assert check([SOLUTION_8[1]], [SOLUTION_8[1]]).completable is False
    assert check([(0, 3), (1, 4)], []).completable is False
    # On a level with two solutions, crossing one out leaves the other.
    other = solver.completable(SEVERAL, [], [(0, 1)], engine=engine)  # type: ignore[arg-type]
    assert other.queens == ((0, 2), (1, 0), (2, 3), (3, 1))
    assert solver.completable(SEVERAL, [], [(0, 1), (0, 2)]).completable is False


def test_cells_off_the_board_and_unknown_engines_are_refused() -> None:
    with pytest.raises(ValueError, match="off the 8x8 board"):
        solver.completable(LEVEL_8, [(8, 0)], [])
    with pytest.raises(ValueError, match="off the 8x8 board"):
        solver.reveal(LEVEL_8, [], [(0, -1)])
    with pytest.raises(ValueError, match="unknown engine"):
        solver.solve(LEVEL_8, engine="magic")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="limit"):
        solver.count(LEVEL_8, limit=0)


@pytest.mark.parametrize("engine", ENGINES)
def test_reveal(engine: str) -> None:
    def reveal(level: Level, queens: list[Cell], crosses: list[Cell]) -> solver.RevealResult:
        return solver.reveal(level, queens, crosses, engine=engine)  # type: ignore[arg-type]

    first = reveal(LEVEL_8, [], [])
    assert first.status is Status.SOLVED and first.completable is True
    assert first.cell == SOLUTION_8[0] and first.solution == SOLUTION_8
    assert first.mistakes == ()
    # A correct partial board: the revealed queen is one the board lacks.
    partial = reveal(LEVEL_8, list(SOLUTION_8[:3]), [(7, 7)])
    assert partial.completable is True
    assert partial.cell == SOLUTION_8[3]
    # A board that cannot be completed: say so, name the mistakes, still help.
    wrong = reveal(LEVEL_8, [(0, 0), SOLUTION_8[1]], [SOLUTION_8[2], (7, 7)])
    assert wrong.status is Status.SOLVED and wrong.completable is False
    assert wrong.mistakes == ((0, 0), SOLUTION_8[2])
    assert wrong.solution == SOLUTION_8
    assert wrong.cell == SOLUTION_8[0]
    # A finished board has nothing left to reveal.
    done = reveal(LEVEL_8, list(SOLUTION_8), [])
    assert done.status is Status.SOLVED and done.cell is None and done.completable is True
    # A level without a solution: nothing to reveal, and it says why.
    hopeless = reveal(NONE, [], [])
    assert hopeless.status is Status.NONE and hopeless.cell is None
    assert hopeless.completable is False
    # With two solutions, the board's queen picks the one to reveal from.
    picked = reveal(SEVERAL, [(0, 2)], [])
    assert picked.completable is True and picked.solution == ((0, 2), (1, 0), (2, 3), (3, 1))
    assert picked.cell == (1, 0)


@pytest.mark.parametrize("engine", ENGINES)
def test_time_limit_ends_a_long_search_with_timeout(engine: str) -> None:
    t0 = time.perf_counter()
    result = solver.count(HUGE, limit=10**9, time_limit=0.3, engine=engine)  # type: ignore[arg-type]
    elapsed = time.perf_counter() - t0
    assert result.status is Status.TIMEOUT and not result.status.decided
    assert result.count > 0  # what it found so far is kept, as a lower bound
    assert all(is_solution(HUGE, s) for s in result.solutions[:3])
    assert elapsed < 3.0


def test_a_zero_time_limit_times_out_every_call_of_the_search() -> None:
    assert solver.solve(LEVEL_9, time_limit=0).status is Status.TIMEOUT
    assert solver.count(LEVEL_9, time_limit=0).status is Status.TIMEOUT
    zero = solver.completable(LEVEL_9, [], [], time_limit=0)
    assert zero.status is Status.TIMEOUT and zero.completable is None
    assert solver.reveal(LEVEL_9, [], [], time_limit=0).status is Status.TIMEOUT


def _cancel_later(cancel: threading.Event | CancelToken, after: float) -> threading.Thread:
    def fire() -> None:
        time.sleep(after)
        if isinstance(cancel, CancelToken):
            cancel.cancel()
        else:
            cancel.set()

    thread = threading.Thread(target=fire)
    thread.start()
    return thread


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("kind", ["event", "token"])
def test_cancel_from_another_thread(engine: str, kind: str) -> None:
    cancel: threading.Event | CancelToken = threading.Event() if kind == "event" else CancelToken()
    thread = _cancel_later(cancel, 0.3)
    t0 = time.perf_counter()
    result = solver.count(HUGE, limit=10**9, time_limit=60, cancel=cancel, engine=engine)  # type: ignore[arg-type]
    elapsed = time.perf_counter() - t0
    thread.join()
    assert result.status is Status.CANCELLED  # (how many it counted by then depends on load)
    assert 0.25 < elapsed < 5.0  # it ran until cancelled, then stopped promptly


@pytest.mark.parametrize("engine", ENGINES)
def test_a_cancel_set_beforehand_returns_cancelled_at_once(engine: str) -> None:
    token = CancelToken()
    token.cancel()
    token.cancel()  # idempotent
    kw = {"cancel": token, "engine": engine}
    assert solver.solve(LEVEL_9, **kw).status is Status.CANCELLED  # type: ignore[arg-type]
    assert solver.count(LEVEL_9, **kw).status is Status.CANCELLED  # type: ignore[arg-type]
    result = solver.completable(LEVEL_9, [], [], **kw)  # type: ignore[arg-type]
    assert result.status is Status.CANCELLED and result.completable is None
    assert solver.reveal(LEVEL_9, [], [], **kw).status is Status.CANCELLED  # type: ignore[arg-type]


def test_calls_from_many_threads_at_once_agree() -> None:
    jobs = [
        (level, engine) for level in (LEVEL_8, LEVEL_9, SEVERAL, NONE) for engine in ENGINES
    ] * 4
    with ThreadPoolExecutor(max_workers=6) as pool:
        results = list(pool.map(lambda job: solver.count(job[0], engine=job[1]), jobs))
    for (level, _), result in zip(jobs, results, strict=True):
        assert result.count == {LEVEL_8: 1, LEVEL_9: 1, SEVERAL: 2, NONE: 0}[level]


@pytest.mark.slow  # 9 s at load 12 on 2 cores: run by `pytest -m slow`
def test_importing_the_service_does_not_import_ortools() -> None:
    code = (
        "import sys\n"
        "import queens_tui.solver.queens.service as s\n"
        "from queens_tui.kinds.queens.level import Level\n"
        "assert not [m for m in sys.modules if m.startswith('ortools')], 'at import'\n"
        "s.solve(Level.from_rows(['ABCD'] * 4))\n"
        "assert not [m for m in sys.modules if m.startswith('ortools')], 'auto engine'\n"
        "s.solve(Level.from_rows(['ABCD'] * 4), engine='cpsat')\n"
        "assert 'ortools.sat.python.cp_model' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.slow  # 8 s at load 12 on 2 cores: run by `pytest -m slow`
def test_both_engines_agree_on_a_corpus_sample(corpus: list[dict]) -> None:
    rng = random.Random(7)
    for entry in rng.sample(corpus, 40):
        level = Level.from_rows(entry["regions"])
        auto = solver.count(level)
        cpsat = solver.count(level, engine="cpsat")
        assert auto.status == cpsat.status and auto.count == cpsat.count, entry["id"]
        if auto.unique:
            assert auto.solutions == cpsat.solutions
        sol = auto.solutions[0]
        # A board with two right queens and a wrong cross, and one with a wrong queen.
        cellset = [(r, c) for r in range(level.size) for c in range(level.size)]
        crosses = [*rng.sample([c for c in cellset if c not in sol], 3), rng.choice(sol)]
        for queens, marks in ((sol[:2], crosses[:3]), (sol[:2], crosses), ([crosses[0]], [])):
            a = solver.completable(level, queens, marks)
            b = solver.completable(level, queens, marks, engine="cpsat")
            assert a.completable == b.completable, entry["id"]
            ra = solver.reveal(level, queens, marks)
            rb = solver.reveal(level, queens, marks, engine="cpsat")
            assert ra.completable == rb.completable
            assert ra.cell is not None and rb.cell is not None
            if auto.unique:
                assert ra.cell == rb.cell and ra.mistakes == rb.mistakes
