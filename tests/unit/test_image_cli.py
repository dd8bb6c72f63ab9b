"""Issue 11: pictures through the CLI (import, solve --json / --draw, check, explain, grade),
the daily folder, and the lazy imports (no Pillow or numpy before they are needed)."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from PIL import Image

from queens_tui.cli import main
from queens_tui.formats.queens import load, parse_text
from queens_tui.kinds.queens import search
from queens_tui.store import daily
from tests.player import playing
from tests.unit.picture_maker import board_picture, random_regions

SOLVABLE_9 = [
    "AAABBBCCC",
    "AADBBECCC",
    "ADDDEEECC",
    "FDDGGEHHC",
    "FFGGGHHHI",
    "FFFGGHHII",
    "FFFGGGIII",
    "FFFFGGIII",
    "FFFFGGGII",
]


@pytest.fixture(scope="module")
def solvable(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A picture of a board with exactly one solution (a bundled-style level), on disk."""
    from queens_tui.kinds.queens.generate import generate

    level = generate(8, "image-cli")
    labels = {lab: i for i, lab in enumerate(level.labels)}
    regions = [[labels[x] for x in row] for row in level.grid]
    pic = board_picture(8, regions=regions, queens=0, dark=True)
    path = tmp_path_factory.mktemp("pics") / "daily shot.png"
    path.write_bytes(pic.data)
    return path, ["".join(row) for row in level.grid]


def canon(rows: object) -> tuple[tuple[int, ...], ...]:
    seen: dict[object, int] = {}
    return tuple(tuple(seen.setdefault(x, len(seen)) for x in row) for row in rows)  # type: ignore[attr-defined]


def test_import_prints_the_level_in_text_with_colours_and_source(solvable, capsys) -> None:
    path, grid = solvable
    assert main(["import", str(path)]) == 0
    text = capsys.readouterr().out
    assert f"# source: {path.name}" in text
    level = parse_text(text)
    assert canon(level.grid) == canon(grid)
    assert len(level.colors) == 8 and all(c.startswith("#") for c in level.colors.values())


def test_import_several_to_a_folder_and_a_bad_one_is_one_line(solvable, tmp_path, capsys) -> None:
    path, grid = solvable
    other = tmp_path / "other.jpg"
    other.write_bytes(board_picture(6, seed=2, jpeg=True).data)
    bad = tmp_path / "notes.png"
    bad.write_bytes(b"this is not a picture")
    out = tmp_path / "levels"
    assert main(["import", str(path), str(bad), str(other), "--out", str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"{bad}: cannot read a puzzle board: not a picture Pillow can open\n"
    assert sorted(p.name for p in out.iterdir()) == ["daily shot.txt", "other.txt"]
    assert canon(load(out / "daily shot.txt").grid) == canon(grid)


def test_import_to_stdout_separates_levels_by_a_blank_line(tmp_path, capsys) -> None:
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    a.write_bytes(board_picture(5, seed=1).data)
    b.write_bytes(board_picture(6, seed=2).data)
    assert main(["import", str(a), str(b)]) == 0
    first, second = capsys.readouterr().out.split("\n\n")
    assert parse_text(first).size == 5 and parse_text(second).size == 6


def test_solve_json_check_explain_grade_take_pictures(solvable, capsys) -> None:
    path, _grid = solvable
    level = load(path)
    [want] = list(search.solutions(level))
    assert main(["solve", "--json", str(path)]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["solutions"] == 1 and obj["queens"] == [list(q) for q in want]
    assert main(["check", str(path)]) == 0
    assert ": ok: 8x8" in capsys.readouterr().out
    assert main(["explain", str(path)]) == 0
    assert "steps" in capsys.readouterr().out
    assert main(["grade", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["size"] == 8


@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
def test_no_board_is_one_line_and_exit_2_for_every_command(tmp_path, capsys) -> None:
    blank = tmp_path / "blank.png"
    Image.new("RGB", (300, 300), (255, 255, 255)).save(blank)
    for cmd in (["solve"], ["solve", "--json"], ["check"], ["explain"], ["grade"], ["play"]):
        assert main([*cmd, str(blank)]) == 2, cmd
        err = capsys.readouterr().err
        assert f"{blank}: cannot read a puzzle board: no grid of N x N cells found\n" in err, cmd
        assert "Traceback" not in err


def test_unsolvable_picture_reads_and_solve_says_no_solution(tmp_path, capsys) -> None:
    import random

    rng = random.Random(3)
    while True:
        regions = random_regions(6, rng)
        path = tmp_path / "edited.png"
        path.write_bytes(board_picture(6, regions=regions).data)
        if not list(search.solutions(load(path))):
            break
    assert main(["solve", "--json", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["solutions"] == 0
    out = tmp_path / "drawn.png"
    assert main(["solve", str(path), "--draw", str(out)]) == 1
    assert "no solution to draw" in capsys.readouterr().err
    assert not out.exists()


def test_solve_draw_writes_a_png_of_the_same_size_with_the_queens(solvable, tmp_path) -> None:
    path, _grid = solvable
    out = tmp_path / "solved.png"
    assert main(["solve", str(path), "--draw", str(out)]) == 0
    with Image.open(path) as src, Image.open(out) as drawn:
        assert drawn.format == "PNG" and drawn.size == src.size
        level = load(path)
        [queens] = list(search.solutions(level))
        from queens_tui.formats.image import read

        reading = read(path)
        for r, c in queens:  # the disc's black middle is in each queen's cell
            x = (reading.xs[c] + reading.xs[c + 1]) / 2
            y = (reading.ys[r] + reading.ys[r + 1]) / 2 + 0.24 * (reading.ys[1] - reading.ys[0])
            assert max(drawn.convert("RGB").getpixel((round(x), round(y)))) < 60


def test_solve_draw_several_pictures_into_a_folder(solvable, tmp_path) -> None:
    path, _grid = solvable
    second = tmp_path / "second.webp"
    Image.open(path).save(second, format="WEBP", lossless=True)
    folder = tmp_path / "drawn"
    assert main(["solve", str(path), str(second), "--draw", str(folder)]) == 0
    for name in ("daily shot.png", "second.png"):
        with Image.open(folder / name) as drawn:
            assert drawn.size == Image.open(path).size
    text = tmp_path / "level.txt"
    text.write_text("\n".join(SOLVABLE_9) + "\n")
    assert main(["solve", str(text), "--draw", str(folder)]) == 2  # a text level: no picture


def test_a_daily_folder_of_screenshots_named_by_date(solvable, tmp_path) -> None:
    path, grid = solvable
    folder = tmp_path / "daily"
    folder.mkdir()
    (folder / "2026-11-23.png").write_bytes(path.read_bytes())
    (folder / "2026-11-24.txt").write_text("\n".join(grid) + "\n")
    found = daily.daily_files("queens", folder)
    assert set(found) == {date(2026, 11, 23), date(2026, 11, 24)}
    assert daily.daily_file("queens", date(2026, 11, 23), folder) == folder / "2026-11-23.png"
    day = daily.daily_level("queens", date(2026, 11, 23), folder)
    assert canon(day.level.grid) == canon(grid)
    assert day.level.name == "Daily 2026-11-23"


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_formats_and_text_levels_never_import_pillow_or_numpy(tmp_path) -> None:
    level = tmp_path / "x.txt"
    level.write_text("\n".join(SOLVABLE_9) + "\n")
    code = (
        "import sys\n"
        "import queens_tui.formats, queens_tui.formats.image, queens_tui.cli\n"
        f"queens_tui.formats.load_puzzle({str(level)!r})\n"
        "print('PIL' in sys.modules, 'numpy' in sys.modules)\n"
    )
    assert _run(code) == "False False"


@pytest.mark.slow  # 11 s at load 12 on 2 cores: run by `pytest -m slow`
def test_first_frame_never_imports_pillow_or_numpy(tmp_path) -> None:
    level = tmp_path / "x.txt"
    level.write_text("\n".join(SOLVABLE_9) + "\n")
    code = (
        "import asyncio, sys\n"
        "from queens_tui.app import create_app\n"
        "async def main():\n"
        # engine="search": CP-SAT (and numpy with it) loads after the first frame by design
        # (tests/app/test_game_display.py checks when); this test is about the image reader.
        f"    app = create_app({str(level)!r}, engine='search')\n"
        "    async with app.run_test(size=(100, 40)) as pilot:\n"
        "        await pilot.pause()\n"
        "        print('PIL' in sys.modules, 'numpy' in sys.modules)\n"
        "asyncio.run(main())\n"
    )
    assert _run(code).splitlines()[-1] == "False False"


async def test_play_a_picture_uses_its_colours(solvable, tmp_path) -> None:
    path, grid = solvable
    from queens_tui.app import create_app
    from queens_tui.store import Store

    app = create_app(str(path), store=Store(tmp_path / "data"))
    async with playing(app, size=(100, 40)) as pilot:
        await pilot.pause()
        level = app.game_screen.midend.game.level
        assert canon(level.grid) == canon(grid)
        assert level.colors == load(path).colors and level.source == path.name


def test_the_browser_lists_a_daily_screenshot_without_reading_it(solvable, tmp_path) -> None:
    from queens_tui.catalog.listing import daily_entries
    from queens_tui.formats.meta import read_meta

    path, _grid = solvable
    folder = tmp_path / "daily"
    folder.mkdir()
    shot = folder / "2026-11-20.png"
    shot.write_bytes(path.read_bytes())
    entries = daily_entries(date(2026, 11, 23), folder, days=7)
    filed = next(e for e in entries if e.ref.day == date(2026, 11, 20))
    assert filed.ref.path == str(shot)
    assert read_meta(shot).size is None  # not read for the list (0.1 s a picture)
    assert load(filed.ref.path).size == 8  # opened like any other file
