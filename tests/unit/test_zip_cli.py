"""The CLI on Zip files: solve/check/explain/grade output shapes, exit codes, mixed kinds."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from queens_tui.cli import main
from queens_tui.formats import zip as fmt
from queens_tui.kinds.zip import deduce
from tests.zip_data import linkedin_days

QUEENS = "AABBBCCC\nADBDBECC\nADBDBCCC\nADDDBFGC\nADDDBFGG\nADHDBFGG\nHDHDBFFG\nHHHHGGGG\n"
OPEN = """\
+---+---+---+
| 1   .   . |
+   +   +   +
| .   .   . |
+   +   +   +
| .   .   2 |
+---+---+---+
"""


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    day = linkedin_days()[0]
    level = fmt.level_from_json(day)
    out = {}
    for name, text in [
        ("z.json", fmt.dump(level, "json-pretty")),
        ("z.txt", fmt.dump_text(level)),
        ("open.txt", OPEN),
        ("q.txt", QUEENS),
        ("none.json", '{"kind": "zip", "rows": 2, "cols": 2, "numbers": [[1, 0], [0, 2]]}'),
    ]:
        (tmp_path / name).write_text(text)
        out[name] = str(tmp_path / name)
    return out


def _json_lines(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_solve_json_shape(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    day = linkedin_days()[0]
    assert main(["solve", "--json", files["z.json"], files["z.txt"]]) == 0
    a, b = _json_lines(capsys)
    assert a == {"file": files["z.json"], "kind": "zip", "solutions": 1, "path": day["solution"]}
    assert b["path"] == day["solution"]
    assert main(["solve", "--json", files["open.txt"], files["none.json"], files["q.txt"]]) == 1
    several, none, queens = _json_lines(capsys)
    assert several["solutions"] == 2 and len(several["path"]) == 9  # type: ignore[arg-type]
    assert none == {"file": files["none.json"], "kind": "zip", "solutions": 0, "path": []}
    assert queens["solutions"] == 1 and "queens" in queens


def test_solve_text_and_check(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", files["z.txt"]]) == 0
    out = capsys.readouterr().out
    assert "Zip 8x8, unique solution" in out and "(1)↓" in out
    assert main(["check", "--json", files["z.txt"]]) == 0
    (obj,) = _json_lines(capsys)
    assert obj["ok"] is True and obj["numbers"] == 12 and obj["walls"] == 16
    assert main(["check", files["open.txt"]]) == 1
    assert "FAIL: Zip 3x3" in capsys.readouterr().out


def test_explain_and_grade(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--json", files["z.txt"]]) == 0
    steps = _json_lines(capsys)
    assert steps[0]["step"] == 1 and {"rule", "links", "cuts", "text"} <= steps[0].keys()
    assert steps[-1]["share"] == 1.0
    assert main(["grade", "--json", files["z.txt"]]) == 0
    (g,) = _json_lines(capsys)
    assert g["kind"] == "zip" and g["difficulty"] in deduce.DIFFICULTIES and g["unique"] is True


def test_explain_steps_agree_with_every_linkedin_solution() -> None:
    for day in linkedin_days():
        level = fmt.level_from_json(day)
        idx = [r * level.cols + c for r, c in day["solution"]]
        on_path = {(min(a, b), max(a, b)) for a, b in itertools.pairwise(idx)}
        steps = deduce.solve_logically(level)
        drawn = [e for s in steps for e in s.links]
        assert sorted(drawn) == sorted(on_path), day["name"]
        assert all(e not in on_path for s in steps for e in s.cuts), day["name"]
        assert deduce.share(level, steps) == 1.0


def test_solve_text_has_a_key_to_its_two_kinds_of_number(capsys) -> None:
    """Issue 35 item 14: clue numbers `(2)` and steps `2↑` share the grid; a key says which."""
    from queens_tui.kinds.zip.kind import ARROWS_KEY, PATH_KEY

    level = Path(__file__).resolve().parents[2] / "levels" / "zip-1-6x6" / "001.txt"
    assert main(["solve", str(level)]) == 0
    lines = capsys.readouterr().out.rstrip("\n").splitlines()
    assert lines[-2:] == [f"key: {PATH_KEY}", f"     {ARROWS_KEY}"]
    assert "numbered N" in PATH_KEY and "step" in PATH_KEY
    assert all(len(line) <= 80 for line in lines[1:])
