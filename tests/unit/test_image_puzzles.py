"""Issues 26 and 36: Tango, Zip and Patches boards read from screenshots.

Default run: synthetic pictures drawn by `puzzle_pictures` from bundled levels
(light and dark, scaled, JPEG, inside a larger screen) read back to exactly
the level drawn (a Patches board too: its clues' shapes and sizes); the kind is
detected, or given and checked (Mini Sudoku: test_image_sudoku). Slow step: the real
screenshots in ../shared/screens/tango and ../shared/screens/zip read to their
true puzzles (a solved picture reads to what it shows: the full grid for Tango).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from queens_tui.core.errors import LevelError
from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels
from queens_tui.formats.image import read_puzzle
from queens_tui.kinds import get_kind
from tests.unit import puzzle_pictures as pp

SCREENS = Path(__file__).resolve().parents[2].parent / "shared" / "screens"


def _real(kind: str) -> list[Path]:
    folder = SCREENS / kind
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in (".png", ".jpg", ".jpeg"))


TANGO_SCREENS, ZIP_SCREENS = _real("tango"), _real("zip")


def _write(tmp_path: Path, picture: pp.Picture, name: str = "board") -> Path:
    path = tmp_path / f"{name}{picture.suffix}"
    path.write_bytes(picture.data)
    return path


def _bundled(kind: str, index: int) -> Any:
    return load_puzzle(bundled_levels(kind)[index][1])


def _drawn(
    tmp_path: Path, kind: str, index: int, options: dict[str, Any], cell: int = 60
) -> tuple[Any, Path]:
    """Bundled level `index` of `kind` and the picture of it `puzzle_pictures` draws
    (`solved`: a Zip with its path drawn under the dots)."""
    level = _bundled(kind, index)
    options = dict(options)
    extra = {}
    if options.pop("solved", False):
        extra["path"] = get_kind(kind).solutions(level, 1)[0]
    board = getattr(pp, f"{kind}_board")(level, cell, dark=options.get("dark", False), **extra)
    return level, _write(tmp_path, pp.picture(board, seed=index, **options))


@pytest.mark.parametrize(
    ("index", "options"),
    [
        pytest.param(0, {}, marks=pytest.mark.slow),  # the default run keeps the harder three
        (8, {"dark": True, "jpeg": True}),
        (16, {"scale": 0.6, "jpeg": True}),
        (24, {"dark": True, "screen": True}),
    ],
)
@pytest.mark.slow  # 17 s at load 12 on 2 cores: run by `pytest -m slow`
def test_tango_picture_reads_to_the_level_drawn(
    tmp_path: Path, index: int, options: dict[str, Any]
) -> None:
    level, path = _drawn(tmp_path, "tango", index, options)
    got = load_puzzle(path)
    assert got.kind == "tango"
    assert (got.givens, got.equal, got.opposite) == (level.givens, level.equal, level.opposite)
    assert got.source == path.name


@pytest.mark.parametrize(
    ("index", "options"),
    [
        pytest.param(0, {}, marks=pytest.mark.slow),  # the CLI test reads a plain one too
        (30, {"scale": 0.7, "jpeg": True}),
        pytest.param(50, {"screen": True}, marks=pytest.mark.slow),
        (12, {"dark": True, "scale": 0.8, "jpeg": True}),
        pytest.param(55, {"dark": True, "screen": True}, marks=pytest.mark.slow),
        (4, {"solved": True}),  # the path under the dots: read as the puzzle it solves
        (28, {"solved": True, "dark": True, "jpeg": True}),
        pytest.param(36, {"solved": True, "screen": True}, marks=pytest.mark.slow),
    ],
)
@pytest.mark.slow  # 12 s at load 12 on 2 cores: run by `pytest -m slow`
def test_zip_picture_reads_to_the_level_drawn(
    tmp_path: Path, index: int, options: dict[str, Any]
) -> None:
    level, path = _drawn(tmp_path, "zip", index, options)
    got = load_puzzle(path)
    assert got.kind == "zip"
    assert (got.numbers, got.walls) == (level.numbers, level.walls)


@pytest.mark.slow  # 8 s at load 12 on 2 cores: run by `pytest -m slow`
def test_a_kind_given_that_the_picture_contradicts_is_refused_naming_what_it_is(
    tmp_path: Path,
) -> None:
    level = _bundled("tango", 3)
    path = _write(tmp_path, pp.picture(pp.tango_board(level, 56)))
    with pytest.raises(LevelError) as err:
        read_puzzle(path, "zip")
    line = str(err.value)
    assert line.startswith(f"{path}: cannot read a Zip board: this looks like a Tango board")
    assert "\n" not in line
    assert read_puzzle(path, "tango").level.kind == "tango"


@pytest.mark.parametrize(
    ("index", "options"),
    [
        (0, {}),
        (12, {"dark": True, "jpeg": True}),
        pytest.param(20, {"screen": True}, marks=pytest.mark.slow),
        pytest.param(25, {"dark": True, "screen": True, "jpeg": True}, marks=pytest.mark.slow),
    ],
)
@pytest.mark.slow  # 18 s at load 12 on 2 cores: run by `pytest -m slow`
def test_a_patches_picture_reads_to_the_level_drawn(
    tmp_path: Path, index: int, options: dict[str, Any]
) -> None:
    level, path = _drawn(tmp_path, "patches", index, options)
    got = load_puzzle(path)
    assert got.kind == "patches"
    assert (got.rows, got.cols, got.clues) == (level.rows, level.cols, level.clues)
    with pytest.raises(LevelError, match="cannot read a Tango board: this looks like a Patches"):
        read_puzzle(path, "tango")


@pytest.mark.parametrize(("index", "screen"), [(1, False), (19, True)])
def test_free_clues_on_the_dark_theme_in_a_jpeg_are_never_misread(
    tmp_path: Path, index: int, screen: bool
) -> None:
    """A free clue's pale arms reach every side of its cell, and a JPEG smears its colour
    into the white digits: on the dark theme these two pictures were misread (1: two free
    clues unseen; 19: sizes 2, 4, 6 read as none, 1, 5), the levels read still having one
    solution. Now the cell's colour is read in its corners and a digit's white may be a
    little coloured where the cell is darker than its icon: the sizes are seen, and the
    one digit still in doubt is said, not guessed."""
    options = {"dark": True, "jpeg": True, "scale": 1.3, "screen": screen}
    level, path = _drawn(tmp_path, "patches", index, options, 44)
    with pytest.raises(LevelError) as err:
        load_puzzle(path)
    assert re.search(r"the size on r\dc\d could be \d or \d; saw a \dx\d grid", str(err.value))
    assert "\n" not in str(err.value)
    # the same boards, larger cells (JPEG's smear is a smaller part of a digit): read right
    level, path = _drawn(tmp_path, "patches", index, options, 60)
    got = load_puzzle(path)
    assert (got.rows, got.cols, got.clues) == (level.rows, level.cols, level.clues)


def test_a_patches_picture_with_cells_too_small_for_its_clues_is_refused_saying_so(
    tmp_path: Path,
) -> None:
    _level, path = _drawn(tmp_path, "patches", 4, {"scale": 0.6})
    with pytest.raises(LevelError) as err:
        load_puzzle(path)
    line = str(err.value)
    assert line.startswith(f"{path}: cannot read a Patches board: the cells are 36 pixels wide")
    assert "\n" not in line


def test_the_picture_kinds_are_the_kinds_naming_a_picture_module_that_reads_and_draws() -> None:
    from queens_tui.formats.image import picture_kinds, picture_module
    from queens_tui.kinds import KINDS, get_kind

    assert picture_kinds() == tuple(k for k in KINDS if get_kind(k).image is not None)
    assert {"queens", "tango", "zip"} <= set(picture_kinds())
    for kind in picture_kinds():
        module = picture_module(kind)
        # the fallback kind finds its own board; the others read one the lattice finder located
        reads = "read_picture" if get_kind(kind).reader_fallback else "read_board"
        assert callable(getattr(module, reads)) and callable(module.draw), kind
    with pytest.raises(LevelError, match="boards are not read from pictures"):
        picture_module("classic")


def _tango_truth(picture: Path) -> tuple[list[str], list[Any], list[Any]]:
    meta = json.loads((picture.parent / (picture.name + ".json")).read_text())
    truth = meta["truth"]
    grid = meta["solution"] if meta["solved"] else truth["grid"]
    pairs = [sorted(tuple(map(tuple, p)) for p in truth[k]) for k in ("equal", "opposite")]
    return grid, pairs[0], pairs[1]


@pytest.mark.slow  # 22 real pictures, ~10 s of CPU
@pytest.mark.skipif(not TANGO_SCREENS, reason="../shared/screens/tango is not here")
@pytest.mark.parametrize("picture", TANGO_SCREENS, ids=[p.name[-40:] for p in TANGO_SCREENS])
def test_real_tango_screenshot_reads_to_what_it_shows(picture: Path) -> None:
    grid, equal, opposite = _tango_truth(picture)
    level = load_puzzle(picture)
    assert level.kind == "tango"
    assert level.rows_text() == grid
    assert list(level.equal) == equal
    assert list(level.opposite) == opposite


@pytest.mark.slow  # 33 real pictures, ~40 s of CPU
@pytest.mark.skipif(not ZIP_SCREENS, reason="../shared/screens/zip is not here")
@pytest.mark.parametrize("picture", ZIP_SCREENS, ids=[p.name[-40:] for p in ZIP_SCREENS])
def test_real_zip_screenshot_reads_to_its_true_puzzle(picture: Path) -> None:
    """Its true numbers and walls; a solved picture with no truth, a level whose one path is
    the one drawn (the judge of `tests/benchmarks/picture_rates.py`)."""
    from tests.benchmarks import picture_rates

    assert picture_rates.judge("zip", picture)[0] is None


@pytest.mark.slow  # 11 s at load 12 on 2 cores: run by `pytest -m slow`
def test_cli_imports_solves_and_draws_a_tango_and_a_zip_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from PIL import Image

    from queens_tui.cli import main
    from queens_tui.formats import tango, zip

    levels = {"tango": _bundled("tango", 5), "zip": _bundled("zip", 5)}
    pics = {
        "tango": _write(tmp_path, pp.picture(pp.tango_board(levels["tango"], 56)), "t"),
        "zip": _write(tmp_path, pp.picture(pp.zip_board(levels["zip"], 60)), "z"),
    }
    folder = tmp_path / "levels"
    assert main(["import", "--out", str(folder), str(pics["tango"]), str(pics["zip"])]) == 0
    capsys.readouterr()
    got_tango = tango.parse((folder / "t.txt").read_text())
    got_zip = zip.parse((folder / "z.txt").read_text())
    assert got_tango.givens == levels["tango"].givens
    assert got_zip.numbers == levels["zip"].numbers

    out = tmp_path / "drawn"
    code = main(["solve", "--json", "--draw", str(out), str(pics["tango"]), str(pics["zip"])])
    assert code == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(obj["kind"], obj["solutions"]) for obj in lines] == [("tango", 1), ("zip", 1)]
    for kind, pic in pics.items():
        drawn = Image.open(out / f"{pic.stem}.png")
        assert drawn.size == Image.open(pic).size
        assert drawn.tobytes() != Image.open(pic).convert("RGB").tobytes(), kind


CONTENT: dict[str, Any] = {
    "tango": lambda level: (level.givens, level.equal, level.opposite),
    "zip": lambda level: (level.numbers, level.walls),
    "patches": lambda level: (level.rows, level.cols, level.clues),
}
"""What a picture of each kind must read back to exactly (the rest is metadata)."""

SOLVED: dict[str, dict[str, bool]] = {"zip": {"solved": True}}
"""The kinds `puzzle_pictures` can draw solved (Zip: the path under the dots)."""


def _variant(index: int) -> tuple[int, dict[str, Any]]:
    """A cell size and a random theme, JPEG or not, screen or not, scale, seeded by `index`."""
    import random

    rng = random.Random(index + 1000)
    return rng.choice([44, 56, 70]), {
        "dark": rng.random() < 0.5,
        "jpeg": rng.random() < 0.5,
        "screen": rng.random() < 0.3,
        "scale": rng.choice([1.0, 0.7, 1.3]),
    }


@pytest.mark.slow  # ~110 pictures, ~50 s of CPU
@pytest.mark.parametrize("kind", ["tango", "zip", "patches"])
def test_synthetic_pictures_read_exactly_or_are_refused_never_misread(
    tmp_path: Path, kind: str
) -> None:
    """Every other bundled level, each drawn in a random variant (cells of 44 to 70 pixels,
    scaled by 0.7 to 1.3; every third Zip solved): a picture reads to exactly the level
    drawn or (rarely) is refused. Never a wrong level."""
    right = refused = 0
    for index in range(1, len(bundled_levels(kind)), 2):
        cell, options = _variant(index)
        if index % 3 == 0:  # some pictures solved, where the kind draws them so
            options.update(SOLVED.get(kind, {}))
        level, path = _drawn(tmp_path, kind, index, options, cell)
        try:
            got = load_puzzle(path)
        except LevelError as err:
            small = "too small to tell" in str(err)  # Patches' cells under 48 pixels: said so
            right += small
            refused += not small
            continue
        assert got.kind == kind, index
        assert CONTENT[kind](got) == CONTENT[kind](level), index
        right += 1
    # refusing is allowed, not as a habit (Patches: 3 of 18 refused, light and dark alike, a
    # size read two ways the board does not settle; no real dark Patches picture was ever
    # seen: its dark look here is LinkedIn's light one on the dark page, guessed)
    assert refused <= right // (4 if kind == "patches" else 10)


@pytest.mark.parametrize("kind", ["tango", "zip"])
def test_import_says_the_kind_read_and_how_many_cells_look_it(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`import` notes, as a comment after the level's header, the kind read, the share of
    its cells that show nothing only another kind's board shows, and the counts behind the
    decision; the file still loads to the level drawn."""
    from queens_tui.cli import main

    level, path = _drawn(tmp_path, kind, 2, {})
    out = tmp_path / "levels"
    assert main(["import", str(path), "--out", str(out)]) == 0
    capsys.readouterr()
    text = (out / f"{path.stem}.txt").read_text()
    n = len(level.givens) if kind == "tango" else level.rows
    title = get_kind(kind).title
    note = f"# seen: {title}, {n * n} of {n * n} cells look it (1.00); saw a {n}x{n} grid, "
    assert note in text
    assert text.index("# seen:") < min(
        text.index(ln) for ln in text.splitlines() if ln and ln[0] != "#"
    )
    got = load_puzzle(out / f"{path.stem}.txt")
    assert CONTENT[kind](got) == CONTENT[kind](level)
