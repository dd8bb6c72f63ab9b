"""Issue 26: LinkedIn's daily archive JSON (one file per game per day) read for every kind.

Default run: archive days written here from bundled levels (the forms the
archive's README gives) read back to those levels with the day's number, date
and difficulty as metadata; a game no kind reads, a broken scrape and a level
of another kind than `--kind` each get one line naming what they are; the
daily folder finds days in the archive's `YYYY-MM-DD/<game>.json` layout.
The real days in ../shared/archive each solve to one solution (skipped when
the folder is absent).
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from queens_tui.cli import main
from queens_tui.core.errors import LevelError
from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels
from queens_tui.kinds import get_kind
from queens_tui.store import daily

ARCHIVE = Path(__file__).resolve().parents[2].parent / "shared" / "archive"
REAL = sorted(ARCHIVE.glob("*.json")) if ARCHIVE.is_dir() else []


def _bundled(kind: str, index: int = 0) -> Any:
    return load_puzzle(bundled_levels(kind)[index][1])


def tango_day(level: Any, number: int | None = 644) -> dict[str, Any]:
    symbols = [[r, c, "S" if v == 1 else "M"] for (r, c), v in sorted(level.given_cells.items())]
    walls = [[list(a), list(b), "="] for a, b in level.equal]
    walls += [[list(a), list(b), "x"] for a, b in level.opposite]
    return {
        "game": "tango",
        "number": number,
        "date": "2026-07-13",
        "grid_size": [level.size, level.size],
        "symbols": symbols,
        "walls": walls,
    }


def zip_day(level: Any) -> dict[str, Any]:
    nodes = [
        {"id": k, "row": r, "col": c}
        for r, row in enumerate(level.numbers)
        for c, k in enumerate(row)
        if k
    ]
    return {
        "game": "zip",
        "number": 483,
        "date": "2026-07-13",
        "difficulty": "HARD",
        "grid_size": [level.rows, level.cols],
        "nodes": nodes,
        "walls": [[list(a), list(b)] for a, b in level.walls],
    }


def queens_days(level: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The same Queens level as a `board` day and as an early `regions` day."""
    number = {lab: i for i, lab in enumerate(sorted(set(level.labels)))}
    board = [[number[x] for x in row] for row in level.grid]
    regions: dict[str, list[list[int]]] = {}
    for r, row in enumerate(board):
        for c, v in enumerate(row):
            regions.setdefault(str(v), []).append([r, c])
    n = level.size
    return (
        {
            "game": "queens",
            "number": 804,
            "date": "2026-07-13",
            "grid_size": [n, n],
            "board": board,
        },
        {"game": "queens", "date": "2026-07-11", "grid_size": [n, n], "regions": regions},
    )


def _write(tmp_path: Path, obj: dict[str, Any], name: str = "day.json") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj, indent=2))
    return path


def canon(rows: Any) -> tuple[tuple[int, ...], ...]:
    seen: dict[object, int] = {}
    return tuple(tuple(seen.setdefault(x, len(seen)) for x in row) for row in rows)


def test_a_tango_day_reads_to_its_level_with_linkedins_number(tmp_path: Path) -> None:
    level = _bundled("tango", 4)
    got = load_puzzle(_write(tmp_path, tango_day(level)))
    assert (got.givens, got.equal, got.opposite) == (level.givens, level.equal, level.opposite)
    assert got.metadata == {
        "name": "Tango #644",
        "date": "2026-07-13",
        "source": "linkedin",
        "number": "644",
    }
    undated = load_puzzle(_write(tmp_path, tango_day(level, number=None), "b.json"))
    assert undated.name == "Tango 2026-07-13" and undated.number is None


def test_a_zip_day_reads_to_its_level_difficulty_kept(tmp_path: Path) -> None:
    level = _bundled("zip", 40)
    got = load_puzzle(_write(tmp_path, zip_day(level)))
    assert (got.numbers, got.walls) == (level.numbers, level.walls)
    assert got.difficulty == "hard" and got.number == "483" and got.source == "linkedin"


def test_a_queens_day_reads_in_both_forms(tmp_path: Path) -> None:
    level = _bundled("queens", 10)
    board_day, regions_day = queens_days(level)
    for obj in (board_day, regions_day):
        got = load_puzzle(_write(tmp_path, obj))
        assert got.kind == "queens"
        assert canon(got.grid) == canon(level.grid)
    assert load_puzzle(_write(tmp_path, board_day)).name == "Queens #804"


@pytest.mark.parametrize(
    ("obj", "says"),
    [
        ({"game": "crossclimb", "rungs": []}, '"game" is "crossclimb": a LinkedIn Crossclimb day'),
        ({"game": "chess", "board": []}, '"game" is "chess": an archive day of an unknown game'),
        (
            {"game": "tango", "grid_size": [6, 6], "cells": [{"row": 0, "col": 0, "symbol": 1}]},
            'a "cells" list (an early, broken scrape), no "symbols": unreadable',
        ),
        (
            {"game": "zip", "grid_size": [6, 6], "nodes": [{"id": 1, "row": 9, "col": 0}]},
            "nodes: cell [9, 0] is off the 6x6 grid",
        ),
    ],
)
def test_a_day_that_cannot_be_read_gets_one_line_naming_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], obj: dict[str, Any], says: str
) -> None:
    path = _write(tmp_path, obj)
    with pytest.raises(LevelError) as err:
        load_puzzle(path)
    assert says in str(err.value)
    assert main(["solve", str(path)]) == 2
    line = capsys.readouterr().err
    assert line.count("\n") == 1 and line.startswith(f"{path}:") and says in line


def test_a_day_of_another_kind_than_kind_says_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, zip_day(_bundled("zip", 3)))
    assert main(["solve", "--kind", "tango", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"{path}: a Zip level (LinkedIn's Zip #483), not Tango (--kind tango)\n"
    )
    assert main(["solve", "--kind", "zip", str(path)]) == 0


def test_the_daily_folder_reads_the_archive_layout(tmp_path: Path) -> None:
    tango, zip_level = _bundled("tango", 2), _bundled("zip", 2)
    board_day, _ = queens_days(_bundled("queens", 2))
    _write(tmp_path, tango_day(tango), "2026-07-13/tango.json")
    _write(tmp_path, zip_day(zip_level), "2026-07-13/zip.json")
    _write(tmp_path, board_day, "2026-07-14.json")
    day = date(2026, 7, 13)
    got = daily.daily_level("tango", day, tmp_path).level
    assert got.givens == tango.givens and got.number == "644"
    assert daily.daily_level("zip", day, tmp_path).level.numbers == zip_level.numbers
    assert daily.daily_level("queens", date(2026, 7, 14), tmp_path).level.number == "804"
    assert list(daily.daily_files("tango", tmp_path)) == [day]


@pytest.mark.skipif(not REAL, reason="../shared/archive is not here")
def test_every_real_day_of_a_kind_read_here_solves_to_one_solution() -> None:
    from queens_tui.formats.archive import read_games

    solved: dict[str, int] = {}
    for path in REAL:
        body = json.loads(path.read_text())
        game = body["game"]
        if game not in read_games():
            with pytest.raises(LevelError, match=f'"game" is "{game}"'):
                load_puzzle(path)
            continue
        if game == "tango" and "cells" in body:
            with pytest.raises(LevelError, match="broken scrape"):
                load_puzzle(path)
            continue
        level = load_puzzle(path)
        assert level.kind == read_games()[game]
        if game in ("queens", "tango", "zip"):  # this kinds (the others: their own)
            assert len(get_kind(level.kind).solutions(level, 2)) == 1, path.name
            solved[game] = solved.get(game, 0) + 1
    assert {g: solved.get(g) for g in ("queens", "tango", "zip")} == {
        "queens": 12,
        "tango": 11,
        "zip": 12,
    }


def test_a_linkedin_day_shares_under_linkedins_number_and_ours_do_not(tmp_path: Path) -> None:
    from queens_tui.midend.game import Result, linkedin_number

    day = load_puzzle(_write(tmp_path, tango_day(_bundled("tango", 6), number=684)))
    assert linkedin_number(day) == "684"
    tango = get_kind("tango")
    result = Result(day.name, "6×6", 62.0, 40, kind_title="Tango", emoji=tango.emoji, number="684")
    assert result.share_line() == f"Tango #684 | 1:02 and flawless {tango.emoji}"
    assert linkedin_number(_bundled("tango", 6)) == ""  # our own level: no LinkedIn number


# --- days that differ from the twelve seen: key order, missing and extra keys, sizes, forms


def _reordered(obj: dict[str, Any], raw: int = 6000) -> dict[str, Any]:
    """`obj` with a big `raw` key first and `game` last (the archive writes `game` first)."""
    body = {k: v for k, v in obj.items() if k != "game"}
    return {"raw": "x" * raw, **body, "extra": {"game": "chess"}, "game": obj["game"]}


@pytest.mark.parametrize("index", [6, 18, 30, 42])  # 7x7, 9x9, 11x11, 13x13
def test_queens_days_of_every_size_read_in_every_form(tmp_path: Path, index: int) -> None:
    level = _bundled("queens", index)
    board_day, regions_day = queens_days(level)
    letters = [["ABCDEFGHIJKLMN"[v] for v in row] for row in board_day["board"]]
    regions_list = [regions_day["regions"][k] for k in sorted(regions_day["regions"], key=int)]
    forms = [
        board_day,
        regions_day,
        {**regions_day, "regions": regions_list, "grid_size": None},
        {**board_day, "board": letters},
        {**board_day, "board": ["".join(row) for row in letters]},
        _reordered(board_day),
    ]
    for obj in forms:
        got = load_puzzle(_write(tmp_path, obj))
        assert got.kind == "queens"
        assert canon(got.grid) == canon(level.grid), obj.get("board", "regions")


def _zip_reaching_its_edge(side: int, walls: bool) -> Any:
    """The first bundled Zip level of `side` (with or without walls) whose numbers reach its
    last row or column: a day without `grid_size` is read at the side its cells reach, so only
    such a level can round-trip without it."""
    for _, path in bundled_levels("zip"):
        level = load_puzzle(path)
        numbered = [(r, c) for r, row in enumerate(level.numbers) for c, k in enumerate(row) if k]
        reach = max(max(cell) for cell in numbered)
        if level.rows == side and bool(level.walls) == walls and reach == side - 1:
            return level
    raise AssertionError(f"no bundled {side}x{side} Zip level reaches its edge")


@pytest.mark.parametrize(("side", "walls"), [(6, False), (7, True), (8, False), (8, True)])
def test_zip_days_of_every_size_read_without_grid_size_or_optional_keys(
    tmp_path: Path, side: int, walls: bool
) -> None:
    level = _zip_reaching_its_edge(side, walls)
    day = zip_day(level)
    bare = {k: v for k, v in day.items() if k in ("game", "nodes", "walls")}
    for obj in (day, bare, _reordered(day), {**bare, "walls": None, "game": "ZIP"}):
        got = load_puzzle(_write(tmp_path, obj))
        assert (got.rows, got.cols, got.numbers) == (level.rows, level.cols, level.numbers)
        assert got.walls == (level.walls if obj.get("walls") is not None else ())


def test_a_tango_day_reads_with_other_spellings_and_no_grid_size(tmp_path: Path) -> None:
    level = _bundled("tango", 9)
    day = tango_day(level)
    spelled = {
        **{k: v for k, v in day.items() if k != "grid_size"},
        "game": "Tango",
        "symbols": [[r, c, {"S": "sun", "M": "m"}[s]] for r, c, s in day["symbols"]],
        "walls": [[a, b, {"=": "=", "x": "X"}[s]] for a, b, s in day["walls"]],
    }
    for obj in (spelled, _reordered(day)):
        got = load_puzzle(_write(tmp_path, obj))
        assert (got.givens, got.equal, got.opposite) == (level.givens, level.equal, level.opposite)


@pytest.mark.parametrize(
    ("keys", "metadata"),
    [
        (
            {"number": "684", "difficulty": "Hard", "title": None},
            {"number": "684", "difficulty": "hard", "name": "Tango #684"},
        ),
        (
            {"number": None, "difficulty": "HARD", "date": "2026-07-13T06:00:00Z"},
            {"difficulty": "hard", "date": "2026-07-13", "name": "Tango 2026-07-13"},
        ),
        ({"number": 0, "date": "13/07/2026", "title": "  Sunny   day "}, {"name": "Sunny day"}),
        (
            {"number": 684, "difficulty": 3, "streak": 12},
            {"number": "684", "difficulty": "3", "name": "Tango #684"},
        ),
    ],
)
def test_metadata_is_read_leniently_and_never_costs_the_level(
    tmp_path: Path, keys: dict[str, Any], metadata: dict[str, str]
) -> None:
    level = _bundled("tango", 1)
    day = {k: v for k, v in tango_day(level).items() if k not in ("number", "date")}
    got = load_puzzle(_write(tmp_path, {**day, **keys}))
    assert got.givens == level.givens
    assert got.metadata == {"source": "linkedin", **metadata}
