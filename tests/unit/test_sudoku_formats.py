"""Mini Sudoku files: text and JSON round trips, LinkedIn's archive in both forms, clear errors."""

from __future__ import annotations

import json

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.formats import load_puzzle, tango
from queens_tui.formats import sudoku as fmt
from tests.unit.sudoku_data import LEVEL_1, archive_days

ARCHIVE_ROWS = """{"game": "minisudoku", "number": 345, "date": "2026-07-22",
 "title": "Mini Sudoku", "difficulty": "HARD", "grid_size": [6, 6], "cells": [
 [null, 1, 2, null, null, null], [null, 3, 4, null, null, null],
 [null, null, 1, 2, null, null], [null, null, 3, 4, null, null],
 [null, null, null, 5, 4, null], [null, null, null, 3, 6, null]]}"""


def test_text_and_json_round_trip_exactly() -> None:
    level = fmt.parse(LEVEL_1)
    assert level.name == "Morning" and len(level.given_cells) == 10
    assert fmt.dump_text(level) == LEVEL_1
    assert fmt.parse(fmt.dump(level, "json")) == level
    compact = "# kind: sudoku\n# name: Morning\n" + "\n".join(level.rows_text()) + "\n"
    assert fmt.parse(compact) == level
    zeros = "\n".join(r.replace(".", "0") for r in level.rows_text())
    assert fmt.parse("# kind: sudoku\n" + zeros).givens == level.givens


def test_archive_rows_keep_number_title_date_and_difficulty() -> None:
    level = fmt.parse(ARCHIVE_ROWS)
    assert level.givens[0] == (None, 1, 2, None, None, None)
    assert (level.number, level.name, level.date, level.difficulty) == (
        "345",
        "Mini Sudoku",
        "2026-07-22",
        "hard",
    )
    again = fmt.parse(fmt.dump_text(level))
    assert again == level and fmt.parse(fmt.dump_json(level)) == level


def test_the_older_archive_form_lists_cells() -> None:
    data = json.loads(ARCHIVE_ROWS)
    data["cells"] = [
        {"row": r, "col": c, "value": v}
        for r, row in enumerate(data["cells"])
        for c, v in enumerate(row)
    ]
    assert fmt.parse(json.dumps(data)).givens == fmt.parse(ARCHIVE_ROWS).givens


def test_archive_variants_people_write_are_read() -> None:
    data = json.loads(ARCHIVE_ROWS)
    data["game"] = "Mini-Sudoku"
    data["cells"][0] = ["", "1", "2", 0, None, None]
    text = json.dumps(data)
    assert fmt.sniff(text, ".json") and fmt.parse(text).givens == fmt.parse(ARCHIVE_ROWS).givens


def test_every_archive_day_reads_by_content() -> None:
    for path in archive_days():
        text = path.read_text("utf-8")
        assert fmt.sniff(text, ".json") and not tango.sniff(text, ".json")
        assert load_puzzle(path).kind == "sudoku"


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ('{"game": "minisudoku",\n "grid_size": [9, 9], "cells": []}', (2, 2), "9x9; Mini Sudoku"),
        ("# kind: sudoku\n. . . .\n" * 1, (2, 1), "1x4; Mini Sudoku"),
        ("# kind: sudoku\n" + "......\n" * 5 + "..7...\n", (7, 3), "'7' is not a cell"),
        ('{"kind": "sudoku", "grid": ["......"]}', (1, 20), "1x6"),
        ('{"game": "minisudoku", "cells": [[1, 1, null, null, null, null]]}', (1, 24), "1x6"),
        (
            '{"kind": "sudoku", "grid": ["11....", "......", "......", '
            '"......", "......", "......"]}',
            (1, 20),
            "row 1 holds 1 twice",
        ),
        ('{"game": "minisudoku", "cells": [{"row": 7, "col": 0, "value": 1}]}', (1, 34), "row 7"),
        (
            '{"game": "minisudoku", "cells": [[9, null, null, null, null, null]]}',
            (1, 34),
            "9, not a digit",
        ),
        ('{"game": "queens", "cells": []}', (1, 2), '"game" is'),
    ],
)
def test_bad_files_say_where_and_what(text: str, where: tuple[int, int], words: str) -> None:
    with pytest.raises(LevelError) as err:
        fmt.parse(text)
    assert words in err.value.message
    assert (err.value.line, err.value.col) == where


def test_sniff_tells_sudoku_from_the_other_kinds() -> None:
    assert fmt.sniff(". 6 . | . 4 .\n", ".txt")
    assert fmt.sniff("# kind: sudoku\n..3.2.\n", ".txt")
    assert not fmt.sniff("AAABBA\nAAAAAA\n", ".txt")  # Queens regions
    assert not fmt.sniff("001122\n", ".txt")  # Queens with digit labels: no kind line, no gaps
    assert not fmt.sniff('{"kind": "tango", "grid": []}', ".json")
    tango_text = "# kind: tango\n. 1 . 0 . .\n"
    assert not fmt.sniff(tango_text, ".txt") and tango.sniff(tango_text, ".txt")
