"""Issue 33, items 4-6: hostile archive days, collections and legends get one located line.

Numbers written as text must be ASCII digits, nine at most (`formats._common.whole_number`):
`"²"` passes `str.isdigit()` and fails `int()`, and `int()` refuses 5,000 digits. JSON nested
deeper than any level needs is refused where it is read (`formats._common.load_json`), so no
reader that walks it can hit the recursion limit. Each fault reaches the user as one line
`FILE:LINE:COL: what is wrong` and exit 2, from `check`, `solve`, a folder, `play`, `serve`.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from queens_tui.cli import main
from queens_tui.core.errors import LevelError
from queens_tui.formats import load_puzzle
from queens_tui.formats._common import MAX_DEPTH, load_json, whole_number
from tests.unit.test_archive_days import _bundled, queens_days, tango_day, zip_day

DEEP = "[" * 500 + "]" * 500


@cache
def _days() -> dict[str, dict[str, Any]]:
    return {
        "queens": queens_days(_bundled("queens", 10))[0],
        "tango": tango_day(_bundled("tango", 4)),
        "zip": zip_day(_bundled("zip", 40)),
    }


def _deep(day: dict[str, Any], key: str) -> str:
    """`day` without grid_size, its `key` nested 500 deep (the size is then guessed by walking)."""
    body = {k: ("DEEP" if k == key else v) for k, v in day.items() if k != "grid_size"}
    return json.dumps(body).replace('"DEEP"', DEEP)


@cache
def hostile_files() -> dict[str, str]:
    """One file per fault of items 4-6 that must be refused, by name."""
    days = _days()
    community = {"id": 7, "size": 6, "prefilled": {"1,1": []}, "constraints": []}
    legend = (Path(__file__).parents[2] / "levels" / "patches-1-easy" / "001.txt").read_text()
    files = {
        "deep_tango_walls.json": _deep(days["tango"], "walls"),
        "deep_zip_walls.json": _deep(days["zip"], "walls"),
        "deep_zip_nodes.json": _deep(days["zip"], "nodes"),
        "tango_sign_list.json": json.dumps({**days["tango"], "walls": [[[0, 0], [0, 1], []]]}),
        "prefilled_list.json": json.dumps([community]),
        "keyed_queens.json": json.dumps({"level1": {"colorRegions": 0}}),
        "levels_deep.json": json.dumps({"levels": ["DEEP"]}).replace('"DEEP"', DEEP),
        "patches_legend.txt": re.sub(r"^A: wide$", "A: wide " + "7" * 5000, legend, flags=re.M),
    }
    assert sorted(files) == sorted(NAMES)
    return files


def _one_line(err: str, path: Path) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert re.match(rf"{re.escape(str(path))}:\d+:\d+: \S", lines[0]), lines[0]
    return lines[0]


NAMES = (
    "deep_tango_walls.json",
    "deep_zip_walls.json",
    "deep_zip_nodes.json",
    "tango_sign_list.json",
    "prefilled_list.json",
    "keyed_queens.json",
    "levels_deep.json",
    "patches_legend.txt",
)


@pytest.mark.parametrize("name", NAMES)
def test_each_fault_is_one_located_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = tmp_path / name
    path.write_text(hostile_files()[name])
    for command in ("check", "solve", "play", "serve"):
        assert main([command, str(path)]) == 2, command
        _one_line(capsys.readouterr().err, path)


def test_a_folder_of_them_gives_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = hostile_files()
    singles = {k: v for k, v in files.items() if k.startswith(("deep_", "tango_", "patches_"))}
    for name, text in singles.items():
        (tmp_path / name).write_text(text)
    assert main(["solve", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert sorted(Path(line.split(":")[0]).name for line in lines) == sorted(singles)


@pytest.mark.parametrize(
    "number", ["²", "٣", "9" * 5000, "#12345678901"], ids=["sup", "arabic", "5000", "long"]
)
@pytest.mark.parametrize("kind", ["queens", "tango", "zip"])
def test_a_number_that_is_not_one_is_left_out(tmp_path: Path, kind: str, number: str) -> None:
    """Metadata never costs the player the level (`formats.archive.metadata`)."""
    path = tmp_path / "day.json"
    path.write_text(json.dumps({**_days()[kind], "number": number}))
    level = load_puzzle(path)
    assert level.number is None and level.name == f"{kind.title()} 2026-07-13"


@pytest.mark.parametrize("region_id", ["²", "9" * 5000], ids=["sup", "5000"])
def test_old_form_queens_region_ids_of_any_text_are_read(tmp_path: Path, region_id: str) -> None:
    regions_day = queens_days(_bundled("queens", 10))[1]
    regions = regions_day["regions"]
    first = next(iter(regions))
    renamed = {(region_id if k == first else k): v for k, v in regions.items()}
    path = tmp_path / "day.json"
    path.write_text(json.dumps({**regions_day, "regions": renamed}))
    assert load_puzzle(path).size == len(regions)


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("684", 684),
        ("0", 0),
        ("123456789", 123456789),
        ("1234567890", None),
        ("²", None),
        ("٣", None),
        ("", None),
        (" 1", None),
        ("-1", None),
        ("9" * 5000, None),
        (7, None),
    ],
    ids=range(11),
)
def test_whole_number_reads_ascii_digits_only(text: object, number: int | None) -> None:
    assert whole_number(text) == number


def test_json_deeper_than_any_level_is_refused_at_the_bracket() -> None:
    ok = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert load_json(ok) == load_json(ok)  # parses
    text = '{"a": "[[[[", "b":\n' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}"
    with pytest.raises(LevelError) as info:
        load_json(text)
    assert (info.value.line, info.value.col) == (2, MAX_DEPTH) and "nested" in info.value.message
