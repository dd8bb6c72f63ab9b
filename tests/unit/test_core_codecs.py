"""The save codecs every kind shares (`core.play`): history steps, position rows, fingerprints."""

from __future__ import annotations

import pytest

from queens_tui.core.play import (
    changes_text,
    digest,
    mark_rows,
    parse_cell,
    parse_changes,
    read_mark_rows,
)


def test_history_steps_round_trip_and_bad_ones_raise() -> None:
    text = changes_text([((3, 4), "Q"), ((1, 2), "x"), ((0, 0), ".")])
    assert text == "Q3,4 x1,2 .0,0"
    symbols = {"Q": 2, "x": 1, ".": 0}
    assert parse_changes(text, 5, 5, symbols) == [((3, 4), 2), ((1, 2), 1), ((0, 0), 0)]
    for bad in (7, "Z1,1", "Q1;1", "Q1,", "Q-1,1", "Q1000,1"):
        with pytest.raises(ValueError):
            parse_changes(bad, 5, 5, symbols)
    with pytest.raises(ValueError, match="off the board"):
        parse_changes("Q5,0", 5, 5, symbols)
    assert parse_cell("2,6", 3, 7) == (2, 6)
    with pytest.raises(ValueError, match="off the board"):
        parse_cell("2,7", 3, 7)


def test_position_rows_round_trip_and_bad_ones_raise() -> None:
    rows = mark_rows(3, {"x": [(0, 1)], "Q": [(2, 2), (0, 0)]})
    assert rows == ["Qx.", "...", "..Q"]
    cells = read_mark_rows(rows, 3, ".xQ")
    assert cells["Q"] == {(0, 0), (2, 2)} and cells["x"] == {(0, 1)}
    for bad in (None, ["Qx.", "..."], ["Qx.", "...", "..?"], ["Qx.", "....", "..Q"], [1, 2, 3]):
        with pytest.raises(ValueError):
            read_mark_rows(bad, 3, ".xQ")


def test_digest_is_stable() -> None:
    assert digest("0 0\n1 1") == digest("0 0\n1 1")
    assert len(digest("a")) == 24 and digest("a") != digest("b")
