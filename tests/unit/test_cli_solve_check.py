"""`queens-tui solve` and `check`: output, JSON shape, exit codes, bad input without tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from queens_tui.cli import main
from queens_tui.formats.queens import dump_json, dump_text
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.rules import is_solution
from tests.conftest import run_cli

UNIQUE = "AABBBCCC ADBDBECC ADBDBCCC ADDDBFGC ADDDBFGG ADHDBFGG HDHDBFFG HHHHGGGG"
UNIQUE_QUEENS = [[r, c] for r, c in enumerate((3, 5, 1, 7, 0, 2, 6, 4))]
IN_PIECES = "BABBBCCC ADBDBECC ADBDBCCC ADDDBFGC ADDDBFGG ADHDBFGG HDHDBFFG HHHHGGGG"
SEVERAL = "AAAAA BBBBB CCCCC DDDDD EEEEE"  # regions = rows: many placements
NONE = "AB BA"  # the two queens would touch


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    """One file per situation, in all three formats where it matters."""
    out: dict[str, str] = {}
    for key, rows in [
        ("unique", UNIQUE),
        ("pieces", IN_PIECES),
        ("several", SEVERAL),
        ("none", NONE),
    ]:
        path = tmp_path / f"{key}.txt"
        path.write_text(dump_text(Level.from_rows(rows.split())))
        out[key] = str(path)
    level = Level.from_rows(UNIQUE.split())
    (tmp_path / "unique.json").write_text(dump_json(level))
    out["unique_json"] = str(tmp_path / "unique.json")
    ts_rows = ",\n".join("    [" + ", ".join(f'"{c}"' for c in r) + "]" for r in UNIQUE.split())
    (tmp_path / "unique.ts").write_text(
        f"// @ts-ignore\nconst level = {{\n  size: 8,\n  colorRegions: [\n{ts_rows}\n  ],\n}};\n"
        "export default level;\n"
    )
    out["unique_ts"] = str(tmp_path / "unique.ts")
    bad = {
        "empty.txt": b"",
        "comments.txt": b"# only a comment\n",
        "ragged.txt": b"ABC\nAB\nCCC\n",
        "notsquare.txt": b"AB\nAB\nAB\n",
        "labels.txt": b"ABC\nABC\nABD\n",
        "binary.txt": b"\x00\x01\x02\x03",
        "latin1.txt": "AB\nBÄ\n".encode("latin-1"),
        "nocolors.ts": b"const level = { size: 2 };\n",
        "broken.json": b'{"regions": ["AB", "BA"',
        "unknown.yaml": b"regions: [AB, BA]\n",
        "huge.txt": b"A" * 1_100_000,
    }
    for name, data in bad.items():
        (tmp_path / name).write_bytes(data)
        out[name] = str(tmp_path / name)
    out["missing"] = str(tmp_path / "missing.txt")
    (tmp_path / "no levels").mkdir()  # a folder of levels is a collection (issue 26): not this
    out["directory"] = str(tmp_path / "no levels")
    return out


BAD_KEYS = [
    "empty.txt",
    "comments.txt",
    "ragged.txt",
    "notsquare.txt",
    "labels.txt",
    "binary.txt",
    "latin1.txt",
    "nocolors.ts",
    "broken.json",
    "unknown.yaml",
    "huge.txt",
    "missing",
    "directory",
]


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def test_solve_prints_the_grid_with_queens(files: dict[str, str], capsys) -> None:
    assert main(["solve", files["unique"]]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{files['unique']}: 8x8, unique solution\n")
    assert " A  A  B [B] B  C  C  C" in out
    assert out.count("[") == 8


def test_solve_json_shape_and_exit_codes(files: dict[str, str], capsys) -> None:
    assert main(["solve", "--json", files["unique"], files["unique_json"], files["unique_ts"]]) == 0
    lines = json_lines(capsys.readouterr().out)
    for line, key in zip(lines, ["unique", "unique_json", "unique_ts"], strict=True):
        assert line == {"file": files[key], "size": 8, "solutions": 1, "queens": UNIQUE_QUEENS}
    assert main(["solve", "--json", files["unique"], files["several"]]) == 1
    several = json_lines(capsys.readouterr().out)[1]
    assert several["solutions"] == 2
    level = Level.from_rows(SEVERAL.split())
    assert is_solution(level, [tuple(q) for q in several["queens"]])
    assert main(["solve", "--json", files["none"]]) == 1
    assert json_lines(capsys.readouterr().out) == [
        {"file": files["none"], "size": 2, "solutions": 0, "queens": []}
    ]


@pytest.mark.parametrize("key", BAD_KEYS)
def test_every_bad_file_is_one_stderr_line_and_exit_2(
    files: dict[str, str], key: str, capsys
) -> None:
    assert main(["solve", "--json", files[key], files["unique"]]) == 2
    captured = capsys.readouterr()
    err = captured.err.splitlines()
    assert len(err) == 1
    assert err[0].startswith(files[key] + ":")
    first, second = json_lines(captured.out)  # one JSON line per file, the run goes on
    assert first["file"] == files[key]
    assert first["solutions"] is None and first["error"] == err[0]
    assert second["solutions"] == 1


def test_bad_file_locations(files: dict[str, str], capsys) -> None:
    main(["solve", files["ragged.txt"], files["labels.txt"], files["broken.json"]])
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(files["ragged.txt"] + ":2:3: row 2 has 2 cells")
    assert err[1].startswith(files["labels.txt"] + ":3:3: ")
    assert err[2].startswith(files["broken.json"] + ":1:")


def test_worst_exit_code_wins(files: dict[str, str], capsys) -> None:
    assert main(["check", files["several"], files["missing"], files["unique"]]) == 2
    assert main(["check", files["unique"], files["none"]]) == 1
    capsys.readouterr()


def test_check_reports_size_regions_pieces_and_verdict(files: dict[str, str], capsys) -> None:
    assert main(["check", files["unique"], files["pieces"]]) == 0  # pieces only warn
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{files['unique']}: ok: 8x8, 8 regions, unique solution"
    assert out[1] == (
        f"{files['pieces']}: ok: 8x8, 8 regions, unique solution "
        "(warning: regions in several pieces: B A)"
    )
    assert main(["check", files["several"]]) == 1
    assert "FAIL: 5x5, 5 regions, several solutions" in capsys.readouterr().out


def test_check_json(files: dict[str, str], capsys) -> None:
    assert main(["check", "--json", files["pieces"], files["none"], files["empty.txt"]]) == 2
    pieces, none, empty = json_lines(capsys.readouterr().out)
    assert pieces["ok"] is True and pieces["disconnected"] == ["B", "A"]
    assert pieces["size"] == 8 and pieces["regions"] == 8 and pieces["solutions"] == 1
    assert none["ok"] is False and none["verdict"] == "no solution" and none["solutions"] == 0
    assert empty["ok"] is False and empty["error"].startswith(files["empty.txt"] + ":1:1:")


def test_subprocess_bad_input_never_shows_a_traceback(files: dict[str, str]) -> None:
    bad = [files[k] for k in BAD_KEYS]
    for command in (["solve"], ["solve", "--json"], ["check"], ["check", "--json"]):
        proc = run_cli(*command, *bad, files["unique"])
        assert proc.returncode == 2
        assert "Traceback" not in proc.stderr
        lines = proc.stderr.splitlines()
        assert len(lines) == len(bad)
        for line, path in zip(lines, bad, strict=True):
            assert line.startswith(path + ":")
            assert len(line) < 300
        assert files["unique"] in proc.stdout


def test_subprocess_exit_codes_and_stdin(files: dict[str, str]) -> None:
    assert run_cli("solve", files["unique"]).returncode == 0
    assert run_cli("check", files["several"]).returncode == 1
    proc = run_cli("solve", "--json", "-", stdin=Path(files["unique"]).read_text())
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["queens"] == UNIQUE_QUEENS


@pytest.mark.slow  # all 1,124 corpus levels through one subprocess
def test_whole_corpus_in_one_process(corpus: list[dict], tmp_path: Path) -> None:
    """Every corpus level as a text file through one `solve --json`: valid, and fast."""
    names = []
    for i, entry in enumerate(corpus):
        path = tmp_path / f"{i:04d}.txt"
        path.write_text("\n".join(entry["regions"]) + "\n")
        names.append(path.name)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "queens_tui", "solve", "--json", *names],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        timeout=120,
    )
    elapsed = time.perf_counter() - start
    assert proc.returncode == 1  # some community levels have several solutions
    results = json_lines(proc.stdout)
    assert [r["file"] for r in results] == names
    assert sum(r["solutions"] == 2 for r in results) == 85
    assert all(r["solutions"] in (1, 2) for r in results)
    for entry, result in zip(corpus, results, strict=True):
        level = Level.from_rows(entry["regions"])
        assert result["size"] == level.size
        assert is_solution(level, [tuple(q) for q in result["queens"]])
    assert elapsed < 20  # generous: measured ~0.6 s; shared machines are noisy


def test_solve_and_check_accept_a_bundled_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--json", "3-hard/017"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["file"] == "3-hard/017" and line["solutions"] == 1 and len(line["queens"]) == 8
    assert main(["check", "1-easy/001"]) == 0
