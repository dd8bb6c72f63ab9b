"""Every batch command gives up on time (issue 29, item 6): `--time-limit` for every command
and every kind (a default for `solve` and `check` too), a finite one, and exit 3 with one
line when it runs out. The hopeless levels are made here."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from queens_tui.cli import build_parser, main
from queens_tui.cli.batch import SOLVE_TIME_LIMIT

LIMIT = 0.3


def _mod16(tmp_path: Path) -> str:
    """16x16 Queens, regions (r + c) mod 16: no solution, and the search takes > 15 minutes."""
    letters = "ABCDEFGHIJKLMNOP"
    rows = ("".join(letters[(r + c) % 16] for c in range(16)) for r in range(16))
    path = tmp_path / "mod16.txt"
    path.write_text("\n".join(rows) + "\n")
    return str(path)


def _empty_tango(tmp_path: Path, n: int = 14) -> str:
    """An empty 14x14 Tango: its row-by-row search runs for minutes."""
    path = tmp_path / "tango14.txt"
    path.write_text("# kind: tango\n" + "\n\n".join(" ".join("." * n) for _ in range(n)) + "\n")
    return str(path)


@pytest.mark.parametrize(
    ("command", "maker"),
    [
        (["solve"], _mod16),
        (["check", "--json"], _mod16),
        (["solve", "--json"], _empty_tango),
        (["explain"], _empty_tango),
        (["grade", "--json"], _empty_tango),
    ],
)
def test_a_hopeless_level_is_given_up_on_time(
    tmp_path: Path, command: list[str], maker: object, capsys: pytest.CaptureFixture[str]
) -> None:
    path = maker(tmp_path)  # type: ignore[operator]
    start = time.monotonic()
    assert main([*command, "--time-limit", str(LIMIT), path]) == 3
    assert time.monotonic() - start < LIMIT + 5
    captured = capsys.readouterr()
    assert captured.err == f"{path}: gave up after {LIMIT:g} s (--time-limit raises it)\n"
    if "--json" in command:
        line = json.loads(captured.out)
        assert line["file"] == path and line["error"] == "gave up"


@pytest.mark.parametrize("command", ["solve", "check", "explain", "grade"])
def test_every_command_has_a_finite_time_limit(command: str) -> None:
    parsed = build_parser().parse_args([command, "x.txt"])
    assert 0 < parsed.time_limit <= SOLVE_TIME_LIMIT
    for bad in ("nan", "inf", "-1", "soon"):
        with pytest.raises(SystemExit) as exit_:
            build_parser().parse_args([command, "--time-limit", bad, "x.txt"])
        assert exit_.value.code == 2


@pytest.mark.parametrize("maker", [_empty_tango, _mod16])
def test_the_games_several_solutions_count_stops_when_cancelled(
    tmp_path: Path, maker: object
) -> None:
    """The game's "is there a second solution?" job (item 7) polls its token: leaving the
    level (or its time limit) ends the search, so six levels opened leave no six searches."""
    import threading

    from queens_tui.formats import load_puzzle
    from queens_tui.midend.door import count_solutions

    level = load_puzzle(maker(tmp_path))  # type: ignore[operator]
    left = threading.Event()
    threading.Timer(LIMIT, left.set).start()
    start = time.monotonic()
    assert count_solutions(level.kind, level, 2, left) == 0
    assert time.monotonic() - start < LIMIT + 5


def test_zip_and_tango_searches_stop_at_a_set_flag(tmp_path: Path) -> None:
    import threading

    from queens_tui.core.play import Cancelled
    from queens_tui.formats import load_puzzle
    from queens_tui.kinds import get_kind
    from queens_tui.kinds.zip.level import ZipLevel

    stopped = threading.Event()
    stopped.set()
    ends = {(0, 0): 1, (5, 0): 2}  # corner to corner: many paths through the open board
    corner = tuple(tuple(ends.get((r, c), 0) for c in range(6)) for r in range(6))
    for level in (load_puzzle(_empty_tango(tmp_path, 8)), ZipLevel(6, 6, corner)):
        kind = get_kind(level.kind)
        with pytest.raises(Cancelled):  # first: a level's solutions, once found, are kept
            kind.solutions(level, 2, stopped)
        assert len(kind.solutions(level, 2)) == 2  # an open board: many
