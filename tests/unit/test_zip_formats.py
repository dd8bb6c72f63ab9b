"""Zip files: the JSON format of the issue, the text drawing, detection, located errors, fuzz."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens_tui.core.errors import LevelError
from queens_tui.formats import zip as fmt
from queens_tui.kinds.zip.level import ZipLevel
from tests.zip_data import linkedin_days

TEXT = """\
# kind: zip
# name: Corner
# author: Ada
+---+---+---+
| 1 | .   . |
+   +   +---+
| .   .  12 |
+   +   +   +
|10   .   2 |
+---+---+---+
"""
JSON = (
    '{"kind": "zip", "name": "Corner", "rows": 3, "cols": 3,\n'
    ' "numbers": [[1, 0, 0], [0, 0, 12], [10, 0, 2]],\n'
    ' "walls": [[[0, 0], [0, 1]], [[0, 2], [1, 2]]], "author": "Ada"}'
)


def test_text_and_json_say_the_same_level() -> None:
    with pytest.raises(LevelError):  # numbers 1, 2, 10, 12: gaps
        fmt.parse(TEXT)
    text = TEXT.replace("12", " 3").replace("10", " 4")
    js = JSON.replace("12", "3").replace("10", "4")
    a, b = fmt.parse(text), fmt.parse(js)
    assert a == b
    assert a.walls == (((0, 0), (0, 1)), ((0, 2), (1, 2)))
    assert a.metadata == {"name": "Corner", "author": "Ada"}
    assert fmt.dump_text(a) == text
    assert json.loads(fmt.dump(a, "json")) == json.loads(js)
    assert fmt.dump(a, "json").count("\n") == 1  # one level a line


def test_every_linkedin_day_round_trips_both_ways() -> None:
    for day in linkedin_days():
        level = fmt.level_from_json(day)
        for kind in ("text", "json", "json-pretty"):
            out = fmt.dump(level, kind)
            assert fmt.sniff(out, "") and fmt.parse(out) == level


def test_detection_by_content() -> None:
    assert fmt.sniff(TEXT) and fmt.sniff(JSON)
    assert fmt.sniff("+---+---+\n| 1   2 |\n+---+---+\n")
    assert not fmt.sniff("AAB\nACB\nCCB\n")  # Queens
    assert not fmt.sniff('{"kind": "tango", "size": 4}')
    assert not fmt.sniff("# kind: tango\n1 . . .\n")


def test_load_puzzle_reads_zip_files(tmp_path: object) -> None:
    from pathlib import Path

    from queens_tui.formats import load_puzzle

    base = Path(str(tmp_path))
    (base / "a.txt").write_text(TEXT.replace("12", " 3").replace("10", " 4"))
    (base / "a.json").write_text(JSON.replace("12", "3").replace("10", "4"))
    assert load_puzzle(base / "a.txt") == load_puzzle(base / "a.json")
    assert load_puzzle(base / "a.txt").kind == "zip"


@pytest.mark.parametrize(
    ("text", "line", "col", "message"),
    [
        (TEXT.replace("| 1 |", "| 1 !"), 5, 5, "expected '|' (wall) or ' '"),
        (TEXT.replace("+   +   +---+", "+   +  x+---+"), 6, 6, "'---' (wall) or '   '"),
        (TEXT.replace("| .   .  12 |", "| .   .  ab |"), 7, 10, "a number or '.'"),
        (TEXT.replace("+---+---+---+\n| 1", "+-+\n| 1", 1), 4, 1, "top border"),
        ("# kind: zip\n# only comments\n", 1, 1, "no grid"),
        (TEXT.replace("|10   .   2 |\n", ""), 9, 1, "alternate border lines"),
        (TEXT, 4, 1, "12 is more than the board's 9 cells"),
        (TEXT.replace("12", " 9").replace("10", " 5"), 4, 1, "without gaps"),
        (TEXT.replace("|10   .   2 |", "|10   .   2  x"), 9, 14, "wider than the grid"),
    ],
)
def test_bad_text_is_one_located_error(text: str, line: int, col: int, message: str) -> None:
    with pytest.raises(LevelError, match=re.escape(message)) as info:
        fmt.parse(text)
    assert (info.value.line, info.value.col) == (line, col)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('{"kind": "zip", "rows": 2,\n"cols": 2, "numbers": [[1, 0], [0, 3]]}', 2, "without gaps"),
        (
            '{"kind": "zip", "rows": 2, "cols": 2,\n "numbers": [[1, 0], [0, 2]],\n'
            ' "walls": [[[0, 0], [1, 1]]]}',
            3,
            "orthogonal",
        ),
        ('{"kind": "zip", "rows": 2, "cols": 2, "numbers": [[1, 0], [0, 2]', 1, "broken JSON"),
        ('{"kind": "zip", "cols": 2}', 1, "missing key 'rows'"),
        ('{"kind": "zip", "rows": 2,\n "cols": "2", "numbers": []}', 2, "whole number"),
        (
            '{"kind": "zip", "rows": 2, "cols": 2,\n "numbers": [[1, 0], [0, 2]],\n'
            ' "walls": [[0, 0]]}',
            3,
            "a wall end must be",
        ),
        ('{"kind": "zip", "rows": 99, "cols": 2, "numbers": []}', 1, "1 to 30"),
    ],
)
def test_bad_json_is_one_located_error(text: str, line: int, message: str) -> None:
    with pytest.raises(LevelError, match=re.escape(message)) as info:
        fmt.parse(text)
    assert info.value.line == line


def test_cli_prints_one_located_line_and_exits_2(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    from queens_tui.cli import main

    bad = Path(str(tmp_path)) / "bad.txt"
    bad.write_text(TEXT)
    assert main(["solve", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{bad}:4:1: cell r2c3: 12 is more than the board's 9 cells"]


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="+-| .0123456789\n#kzip:", max_size=200))
def test_fuzz_text_only_level_errors(text: str) -> None:
    try:
        level = fmt.parse_text(text)
    except LevelError:
        return
    assert fmt.parse_text(fmt.dump_text(level)) == level


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=4),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(["kind", "rows", "cols", "numbers", "walls", "name", "date"]), inner
            )
        ),
        max_leaves=30,
    )
)
@pytest.mark.slow  # 5 s at load 12 on 2 cores: run by `pytest -m slow`
def test_fuzz_json_only_level_errors(obj: object) -> None:
    try:
        level = fmt.parse_json(json.dumps(obj))
    except LevelError:
        return
    assert isinstance(level, ZipLevel) and fmt.parse(fmt.dump(level, "json")) == level
