"""Mini Sudoku level files: our text and JSON, and LinkedIn's daily archive JSON as people keep it.

Text, one row of the grid a line: digits 1-6 are givens, `.` or `0` an empty
cell; cells may be written together (`..3.2.`) or a space apart, and `|`
between the two boxes of a row and a blank line (or a line of `-`) between
bands of boxes are optional. Lines starting with `#` are comments; `# key:
value` sets metadata (name, author, date, source, seed, difficulty, number)::

    # kind: sudoku
    # name: Morning
    . 6 . | . 4 .
    5 . 3 | 2 . 6

    . 2 . | . 3 .
    ...

`dump_text` writes the `# kind: sudoku` line, the metadata and that layout,
and `parse_text(dump_text(x)) == x`, `dump_text(parse_text(t)) == t` for
what it writes.

Our JSON (one level per object; `generate --format json` prints one a line)::

    {"kind": "sudoku", "name": "Morning", "size": 6,
     "grid": [".6..4.", "5.32.6", ...], "difficulty": "easy"}

`cells` (rows of ints or null, as the archive has them) may stand for `grid`.

LinkedIn's daily archive (`{"game": "minisudoku", ...}`): `grid_size` [rows,
cols], `cells` six rows of six values (an int 1-6 or null), or the older form,
a list of `{"row", "col", "value"}` (0-based); `number` (LinkedIn's puzzle
number), `title`, `date` and `difficulty` ("HARD", "Hard") are kept as the
level's number, name, date and (lower-case) difficulty; other keys are ignored.

A grid that is not 6x6 is refused with a sentence that says so. Detection is
by content: JSON whose `"kind"` is `"sudoku"` or `"minisudoku"` or whose
`"game"` is `"minisudoku"`; text with a `# kind: sudoku` line, or whose first
row is six cells with spaces or a `|` between them (`. 6 . | . 4 .`). A bad
file raises `LevelError` at the line and column at fault.
"""

from __future__ import annotations

import json
import re
from typing import Any

from queens_tui.core.errors import LevelError
from queens_tui.core.meta import METADATA_KEYS, header, numbered_lines, scan_header
from queens_tui.formats._common import (
    comment_header,
    elements_at,
    key_at,
    kind_line,
    level_object,
    load_object,
    read,
    sniff_text,
    string_rows,
    write,
)
from queens_tui.kinds.sudoku.level import BOX_COLS, BOX_ROWS, SIZE, Level, size_error

KINDS = ("sudoku", "minisudoku")
"""What a file may call the kind (`"kind"`; the archive's `"game"` says minisudoku), once
lower-cased without `-`, `_` or spaces (`kind_name`): "Mini Sudoku", "mini-sudoku" too."""
_KIND_LINE = kind_line(r"(mini[-_ ]?)?sudoku")
_ANY_KIND_LINE = re.compile(r"^\s*#\s*kind\s*:", re.I | re.M)
_JSON_KIND = re.compile(r'"(kind|game)"\s*:\s*"(mini[-_ ]?)?sudoku"', re.I)
_SPACED_ROW = re.compile(r"^[.0-6](\s*\|?\s*[.0-6])+$")
_CELL = {".": None, "0": None, **{str(d): d for d in range(1, SIZE + 1)}}
_RULE = re.compile(r"^[-+=\s|]+$")
"""A line between bands of boxes (`------+------`)."""


def kind_name(value: object) -> str:
    """A kind as a file writes it, compared: "Mini-Sudoku" -> "minisudoku"."""
    return re.sub(r"[-_ ]", "", str(value)).lower()


def sniff(text: str, suffix: str = "") -> bool:
    """True when `text` is a Mini Sudoku level (any of the forms above), judged by content."""
    return sniff_text(text, _JSON_KIND, _KIND_LINE, _ANY_KIND_LINE, _is_row)


def _is_row(line: str) -> bool:
    """A board row of the text form: digits and dots spaced (or split by `|`)."""
    return bool(_SPACED_ROW.match(line)) and (" " in line or "|" in line)


def scan_meta(text: str, suffix: str = "") -> tuple[str | None, int | None, str | None]:
    """(name, size, difficulty) without building the level: what the level browser lists."""
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        level = parse_json(text)
        return level.name, SIZE, level.difficulty
    name, _rows, difficulty = scan_header(text, lambda raw: not _RULE.match(raw.strip()))
    return name, SIZE, difficulty


def parse(text: str, suffix: str = "") -> Level:
    """A Mini Sudoku level from any of its forms (chosen by content); `LevelError` located."""
    return read(text, parse_json, parse_text)


def dump(level: Level, fmt: str = "text") -> str:
    """`level` as `"text"` or `"json"`."""
    return write(level, fmt, dump_text, dump_json)


# --------------------------------------------------------------------------- JSON


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _digit(v: object, where: str, line: int, col: int) -> int | None:
    """An archive cell value: null, 0 or "" (empty), or a digit 1-6 (a number or a string)."""
    if v is None or v == "":
        return None
    if isinstance(v, str) and len(v) == 1 and v in _CELL:
        return _CELL[v]
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= SIZE:
        return v or None
    raise LevelError(f"{where} holds {json.dumps(v)}, not a digit 1-6 or null", line=line, col=col)


def _rows_of_cells(data: dict[str, Any], text: str) -> list[list[int | None]]:
    """The `cells` key: rows of values, or the archive's older list of {row, col, value}."""
    cells = data["cells"]
    cline, ccol = key_at(text, "cells")
    if not isinstance(cells, list) or not cells:
        raise LevelError(
            "cells must be a list of rows (or of {row, col, value})", line=cline, col=ccol
        )
    where = elements_at(text, "cells")
    if all(isinstance(x, dict) for x in cells):
        size = data.get("grid_size", [SIZE, SIZE])
        rows_n, cols_n = size if _is_pair(size) else (SIZE, SIZE)
        grid: list[list[int | None]] = [[None] * cols_n for _ in range(rows_n)]
        seen: set[tuple[int, int]] = set()
        for k, item in enumerate(cells):
            line, col = where[k] if k < len(where) else (cline, ccol)
            r, c = item.get("row"), item.get("col")
            if not (_is_int(r) and _is_int(c) and 0 <= r < rows_n and 0 <= c < cols_n):
                raise LevelError(
                    f"cells item {k + 1}: row {r!r}, col {c!r} is not a cell of the "
                    f"{rows_n}x{cols_n} grid",
                    line=line,
                    col=col,
                )
            if (r, c) in seen:
                raise LevelError(
                    f"cells item {k + 1}: row {r + 1}, column {c + 1} is given twice",
                    line=line,
                    col=col,
                )
            seen.add((r, c))
            grid[r][c] = _digit(item.get("value"), f"row {r + 1}, column {c + 1}", line, col)
        return grid
    out: list[list[int | None]] = []
    for r, row in enumerate(cells):
        line, col = where[r] if r < len(where) else (cline, ccol)
        if not isinstance(row, list):
            raise LevelError(
                f"cells row {r + 1} must be a list of digits or null", line=line, col=col
            )
        out.append(
            [_digit(v, f"row {r + 1}, column {c + 1}", line, col) for c, v in enumerate(row)]
        )
    return out


def _is_pair(size: object) -> bool:
    return isinstance(size, list) and len(size) == 2 and all(_is_int(x) for x in size)


def _rows_of_grid(data: dict[str, Any], text: str) -> list[list[int | None]]:
    """The `grid` key: rows written as strings of digits and `.`."""
    return string_rows(data, text, _CELL, ".6..4.", "a digit 1-6, . or 0")


def parse_json(text: str) -> Level:
    """A Mini Sudoku level from our JSON or LinkedIn's archive JSON; `LevelError` located."""
    text, data = load_object(text, "a grid or cells key")
    for key in ("kind", "game"):
        if key in data and kind_name(data[key]) not in KINDS:
            line, col = key_at(text, key)
            raise LevelError(f'"{key}" is {data[key]!r}, not "sudoku"', line=line, col=col)
    if "grid_size" in data:
        size = data["grid_size"]
        line, col = key_at(text, "grid_size")
        if not _is_pair(size):
            raise LevelError("grid_size must be [rows, columns]", line=line, col=col)
        problem = size_error(size[0], size[1])
        if problem is not None:
            raise LevelError(problem, line=line, col=col)
    if "grid" in data:
        rows, key = _rows_of_grid(data, text), "grid"
    elif "cells" in data:
        rows, key = _rows_of_cells(data, text), "cells"
    else:
        raise LevelError('no "grid" or "cells" key: not a Mini Sudoku level', line=1, col=1)
    kline, kcol = key_at(text, key)
    problem = size_error(len(rows), max(len(r) for r in rows))
    if problem is not None:
        raise LevelError(problem, line=kline, col=kcol)
    if "size" in data and data["size"] != SIZE:
        line, col = key_at(text, "size")
        raise LevelError(f"size is {data['size']!r}; Mini Sudoku is 6x6 only", line=line, col=col)
    meta = _json_meta(data, text)
    if "game" in data:  # LinkedIn's archive: named, dated and numbered as every kind's days
        from queens_tui.formats.archive import metadata

        meta.update(metadata(data, text, Level.kind))
    try:
        return Level(tuple(tuple(r) for r in rows), **meta)
    except LevelError as err:
        raise LevelError(err.message, line=kline, col=kcol) from None


def _json_meta(data: dict[str, Any], text: str) -> dict[str, str]:
    """Metadata from our keys and the archive's (`title` -> name, `number`, `difficulty`)."""
    meta: dict[str, str] = {}
    for key in (*METADATA_KEYS, "title"):
        value = data.get(key)
        if value is None:
            continue
        if isinstance(value, str):
            shown = " ".join(value.split())
        elif _is_int(value) or isinstance(value, float):
            shown = str(value)
        else:
            line, col = key_at(text, key)
            raise LevelError(
                f"{key} must be a string, not {type(value).__name__}", line=line, col=col
            )
        if not shown:
            continue
        if key == "title":
            meta.setdefault("name", shown)
        elif key == "difficulty":
            meta[key] = shown.lower()
        else:
            meta[key] = shown
    if "name" in data and data.get("name") is not None:
        meta["name"] = " ".join(str(data["name"]).split())
    return meta


def dump_json(level: Level) -> str:
    """`level` as one line of our JSON (no newline)."""
    data = level_object(level, {"size": SIZE, "grid": level.rows_text()})
    return json.dumps(data, ensure_ascii=False)


# --------------------------------------------------------------------------- text


def parse_text(text: str) -> Level:
    """A Mini Sudoku level from the text format; `LevelError` with line and column."""
    meta: dict[str, str] = {}
    rows: list[tuple[int, list[int | None]]] = []
    for lineno, raw in numbered_lines(text):
        raw = raw.rstrip()
        stripped = raw.strip()
        if stripped.startswith("#"):
            found = header(stripped)
            if found is not None:
                key, value = found
                if key == "kind" and kind_name(value) not in KINDS:
                    raise LevelError(
                        f"kind is {value!r}, not sudoku", line=lineno, col=raw.index("#") + 1
                    )
                if key in METADATA_KEYS:
                    meta[key] = " ".join(value.split())
            continue
        if _RULE.match(stripped):
            continue
        cells: list[int | None] = []
        for col, ch in enumerate(raw, start=1):
            if ch in " \t|":
                continue
            if ch not in _CELL:
                what = "a control character" if not ch.isprintable() else repr(ch)
                raise LevelError(
                    f"{what} is not a cell: a digit 1-6, or . or 0 for an empty cell",
                    line=lineno,
                    col=col,
                )
            cells.append(_CELL[ch])
        rows.append((lineno, cells))
    if not rows:
        raise LevelError("no grid rows found (only comments or blank lines)", line=1, col=1)
    problem = size_error(len(rows), max(len(cells) for _, cells in rows))
    if problem is not None:
        raise LevelError(problem, line=rows[0][0], col=1)
    for r, (lineno, cells) in enumerate(rows):
        if len(cells) != SIZE:
            raise LevelError(f"row {r + 1} has {len(cells)} cells, not {SIZE}", line=lineno, col=1)
    if "difficulty" in meta:
        meta["difficulty"] = meta["difficulty"].lower()
    try:
        return Level(tuple(tuple(cells) for _, cells in rows), **meta)
    except LevelError as err:
        raise LevelError(err.message, line=rows[0][0], col=1) from None


def dump_text(level: Level) -> str:
    """The text of `level` (see the module docstring); `parse_text(dump_text(x)) == x`."""
    out = comment_header(level.metadata, "sudoku")
    for r, row in enumerate(level.givens):
        if r and r % BOX_ROWS == 0:
            out.append("")
        cells = ["." if v is None else str(v) for v in row]
        out.append(" ".join(cells[:BOX_COLS]) + " | " + " ".join(cells[BOX_COLS:]))
    return "\n".join(out) + "\n"
