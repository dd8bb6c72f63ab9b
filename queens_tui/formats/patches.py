"""Patches level files: a text format people can edit, our JSON, and LinkedIn's archive JSON.

Text: the grid, one character a cell, one space apart: `.` an empty cell, any
other letter or digit a clue; then a legend, one line a clue label,
`<label>: <shape> <size>` where the shape is `square`, `tall` (more rows than
columns), `wide` (more columns than rows) or `free` (any rectangle, the
default when left out) and the size (cells) is a number or left out::

    # kind: patches
    # name: Patches #127
    # date: 2026-07-22
    A . . . B . .
    . . . . . . .
    . C . . . . D
    ...

    A: wide 6
    B: 4
    C: tall
    D: square 9

Lines starting with `#` are comments (`# key: value` sets metadata: name,
author, date, source, seed, difficulty, and `number`, LinkedIn's puzzle
number). Every label on the grid needs a legend line and every legend line a
label on the grid; a label is used once. `dump_text` writes labels A-Z, then
a-z, then 0-9 in reading order (past 62 clues, accented Latin and Greek letters:
`LABELS`), and `parse_text(dump_text(x)) == x`, `dump_text(parse_text(t)) == t` for
what it writes.

A `position:` line after the legend starts a position (`formats.position`): a row of
the grid a line, `.` where no patch is drawn, else the drawn patch's label (lower case
first: `a`, `b`, ...; a patch's cells are one whole rectangle), where play starts::

    position:
    a a . . b . .
    ...

JSON, LinkedIn's clue form (what `generate --format json` prints, one level a
line), with our `kind` and metadata::

    {"kind": "patches", "name": "...", "grid_size": [7, 7],
     "clues": [{"x": 0, "y": 0, "type": "H_rect", "size": 6}, ...]}

`x` is the column and `y` the row (0-based), `type` is `square`, `V_rect`
(tall), `H_rect` (wide) or `free` (`tall`/`wide` are read too), `size` a
number or null. LinkedIn's daily archive, as people keep it, is the same with
`"game": "patches"` instead of `kind` and `number`, `date`, `difficulty`
keys: those are kept as metadata (`difficulty` lower case; a day without a
name is named "Patches #<number>").

Detection is by content: a JSON object whose `kind` or `game` is
`"patches"`, or text with a `# kind: patches` line. A bad file raises
`LevelError` at the line and column at fault.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import replace
from typing import Any

from queens_tui.core.errors import LevelError
from queens_tui.core.meta import METADATA_KEYS, header, numbered_lines, read_header, scan_header
from queens_tui.formats._common import (
    MAX_DIGITS,
    comment_header,
    elements_at,
    json_meta,
    key_at,
    kind_line,
    level_object,
    load_object,
    sniff_text,
    whole_number,
    write,
)
from queens_tui.formats.position import characters, checked, read_grid, section, split_position
from queens_tui.kinds.patches.level import FREE, SHAPES, TALL, WIDE, Clue, Level
from queens_tui.kinds.patches.play import PLAY

_KIND_LINE = kind_line("patches")
_JSON_KIND = re.compile(r'"(?:kind|game)"\s*:\s*"patches"', re.I)
_LEGEND = re.compile(r"^(\S)\s*:(.*)$")


def _plain_letter(ch: str) -> bool:
    """A letter that is one letter in every normal form (not a ligature such as Ĳ or ŉ)."""
    return ch.isalpha() and unicodedata.normalize("NFKC", ch) == ch


LABELS = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    + "".join(chr(c) for c in range(0xC0, 0x180) if _plain_letter(chr(c)))  # À..ž
    + "ΓΔΘΛΞΠΣΦΨΩαβγδεζηθλμξπσφψω"
)
"""Clue labels `dump_text` uses, in reading order: the 62 ASCII letters and digits first (so a
file of up to 62 clues reads and writes as it always has), then Latin letters with accents
and Greek letters (one column each, no ligature such as Ĳ), 272 in all: enough for a 16x16
grid with a clue in every cell. The reader has always taken any letter or digit as a label,
so a file with them reads in older versions too."""
LINKEDIN_TYPES = {"square": "square", "V_rect": TALL, "H_rect": WIDE, "free": FREE}
"""LinkedIn's clue `type` -> our shape."""
TYPE_OF = {"square": "square", TALL: "V_rect", WIDE: "H_rect", FREE: "free"}


def sniff(text: str, suffix: str = "") -> bool:
    """True when `text` is a Patches level (JSON, archive JSON or text), judged by content."""
    return sniff_text(text, _JSON_KIND, _KIND_LINE)


def parse(text: str, suffix: str = "") -> Level:
    """A level from any of the formats above."""
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        return parse_json(text)
    return parse_text(text)


def dump(level: Level, fmt: str = "text") -> str:
    """`level` as `"text"` or `"json"`."""
    return write(level, fmt, dump_text, dump_json)


def scan_meta(text: str, suffix: str = "") -> tuple[str | None, int | None, str | None]:
    """(name, size, difficulty) for the level browser: a text file's header and grid rows
    skimmed (`core.meta.scan_header`), a JSON file parsed."""
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        level = parse_json(text)
        return level.name, level.size, level.difficulty
    return scan_header(split_position(text)[0], lambda line: _LEGEND.match(line.strip()) is None)


# --------------------------------------------------------------------------- JSON


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _clue(item: object, i: int, where: tuple[int, int]) -> Clue:
    line, col = where
    if not isinstance(item, dict):
        raise LevelError(
            f'clue {i + 1} must be an object {{"x", "y", "type", "size"}}', line=line, col=col
        )
    x, y = item.get("x"), item.get("y")
    if not (_int(x) and _int(y)):
        raise LevelError(
            f'clue {i + 1} needs whole numbers "x" (column) and "y" (row)', line=line, col=col
        )
    kind = item.get("type", "free")
    shape = LINKEDIN_TYPES.get(kind) if isinstance(kind, str) else None
    if shape is None and kind in SHAPES:
        shape = str(kind)
    if shape is None:
        raise LevelError(
            f"clue {i + 1}: type {kind!r} is not square, V_rect (tall), H_rect (wide) or free",
            line=line,
            col=col,
        )
    size = item.get("size")
    if size is not None and not (_int(size) and size > 0):
        raise LevelError(
            f"clue {i + 1}: size {size!r} is not a positive whole number or null",
            line=line,
            col=col,
        )
    assert isinstance(x, int) and isinstance(y, int)
    return Clue(y, x, shape, size)


def parse_json(text: str) -> Level:
    """A level from our JSON or LinkedIn's archive JSON; `LevelError` with line and column."""
    text, data = load_object(text, '"grid_size" and "clues"')
    for key in ("kind", "game"):
        if key in data and str(data[key]).lower() != Level.kind:
            line, col = key_at(text, key)
            raise LevelError(f'"{key}" is {data[key]!r}, not "{Level.kind}"', line=line, col=col)
    size = data.get("grid_size")
    if not (isinstance(size, list) and len(size) == 2 and all(_int(v) for v in size)):
        line, col = key_at(text, "grid_size")
        raise LevelError('"grid_size" must be [rows, columns]', line=line, col=col)
    raw = data.get("clues")
    cline, ccol = key_at(text, "clues")
    if not isinstance(raw, list):
        raise LevelError(
            '"clues" must be a list of {"x", "y", "type", "size"}', line=cline, col=ccol
        )
    at = elements_at(text, "clues")
    clues = [_clue(item, i, at[i] if i < len(at) else (cline, ccol)) for i, item in enumerate(raw)]
    # LinkedIn's archive writes null for a day it has no number for
    meta = json_meta({k: v for k, v in data.items() if v is not None}, text, METADATA_KEYS)
    if "difficulty" in meta:
        meta["difficulty"] = meta["difficulty"].lower()
    if "game" in data:  # LinkedIn's archive: named, dated and numbered as every kind's days
        from queens_tui.formats.archive import metadata

        meta.update(metadata(data, text, Level.kind))
    try:
        return Level(size[0], size[1], tuple(clues), **meta)
    except LevelError as err:
        line, col = (cline, ccol) if "clue" in err.message else key_at(text, "grid_size")
        raise LevelError(err.message, line=line, col=col) from None


def json_object(level: Level) -> dict[str, Any]:
    """`level` as our JSON object, in the format's key order."""
    clues = [
        {"x": c.col, "y": c.row, "type": TYPE_OF[c.shape], "size": c.size} for c in level.clues
    ]
    data = level_object(level, {"grid_size": [level.rows, level.cols], "clues": clues})
    number = whole_number(level.number)
    if number is not None:
        data["number"] = number  # as LinkedIn's archive writes it
    return data


def dump_json(level: Level) -> str:
    """`level` as one line of JSON (no newline)."""
    return json.dumps(json_object(level), ensure_ascii=False)


# --------------------------------------------------------------------------- text


def _legend_clue(body: str, line: int, col: int) -> tuple[str, int | None]:
    """The shape and size of a legend line's `body`, which starts at column `col`."""
    shape, size = FREE, None
    seen_shape = seen_size = False
    for found in re.finditer(r"\S+", body):
        word, at = found.group(), col + found.start()
        if word.isdigit() and not seen_size:
            size, seen_size = whole_number(word), True
            if size is None:
                shown = word if len(word) <= 12 else word[:12] + "…"
                raise LevelError(
                    f"legend: {shown!r} is not a size (digits 0-9, at most {MAX_DIGITS})",
                    line=line,
                    col=at,
                )
            if size == 0:
                raise LevelError("legend: a size is at least 1", line=line, col=at)
        elif (w := LINKEDIN_TYPES.get(word, word.lower())) in SHAPES and not seen_shape:
            shape, seen_shape = w, True
        else:
            raise LevelError(
                f"legend: {word!r} is not a shape (square, tall, wide, free) or a size",
                line=line,
                col=at,
            )
    return shape, size


def parse_text(text: str) -> Level:
    """A level from the text format (and its `position:` section, `read_position`);
    `LevelError` with line and column."""
    text, position, at = split_position(text)
    level = _parse_grid(text)
    return level if position is None else read_position(level, position, at)


POSITION_LABELS = LABELS[26:52] + LABELS[:26] + LABELS[52:]
"""The labels of drawn patches in a position, lower case first (the clues are upper case)."""


def read_position(level: Level, body: list[tuple[int, str]], at: int) -> Level:
    """`level` starting with the patches of the section's rows (`formats.position`): a row of
    the grid a line, a cell `.` when no patch covers it, else its patch's label (a letter or
    digit; one label a patch, its cells a whole rectangle)."""
    grid = read_grid(body, level.rows, level.cols, at, characters)
    cells: dict[str, list[tuple[int, int, int, int]]] = {}  # label: (row, col, line, column)
    for r, ((number, _), row) in enumerate(zip(body, grid, strict=True)):
        for c, (ch, col) in enumerate(row):
            if ch == ".":
                continue
            if not ch.isalnum():
                raise LevelError(
                    f"a position cell is '.' or a patch's label (a letter or digit), not {ch!r}",
                    line=number,
                    col=col,
                )
            cells.setdefault(ch, []).append((r, c, number, col))
    rects: list[list[int]] = []
    for label, found in cells.items():
        rows = [r for r, _, _, _ in found]
        cols = [c for _, c, _, _ in found]
        rect = [min(rows), min(cols), max(rows), max(cols)]
        if (rect[2] - rect[0] + 1) * (rect[3] - rect[1] + 1) != len(found):
            _, _, number, col = found[0]
            raise LevelError(
                f"the cells of patch {label!r} are not one whole rectangle", line=number, col=col
            )
        rects.append(rect)
    state = checked(lambda: PLAY.state_from_json(level, rects), at)
    return replace(level, position=PLAY.state_to_json(state))


def position_rows(level: Level) -> list[str]:
    """The section's rows of `level.position`: each cell its patch's label, or `.`."""
    patches = PLAY.state_from_json(level, level.position).patches
    if len(patches) > len(POSITION_LABELS):
        raise LevelError(f"the text format labels at most {len(POSITION_LABELS)} patches")
    label = {
        (r, c): POSITION_LABELS[k]
        for k, (t, lft, b, rgt) in enumerate(patches)
        for r in range(t, b + 1)
        for c in range(lft, rgt + 1)
    }
    return [" ".join(label.get((r, c), ".") for c in range(level.cols)) for r in range(level.rows)]


def _parse_grid(text: str) -> Level:
    meta: dict[str, str] = {}
    rows: list[tuple[int, list[tuple[str, int]]]] = []  # (line, [(char, col)])
    legend: dict[str, tuple[str, int | None, int]] = {}
    for number, line in numbered_lines(text):
        stripped = line.strip()
        if stripped.startswith("#"):
            found = header(stripped)
            if found is not None and found[0] == "number" and found[1]:
                meta["number"] = found[1]
            read_header(stripped, meta, kind=Level.kind, line=number, col=line.index("#") + 1)
            continue
        indent = len(line) - len(line.lstrip())
        m = _LEGEND.match(stripped)
        if m:
            label = m.group(1)
            if label in legend:
                raise LevelError(
                    f"label {label!r} has two legend lines", line=number, col=indent + 1
                )
            shape, size = _legend_clue(m.group(2), number, indent + m.start(2) + 1)
            legend[label] = (shape, size, number)
            continue
        if legend:
            raise LevelError("a grid row after the legend", line=number, col=indent + 1)
        cells: list[tuple[str, int]] = []
        for k, ch in enumerate(line):
            if ch.isspace():
                continue
            if not (ch == "." or ch.isalnum()):
                raise LevelError(
                    f"{ch!r} is not a cell: `.` empty, a letter or digit a clue",
                    line=number,
                    col=k + 1,
                )
            cells.append((ch, k + 1))
        rows.append((number, cells))
    if not rows:
        raise LevelError("no grid rows found", line=1, col=1)
    width = len(rows[0][1])
    clues: list[Clue] = []
    used: dict[str, tuple[int, int]] = {}
    for r, (number, cells) in enumerate(rows):
        if len(cells) != width:
            col = cells[width][1] if len(cells) > width else (cells[-1][1] + 1 if cells else 1)
            raise LevelError(
                f"row {r + 1} has {len(cells)} cells but row 1 has {width}", line=number, col=col
            )
        for c, (ch, col) in enumerate(cells):
            if ch == ".":
                continue
            if ch in used:
                raise LevelError(
                    f"label {ch!r} is on the grid twice (row {used[ch][0]}, and here)",
                    line=number,
                    col=col,
                )
            if ch not in legend:
                raise LevelError(f"label {ch!r} has no legend line", line=number, col=col)
            used[ch] = (r + 1, c + 1)
            shape, size, _ = legend[ch]
            clues.append(Clue(r, c, shape, size))
    for label, (_, _, number) in legend.items():
        if label not in used:
            raise LevelError(f"legend label {label!r} is not on the grid", line=number, col=1)
    try:
        return Level(len(rows), width, tuple(clues), **meta)
    except LevelError as err:
        raise LevelError(err.message, line=rows[0][0], col=1) from None


def shape_words(clue: Clue) -> str:
    """A clue as the legend writes it: "wide 6", "4", "square", "free"."""
    words = [] if clue.shape == FREE and clue.size is not None else [clue.shape]
    if clue.size is not None:
        words.append(str(clue.size))
    return " ".join(words)


def dump_text(level: Level) -> str:
    """`level` in the text format (ends with a newline)."""
    if len(level.clues) > len(LABELS):
        raise LevelError(f"the text format labels at most {len(LABELS)} clues")
    out = comment_header(level.metadata, "patches")
    label = {clue.cell: LABELS[k] for k, clue in enumerate(level.clues)}
    for r in range(level.rows):
        out.append(" ".join(label.get((r, c), ".") for c in range(level.cols)))
    out.append("")
    out += [f"{LABELS[k]}: {shape_words(clue)}" for k, clue in enumerate(level.clues)]
    if level.position is not None:
        out += section(position_rows(level))
    return "\n".join(out) + "\n"
