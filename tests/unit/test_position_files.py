"""A level file that sets a position up (issue 42: the lessons inside a level): the
`position:` section of Queens', Zip's and Patches' text formats reads back to the same
position, play starts there, `explain` explains from there, a file without it reads as
before, and a bad section is one `file:line:col: what` line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens_tui.cli import main
from queens_tui.core.errors import LevelError
from queens_tui.core.play import Deadline
from queens_tui.formats import load_puzzle, reader
from queens_tui.formats.bundled import bundled_levels
from queens_tui.kinds import get_kind
from queens_tui.store.progress import grid_key

POSITION_KINDS = ("queens", "zip", "patches")
"""The kinds whose files cannot give a position as givens (Tango and Mini Sudoku can)."""


def walked(kind: str, steps: int) -> tuple[Any, Any]:
    """(the first bundled level of `kind`, the position `steps` hints into it)."""
    _, path = bundled_levels(kind)[0]
    level = load_puzzle(path)
    rules = get_kind(kind).play
    state = rules.new_state(level)
    for _ in range(steps):
        hint = rules.hint(state, Deadline(5.0))
        assert hint is not None and hint.move is not None
        state = rules.apply(state, hint.move)
    return level, state


@pytest.mark.parametrize("kind", POSITION_KINDS)
def test_a_position_reads_back_and_play_starts_there(kind: str, tmp_path: Path) -> None:
    level, state = walked(kind, 3)
    rules = get_kind(kind).play
    placed = replace(level, position=rules.state_to_json(state))
    text = reader(kind).dump(placed, "text")
    assert "\nposition:\n" in text
    path = tmp_path / f"{kind}-lesson.txt"
    path.write_text(text)
    back = load_puzzle(path)
    assert back == placed and back.kind == kind
    assert reader(kind).dump(back, "text") == text  # written back exactly
    assert rules.state_to_json(rules.new_state(back)) == rules.state_to_json(state)
    assert not rules.is_blank(rules.new_state(back))
    # the same puzzle without the position is another game: its own save
    assert grid_key(back) != grid_key(level)
    assert grid_key(back).startswith(grid_key(level) + "@")


@pytest.mark.parametrize("kind", POSITION_KINDS)
def test_a_file_without_a_position_reads_as_before(kind: str) -> None:
    _, path = bundled_levels(kind)[0]
    level = load_puzzle(path)
    assert level.position is None
    assert "position:" not in reader(kind).dump(level, "text")
    rules = get_kind(kind).play
    assert rules.is_blank(rules.new_state(level)) or kind == "zip"  # Zip starts on its 1


@pytest.mark.parametrize("kind", POSITION_KINDS)
def test_explain_starts_from_the_position(kind: str, tmp_path: Path, capsys) -> None:
    level, state = walked(kind, 2)
    rules = get_kind(kind).play
    placed = replace(level, position=rules.state_to_json(state))
    path = tmp_path / "lesson.txt"
    path.write_text(reader(kind).dump(placed, "text"))
    hint = rules.hint(state, Deadline(5.0))
    assert hint is not None
    assert get_kind(kind).first_rule(load_puzzle(path)) == hint.rule
    capsys.readouterr()
    assert main(["explain", "--json", str(path)]) == 0
    import json

    steps = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert steps[0]["rule"] == hint.rule and steps[0]["text"] == hint.text
    assert steps[0]["move"] == rules.move_to_json(hint.move)
    assert main(["explain", str(path)]) == 0
    assert f"  1. {hint.rule}: " in capsys.readouterr().out


QUEENS = """# name: three
AAB
ACB
CCB
{section}"""

ZIP = """# kind: zip
+---+---+---+
| 1 | .   . |
+   +   +   +
| .   .   . |
+   +   +   +
| .   .   2 |
+---+---+---+
{section}"""

PATCHES = """# kind: patches
A . .
. . .
. . B

A: 6
B: 3
{section}"""

BAD = [
    (QUEENS, "position:\nQ . x\n. . .\n", "5:1", "the position has 2 rows, the board 3"),
    (QUEENS, "position:\nQ . .\n. . .\n. . .\n. . .\n", "9:1", "has 4 rows, the board 3"),
    (QUEENS, "position:\nQ . z\n. . .\n. . .\n", "6:5", "not 'z'"),
    (QUEENS, "position:\nQ .\n. . .\n. . .\n", "6:4", "a position row has 2 cells, the board 3"),
    (QUEENS, "position:\nQ . . .\n. . .\n. . .\n", "6:7", "a position row has 4 cells"),
    (ZIP, "position:\n1 . .\n3 . .\n. . .\n", "9:1", "the path has no step 2"),
    (ZIP, "position:\n1 2 .\n. . .\n. . .\n", "9:1", "crosses a wall"),
    (ZIP, "position:\n2 . .\n1 . .\n. . .\n", "9:1", "must start on 1"),
    (ZIP, "position:\n1 . .\n1 . .\n. . .\n", "11:1", "step 1 is on the path twice"),
    (ZIP, "position:\n1 . .\n0 . .\n. . .\n", "11:1", "not '0'"),
    (PATCHES, "position:\na a .\na . .\n. . .\n", "9:1", "patch 'a' are not one whole rectangle"),
    (PATCHES, "position:\na a !\n. . .\n. . .\n", "9:5", "not '!'"),
]


@pytest.mark.parametrize(("body", "section", "where", "what"), BAD)
def test_a_bad_position_is_one_line_at_its_place(
    body: str, section: str, where: str, what: str, tmp_path: Path, capsys
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(body.format(section=section))
    with pytest.raises(LevelError) as caught:
        load_puzzle(path)
    line = str(caught.value)
    assert line.startswith(f"{path}:{where}: ") and what in line, line
    assert "\n" not in line
    capsys.readouterr()
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == line


def test_comments_and_metadata_after_the_position_are_still_read() -> None:
    text = QUEENS.format(section="\nposition:\n# the queen first\nQ . .\n. . .\n. . .\n")
    level = reader("queens").parse(text + "# author: Ada\n", ".txt")
    assert level.author == "Ada" and level.position == ["Q..", "...", "..."]


CLASSIC = """# kind: classic
# name: four
. . . .
. . . .
. . . .
. . . .
{section}"""


def test_a_classic_board_and_its_position_read_back(tmp_path: Path) -> None:
    """Classic N-queens has no puzzles of its own: its file is the empty board of a size and
    the position set up on it (a lesson's board), still a kind played on a board."""
    from queens_tui.kinds import board_kinds

    path = tmp_path / "classic.txt"
    path.write_text(CLASSIC.format(section="\nposition:\n. Q . .\n. . . .\nx . . .\n. . . .\n"))
    level = load_puzzle(path)
    rules = get_kind("classic").play
    state = rules.new_state(level)
    assert level.kind == "classic" and level.size == 4 and level.name == "four"
    assert state.queens == {(0, 1)} and state.crosses == {(2, 0)}
    text = reader("classic").dump(level, "text")
    assert reader("classic").parse(text) == level and text == path.read_text()
    assert reader("classic").scan_meta(text) == ("four", 4, None)
    bare = reader("classic").parse(CLASSIC.format(section=""))
    assert bare.position is None and rules.is_blank(rules.new_state(bare))
    assert grid_key(level) != grid_key(bare)
    assert board_kinds() == ("classic",)  # its files set positions up: still a board's kind


@pytest.mark.parametrize(
    ("section", "where", "what"),
    [
        ("position:\n. Q . z\n. . . .\n. . . .\n. . . .\n", "9:7", "not 'z'"),
        ("position:\n. Q . .\n", "8:1", "the position has 1 rows, the board 4"),
    ],
)
def test_a_bad_classic_file_is_one_line(section: str, where: str, what: str, tmp_path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(CLASSIC.format(section="\n" + section))
    with pytest.raises(LevelError) as caught:
        load_puzzle(path)
    assert str(caught.value).startswith(f"{path}:{where}: ") and what in str(caught.value)


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("# kind: classic\n. . .\n. . .\n. . .\n", "2:1", "4 to 16 rows, not 3"),
        ("# kind: classic\n. . . .\n. Q . .\n. . . .\n. . . .\n", "3:3", "not 'Q'"),
        ("# kind: classic\n. . . .\n. . .\n. . . .\n. . . .\n", "3:1", "has 3 cells"),
        ("# kind: classic\n", "1:1", "no board rows"),
    ],
)
def test_a_bad_classic_board_is_one_line(text: str, where: str, what: str, tmp_path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(LevelError) as caught:
        load_puzzle(path)
    assert str(caught.value).startswith(f"{path}:{where}: ") and what in str(caught.value)


def test_the_editor_keeps_a_files_position_when_it_saves(tmp_path: Path) -> None:
    """`edit FILE` changes regions, not marks: saving a lesson's board keeps its position
    (the file written beside and renamed over, never losing what it held)."""
    from queens_tui.kinds.queens.edit import Edit
    from queens_tui.midend.editor import EditorMidend, open_sketch

    level, state = walked("queens", 3)
    rows = get_kind("queens").play.state_to_json(state)
    path = tmp_path / "lesson.txt"
    path.write_text(reader("queens").dump(replace(level, position=rows), "text"))
    editor = EditorMidend(
        open_sketch(path), path, verdict=lambda *_: None, suggested=lambda *_: None
    )
    label = editor.sketch.grid[0][0]
    assert editor.stroke(Edit(colors=((label, "#96beff"),)))  # a change of the regions' look
    editor.write()
    saved = load_puzzle(path)
    assert saved.position == rows and saved.colors[label] == "#96beff"
    editor.close()


SECTION_CHARACTERS = st.sampled_from(list(".xQq0123456789aAbB!#: \t\r\n\u2028é"))
BOARDS = {
    "queens": QUEENS,
    "zip": ZIP,
    "patches": PATCHES,
    "classic": CLASSIC,
}


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(sorted(BOARDS)),
    body=st.text(SECTION_CHARACTERS, max_size=60),
)
def test_any_position_section_is_a_level_or_one_line(kind: str, body: str) -> None:
    """Whatever follows `position:`, the reader gives a level that plays from it and writes
    back the same, or one `LevelError` line; nothing else escapes."""
    text = BOARDS[kind].format(section="position:\n" + body)
    try:
        level = reader(kind).parse(text, ".txt")
    except LevelError as err:
        assert err.message and "\n" not in str(err) and (err.line or 0) >= 1
        return
    rules = get_kind(kind).play
    state = rules.new_state(level)
    back = reader(kind).parse(reader(kind).dump(level, "text"), ".txt")
    assert back == level and rules.state_to_json(rules.new_state(back)) == rules.state_to_json(
        state
    )


def test_explain_says_when_the_position_cannot_be_finished(tmp_path: Path, capsys) -> None:
    """A file whose position holds a wrong queen: its hints would reason from a board with no
    way on, so `explain` says what is wrong in one line (the words of `m`) and exits 1."""
    level, _ = walked("queens", 0)
    solution = set(get_kind("queens").solutions(level, 1)[0])
    wrong = next(
        (r, c) for r in range(level.size) for c in range(level.size) if (r, c) not in solution
    )
    rows = [
        "".join("Q" if (r, c) == wrong else "." for c in range(level.size))
        for r in range(level.size)
    ]
    path = tmp_path / "wrong.txt"
    path.write_text(reader("queens").dump(replace(level, position=rows), "text"))
    capsys.readouterr()
    assert main(["explain", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    line = out.err.strip()
    assert (
        line.startswith(f"{path}: the position it sets up cannot be finished: ")
        and "\n" not in line
    )
