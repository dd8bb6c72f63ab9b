"""Hypothesis fuzzing of every parser: whatever the input, only `LevelError` escapes.

Three kinds of input: arbitrary text, arbitrary bytes through `load` (with every
extension, so the reading, decoding and sniffing paths are covered too), and
mutations of valid files in each format (which reach deep into each parser,
where random text rarely goes). A round-trip property checks the writers.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from queens_tui.core.errors import LevelError
from queens_tui.core.meta import METADATA_KEYS
from queens_tui.formats.queens import (
    dump_json,
    dump_text,
    load,
    parse,
    parse_json,
    parse_text,
    parse_ts,
)
from queens_tui.kinds.queens.level import Level

FUZZ = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

VALID = {
    "text": "# name: x\n# colors: A=#96beff B=#ffc992\nAAB\nACB\nCCB\n",
    "ts": (
        '// @ts-ignore\nimport { anakiwa } from "../colors";\n\nconst level = {\n'
        '  path: "/community-level/1",\n  size: 3,\n  colorRegions: [\n'
        '    ["A", "A", "B"],\n    [\n      "A",\n      "C",\n      "B",\n    ],\n'
        '    ["C", "C", "B"],\n  ],\n  regionColors: { A: anakiwa, B: "#ffc992" },\n'
        '  createdBy: "me",\n};\n\nexport default level;\n'
    ),
    "json": (
        '{\n  "name": "x",\n  "seed": 7,\n  "colors": {"A": "#96beff"},\n'
        '  "regions": ["AAB", ["A", "C", "B"], "CCB"]\n}\n'
    ),
}
PARSERS = {"text": parse_text, "ts": parse_ts, "json": parse_json}
SIGNIFICANT = st.sampled_from(list("{}[]()\"'`:,;=#/*\\\n\r\t -0123456789ABCabc\x00\ufeff\u2028é"))


def only_level_errors(fmt: str, text: str) -> Level | None:
    """Parse; a `Level` or a `LevelError` are both fine, anything else fails the test."""
    try:
        level = PARSERS[fmt](text)
    except LevelError as err:
        assert err.message
        assert err.line is None or err.line >= 1
        assert err.col is None or err.col >= 1
        return None
    assert len(level.labels) == level.size
    assert all(len(row) == level.size for row in level.grid)
    return level


@FUZZ
@given(text=st.text(max_size=400), fmt=st.sampled_from(sorted(PARSERS)))
def test_any_text_in_any_parser(text: str, fmt: str) -> None:
    only_level_errors(fmt, text)


@FUZZ
@given(text=st.text(alphabet=SIGNIFICANT, max_size=200), fmt=st.sampled_from(sorted(PARSERS)))
def test_syntax_soup_in_any_parser(text: str, fmt: str) -> None:
    only_level_errors(fmt, text)


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    fmt = draw(st.sampled_from(sorted(VALID)))
    text = VALID[fmt]
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 12)))
        kind = draw(st.sampled_from(["delete", "insert", "replace", "duplicate"]))
        if kind == "delete":
            text = text[:i] + text[j:]
        elif kind == "insert":
            text = text[:i] + draw(st.text(alphabet=SIGNIFICANT, max_size=4)) + text[i:]
        elif kind == "replace":
            text = text[:i] + draw(st.text(alphabet=SIGNIFICANT, max_size=3)) + text[j:]
        else:
            text = text[:j] + text[i:j] + text[j:]
    return fmt, text


@FUZZ
@given(case=mutated())
def test_mutations_of_valid_files(case: tuple[str, str]) -> None:
    fmt, text = case
    only_level_errors(fmt, text)


def test_the_unmutated_files_are_valid() -> None:
    """The mutation seeds parse, so mutations start from deep inside each parser."""
    for fmt, text in VALID.items():
        assert parse(text, fmt).rows_text() == ["AAB", "ACB", "CCB"]


@FUZZ
@given(
    data=st.one_of(
        st.binary(max_size=300),
        st.text(max_size=200).map(lambda s: s.encode("utf-8")),
        mutated().map(lambda case: case[1].encode("utf-8")),
    ),
    ext=st.sampled_from([".txt", ".ts", ".json", ".js", "", ".xyz"]),
)
def test_any_bytes_through_load(data: bytes, ext: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"level{ext}"
        path.write_bytes(data)
        try:
            load(path)
        except LevelError as err:
            assert str(err).startswith(str(path))
            assert "\n" not in str(err)


@st.composite
def levels(draw: st.DrawFn) -> Level:
    n = draw(st.integers(1, 7))
    pool = draw(
        st.lists(
            st.characters(
                blacklist_categories=("Cc", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Cf", "Mn", "Me")
            ),
            min_size=n,
            max_size=n,
            unique=True,
        )
    )
    cells = [draw(st.sampled_from(pool)) for _ in range(n * n)]
    spots = draw(st.permutations(range(n * n)))[:n]
    for label, spot in zip(pool, spots, strict=False):
        cells[spot] = label  # every label used at least once
    rows = [cells[r * n : (r + 1) * n] for r in range(n)]
    one_line = st.text(
        alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=20
    ).map(lambda s: " ".join(s.split()))
    meta = draw(st.dictionaries(st.sampled_from(METADATA_KEYS), one_line))
    colors = draw(
        st.dictionaries(st.sampled_from(pool), st.from_regex(r"\A#[0-9a-f]{6}\Z"), max_size=n)
    )
    return Level.from_rows(rows, colors=colors, **meta)


@FUZZ
@given(level=levels())
@pytest.mark.slow  # 7 s at load 12 on 2 cores: run by `pytest -m slow`
def test_round_trips(level: Level) -> None:
    if any(row[0] == "#" for row in level.grid):
        return  # the one shape text cannot hold; dump_text refuses it (tested elsewhere)
    assert parse_text(dump_text(level)) == level
    assert parse_json(dump_json(level)) == level


# --- archive days and collections of every kind (issue 33) ----------------------------------

HOSTILE = st.one_of(
    st.sampled_from(
        ["²", "٣", "9" * 5000, "", " ", "1,1", "9,9", "S", "M", "=", "x", "☀️", "🌑", "#7", "null"]
    ),
    st.sampled_from([-1, 0, 1, 5, 64, 10**300, 1e308, True, False, None]),
    st.integers(-3, 70),
    st.just("DEEP"),
)
"""Values that broke readers: digits `int()` refuses, huge numbers, wrong types, deep nests."""

KEYS = st.sampled_from(
    [
        *("game", "number", "grid_size", "board", "regions", "symbols", "walls", "nodes"),
        *("id", "row", "col", "cells", "value", "clues", "x", "y", "type", "size"),
        *("prefilled", "constraints", "colorRegions", "regionColors", "levels", "kind"),
    ]
)
JSONISH = st.recursive(
    HOSTILE,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=6,
)


def _seeds() -> list[object]:
    """One valid archive day per form and kind, and each form of collection, from bundled
    levels (the mutations start from these)."""
    from queens_tui.formats import load_puzzle
    from queens_tui.formats.bundled import bundled_levels
    from queens_tui.formats.patches import json_object
    from tests.unit.test_archive_days import queens_days, tango_day, zip_day
    from tests.unit.test_collections import community_tango

    def first(kind: str, index: int = 0) -> Any:
        return load_puzzle(bundled_levels(kind)[index][1])

    queens, tango = first("queens", 3), first("tango", 2)
    board_day, regions_day = queens_days(queens)
    sudoku = first("sudoku")
    patches_day = {**json_object(first("patches")), "game": "patches", "number": 127}
    del patches_day["kind"]
    days = [
        board_day,
        regions_day,
        tango_day(tango),
        zip_day(first("zip", 5)),
        patches_day,
        {
            "game": "minisudoku",
            "number": 40,
            "grid_size": [6, 6],
            "cells": [
                {"row": r, "col": c, "value": v}
                for r, row in enumerate(sudoku.givens)
                for c, v in enumerate(row)
            ],
        },
    ]
    keyed = {"level1": {"size": queens.size, "colorRegions": [list(r) for r in queens.grid]}}
    return [*days, community_tango([tango]), keyed, {"levels": days}]


SEEDS = _seeds()


def _paths(node: object, at: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a JSON value (keys and indices from the top)."""
    found = [at]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*at, i))
    return found


@st.composite
def hostile_documents(draw: st.DrawFn) -> str:
    """A seed with one to three of its places replaced by a hostile value or removed."""
    import copy
    import json

    doc = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(doc)))
        if not path:
            continue
        parent = doc
        for step in path[:-1]:
            parent = parent[step]  # type: ignore[index]
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(JSONISH)  # type: ignore[index]
    depth = draw(st.sampled_from([2, 40, 500]))
    return json.dumps(doc, ensure_ascii=False).replace('"DEEP"', "[" * depth + "]" * depth)


@settings(FUZZ, max_examples=50)
@given(text=hostile_documents())
def test_archive_days_and_collections_through_every_reader(text: str) -> None:
    """Every kind's reader (and the level browser's `scan_meta`), the collection reader and
    `load_puzzle` of a file: a level, a collection, or a `LevelError`; nothing else."""
    from queens_tui.formats import load_puzzle as load_any
    from queens_tui.formats import reader, readers
    from queens_tui.formats.collection import read_collection

    for kind in readers():
        module = reader(kind)
        for read in (module.parse, module.scan_meta):
            try:
                read(text, ".json")
            except LevelError as err:
                assert err.message and "\n" not in err.message
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hostile.json"
        path.write_text(text, encoding="utf-8")
        try:
            if read_collection(path) is None:
                load_any(path)
        except LevelError as err:
            assert str(err).startswith(str(path)) and "\n" not in str(err)
