"""Starting the game builds only `play`'s parser: the other commands' modules stay unloaded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from queens_tui.cli import build_parser, plays
from tests.conftest import run_cli


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], True),
        (["play", "x.txt"], True),
        (["--ascii"], True),
        (["--date", "2026-11-30"], True),
        (["levels/1-easy/001.txt"], True),
        (["1-easy/001"], True),
        (["solve", "x.txt"], False),
        (["nqueens", "8"], False),
        (["--help"], False),
        (["--version"], False),
        (["somename"], False),  # a command or a level: the full parser decides
    ],
)
def test_which_command_lines_start_the_game(argv: list[str], expected: bool) -> None:
    assert plays(argv) is expected


def test_play_parser_reads_play_options_and_the_full_one_knows_every_command() -> None:
    args = build_parser(play_only=True).parse_args(["play", "--ascii", "--date", "2026-11-30"])
    assert args.ascii and args.date == "2026-11-30" and args.func.__name__ == "cmd_play"
    full = build_parser()
    assert full.parse_args(["solve", "x.txt"]).func.__name__ == "cmd_solve"


def test_starting_the_game_imports_no_other_command_module() -> None:
    """Only `cli.play`: the other commands' modules are not imported before the first frame."""
    code = (
        "import sys; from queens_tui.cli import build_parser; build_parser(play_only=True); "
        "print(sorted(m for m in sys.modules if m.startswith('queens_tui.cli.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['queens_tui.cli.play']"


def test_play_refuses_an_output_that_is_not_a_terminal(tmp_path: Path) -> None:
    """Escape codes into a file or a pipe help nobody: one line, exit 2, nothing on stdout."""
    env = {**os.environ, "QUEENS_TUI_DATA_DIR": str(tmp_path)}
    env.pop("TEXTUAL_DRIVER", None)
    out = run_cli("play", "1-easy/001", env=env)
    assert out.returncode == 2 and out.stdout == ""
    assert (
        out.stderr.strip()
        == "queens-tui play: standard output is not a terminal: the game draws on one"
    )


def test_play_size_of_a_kind_with_a_daily_says_how_to_get_that_size(tmp_path: Path) -> None:
    out = run_cli("play", "--kind", "tango", "--size", "8")
    assert out.returncode == 2 and out.stdout == ""
    assert "queens-tui generate --kind tango --size N" in out.stderr
    assert "4, 6, 8, 10, 12" in out.stderr
