"""The JSON level format: reading, writing, located errors."""

from __future__ import annotations

import json

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.formats.queens import dump_json, parse_json
from queens_tui.kinds.queens.level import Level

GOOD = """{
  "name": "Morning walk",
  "author": "Ada",
  "date": "2026-01-02",
  "source": "hand-made",
  "seed": 42,
  "difficulty": "easy",
  "colors": {"A": "#96BEFF", "B": "#ffc992"},
  "regions": ["AAB", "ACB", "CCB"],
  "comment": "unknown keys are ignored"
}"""


def test_reads_regions_metadata_and_colors() -> None:
    level = parse_json(GOOD)
    assert level.rows_text() == ["AAB", "ACB", "CCB"]
    assert level.metadata == {
        "name": "Morning walk",
        "author": "Ada",
        "date": "2026-01-02",
        "source": "hand-made",
        "seed": "42",
        "difficulty": "easy",
    }
    assert level.colors == {"A": "#96beff", "B": "#ffc992"}


def test_minimal_file_bom_spaces_and_rows_as_arrays() -> None:
    assert parse_json('\ufeff{"regions": ["A B", "B A"]}').rows_text() == ["AB", "BA"]
    assert parse_json('{"regions": [["A", "B"], ["B", "A"]]}').rows_text() == ["AB", "BA"]


def test_dump_round_trips_exactly() -> None:
    level = parse_json(GOOD)
    text = dump_json(level)
    assert parse_json(text) == level
    assert dump_json(parse_json(text)) == text
    assert json.loads(text)["regions"] == ["AAB", "ACB", "CCB"]
    bare = Level.from_rows(["AB", "BA"])
    assert parse_json(dump_json(bare)) == bare


def test_metadata_is_kept_on_one_line() -> None:
    """Line breaks in a name would not survive the text format, so they fold to spaces."""
    assert parse_json('{"name": " two\\n lines ", "regions": ["A"]}').name == "two lines"


@pytest.mark.parametrize(
    ("text", "line", "col", "words"),
    [
        ('{"regions": ["AB", "BA",]}', 1, 25, "broken JSON"),
        ('{\n  "regions": [\n    "AB"\n    "BA"\n  ]\n}', 4, 5, "broken JSON"),
        ("", 1, 1, "broken JSON"),
        ("[1, 2]", 1, 1, "expected a JSON object"),
        ('{"name": "x"}', 1, 1, 'no "regions"'),
        ('{"levels": [{"regions": ["A"]}]}', 1, 1, "list of 1 levels"),
        ('{"regions": "AB BA"}', 1, 2, "must be a list"),
        ('{\n "regions": [\n  "AB",\n  "B"\n ]\n}', 4, 5, "row 2 has 1 cells"),
        ('{"regions": ["AB", 7]}', 1, 20, "row 2"),
        ('{"regions": ["AA", "AA"]}', 1, 15, "found 1"),
        ('{"regions": []}', 1, 2, "no board rows"),
        ('{"regions": ["AB","BA"], "colors": ["#fff"]}', 1, 26, "colors must be an object"),
        ('{"regions": ["AB","BA"], "colors": {"A": "red"}}', 1, 26, "#rrggbb"),
        ('{"regions": ["AB","BA"], "colors": {"Z": "#000000"}}', 1, 26, "not on the board"),
        ('{"regions": ["AB","BA"], "name": ["x"]}', 1, 26, "name must be a string"),
        ('{"regions": ["AB","B\\u0000"]}', 1, 21, "single visible character"),
        ("[" * 100_000, 1, 33, "nested too deeply"),
    ],
)
def test_errors_are_located(text: str, line: int, col: int, words: str) -> None:
    with pytest.raises(LevelError) as info:
        parse_json(text)
    assert words in info.value.message
    assert (info.value.line, info.value.col) == (line, col)
