"""`queens-tui explain` and `queens-tui grade`: output shapes, exit codes, bad files.

The JSON lines are a contract (an outside checker replays them against its own
solver), so their keys and 0-based cells are pinned here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from queens_tui.cli import main
from queens_tui.kinds.queens import search
from queens_tui.kinds.queens.level import Level

EASY = ["AABBBCCC", "ADBDBECC", "ADBDBCCC", "ADDDBFGC", "ADDDBFGG", "ADHDBFGG", "HDHDBFFG"]
EASY.append("HHHHGGGG")
MULTI = ["AABBB", "AABBB", "CCDDB", "CCDEE", "CCDEE"]


def write(tmp_path: Path, name: str, rows: list[str]) -> str:
    path = tmp_path / name
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return str(path)


def test_explain_json_lines_replay_to_the_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "easy.txt", EASY)
    assert main(["explain", "--json", path]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [obj["step"] for obj in lines] == list(range(1, len(lines) + 1))
    sol = set(search.first(Level.from_rows(EASY)) or ())
    placed = set()
    for obj in lines:
        assert set(obj) == {"file", "step", "rule", "place", "cross", "text"}
        assert obj["file"] == path
        assert obj["rule"] != "solver"
        assert obj["text"]
        placed |= {tuple(c) for c in obj["place"]}
        assert not {tuple(c) for c in obj["cross"]} & sol
    assert placed == sol
    assert lines[0] == {
        "file": path,
        "step": 1,
        "rule": "last_cell_region",
        "place": [[1, 5]],
        "cross": [],
        "text": "Region E is a single cell, at row 2, column 6: its queen goes there.",
    }


def test_explain_text_numbers_steps(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "easy.txt", EASY)
    assert main(["explain", path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}: 8x8, 9 steps"
    assert out[1] == (
        "  1. last_cell_region: queen r2c6. "
        "Region E is a single cell, at row 2, column 6: its queen goes there."
    )
    assert out[3].startswith("  3. confinement_region_column: cross r5c8. ")


def test_explain_multi_solution_ends_with_the_solver_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "multi.txt", MULTI)
    assert main(["explain", "--json", path]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-1]["rule"] == "solver"
    assert all(obj["rule"] != "solver" for obj in lines[:-1])


def test_explain_bad_and_unsolvable_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = write(tmp_path, "bad.txt", ["AAB", "AB"])
    none = write(tmp_path, "none.txt", ["AAB", "ACB", "CCB"])
    good = write(tmp_path, "easy.txt", EASY)
    assert main(["explain", "--json", bad, none, good]) == 2
    out, err = capsys.readouterr()
    err_lines = err.splitlines()
    assert len(err_lines) == 2
    assert err_lines[0].startswith(f"{bad}:1:")
    assert err_lines[1] == f"{none}: no solution"
    assert all(json.loads(line)["file"] == good for line in out.splitlines())
    assert "Traceback" not in err


def test_grade_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    easy = write(tmp_path, "easy.txt", EASY)
    multi = write(tmp_path, "multi.txt", MULTI)
    bad = write(tmp_path, "bad.txt", ["AAB", "AB"])
    assert main(["grade", "--json", easy, multi, bad]) == 2
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["file"] for o in out] == [easy, multi, bad]
    assert out[0]["difficulty"] == "medium"  # LinkedIn's #1, a Wednesday
    assert out[0]["size"] == 8
    assert out[0]["steps"] == 9
    assert out[0]["hardest_rule"] == "confinement_region_column"
    assert out[0]["rules_alone"] is True
    assert out[0]["unique"] is True
    assert out[0]["score"] == 2.61  # the medium band: 2.5 to 4.5
    assert out[1]["difficulty"] == "not gradable: several solutions"
    assert out[1]["score"] is None
    assert out[1]["hardest_rule"] == "solver"
    assert out[1]["unique"] is False
    assert out[2]["difficulty"] is None
    assert out[2]["error"].startswith(f"{bad}:1:")


def test_grade_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    easy = write(tmp_path, "easy.txt", EASY)
    assert main(["grade", easy]) == 0
    assert capsys.readouterr().out == (
        f"{easy}: 8x8, medium (score 2.61, 9 steps, hardest rule confinement_region_column)\n"
    )


def _open(n: int) -> list[str]:
    """An n x n level with many solutions: region k is row k."""
    from queens_tui.kinds.queens.generate import LABELS

    return [LABELS[r] * n for r in range(n)]


@pytest.mark.slow  # a 50x50 board: ~2 s
def test_explain_and_grade_on_a_huge_open_level_answer_quickly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import time

    path = write(tmp_path, "open50.txt", _open(50))
    start = time.monotonic()
    assert main(["explain", path]) == 1
    assert main(["grade", path]) == 1
    assert time.monotonic() - start < 10  # the rules get 1 s, the solver completes
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}: 50x50, 1 steps, several solutions"
    assert out[-1].startswith(f"{path}: 50x50, not gradable: several solutions")


def test_explain_gives_up_after_the_time_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "easy.txt", EASY)
    assert main(["explain", "--time-limit", "0", path]) == 3
    assert main(["grade", "--json", "--time-limit", "0", path]) == 3
    out, err = capsys.readouterr()
    assert err.splitlines()[0] == f"{path}: gave up after 0 s (--time-limit raises it)"
    assert json.loads(out.splitlines()[-1])["error"] == "gave up"
    assert main(["explain", "--time-limit", "30", path]) == 0
