"""Classic N-queens, pure side: counts, listing, symmetry, construction, rules, KIND."""

from __future__ import annotations

import pytest

from queens_tui.kinds import get_kind
from queens_tui.kinds.classic import construct, count, listing, rules, symmetry
from queens_tui.kinds.classic.kind import KNOWN_COUNTS, level

# OEIS A000170 and A002562, N = 1..16
TOTAL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512]
FUNDAMENTAL = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955]


@pytest.mark.parametrize("n", range(1, 13))
def test_fast_counter_is_exact_up_to_12(n: int) -> None:
    c = count.counts(n)
    assert (c.solutions, c.fundamental) == (TOTAL[n - 1], FUNDAMENTAL[n - 1])


def test_numpy_path_and_pure_path_agree() -> None:
    # n <= 10 goes through the pure search; the numpy counter (16-bit words up to N=16, 32-bit
    # past it) must agree with it where both run, start by start
    from queens_tui.kinds.classic.count import _complete_python

    for n in (7, 8, 9, 10, 11):
        found = count.prefixes(n, 2)
        for bits in (16, 32):
            assert (
                sum(
                    p.weight * count.completions(n, p.row, [(p.cols, p.ld, p.rd)], p.blocked, bits)
                    for p in found
                )
                == TOTAL[n - 1]
            )
        assert (
            sum(
                p.weight * _complete_python(n, p.row, (p.cols, p.ld, p.rd), p.blocked)
                for p in found
            )
            == TOTAL[n - 1]
        )


def test_symmetric_counts_and_burnside() -> None:
    # S90 / S180 for N = 1..13 (solutions fixed by a quarter / half turn)
    assert [count.s90(n) for n in range(1, 14)] == [1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8]
    assert [count.s180(n) for n in range(1, 14)] == [1, 0, 0, 2, 2, 4, 8, 4, 16, 12, 48, 80, 136]
    with pytest.raises(ArithmeticError):
        count.fundamental_from(8, 93, 0, 4)


def test_progress_reports_partial_counts_that_end_at_the_total() -> None:
    seen: list[tuple[float, int]] = []
    assert count.total(12, lambda f, k: seen.append((f, k))) == 14200
    assert len(seen) > 5
    assert seen[-1] == (1.0, 14200)
    fractions, found = [f for f, _ in seen], [k for _, k in seen]
    assert fractions == sorted(fractions) and found == sorted(found)


def test_listing_is_lexicographic_distinct_and_valid() -> None:
    sols = list(listing.solutions(8))
    assert len(sols) == 92 == len(set(sols))
    assert sols == sorted(sols)
    assert all(rules.is_solution(q) for q in sols)
    assert sols[0] == (0, 4, 7, 5, 2, 6, 1, 3)
    assert [len(list(listing.solutions(n))) for n in range(1, 9)] == TOTAL[:8]


def test_fundamental_listing_one_per_class() -> None:
    for n in range(1, 10):
        fund = list(listing.fundamental_solutions(n))
        assert len(fund) == FUNDAMENTAL[n - 1]
        assert len({symmetry.canonical(q) for q in fund}) == len(fund)
    classes = {symmetry.canonical(q) for q in listing.solutions(10)}
    assert len(classes) == FUNDAMENTAL[9]


def test_symmetries_are_the_eight_of_the_square() -> None:
    q = (0, 4, 7, 5, 2, 6, 1, 3)
    imgs = symmetry.images(q)
    assert len(set(imgs)) == 8
    assert all(rules.is_solution(i) for i in imgs)
    quarter = dict(symmetry.TRANSFORMS)["a quarter turn"]
    assert quarter(quarter(quarter(quarter(q)))) == q
    # cell (r, c) goes to (c, n-1-r) under the clockwise quarter turn
    assert set(enumerate(quarter(q))) == {(c, 7 - r) for r, c in enumerate(q)}
    assert symmetry.relation(quarter(q), [q]) == (q, "a quarter turn")
    assert symmetry.relation(q, [q]) == (q, "itself")
    other = next(s for s in listing.solutions(8) if symmetry.canonical(s) != symmetry.canonical(q))
    assert symmetry.relation(other, [q]) is None


@pytest.mark.parametrize("n", [1, 4, 5, 6, 7, 8, 9, 14, 15, 20, 21, 26, 27, 100, 1000, 1001])
def test_construction_gives_a_solution(n: int) -> None:
    q = construct.first_solution(n)
    assert q is not None and len(q) == n and rules.is_solution(q)


def test_construction_covers_every_residue_and_no_solution_sizes() -> None:
    assert construct.first_solution(2) is None
    assert construct.first_solution(3) is None
    for n in range(4, 200):
        q = construct.first_solution(n)
        assert q is not None and rules.is_solution(q), n


def test_rules_full_diagonals_clashes_and_forced_moves() -> None:
    n = 8
    crosses = rules.auto_crosses(n, [(0, 0)])
    assert (7, 7) in crosses and (0, 7) in crosses and (7, 0) in crosses
    assert (1, 2) not in crosses and (0, 0) not in crosses
    assert rules.clashes([(0, 0), (5, 5), (1, 3)]) == {(0, 0), (5, 5)}
    assert rules.as_solution(4, [(0, 1), (1, 3), (2, 0), (3, 2)]) == (1, 3, 0, 2)
    assert rules.as_solution(4, [(0, 1), (1, 3), (2, 0)]) is None
    # 4x4 with a queen on (0, 1): row 1 has only (1, 3) left
    move = rules.forced_move(4, [(0, 1)])
    assert move == rules.Forced((1, 3), "row 2")
    # a corner queen on 4x4 leaves row 2 ... dead after the forced moves: check a dead line
    dead = rules.forced_move(4, [(0, 0), (1, 2)])
    assert isinstance(dead, rules.DeadEnd)
    assert rules.forced_move(8, []) is None


def test_kind_object() -> None:
    kind = get_kind("classic")
    lv = level(8)
    assert (lv.kind, lv.size_text, lv.level_id) == ("classic", "8x8", "classic/8")
    sols = kind.solutions(lv, 3)
    assert len(sols) == 3 and all(rules.is_solution(q) for q in sols)
    assert kind.solution_json(lv, sols[0])["queens"][0] == [0, 0]
    assert kind.solution_text(lv, sols[0]).splitlines()[0] == "Q . . . . . . ."
    assert kind.check_json(lv) == {"size": 8, "solutions": 92, "fundamental": 12}
    assert kind.explain(lv).steps[-1]["rule"] == "solver"
    assert kind.grade(lv).unique is False
    assert all(KNOWN_COUNTS[n] == (TOTAL[n - 1], FUNDAMENTAL[n - 1]) for n in range(1, 17))
