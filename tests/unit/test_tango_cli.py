"""The CLI on Tango files: solve/check/explain/grade shapes, mixed with Queens, generate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from queens_tui.cli import main
from queens_tui.formats import tango as fmt
from queens_tui.kinds.tango import search
from tests.unit.test_tango_formats import JSON_1, TEXT_1

QUEENS = "AABBBCCC\nADBDBECC\nADBDBCCC\nADDDBFGC\nADDDBFGG\nADHDBFGG\nHDHDBFFG\nHHHHGGGG\n"
SOLUTION_1 = ["001101", "011010", "110010", "100101", "001101", "110010"]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    out = {}
    for name, text in [
        ("t.json", JSON_1),
        ("t.txt", TEXT_1),
        ("q.txt", QUEENS),
        ("open.txt", "# kind: tango\n" + ". . . .\n" * 4),
        ("broken.txt", "# kind: tango\n1 1 1 .\n" + ". . . .\n" * 3),
        ("bad.json", '{"kind": "tango", "grid": [".."'),
    ]:
        (tmp_path / name).write_text(text)
        out[name] = str(tmp_path / name)
    return out


def lines(capsys: pytest.CaptureFixture[str]) -> list[dict]:
    return [json.loads(x) for x in capsys.readouterr().out.splitlines()]


def test_solve_json_mixed_kinds(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", "--json", files["t.json"], files["q.txt"], files["t.txt"]])
    assert code == 0
    got = lines(capsys)
    assert got[0] == {"file": files["t.json"], "kind": "tango", "solutions": 1, "grid": SOLUTION_1}
    assert got[1]["queens"] and "kind" not in got[1]  # the Queens line is unchanged
    assert got[2]["grid"] == SOLUTION_1


def test_solve_counts_none_and_several(
    files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "--json", files["open.txt"], files["broken.txt"]]) == 1
    got = lines(capsys)
    assert got[0]["solutions"] == 2 and len(got[0]["grid"]) == 4
    assert got[1] == {"file": files["broken.txt"], "kind": "tango", "solutions": 0, "grid": []}


def test_solve_text_draws_the_grid_with_signs(
    files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", files["t.txt"]]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{files['t.txt']}: Tango 6x6, unique solution"
    assert out[1] == "0 0 1 1 0x1"


def test_check(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--json", files["t.json"]]) == 0
    (got,) = lines(capsys)
    assert got["kind"] == "tango" and got["ok"] and got["verdict"] == "unique solution"
    assert (got["size"], got["givens"], got["equal"], got["opposite"]) == (6, 4, 4, 4)
    assert main(["check", files["t.txt"], files["q.txt"]]) == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        out[0] == f"{files['t.txt']}: ok: Tango 6x6, 4 givens, 4 equal, 4 opposite, unique solution"
    )
    assert out[1].startswith(f"{files['q.txt']}: ok: 8x8")


def test_explain_json_steps(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--json", files["t.json"]]) == 0
    steps = lines(capsys)
    assert [s["step"] for s in steps] == list(range(1, len(steps) + 1))
    assert all(set(s) == {"file", "step", "rule", "place", "text"} for s in steps)
    assert all(s["rule"] != "solver" for s in steps)
    grid = [list(row) for row in ["......", ".1..1.", "......", "......", ".0..0.", "......"]]
    for s in steps:
        for r, c, v in s["place"]:
            grid[r][c] = str(v)
    assert ["".join(row) for row in grid] == SOLUTION_1


def test_grade_and_explain_text(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "--json", files["t.json"]]) == 0
    (got,) = lines(capsys)
    assert got["kind"] == "tango" and got["difficulty"] == "medium"
    assert got["hardest_rule"] == "sign_three" and got["rules_alone"] and got["unique"]
    assert main(["explain", files["t.txt"]]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith(
        "  1. sign_three: The = sign joins row 5, column 3 and row 5, column 4"
    )


def test_unsolvable_and_bad_files(
    files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["grade", "--json", files["broken.txt"]]) == 1
    line = lines(capsys)[0]
    assert line["difficulty"] == "not gradable: no solution" and line["score"] is None
    assert main(["explain", files["bad.json"], files["t.json"]]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"{files['bad.json']}:1:32: broken JSON: Expecting ',' delimiter"]


def test_generate_json_lines_are_unique_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["generate", "--kind", "tango", "--count", "3", "--seed", "t", "--format", "json"])
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3
    for i, line in enumerate(out):
        data = json.loads(line)
        assert data["kind"] == "tango" and data["size"] == 6
        assert data["seed"] == ("t" if i == 0 else f"t+{i}")
        assert search.count(fmt.parse(line)) == 1
    assert main(["generate", "--kind", "tango", "--seed", "t+1", "--format", "json"]) == 0
    assert capsys.readouterr().out.strip() == out[1]  # any level made again alone


def test_generate_text_and_bad_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--kind", "tango", "--seed", "s", "--difficulty", "easy"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# kind: tango\n# seed: s\n# difficulty: easy\n")
    assert fmt.dump_text(fmt.parse(text)) == text
    assert main(["generate", "--kind", "tango", "--size", "7"]) == 2
    assert "even" in capsys.readouterr().err
    out = tmp_path / "out"
    assert (
        main(["generate", "--kind", "tango", "--count", "2", "--seed", "s", "--out", str(out)]) == 0
    )
    assert sorted(p.name for p in out.iterdir()) == ["tango-s-001.txt", "tango-s-002.txt"]
    capsys.readouterr()
    assert main(["generate", "--kind", "tango", "--seed", "s"]) == 0
    assert (out / "tango-s-001.txt").read_text() == capsys.readouterr().out
