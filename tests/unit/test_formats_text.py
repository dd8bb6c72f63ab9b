"""The native text format: what it accepts, what it rejects (and where), exact round trips."""

from __future__ import annotations

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.formats.queens import dump_text, parse_text
from queens_tui.kinds.queens.level import Level

SAMPLE = """\
# name: Morning walk
# author: Ada Lovelace
# date: 2026-01-02
# source: hand-made
# seed: 42
# difficulty: easy
# colors: A=#96BEFF B=#ffc992 C=#b3dfa0
AAB
ACB
CCB
"""


def test_reads_rows_metadata_and_colors() -> None:
    level = parse_text(SAMPLE)
    assert level.rows_text() == ["AAB", "ACB", "CCB"]
    assert level.metadata == {
        "name": "Morning walk",
        "author": "Ada Lovelace",
        "date": "2026-01-02",
        "source": "hand-made",
        "seed": "42",
        "difficulty": "easy",
    }
    assert level.colors == {"A": "#96beff", "B": "#ffc992", "C": "#b3dfa0"}


def test_bom_crlf_blank_lines_comments_and_spaces_are_tolerated() -> None:
    text = (
        "\ufeff# a plain comment\r\n\r\n# Note: not metadata\r\n A A B \r\n\r\nA C B\r\nC\tC B\r\n"
    )
    level = parse_text(text)
    assert level.rows_text() == ["AAB", "ACB", "CCB"]
    assert level.metadata == {}


def test_labels_are_case_sensitive_and_any_visible_character() -> None:
    level = parse_text("aA\nAa\n")
    assert level.labels == ("a", "A")
    assert parse_text("é#\né#\n").labels == ("é", "#")  # '#' mid-row is a label


def test_metadata_keys_are_case_insensitive_and_unknown_keys_ignored() -> None:
    level = parse_text("# NAME: Big\n# foo: bar\nAB\nBA\n")
    assert level.name == "Big"


@pytest.mark.parametrize(
    ("text", "line", "col", "words"),
    [
        ("", 1, 1, "no board rows"),
        ("# only a comment\n\n   \n", 1, 1, "no board rows"),
        ("AB\nBA\nAB\n", 1, 3, "row 1 has 2 cells but there are 3 rows"),
        ("AAB\nAB\nBBB\n", 2, 3, "row 2 has 2 cells"),
        ("AB\nABC\n", 2, 3, "row 2 has 3 cells"),
        ("AA\nAA\n", 1, 1, "needs exactly 2 region labels, found 1"),
        ("ABC\nABC\nABD\n", 3, 3, "'D' is label number 4"),
        ("# colors: A=blue\nAB\nBA\n", 1, 1, "bad color"),
        ("# colors: Z=#000000\nAB\nBA\n", 1, 1, "not on the board: Z"),
        ("AB\nB\x07A\n", 2, 2, "control character"),
    ],
)
def test_errors_are_located(text: str, line: int, col: int, words: str) -> None:
    with pytest.raises(LevelError) as info:
        parse_text(text)
    assert (info.value.line, info.value.col) == (line, col)
    assert words in info.value.message


def test_line_numbers_count_only_newlines() -> None:
    """A form feed or U+2028 inside a row must not shift later line numbers."""
    with pytest.raises(LevelError) as info:
        parse_text("AB\u2028\nBA\nAB\n")
    assert info.value.line == 1


def test_dump_is_canonical_and_round_trips_exactly() -> None:
    level = parse_text(SAMPLE)
    text = dump_text(level)
    assert text == (
        "# name: Morning walk\n# author: Ada Lovelace\n# date: 2026-01-02\n"
        "# source: hand-made\n# seed: 42\n# difficulty: easy\n"
        "# colors: A=#96beff B=#ffc992 C=#b3dfa0\nAAB\nACB\nCCB\n"
    )
    assert parse_text(text) == level
    assert dump_text(parse_text(text)) == text


def test_round_trip_of_empty_metadata_value() -> None:
    level = Level.from_rows(["AB", "BA"], name="")
    assert parse_text(dump_text(level)) == level


def test_dump_refuses_what_would_not_read_back() -> None:
    with pytest.raises(LevelError, match="comment"):
        dump_text(Level.from_rows(["#A", "A#"]))
    with pytest.raises(LevelError, match="single visible character"):
        dump_text(Level.from_rows([["AA", "B"], ["B", "AA"]]))


def test_corpus_levels_round_trip(corpus: list[dict]) -> None:
    for entry in corpus:
        level = Level.from_rows(entry["regions"], name=entry["id"])
        assert parse_text(dump_text(level)) == level
