"""The web game's TypeScript level files: real ones from the corpus, hand-written ones, bad ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.formats.queens import load
from queens_tui.formats.queens.ts import PALETTE, parse_ts, tokenize

RAW_TS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "raw-ts"

ONE_LINE_ROWS = """\
// @ts-ignore
import { anakiwa, celadon, chardonnay } from "../colors";

const level = {
  size: 3,
  colorRegions: [
    ["A", "A", "B"],
    ["A", "C", "B"],
    ["C", "C", "B"],
  ],
  regionColors: {
    A: anakiwa,
    B: celadon,
    C: chardonnay,
  },
};

export default level;
"""

ONE_CELL_PER_LINE = """\
import { anakiwa, madeUpColor } from "../colors";

const level42 = {
  path: "/community-level/42",
  size: 2,
  colorRegions: [
    [
      'A',
      'B',
    ],
    [
      "A",
      "B",
    ],
  ],
  regionColors: { A: anakiwa, B: madeUpColor },
  solutionsCount: 0,
  createdBy: "someone",
  creatorLink: "https://example.org/someone",
};

export default level42;
"""


def test_rows_on_one_line() -> None:
    level = parse_ts(ONE_LINE_ROWS)
    assert level.rows_text() == ["AAB", "ACB", "CCB"]
    assert level.colors == {"A": "#96beff", "B": "#b3dfa0", "C": "#ffc992"}


def test_one_cell_per_line_extra_keys_and_unknown_color_names() -> None:
    level = parse_ts(ONE_CELL_PER_LINE)
    assert level.rows_text() == ["AB", "AB"]
    assert level.colors == {"A": "#96beff"}  # madeUpColor is left to the app's palette
    assert level.author == "someone"
    assert level.source == "/community-level/42"
    assert level.name == "Community level 42"


def test_hex_strings_comments_trailing_commas_and_type_annotations() -> None:
    text = """
    /* a block
       comment */
    type Level = { colorRegions: string[][] };
    export const level: Level = {
      size: 2, // two
      colorRegions: [["A", "B"], ["B", "A"],],
      regionColors: { "A": "#AABBCC", B: someFunction() },
      extra: [1, 2, { deep: [3] }] as const,
    } satisfies Level;
    """
    level = parse_ts(text)
    assert level.rows_text() == ["AB", "BA"]
    assert level.colors == {"A": "#aabbcc"}


def test_nothing_is_evaluated() -> None:
    """Code in the file is skipped as data, never run."""
    text = 'import os from "os";\nconst level = { colorRegions: [["A"]], x: os.system("false") };'
    assert parse_ts(text).rows_text() == ["A"]


def test_rows_written_as_strings_are_accepted() -> None:
    assert parse_ts('const l = { colorRegions: ["AB", "BA"] };').rows_text() == ["AB", "BA"]


@pytest.mark.parametrize(
    ("text", "line", "col", "words"),
    [
        ("const level = { size: 2 };\n", 1, 1, "no colorRegions"),
        ("", 1, 1, "no colorRegions"),
        ("const level = {\n  colorRegions: makeRows(),\n};", 2, 3, "not an array"),
        ("const l = {\n  size: 3,\n  colorRegions: [['A','B'],['B','A']],\n};", 2, 9, "size is 3"),
        ("const l = { colorRegions: [['A','B'],['B']] };", 1, 40, "row 2 has 1 cells"),
        ("const l = { colorRegions: [['A','A'],['A','A']] };", 1, 29, "found 1"),
        ("const l = { colorRegions: [['A', 7], ['A','B']] };", 1, 34, "label string"),
        ("const l = { colorRegions: [['AB','B'],['B','A']] };", 1, 29, "single visible"),
        ("const l = { colorRegions: [] };", 1, 13, "empty"),
        ('const l = { colorRegions: [["A", "B\n', 1, 34, "unterminated string"),
        ("/* never closed\nconst l = {};", 1, 1, "unterminated /*"),
        ("const l = { colorRegions: " + "[" * 100, 1, 27 + 32, "nested too deeply"),
    ],
)
def test_errors_are_located(text: str, line: int, col: int, words: str) -> None:
    with pytest.raises(LevelError) as info:
        parse_ts(text)
    assert words in info.value.message
    assert (info.value.line, info.value.col) == (line, col)


def test_tokenizer_tracks_lines_through_strings_and_comments() -> None:
    toks = tokenize('a\n  "x\\\ny" /* c\n\n */ b\n`t\nu` c')
    assert [(t.value, t.line, t.col) for t in toks] == [
        ("a", 1, 1),
        ("xy", 2, 3),
        ("b", 5, 5),
        ("t\nu", 6, 1),
        ("c", 7, 4),
    ]


def test_palette_holds_the_web_game_names() -> None:
    assert PALETTE["anakiwa"] == "#96beff"
    assert len(PALETTE) == 26
    assert all(len(v) == 7 and v.startswith("#") for v in PALETTE.values())


@pytest.mark.parametrize(
    ("name", "size", "first_row", "author"),
    [
        ("levels/level1.ts", 8, "AABBBCCC", None),
        ("bonus-levels/2025-05-04.ts", 11, "AAABCCDDDDD", None),
        ("community-levels/level229.ts", 18, "AAAAAABBBBBBBBBBBB", "mattsemar"),
    ],
)
def test_real_files_from_the_corpus(name: str, size: int, first_row: str, author: str) -> None:
    path = RAW_TS / name
    if not path.exists():
        pytest.skip("shared corpus not present beside the repository")
    level = load(path)
    assert level.size == size
    assert level.rows_text()[0] == first_row
    assert level.author == author
    assert len(level.colors) == size  # every name in these files is in the palette
