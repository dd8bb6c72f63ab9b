"""Tango level files: the JSON format other tools share, and a text format people can edit.

JSON, exactly as tools outside the project read and write it (one level per
object; `generate --format json` prints one per line)::

    {"kind": "tango", "name": "Morning", "size": 6,
     "grid": ["......", "..01..", ...],
     "equal": [[[0, 0], [0, 1]], ...], "opposite": [[[2, 3], [3, 3]], ...]}

`1` is a sun, `0` a moon, `.` empty; rows and columns are 0-based and each
pair is two orthogonal neighbours. `size` may be left out (the grid says it);
optional metadata: `author`, `date`, `difficulty`, `source`, `seed`. Other
keys (a `solution`, say) are ignored.

Text: the grid drawn with the signs between the cells. Cells are `1` (sun),
`0` (moon) or `.` (empty), one space apart; a sign between two cells of a row
replaces the space (`=` same, `x` or `×` different); a sign between two
cells of a column sits on the line between the rows, under the cell above::

    # kind: tango
    # name: Morning
    . . . . .x.

    . 1 .x. 1 .
    =
    . . .=. . .

Lines starting with `#` are comments (`# key: value` sets metadata); a blank
line between two rows is a line without signs, and the sign lines may be
left out altogether. `dump_text` writes the `# kind: tango` line, every sign
line (blank when it has no sign) and no trailing spaces, and
`parse_text(dump_text(x)) == x`, `dump_text(parse_text(t)) == t` for what it
writes.

Detection is by content: a JSON object whose `"kind"` is `"tango"`, or text
with a `# kind: tango` line or whose first row reads as a Tango row
(`. 1 .x0`...). A bad file raises `LevelError` at the line and column at fault.
"""

from __future__ import annotations

import json
import re
from typing import Any

from queens_tui.core.errors import LevelError
from queens_tui.core.meta import METADATA_KEYS, scan_header, split_text
from queens_tui.core.vocabulary import Difficulty
from queens_tui.formats import archive
from queens_tui.formats._common import (
    comment_header,
    elements_at,
    json_meta,
    key_at,
    kind_line,
    level_object,
    load_object,
    read,
    sniff_text,
    string_rows,
    whole_number,
    write,
)
from queens_tui.kinds.tango.level import EQUAL, MOON, SUN, Level, Pair, draw

_KIND_LINE = kind_line("tango")
_JSON_KIND = re.compile(r'"kind"\s*:\s*"tango"')
_ANY_KIND_LINE = kind_line(r"(\S+)")
_ROW_RE = re.compile(r"^[.01]([ =x×][.01])+\s*$")
_CELLS = {".": None, "1": SUN, "0": MOON}
_SIGNS = {"=": "=", "x": "x", "×": "x", "X": "x"}


def sniff(text: str, suffix: str = "") -> bool:
    """True when `text` is a Tango level (JSON, a LinkedIn archive day, or text), judged by
    its content."""
    if text.lstrip("\ufeff \t\r\n").startswith("{") and archive.kind_of(text) == Level.kind:
        return True
    return sniff_text(
        text, _JSON_KIND, _KIND_LINE, _ANY_KIND_LINE, lambda s: bool(_ROW_RE.match(s))
    )


def scan_meta(text: str, suffix: str = "") -> tuple[str | None, int | None, str | None]:
    """(name, size, difficulty) of a Tango text or JSON file without building the level:
    what the level browser lists (a few microseconds, not the full parse)."""
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        level = parse_json(text)
        return level.name, level.size, level.difficulty
    return scan_header(text, lambda raw: any(ch in _CELLS for ch in raw.rstrip()[::2]))


def parse(text: str, suffix: str = "") -> Level:
    """A Tango level from JSON, a LinkedIn archive day or text (chosen by content);
    `LevelError` with line and column."""
    if archive.game_of(text) is not None:
        return parse_archive(text)
    return read(text, parse_json, parse_text)


def dump(level: Level, fmt: str = "text") -> str:
    """`level` as `"text"` or `"json"`."""
    return write(level, fmt, dump_text, dump_json)


# --------------------------------------------------------------------------- archive day

_SYMBOLS = {"S": SUN, "SUN": SUN, "M": MOON, "MOON": MOON}
"""A given's symbol, upper-cased."""
_WALL_SIGNS = {"=": EQUAL, "EQUAL": EQUAL, "X": "x", "×": "x", "OPPOSITE": "x", "CROSS": "x"}
"""A sign between two cells, upper-cased."""


def _upper(value: Any) -> str:
    """A symbol or sign as the tables above key it ("" for what is not text: a list is not
    even hashable)."""
    return value.strip().upper() if isinstance(value, str) else ""


def parse_archive(text: str) -> Level:
    """A LinkedIn archive day of Tango (`symbols`: `[row, col, "S" | "M"]`; `walls`:
    `[[r, c], [r, c], "=" | "x"]`), its number, date and difficulty kept."""
    data = archive.load_day(text, Level.kind)
    size = archive.grid_size(data, text)
    if size is None:  # the smallest even grid, 6 at least, holding every symbol and sign
        side = max(6, archive.extent([data.get("symbols"), data.get("walls")]))
        size = (side + side % 2, side + side % 2)
    rows, cols = size
    if rows != cols:
        raise archive.fail(text, "grid_size", f"a Tango grid is square, not {rows}x{cols}")
    if "symbols" not in data:
        if "cells" in data:
            raise archive.fail(
                text, "cells", 'a "cells" list (an early, broken scrape), no "symbols": unreadable'
            )
        raise archive.fail(text, "game", 'no "symbols" key: not a Tango archive day')
    symbols, walls = data["symbols"], data.get("walls") or []
    if not isinstance(symbols, list) or not isinstance(walls, list):
        raise archive.fail(text, "symbols", "symbols and walls must be lists")
    givens: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for item in symbols:
        if not isinstance(item, list) or len(item) != 3 or _upper(item[2]) not in _SYMBOLS:
            raise archive.fail(text, "symbols", f'a symbol is [row, col, "S" | "M"], not {item!r}')
        r, c = archive.cell(item[:2], rows, cols, text, "symbols")
        if givens[r][c] is not None:
            raise archive.fail(text, "symbols", f"row {r + 1}, column {c + 1} is given twice")
        givens[r][c] = _SYMBOLS[_upper(item[2])]
    equal: list[Pair] = []
    opposite: list[Pair] = []
    for item in walls:
        if not isinstance(item, list) or len(item) != 3 or _upper(item[2]) not in _WALL_SIGNS:
            raise archive.fail(
                text, "walls", f'a sign is [[r, c], [r, c], "=" | "x"], not {item!r}'
            )
        a = archive.cell(item[0], rows, cols, text, "walls")
        b = archive.cell(item[1], rows, cols, text, "walls")
        (equal if _WALL_SIGNS[_upper(item[2])] == EQUAL else opposite).append((a, b))
    meta = archive.metadata(data, text, Level.kind)
    try:
        return Level(tuple(map(tuple, givens)), tuple(equal), tuple(opposite), **meta)
    except LevelError as err:
        raise archive.fail(text, "walls", err.message) from None


# --------------------------------------------------------------------------- community app

_EMOJI = {"☀️": SUN, "☀": SUN, "🌑": MOON, "🌙": MOON}
_DIFFICULTY = {
    1: Difficulty.EASY,
    2: Difficulty.EASY,
    3: Difficulty.MEDIUM,
    4: Difficulty.MEDIUM,
    5: Difficulty.HARD,
    6: Difficulty.HARD,
    7: Difficulty.EXPERT,
}
"""The app's difficulty (1 Monday .. 7 Sunday) as our four grades."""


COMMUNITY_KEYS = ("prefilled", "constraints")
"""The keys of a collection item in the community Tango app's form (`from_community`)."""


def from_community(item: dict[str, Any]) -> Level:
    """One puzzle of the community Tango app's `puzzles.json`: `{"id", "size", "prefilled":
    {"r,c": "☀️" | "🌑"}, "constraints": [["r,c", "r,c", "=" | "x"]], "difficulty"}`. Its `id`
    is LinkedIn's Tango number, kept as the level's `number` (`source: linkedin`)."""
    size = item.get("size", 6)
    if not isinstance(size, int) or isinstance(size, bool) or not 2 <= size <= 20:
        raise LevelError(f"size must be an even whole number 2 to 20, not {size!r}")
    givens: list[list[int | None]] = [[None] * size for _ in range(size)]
    prefilled = item.get("prefilled", {})
    if not isinstance(prefilled, dict):
        raise LevelError('prefilled must be an object such as {"0,1": "☀️"}')
    for key, symbol in prefilled.items():
        r, c = _rc(key, size)
        if not isinstance(symbol, str) or symbol not in _EMOJI:
            raise LevelError(f"prefilled {key}: {symbol!r} is not ☀️ or 🌑")
        if givens[r][c] is not None:
            raise LevelError(f"prefilled {key}: row {r + 1}, column {c + 1} is given twice")
        givens[r][c] = _EMOJI[symbol]
    equal: list[Pair] = []
    opposite: list[Pair] = []
    constraints = item.get("constraints", [])
    if not isinstance(constraints, list):
        raise LevelError('constraints must be a list of ["r,c", "r,c", "=" | "x"]')
    for entry in constraints:
        if not isinstance(entry, list) or len(entry) != 3 or _upper(entry[2]) not in _WALL_SIGNS:
            raise LevelError(f'a constraint is ["r,c", "r,c", "=" | "x"], not {entry!r}')
        pair = (_rc(entry[0], size), _rc(entry[1], size))
        (equal if _WALL_SIGNS[_upper(entry[2])] == EQUAL else opposite).append(pair)
    meta: dict[str, str] = {}
    number = item.get("id")
    if isinstance(number, int) and not isinstance(number, bool) and number > 0:
        meta.update(name=f"Tango #{number}", number=str(number), source=archive.SOURCE)
    difficulty = item.get("difficulty")
    if isinstance(difficulty, int) and difficulty in _DIFFICULTY:
        meta["difficulty"] = _DIFFICULTY[difficulty]
    elif isinstance(difficulty, str) and difficulty.strip():
        meta["difficulty"] = difficulty.strip().lower()
    return Level(tuple(map(tuple, givens)), tuple(equal), tuple(opposite), **meta)


def _rc(key: Any, size: int) -> tuple[int, int]:
    """A "r,c" key as a cell on the grid."""
    row, _, col = str(key).partition(",")
    r, c = whole_number(row.strip()), whole_number(col.strip())
    if r is None or c is None:
        raise LevelError(f'{key!r} is not a cell "row,col"')
    if not (0 <= r < size and 0 <= c < size):
        raise LevelError(f"cell {key} is off the {size}x{size} grid")
    return r, c


# --------------------------------------------------------------------------- JSON


def _pairs(data: dict[str, Any], key: str, text: str) -> list[Pair]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        line, col = key_at(text, key)
        raise LevelError(f"{key} must be a list of pairs [[r, c], [r, c]]", line=line, col=col)
    where = elements_at(text, key)
    out: list[Pair] = []
    for i, item in enumerate(raw):
        line, col = where[i] if i < len(where) else key_at(text, key)
        ok = (
            isinstance(item, list)
            and len(item) == 2
            and all(
                isinstance(p, list)
                and len(p) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in p)
                for p in item
            )
        )
        if not ok:
            raise LevelError(
                f"{key} item {i + 1} must be a pair of cells [[r, c], [r, c]]", line=line, col=col
            )
        a, b = item
        out.append(((a[0], a[1]), (b[0], b[1])))
    return out


def parse_json(text: str) -> Level:
    """A Tango level from its JSON; `LevelError` with line and column."""
    text, data = load_object(text, "a grid key")
    kind = data.get("kind", Level.kind)
    if kind != Level.kind:
        line, col = key_at(text, "kind")
        raise LevelError(f'"kind" is {kind!r}, not "{Level.kind}"', line=line, col=col)
    if "grid" not in data:
        raise LevelError('no "grid" key: not a Tango level', line=1, col=1)
    rows = string_rows(data, text, _CELLS, "..01..", "1 (sun), 0 (moon) or . (empty)", square=True)
    givens = [tuple(cells) for cells in rows]
    grid = data["grid"]
    size = data.get("size", len(grid))
    if size != len(grid) or isinstance(size, bool):
        line, col = key_at(text, "size")
        raise LevelError(f"size is {size!r} but the grid has {len(grid)} rows", line=line, col=col)
    meta = json_meta(data, text, METADATA_KEYS)
    equal = _pairs(data, "equal", text)
    opposite = _pairs(data, "opposite", text)
    try:
        return Level(tuple(givens), tuple(equal), tuple(opposite), **meta)
    except LevelError as err:
        where = "equal" if "equal" in err.message or "=" in err.message else "opposite"
        line, col = key_at(text, where if where in data else "grid")
        raise LevelError(err.message, line=line, col=col) from None


def dump_json(level: Level) -> str:
    """`level` as one line of JSON (no newline), in the shared format's key order."""
    fields = {
        "size": level.size,
        "grid": level.rows_text(),
        "equal": [[list(a), list(b)] for a, b in level.equal],
        "opposite": [[list(a), list(b)] for a, b in level.opposite],
    }
    return json.dumps(level_object(level, fields), ensure_ascii=False)


# --------------------------------------------------------------------------- text


def parse_text(text: str) -> Level:
    """A Tango level from the text format; `LevelError` with line and column."""
    meta, body = split_text(text, "tango")
    rows: list[tuple[int, str]] = []  # (line number, text) of each cell row
    signs_below: dict[int, tuple[int, str]] = {}  # row index above -> its sign line
    pending: tuple[int, str] | None = None
    width: int | None = None
    for lineno, raw in body:
        for col, ch in enumerate(raw, start=1):
            if not ch.isprintable():
                raise LevelError(f"unexpected control character {ch!r}", line=lineno, col=col)
        if any(ch in _CELLS for ch in raw[::2]):  # a cell row
            if width is None:
                width = len(raw)
            if pending is not None:
                signs_below[len(rows) - 1] = pending
                pending = None
            rows.append((lineno, raw))
        else:  # a sign line: between the last row and the next one
            if not rows:
                raise LevelError("a sign line before the first row of cells", line=lineno, col=1)
            if pending is not None:
                raise LevelError(
                    "two sign lines in a row (one line of signs between two rows)",
                    line=lineno,
                    col=1,
                )
            pending = (lineno, raw)
    if not rows:
        raise LevelError("no grid rows found (only comments or blank lines)", line=1, col=1)
    if pending is not None:
        raise LevelError("a sign line after the last row of cells", line=pending[0], col=1)
    n = len(rows)
    givens: list[tuple[int | None, ...]] = []
    equal: list[Pair] = []
    opposite: list[Pair] = []
    for r, (lineno, raw) in enumerate(rows):
        cells: list[int | None] = []
        for i, ch in enumerate(raw):
            col = i + 1
            if i % 2 == 0:
                if ch not in _CELLS:
                    raise LevelError(
                        f"{ch!r} is not a cell: 1 (sun), 0 (moon) or . (empty), one space apart",
                        line=lineno,
                        col=col,
                    )
                cells.append(_CELLS[ch])
            elif ch != " ":
                if ch not in _SIGNS:
                    raise LevelError(
                        f"{ch!r} between two cells: expected a space, = or x", line=lineno, col=col
                    )
                pair = ((r, i // 2), (r, i // 2 + 1))
                (equal if _SIGNS[ch] == EQUAL else opposite).append(pair)
        if len(raw) % 2 == 0:
            raise LevelError("a row ends with a sign, not a cell", line=lineno, col=len(raw))
        givens.append(tuple(cells))
    for r, (lineno, raw) in enumerate(rows):
        cells = list(givens[r])
        if len(cells) != n:
            raise LevelError(
                f"row {r + 1} has {len(cells)} cells but the grid has {n} rows (N rows of N cells)",
                line=lineno,
                col=len(raw) + 1 if len(cells) < n else 2 * n + 1,
            )
    for r, (lineno, raw) in signs_below.items():
        for i, ch in enumerate(raw):
            if ch == " ":
                continue
            if i % 2 or i // 2 >= n or ch not in _SIGNS:
                raise LevelError(
                    f"{ch!r} in a sign line: signs (= or x) go under a cell, spaces elsewhere",
                    line=lineno,
                    col=i + 1,
                )
            pair = ((r, i // 2), (r + 1, i // 2))
            (equal if _SIGNS[ch] == EQUAL else opposite).append(pair)
    try:
        return Level(tuple(givens), tuple(equal), tuple(opposite), **meta)
    except LevelError as err:
        raise LevelError(err.message, line=rows[0][0], col=1) from None


def dump_text(level: Level) -> str:
    """The text of `level` (see the module docstring); `parse_text(dump_text(x)) == x`."""
    out = comment_header(level.metadata, "tango")
    out.extend(draw(level))
    return "\n".join(out) + "\n"
