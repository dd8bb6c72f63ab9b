"""Issue 33 item 15: a cell given twice is refused at its place; a collection too big for a
collection says the collection's limit, not a single level's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from queens_tui.cli import main
from queens_tui.core.errors import LevelError
from queens_tui.formats import load_puzzle
from queens_tui.formats.collection import COLLECTION_BYTES
from queens_tui.formats.tango import from_community


@pytest.mark.parametrize(
    ("day", "where"),
    [
        (
            {
                "game": "minisudoku",
                "grid_size": [6, 6],
                "cells": [{"row": 0, "col": 0, "value": 1}, {"row": 0, "col": 0, "value": 2}],
            },
            "cells item 2: row 1, column 1 is given twice",
        ),
        (
            {"game": "tango", "grid_size": [6, 6], "symbols": [[0, 0, "S"], [0, 0, "M"]]},
            "row 1, column 1 is given twice",
        ),
    ],
)
def test_an_archive_day_with_a_cell_given_twice_is_refused(
    tmp_path: Path, day: dict[str, object], where: str
) -> None:
    path = tmp_path / "day.json"
    path.write_text(json.dumps(day))
    with pytest.raises(LevelError, match=where) as err:
        load_puzzle(path)
    assert err.value.line == 1 and err.value.col is not None


def test_a_community_tango_cell_both_sun_and_moon_is_refused() -> None:
    with pytest.raises(LevelError, match="prefilled 01,1: row 2, column 2 is given twice"):
        from_community({"size": 6, "prefilled": {"1,1": "☀️", "01,1": "🌑"}})


def test_a_collection_over_its_limit_says_the_collections_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as f:  # sparse: costs no disk
        f.write(b"[")
        f.truncate(COLLECTION_BYTES + 10)
    for args in (["check", str(path)], ["import", "--pack", "huge", str(path)]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert err == f"{path}: file is over 20,000,000 bytes: more than a collection may hold\n"
