"""Issue 36 item 2: Mini Sudoku boards read from pictures.

Default run: synthetic pictures of bundled levels (light and dark, JPEG, scaled, inside a
screen) read back to exactly the givens drawn; a solved picture whose givens are grey
and whose other digits are black reads as the puzzle (its givens), one drawn in a
single ink as the finished board; `solve --draw` writes the missing digits. Slow step:
every real picture in ../shared/screens/minisudoku reads right (the measure of
`tests/benchmarks/picture_rates.py`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels
from queens_tui.kinds import get_kind
from tests.benchmarks import picture_rates
from tests.unit import puzzle_pictures as pp

REAL = picture_rates.pictures("sudoku")


def _level(index: int) -> Any:
    return load_puzzle(bundled_levels("sudoku")[index][1])


def _grid(rows: Any) -> list[list[int]]:
    return [[v or 0 for v in row] for row in rows]


def _write(tmp_path: Path, board: Any, name: str = "board", **options: Any) -> Path:
    picture = pp.picture(board, **options)
    path = tmp_path / f"{name}{picture.suffix}"
    path.write_bytes(picture.data)
    return path


@pytest.mark.parametrize(
    ("index", "options"),
    [
        (0, {}),
        (7, {"dark": True, "jpeg": True}),
        (13, {"scale": 0.7, "jpeg": True}),
        pytest.param(21, {"screen": True}, marks=pytest.mark.slow),
        pytest.param(30, {"dark": True, "screen": True, "jpeg": True}, marks=pytest.mark.slow),
    ],
)
def test_a_mini_sudoku_picture_reads_to_its_givens(
    tmp_path: Path, index: int, options: dict[str, Any]
) -> None:
    level = _level(index)
    dark = options.get("dark", False)
    path = _write(tmp_path, pp.sudoku_board(_grid(level.givens), 60, dark=dark), **options)
    got = load_puzzle(path)
    assert got.kind == "sudoku"
    assert got.givens == level.givens
    assert got.source == path.name


@pytest.mark.parametrize("dark", [False, True])
def test_a_solved_picture_with_grey_givens_reads_as_its_puzzle(tmp_path: Path, dark: bool) -> None:
    level = _level(3)
    solution = get_kind("sudoku").solutions(level, 1)[0]
    entered = [[0 if level.givens[r][c] else solution[r][c] for c in range(6)] for r in range(6)]
    board = pp.sudoku_board(_grid(level.givens), 56, dark=dark, entered=entered)
    got = load_puzzle(_write(tmp_path, board, dark=dark))
    assert got.givens == level.givens


def test_a_solved_picture_in_one_ink_reads_as_the_finished_board(tmp_path: Path) -> None:
    level = _level(5)
    solution = get_kind("sudoku").solutions(level, 1)[0]
    got = load_puzzle(_write(tmp_path, pp.sudoku_board([list(row) for row in solution], 56)))
    assert got.givens == tuple(tuple(row) for row in solution)


def test_solve_draws_the_missing_digits_and_the_kind_can_be_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from PIL import Image

    from queens_tui.cli import main

    level = _level(9)
    path = _write(tmp_path, pp.sudoku_board(_grid(level.givens), 56))
    out = tmp_path / "drawn.png"
    assert main(["solve", "--json", "--draw", str(out), str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["kind"], result["solutions"]) == ("sudoku", 1)
    drawn, before = Image.open(out), Image.open(path)
    assert drawn.size == before.size and drawn.tobytes() != before.convert("RGB").tobytes()
    assert main(["import", "--kind", "sudoku", str(path)]) == 0
    assert "sudoku" in capsys.readouterr().out.lower()


@pytest.mark.slow  # 30 real pictures, ~30 s of CPU
@pytest.mark.skipif(not REAL, reason="../shared/screens/minisudoku is not here")
def test_real_mini_sudoku_pictures_read_right() -> None:
    misses = [p.name for p in REAL if picture_rates.judge("sudoku", p)[0] is not None]
    assert len(misses) <= 0.05 * len(REAL), misses


def test_a_queens_board_beside_a_larger_mini_sudoku_is_still_read_as_queens(
    tmp_path: Path,
) -> None:
    """The Queens grid finder tries the grid of most lines first: here a 6x6 Mini Sudoku (its
    cells say so, so its Queens regions are never read), then the 5x5 Queens board beside it,
    which is the level read, as it was before the kinds were told first."""
    import io

    from PIL import Image

    from tests.unit.picture_maker import board_picture

    sudoku = pp.sudoku_board(_grid(_level(0).givens), 60)
    queens = board_picture(5, seed=3, cell=48)
    screen = Image.new("RGB", (sudoku.width + 400, sudoku.height + 80), (250, 250, 250))
    screen.paste(sudoku, (40, 40))
    screen.paste(Image.open(io.BytesIO(queens.data)).convert("RGB"), (sudoku.width + 80, 60))
    path = tmp_path / "both.png"
    screen.save(path)
    got = load_puzzle(path)
    assert got.kind == "queens"
    seen: dict[object, int] = {}
    regions = tuple(tuple(seen.setdefault(x, len(seen)) for x in row) for row in got.grid)
    seen = {}
    want = tuple(tuple(seen.setdefault(x, len(seen)) for x in row) for row in queens.regions)
    assert regions == want
