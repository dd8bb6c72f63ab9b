"""Classic N-queens hunt: found solutions counted once with their symmetry notes, the pure
completion search, and the hunt file."""

from __future__ import annotations

import json

import pytest

from queens_tui.kinds.classic.complete import OutOfTime, complete
from queens_tui.kinds.classic.hunt import Hunt
from queens_tui.kinds.classic.symmetry import TRANSFORMS
from queens_tui.store.hunt import hunt_file, hunt_level, load_found, save_found

SOL8 = (0, 4, 7, 5, 2, 6, 1, 3)


def test_hunt_counts_once_and_names_images() -> None:
    hunt = Hunt(8)
    names = dict(TRANSFORMS)
    quarter = names["a quarter turn"](SOL8)
    mirror = names["the left-right mirror"](SOL8)
    assert hunt.add(SOL8) and hunt.add(quarter) and hunt.add(mirror)
    assert not hunt.add(SOL8)
    assert hunt.note(quarter) == "#2: a quarter turn of #1"
    assert hunt.note(mirror) == "#3: the left-right mirror of #1"
    assert hunt.status() == "3 of 92 found · 1 of 12 fundamental"
    assert hunt.note((1, 3, 0, 2)) == "not found yet"


def test_found_with_help_counts_marked_until_found_unaided() -> None:
    hunt = Hunt(8)
    other = (0, 5, 7, 2, 6, 3, 1, 4)
    assert hunt.add(SOL8, helped=True) and hunt.add(other)
    assert hunt.note(SOL8) == "#1, a new fundamental (with help)"
    assert hunt.status() == "2 of 92 found (1 with help) · 2 of 12 fundamental"
    assert hunt.found_with_help() == [SOL8]
    assert not hunt.add(SOL8, helped=True)  # nothing new
    assert not hunt.add(other, helped=True)  # found unaided once: stays unaided
    assert hunt.add(SOL8)  # now found without help: the mark goes, the number stays
    assert hunt.note(SOL8) == "#1, a new fundamental"
    assert hunt.status() == "2 of 92 found · 2 of 12 fundamental"
    assert Hunt(8, [SOL8, other], [other]).found_with_help() == [other]


def test_complete_search() -> None:
    assert complete(8) == SOL8
    assert complete(8, [(0, 1)]) == (1, 3, 5, 7, 2, 0, 6, 4)
    assert complete(4, [(0, 0)]) is None
    assert complete(4, [(0, 1)], [(1, 3)]) is None
    with pytest.raises(OutOfTime):
        complete(30, [(0, 0), (1, 2)], stop=AlwaysStop())


def test_hunt_file_round_trip_and_bad_files(tmp_path) -> None:
    assert load_found(8, tmp_path) == []
    save_found(8, [SOL8, (0, 5, 7, 2, 6, 3, 1, 4)], tmp_path)
    assert load_found(8, tmp_path) == [SOL8, (0, 5, 7, 2, 6, 3, 1, 4)]
    path = hunt_file(8, tmp_path)
    path.write_text('{"found": [[0,1,2,3,4,5,6,7], "x", [0,4,7,5,2,6,1,3]]}')
    assert load_found(8, tmp_path) == [SOL8]  # not-solutions skipped
    path.write_text("{not json")
    assert load_found(8, tmp_path) == []


def test_hunt_file_keeps_which_were_found_with_help(tmp_path) -> None:
    other = (0, 5, 7, 2, 6, 3, 1, 4)
    save_found(8, [SOL8], tmp_path)
    assert "helped" not in hunt_file(8, tmp_path).read_text()  # the old shape when none
    save_found(8, [SOL8, other], tmp_path, helped=[other])
    hunt = hunt_level(8, tmp_path).hunt
    assert hunt is not None and hunt.found == [SOL8, other] and hunt.helped == {other}
    # a "helped" entry that is not among the found ones is ignored
    hunt_file(8, tmp_path).write_text(json.dumps({"found": [SOL8], "helped": [other]}))
    hunt = hunt_level(8, tmp_path).hunt
    assert hunt is not None and hunt.found == [SOL8] and hunt.helped == set()


class AlwaysStop:
    """A stop flag that is always set."""

    def is_set(self) -> bool:
        return True
