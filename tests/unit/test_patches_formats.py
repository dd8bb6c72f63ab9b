"""Patches files: the text format and our JSON round-trip, LinkedIn's archive JSON reads with its
number, date and difficulty, bad files fail at a line and column; and the real archive days
(read from /work/shared when present): unique ones solve and are explained by the rules alone,
the two with several solutions say so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.formats import load_puzzle
from queens_tui.formats import patches as fmt
from queens_tui.kinds.patches.kind import KIND
from queens_tui.kinds.patches.level import Clue

ARCHIVE = Path("/work/shared/archive")
SEVERAL = {"2026-07-14", "2026-07-15"}
"""The two early days with more than one tiling under the rectangle model."""

DAY = {
    "game": "patches",
    "number": 127,
    "grid_size": [3, 4],
    "clues": [
        {"x": 0, "y": 0, "type": "H_rect", "size": 4},
        {"x": 3, "y": 1, "type": "V_rect", "size": None},
        {"x": 1, "y": 2, "type": "free", "size": 6},
    ],
    "date": "2026-07-22",
    "difficulty": "HARD",
}


def test_archive_json_keeps_number_date_and_difficulty() -> None:
    text = json.dumps(DAY, indent=2)
    assert fmt.sniff(text)
    level = fmt.parse(text)
    assert (level.rows, level.cols) == (3, 4)
    assert level.clues[0] == Clue(0, 0, "wide", 4) and level.clues[1] == Clue(1, 3, "tall", None)
    assert (level.number, level.date, level.difficulty) == ("127", "2026-07-22", "hard")
    assert level.name == "Patches #127" and level.source == "linkedin"  # as every kind's days
    ours = json.loads(fmt.dump(level, "json"))
    assert ours["kind"] == "patches" and ours["number"] == 127
    assert ours["clues"][1] == {"x": 3, "y": 1, "type": "V_rect", "size": None}
    assert fmt.parse(fmt.dump(level, "json")) == level


def test_text_round_trips_both_ways() -> None:
    level = fmt.parse(json.dumps(DAY))
    text = fmt.dump(level)
    assert text.startswith("# kind: patches\n# name: Patches #127\n")
    assert "A . . .\n. . . B\n. C . .\n\nA: wide 4\nB: tall\nC: 6\n" in text
    assert fmt.parse(text) == level and fmt.dump(fmt.parse(text)) == text


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("# kind: patches\nA .\n. .\n\nA: round\n", (5, 4), "not a shape"),
        ("# kind: patches\nA .\n. B\n\nA: 2\n", (3, 3), "no legend"),
        ("# kind: patches\nA .\n. . .\n\nA: 2\n", (3, 5), "row 2 has 3 cells"),
        ("# kind: patches\nA .\n. .\n\nA: 2\nB: 2\n", (6, 1), "not on the grid"),
        ("# kind: patches\nA ;\n. .\n\nA: 2\n", (2, 3), "not a cell"),
        ('{"game": "patches", "grid_size": [2, 2],\n "clues": [{"x": 5, "y": 0}]}', (2, 2), "off"),
        (
            '{"kind": "patches", "grid_size": [2, 2],\n'
            ' "clues": [{"x": 0, "y": 0, "type": "round"}]}',
            (2, 12),
            "type",
        ),
        ('{"kind": "patches", "grid_size": 7, "clues": []}', (1, 21), "grid_size"),
        ('{"kind": "patches", "grid_size": [2, 2], "clues": [', (1, 52), "broken JSON"),
    ],
)
def test_bad_files_fail_at_a_line_and_column(text: str, where: tuple[int, int], words: str) -> None:
    with pytest.raises(LevelError, match=words) as err:
        fmt.parse(text)
    assert (err.value.line, err.value.col) == where


def test_other_kinds_files_are_not_claimed() -> None:
    assert not fmt.sniff('{"kind": "tango", "grid": []}')
    assert not fmt.sniff("# kind: tango\n. 1\n")
    assert not fmt.sniff("AABB\nAABB\nCCDD\nCCDD\n")


def _days() -> list[Path]:
    days = sorted(ARCHIVE.glob("*_patches.json"))
    if not days:
        pytest.skip(f"no archive days in {ARCHIVE}")
    return days


def test_archive_days_solve_unique_ones_by_rules_and_say_several() -> None:
    for path in _days():
        level = load_puzzle(path)
        day = path.name[:10]
        sols = KIND.solutions(level, 2)
        if day in SEVERAL:
            assert len(sols) == 2, day
            continue
        assert len(sols) == 1, day
        explained = KIND.explain(level)
        assert explained.solved and all(s["rule"] != "solver" for s in explained.steps), day
        placed = sorted(tuple(p) for s in explained.steps for p in s["patches"])  # type: ignore[attr-defined]
        assert placed == sorted(sols[0]), day


def test_solve_and_explain_json_lines_for_archive_days() -> None:
    """What `solve --json` / `explain --json` print for a unique and a several day."""
    from tests.conftest import run_cli

    unique, several = ARCHIVE / "2026-07-22_patches.json", ARCHIVE / "2026-07-14_patches.json"
    if not (unique.exists() and several.exists()):
        pytest.skip(f"no archive days in {ARCHIVE}")
    proc = run_cli("solve", "--json", str(unique), str(several))
    one, two = (json.loads(line) for line in proc.stdout.splitlines())
    assert proc.returncode == 1  # not every level is unique
    assert one["kind"] == "patches" and one["solutions"] == 1
    level = load_puzzle(unique)
    assert sorted(map(tuple, one["patches"])) == sorted(KIND.solutions(level, 1)[0])
    assert two["solutions"] == 2 and len(two["patches"]) == 12
    proc = run_cli("explain", "--json", str(unique))
    steps = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0 and steps and all(s["rule"] != "solver" for s in steps)
