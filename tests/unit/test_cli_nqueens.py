"""`queens-tui nqueens`: counts, listings, engines agreeing, streaming, ctrl+c, bad input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from queens_tui import cli
from queens_tui.kinds.classic import rules, symmetry

from .test_classic import FUNDAMENTAL, TOTAL

REPO = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["nqueens", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_count_json_exact_for_n_up_to_12(capsys: pytest.CaptureFixture[str]) -> None:
    for n in range(1, 13):
        code, out, _ = run(capsys, str(n), "--count", "--json")
        obj = json.loads(out)
        assert code == 0
        assert set(obj) == {"n", "solutions", "fundamental", "seconds"}
        assert (obj["n"], obj["solutions"], obj["fundamental"]) == (
            n,
            TOTAL[n - 1],
            FUNDAMENTAL[n - 1],
        )


def test_count_text_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "8")
    assert code == 0 and out.startswith("8-queens: 92 solutions, 12 fundamental")


def test_all_json_lists_92_distinct_valid_solutions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "8", "--all", "--json")
    sols = [tuple(json.loads(line)) for line in out.splitlines()]
    assert code == 0 and len(sols) == 92 == len(set(sols))
    assert all(rules.is_solution(q) for q in sols)


def test_all_text_is_1_based_and_boards_draw_queens(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "8", "--all")
    assert out.splitlines()[0] == "1 5 8 6 3 7 2 4"
    _, out, _ = run(capsys, "4", "--all", "--boards")
    assert out == ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n"


def test_fundamental_lists_one_per_class(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "8", "--fundamental", "--json")
    sols = [tuple(json.loads(line)) for line in out.splitlines()]
    assert code == 0 and len(sols) == 12
    assert len({symmetry.canonical(q) for q in sols}) == 12


@pytest.mark.parametrize("engine", ["cp", "cpsat"])
def test_engines_agree_with_the_fast_counter(
    capsys: pytest.CaptureFixture[str], engine: str
) -> None:
    code, out, _ = run(capsys, "--table", "1..8", "--engine", f"fast,{engine}", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(rows) == 16
    for row in rows:
        assert (row["solutions"], row["fundamental"]) == (
            TOTAL[row["n"] - 1],
            FUNDAMENTAL[row["n"] - 1],
        )
    _, out, _ = run(capsys, "8", "--all", "--json", "--engine", engine)
    assert {tuple(json.loads(line)) for line in out.splitlines()} == {
        tuple(json.loads(line)) for line in run(capsys, "8", "--all", "--json")[1].splitlines()
    }


def test_table_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--table", "4..6")
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["N", "solutions", "fundamental", "fast", "s"]
    assert lines[1].split()[:3] == ["4", "2", "1"]


def test_first_constructs_large_boards(capsys: pytest.CaptureFixture[str]) -> None:
    t0 = time.perf_counter()
    code, out, _ = run(capsys, "1000", "--first", "--json")
    assert time.perf_counter() - t0 < 1.0
    q = tuple(json.loads(out))
    assert code == 0 and len(q) == 1000 and rules.is_solution(q)
    code, _, err = run(capsys, "3", "--first")
    assert code == 1 and "no solution" in err
    code, out, _ = run(capsys, "8", "--first", "--engine", "cp", "--json")
    assert code == 0 and json.loads(out) == [0, 4, 7, 5, 2, 6, 1, 3]


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["0"],
        ["25"],
        ["--table", "3..x"],
        ["8", "--engine", "slow"],
        ["8", "--engine", "fast,cp"],
    ],
)
def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    try:
        code = cli.main(["nqueens", *argv])
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    _, err = capsys.readouterr()
    assert code == 2 and err.strip()


def test_a_pipe_to_head_does_not_wait_and_a_broken_pipe_is_quiet() -> None:
    t0 = time.perf_counter()
    cmd = [sys.executable, "-m", "queens_tui", "nqueens", "16", "--all"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # like `head -1` exiting
    err = proc.stderr.read()
    code = proc.wait(timeout=20)
    assert first.decode().split()[:3] == ["1", "3", "5"]
    assert time.perf_counter() - t0 < 10
    assert code == 0 and err == b""


@pytest.mark.slow  # timing: counts for a second, then Ctrl+C
def test_ctrl_c_prints_the_count_so_far() -> None:
    # N=17: about 6 s on two quiet cores (N=16, 0.9 s since every symmetry counts, could end
    # before its first progress line and the signal)
    cmd = [sys.executable, "-m", "queens_tui", "nqueens", "17", "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, text=True)
    assert proc.stderr is not None
    first = proc.stderr.readline()  # the progress line, after a second of counting
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    err = first + err
    obj = json.loads(out)
    assert proc.returncode == 130, (proc.returncode, err)
    assert obj["interrupted"] is True and obj["fundamental"] is None
    assert 0 <= obj["solutions"] < 95815104 and obj["solutions"] % 2 == 0
    assert "Traceback" not in err
    assert "nqueens 17:" in err  # the progress line after a second (stderr is not a terminal)
