"""Hostile files, round three (issue 29): escape sequences from a file never reach the terminal
raw, a FIFO or a device never blocks, a huge Zip number costs nothing, a picture is decoded by
the listed formats only and read reduced, and a written file is replaced whole or not at all.
Every hostile file is made here, in tmp_path.
"""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from queens_tui.cli import main
from queens_tui.core.errors import LevelError, json_line, printable
from tests.conftest import EXAMPLE_8, REPO
from tests.unit.picture_maker import Picture

ESC_NAME = "evil\x1b]0;PWNED\x07 \x9b31m"
"""An OSC (retitle the terminal) and a C1 CSI, as a level's name or a file's."""


def _no_controls(text: str) -> bool:
    return all(ch.isprintable() or ch == "\n" for ch in text)


# --- 3 and 11: control characters and undecodable names ---------------------------------------


def test_json_line_escapes_every_unprintable_character_and_keeps_the_rest() -> None:
    obj = {"file": "a\x1b[1m\x9b\udcff é ♛ \u202e\u2028\U000e0001", "n": [1]}
    line = json_line(obj)
    assert json.loads(line) == obj  # any JSON reader gets the same strings back
    assert "é ♛" in line and _no_controls(line)
    line.encode("utf-8")  # a lone surrogate (a non-UTF-8 file name) would not encode


@pytest.mark.parametrize("command", ["solve", "check", "grade"])
def test_json_output_escapes_c1_controls_in_a_file_name(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{ESC_NAME}.txt"
    path.write_text(EXAMPLE_8)
    assert main([command, str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert _no_controls(out) and json.loads(out)["file"] == str(path)


@pytest.mark.skipif(sys.platform != "linux", reason="needs a file system that takes any bytes")
def test_json_output_with_a_non_utf8_file_name_on_a_utf8_stdout(tmp_path: Path) -> None:
    name = os.fsencode(str(tmp_path)) + b"/caf\xe9.txt"
    with open(name, "w") as f:
        f.write(EXAMPLE_8)
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [sys.executable, "-m", "queens_tui", "check", os.fsdecode(name), "--json"],
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["file"] == os.fsdecode(name)


def test_the_game_and_the_browser_show_a_level_name_with_its_escapes_visible(
    tmp_path: Path,
) -> None:
    from datetime import date

    from queens_tui.catalog.listing import Listing, daily_entries
    from queens_tui.kinds.queens.level import Level
    from queens_tui.kinds.queens.play import PLAY
    from queens_tui.midend.game import Game
    from queens_tui.midend.levels import OpenLevel

    level = Level.from_rows(EXAMPLE_8.split(), name=ESC_NAME)
    for title in (OpenLevel(level).title, Game(level, PLAY).title):
        assert title == printable(ESC_NAME) and "\\x1b]0;PWNED" in title
    day = date(2026, 3, 18)
    (tmp_path / f"{day.isoformat()}.txt").write_text(
        f"# name: {ESC_NAME}\n# difficulty: \x1b[5mhard\n{EXAMPLE_8}"
    )
    entries = daily_entries(day, tmp_path, days=1)
    row = Listing.of(entries, {}, set()).row(entries[0], 1)
    assert _no_controls(row.title + row.difficulty)
    assert "\\x9b31m" in row.title and row.difficulty == "\\x1b[5mhard"


def test_draw_and_import_lines_show_a_file_name_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    level = tmp_path / f"{ESC_NAME}.txt"
    level.write_text(EXAMPLE_8)
    assert main(["solve", str(level), "--draw", str(tmp_path / "out.png")]) == 2
    err = capsys.readouterr().err
    assert "--draw needs a picture" in err and _no_controls(err)
    picture = tmp_path / f"{ESC_NAME}.png"
    picture.write_bytes(_picture().data)
    assert main(["import", str(picture)]) == 0
    out = capsys.readouterr().out
    assert "# source: " in out and _no_controls(out)
    assert main(["import", str(picture), "--out", str(tmp_path / f"out{ESC_NAME}")]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith(printable(f"{ESC_NAME}.txt")) and _no_controls(out)


# --- 4: a FIFO or a device is refused before it is opened for reading -----------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("command", ["check", "import"])
@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
def test_a_fifo_is_refused_at_once(tmp_path: Path, command: str) -> None:
    names = ["board.png", "noext"] + (["level.txt"] if command == "check" else [])
    for name in names:
        os.mkfifo(tmp_path / name)
    env = {**os.environ, "PYTHONPATH": str(REPO), "XDG_DATA_HOME": str(tmp_path / "d")}
    done = subprocess.run(
        [sys.executable, "-m", "queens_tui", command, *(str(tmp_path / n) for n in names)],
        capture_output=True,
        text=True,
        env=env,
        timeout=30,  # before the fix: blocked forever waiting for a writer
    )
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == len(names) and all("is a pipe or socket, not a" in x for x in lines)


def test_is_image_never_reads_a_pipe(tmp_path: Path) -> None:
    from queens_tui.formats.image import is_image

    read, write = os.pipe()
    try:
        os.write(write, _picture().data[:16])
        assert not is_image(f"/dev/fd/{read}")
        assert os.read(read, 16)[:4] == b"\x89PNG"  # still there for the reader
    finally:
        os.close(read)
        os.close(write)


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="needs /dev/fd (process substitution)")
def test_a_shell_pipe_is_read_as_a_level(tmp_path: Path) -> None:
    from queens_tui.formats import load_puzzle

    read, write = os.pipe()
    os.write(write, EXAMPLE_8.encode())
    os.close(write)
    try:
        level = load_puzzle(f"/dev/fd/{read}")  # what <(cat level.txt) gives
    finally:
        os.close(read)
    assert level.size_text == "8x8"


# --- 5: a Zip number is bounded by the board ------------------------------------------------


@pytest.mark.parametrize("number", [37, 10**40])
def test_a_zip_number_beyond_the_cell_count_is_one_error(number: int) -> None:
    from queens_tui.formats.zip import parse_json

    rows = [[1, number, 0, 0, 0, 0]] + [[0] * 6 for _ in range(5)]
    text = json.dumps({"kind": "zip", "rows": 6, "cols": 6, "numbers": rows})
    with pytest.raises(LevelError, match=r"is more than the board's 36 cells") as err:
        parse_json(text)
    assert err.value.line == 1


# --- 12: files replaced whole, names never clobbered -------------------------------------------


def _picture(seed: int = 3) -> Picture:
    """A screenshot of EXAMPLE_8 (one solution), `seed` placing its crosses."""
    from tests.unit.picture_maker import board_picture

    letters = sorted(set(EXAMPLE_8) - {"\n"})
    regions = [[letters.index(ch) for ch in row] for row in EXAMPLE_8.split()]
    return board_picture(8, seed=seed, cell=30, regions=regions, crosses=seed)


def test_draw_on_a_full_disk_keeps_the_old_picture(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from PIL import Image

    picture = tmp_path / "board.png"
    picture.write_bytes(_picture().data)
    out = tmp_path / "out.png"
    out.write_bytes(b"the good old picture")

    def full_disk(im: object, fp: io.BufferedIOBase, filename: str, *a: object) -> None:
        fp.write(b"\x89PNG half a picture")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setitem(Image.SAVE, "PNG", full_disk)
    main(["solve", str(picture), "--draw", str(out)])
    assert out.read_bytes() == b"the good old picture"
    assert "No space left on device" in capsys.readouterr().err
    monkeypatch.undo()
    main(["solve", str(picture), "--draw", str(out)])
    assert out.read_bytes().startswith(b"\x89PNG")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_import_of_two_pictures_with_one_stem_numbers_the_second(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for folder, seed in (("a", 3), ("b", 4)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.png").write_bytes(_picture(seed).data)
    out = tmp_path / "out"
    assert (
        main(["import", str(tmp_path / "a/x.png"), str(tmp_path / "b/x.png"), "--out", str(out)])
        == 0
    )
    assert sorted(p.name for p in out.iterdir()) == ["x-2.txt", "x.txt"]
    assert capsys.readouterr().out.split() == [str(out / "x.txt"), str(out / "x-2.txt")]


# --- 13: pictures: listed formats only, reduced before analysis --------------------------------


def test_a_format_the_readme_does_not_list_is_not_decoded(tmp_path: Path) -> None:
    from PIL import Image

    from queens_tui.formats.image import read_image

    path = tmp_path / "board.png"  # a TIFF (or an EPS, which runs Ghostscript) named .png
    Image.new("RGB", (64, 64), (200, 100, 50)).save(path, format="TIFF")
    with pytest.raises(LevelError, match="not a picture Pillow can open"):
        read_image(path)


def test_a_big_picture_is_read_reduced_in_the_pictures_own_pixels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from queens_tui.formats.image import _read

    pic = _picture()
    full = _read.read_picture(pic.data)
    monkeypatch.setattr(_read, "ANALYSIS_PIXELS", full.size[0] * full.size[1] // 9 + 1)
    im, factor, size = _read.open_reduced(pic.data)
    assert factor == 3 and size == full.size and im.size[0] <= -(-full.size[0] // 3)
    reduced = _read.read_picture(pic.data)
    assert reduced.level == full.level and reduced.size == full.size
    for a, b in zip(reduced.xs + reduced.ys, full.xs + full.ys, strict=True):
        assert abs(a - b) <= 3  # cell edges within the factor, in full-picture pixels
