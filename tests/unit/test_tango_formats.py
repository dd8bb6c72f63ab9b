"""Tango files: the shared JSON format, the text format with signs drawn, detection, bad files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from queens_tui.core.errors import LevelError
from queens_tui.formats import load_puzzle
from queens_tui.formats import tango as fmt
from queens_tui.kinds.tango.level import Level

REPO = Path(__file__).resolve().parent.parent.parent

JSON_1 = (
    '{"kind": "tango", "name": "LinkedIn Tango #1", "size": 6, "grid": ["......", ".1..1.", '
    '"......", "......", ".0..0.", "......"], "equal": [[[5, 0], [5, 1]], [[3, 1], [3, 2]], '
    '[[4, 2], [4, 3]], [[2, 0], [3, 0]]], "opposite": [[[1, 2], [1, 3]], [[2, 3], [2, 4]], '
    '[[0, 4], [0, 5]], [[2, 5], [3, 5]]], "solution": ["001101"]}'
)
TEXT_1 = """\
# kind: tango
# name: LinkedIn Tango #1
. . . . .x.

. 1 .x. 1 .

. . . .x. .
=         x
. .=. . . .

. 0 .=. 0 .

.=. . . . .
"""


def test_json_and_text_describe_the_same_level() -> None:
    from_json = fmt.parse(JSON_1)
    from_text = fmt.parse(TEXT_1)
    assert from_json == from_text
    assert fmt.dump_text(from_json) == TEXT_1  # the text round trip is exact
    assert fmt.parse(fmt.dump_json(from_json)) == from_json
    assert json.loads(fmt.dump_json(from_json))["equal"][0] == [[2, 0], [3, 0]]


def test_json_keys_in_the_shared_order_with_metadata() -> None:
    level = Level.from_rows(["1.", ".."], equal=[((0, 0), (0, 1))], author="Ada", difficulty="easy")
    data = json.loads(fmt.dump_json(level))
    assert list(data) == ["kind", "size", "grid", "equal", "opposite", "author", "difficulty"]
    assert data["grid"] == ["1.", ".."] and data["opposite"] == []


def test_text_without_header_or_sign_lines_is_still_read() -> None:
    level = fmt.parse("1 0 . .\n. .=. .\n. . . .\n. . .x.\n")
    assert level.size == 4 and level.equal == (((1, 1), (1, 2)),)
    assert level.opposite == (((3, 2), (3, 3)),)
    assert fmt.parse("# kind: tango\n1 .\n\nx\n. .\n").opposite == (((0, 0), (1, 0)),)


def test_detection_by_content() -> None:
    assert fmt.sniff(JSON_1) and fmt.sniff(TEXT_1)
    assert fmt.sniff(". 1 .x.\n", ".txt")
    assert not fmt.sniff("AAB\nACB\nCCB\n", ".txt")  # a Queens level
    assert not fmt.sniff('{"regions": ["AB", "BA"]}', ".json")


@pytest.mark.parametrize(
    ("text", "line", "col", "words"),
    [
        ('{"kind": "tango", "grid": ["..", ".2"]}', 1, 36, "'2' is not 1"),
        ('{"kind": "tango",\n "grid": ["..", "..."]}', 2, 17, "row 2 has 3 cells"),
        ('{"kind": "tango", "size": 4, "grid": ["..", ".."]}', 1, 19, "size is 4"),
        ('{"kind": "tango", "grid": ["..", ".."],\n "equal": [[[0, 0]]]}', 2, 12, "equal item 1"),
        ('{"kind": "tango", "grid": ["..", ".."', 1, 38, "broken JSON"),
        ("# kind: tango\n. .\n. ?\n", 3, 3, "'?' is not a cell"),
        ("# kind: tango\n. .\n= . .\n. .\n", 3, 1, "'=' is not a cell"),
        ("# kind: tango\n. .\n =\n. .\n", 3, 2, "go under a cell"),
        ("# kind: tango\n. . .\n. . .\n. . .\n", 2, 1, "N even"),
        ("# kind: tango\n. .\nx\n", 3, 1, "after the last row"),
    ],
)
def test_bad_files_are_located(text: str, line: int, col: int, words: str) -> None:
    with pytest.raises(LevelError, match=words) as info:
        fmt.parse(text)
    assert (info.value.line, info.value.col) == (line, col)


def test_load_puzzle_reads_tango_files_and_the_cli_says_one_line(tmp_path: Path) -> None:
    good = tmp_path / "t.json"
    good.write_text(JSON_1)
    assert load_puzzle(good).kind == "tango"
    bad = tmp_path / "bad.txt"
    bad.write_text("# kind: tango\n. .\n. ?\n")
    out = subprocess.run(
        [sys.executable, "-m", "queens_tui", "check", str(bad)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        f"{bad}:3:3: '?' is not a cell: 1 (sun), 0 (moon) or . (empty), one space apart"
    ]


FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SIGNIFICANT = st.sampled_from(list('.01=x× \n#{}[]",:kindtago1234567890'))


def only_level_errors(text: str) -> None:
    try:
        level = fmt.parse(text)
    except LevelError as err:
        assert err.message
        assert err.line is None or err.line >= 1
        assert err.col is None or err.col >= 1
        return
    assert fmt.parse(fmt.dump_text(level)) == level
    assert fmt.parse(fmt.dump_json(level)) == level


@FUZZ
@given(st.text(max_size=300))
def test_any_text_gives_a_level_or_a_level_error(text: str) -> None:
    only_level_errors(text)


@FUZZ
@given(st.lists(SIGNIFICANT, max_size=200).map("".join))
def test_tango_like_text_gives_a_level_or_a_level_error(text: str) -> None:
    only_level_errors(text)


@FUZZ
@given(base=st.sampled_from([JSON_1, TEXT_1]), data=st.data())
def test_mutated_files_give_a_level_or_a_level_error(base: str, data: st.DataObject) -> None:
    chars = list(base)
    for _ in range(data.draw(st.integers(1, 6))):
        i = data.draw(st.integers(0, len(chars) - 1))
        op = data.draw(st.sampled_from(["set", "del", "ins"]))
        ch = data.draw(SIGNIFICANT)
        if op == "set":
            chars[i] = ch
        elif op == "del":
            del chars[i]
        else:
            chars.insert(i, ch)
    only_level_errors("".join(chars))
