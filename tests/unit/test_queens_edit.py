"""The level editor's pure side: painting, faults, undo via History, verdict, make-unique."""

from __future__ import annotations

import threading

import pytest

from queens_tui.kinds.queens import edit, search
from queens_tui.kinds.queens.edit import EDIT, Edit, Sketch
from tests.conftest import EXAMPLE_8, level_from


@pytest.fixture
def sketch8() -> Sketch:
    return Sketch.of(level_from(EXAMPLE_8))


def test_blank_is_one_region_per_row() -> None:
    s = Sketch.blank(6)
    assert s.grid[0] == tuple("AAAAAA") and s.grid[5] == tuple("FFFFFF")
    assert edit.faults(s).ok
    assert s.to_level().size == 6


def test_paint_same_label_returns_same_object(sketch8: Sketch) -> None:
    assert sketch8.paint((0, 0), "A") is sketch8
    painted = sketch8.paint((0, 1), "B")
    assert painted.label((0, 1)) == "B" and sketch8.label((0, 1)) == "A"


def test_new_label_makes_a_region_and_faults_say_so(sketch8: Sketch) -> None:
    s = sketch8.paint((7, 7), "z")
    f = edit.faults(s)
    assert f.regions == 9 and not f.count_ok
    assert "9 regions" in f.text()
    v = edit.judge(s)
    assert v.status == edit.INVALID and "needs 8" in v.text()


def test_disconnected_region_is_reported_with_its_cells(sketch8: Sketch) -> None:
    # A runs down column 0 from (0, 0)/(0, 1); painting (1, 0) into D (its right
    # neighbour's region) cuts the top two cells off from the rest of A.
    s = sketch8.paint((1, 0), "D")
    f = edit.faults(s)
    assert f.broken == ("A",) and f.count_ok
    assert f.broken_cells == frozenset({(0, 0), (0, 1)})
    assert "region A in pieces" in f.text()


def test_fill_floods_only_the_connected_area(sketch8: Sketch) -> None:
    s = sketch8.fill((0, 0), "Q")  # region A is one piece: all of it becomes Q
    assert set(s.labels) == set(sketch8.labels) - {"A"} | {"Q"}
    assert s.cells_of("Q") == sketch8.cells_of("A")
    split = sketch8.paint((0, 0), "B")  # (0, 1) now a lone piece of A
    filled = split.fill((0, 1), "C")
    assert filled.label((0, 1)) == "C" and filled.label((1, 0)) == "A"


def test_recolor_and_painting_away_forgets_colour(sketch8: Sketch) -> None:
    s = sketch8.recolor("A", "#FF0000")
    assert s.colors == {"A": "#ff0000"}
    assert s.recolor("A", "#ff0000") is s
    gone = s.fill((0, 0), "B")
    assert "A" not in gone.colors


def test_diff_apply_round_trip(sketch8: Sketch) -> None:
    a, b = sketch8, sketch8.fill((0, 0), "C").recolor("C", "#abcdef")
    assert EDIT.apply(a, EDIT.diff(a, b)) == b and EDIT.apply(b, EDIT.diff(b, a)) == a
    assert EDIT.apply(a, EDIT.diff(a, a)) is a
    assert EDIT.diff(a, a.paint((0, 1), "B")) == Edit(cells=(((0, 1), "B"),))


def test_verdict_unique_several_unique(sketch8: Sketch) -> None:
    v = edit.judge(sketch8)
    assert v.status == edit.UNIQUE and v.rules_alone and v.grade == "easy" and v.steps > 0
    assert "unique" in v.text() and "rules alone" in v.text()
    several = sketch8.paint((0, 1), "B")
    v2 = edit.judge(several)
    assert v2.status == edit.SEVERAL and len(v2.solutions) == 2
    assert v2.solutions[0] != v2.solutions[1]
    assert edit.judge(several.paint((0, 1), "A")).status == edit.UNIQUE


def test_no_solution() -> None:
    # 4x4 with rows as regions: the rows rule is no extra constraint, so use a 3x3,
    # which has no solution at all (queens cannot avoid touching).
    v = edit.judge(Sketch.blank(3))
    assert v.status == edit.NO_SOLUTION and v.text() == "no solution"


def test_make_unique_is_checked(sketch8: Sketch) -> None:
    several = sketch8.paint((0, 1), "B")
    v = edit.judge(several)
    sug = edit.make_unique(several, v.solutions)
    assert sug is not None and sug.unique and sug.before >= 2 and sug.after == 1
    fixed = edit.apply_suggestion(several, sug)
    assert edit.faults(fixed).ok
    assert search.count(fixed.to_level(), limit=3) == 1
    assert tuple(search.solutions(fixed.to_level())) == (sug.keeps,)
    assert "make unique" in sug.text()


def test_make_unique_on_a_unique_level_is_none(sketch8: Sketch) -> None:
    v = edit.judge(sketch8)
    assert edit.make_unique(sketch8, v.solutions) is None


def test_cancelled_verdict_raises() -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(edit.Cancelled):
        edit.judge(Sketch.blank(10), cancel=stop)


def test_metadata_round_trip(sketch8: Sketch) -> None:
    s = sketch8.with_meta(name="  Morning   walk ", author="Ada", difficulty="easy")
    level = s.to_level()
    assert level.name == "Morning walk" and level.author == "Ada" and level.difficulty == "easy"
    assert s.with_meta(author="").meta.get("author") is None
    with pytest.raises(ValueError):
        s.with_meta(colour="red")


def test_solver_judge_both_engines_agree(sketch8: Sketch) -> None:
    from queens_tui.solver import CancelToken
    from queens_tui.solver.queens import edit as solver_edit

    for s in (sketch8, sketch8.paint((0, 1), "B"), Sketch.blank(3), sketch8.paint((7, 7), "z")):
        got = {
            engine: solver_edit.judge(s, engine=engine, cancel=CancelToken())
            for engine in solver_edit.ENGINES
        }
        statuses = {e: v.status for e, v in got.items() if v is not None}
        assert len(set(statuses.values())) == 1, statuses
    token = CancelToken()
    token.cancel()
    assert solver_edit.judge(sketch8, engine="search", cancel=token) is None


def test_history_undo_redo_through_edit_rules(sketch8: Sketch) -> None:
    from queens_tui.core.history import History

    h = History(EDIT, sketch8)
    assert h.apply(Edit(cells=(((0, 1), "B"),)))
    assert h.apply(Edit(colors=(("B", "#123456"),)))
    assert h.state.label((0, 1)) == "B" and h.state.colors["B"] == "#123456"
    assert h.undo() and "B" not in h.state.colors
    assert h.undo() and h.state == sketch8
    assert h.redo() and h.state.label((0, 1)) == "B"
