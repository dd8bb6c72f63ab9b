"""What every kind's level formats share: JSON read with its faults located (where a key, an
array's elements are written), bounded numbers and depth, the `# key: value` header, the
`kind` line and the JSON object's key order.

A kind's own shape checks live with its formats (Queens': `formats.queens.build`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from queens_tui.core.errors import LevelError
from queens_tui.core.meta import one_line

if TYPE_CHECKING:
    from queens_tui.core.kind import PuzzleLevel

T = TypeVar("T")
V = TypeVar("V")

MAX_DEPTH = 32
"""JSON (or a TypeScript literal) nested deeper than this is not a level: the deepest real one,
a cell of a sign in a level of a `{"levels": [...]}` collection, is 6 deep. Bounding it here
keeps every reader that walks the data (recursively or not) cheap and off the stack limit."""

MAX_DIGITS = 9
"""A number a file writes as text (a puzzle number, a region id, a patch size) has at most
this many digits: no real one comes near, and `int()` of 5,000 digits is refused by Python."""


def whole_number(text: object, digits: int = MAX_DIGITS) -> int | None:
    """The whole number a file writes as text ("684"), or None: ASCII digits only (`"²"` passes
    `str.isdigit()` but not `int()`, and `int()` reads Arabic-Indic digits no file means), at
    most `digits` of them. Every reader's numbers in text go through here."""
    if isinstance(text, str) and 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


def load_json(text: str) -> Any:
    """`json.loads(text)`, its faults as located `LevelError`s: JSON's own position, the digits
    of a number too long for Python to read (its cap on int(str) is 4,300 digits), or the
    bracket that opens one level too many (`MAX_DEPTH`)."""
    deep = False
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise LevelError(f"broken JSON: {err.msg}", line=err.lineno, col=err.colno) from None
    except RecursionError:
        deep = True  # deeper than Python's own limit: located below, as any nesting too deep
    except ValueError:
        m = re.search(r"\d{100,}", text)
        line, col = json_at(text, m.start() if m else 0)
        raise LevelError("number too long", line=line, col=col) from None
    if deep or _too_deep(data):
        line, col = json_at(text, _deep_at(text))
        raise LevelError(
            f"JSON nested too deeply (over {MAX_DEPTH} levels): not a level", line=line, col=col
        )
    return data


def _too_deep(data: Any) -> bool:
    """Whether `data` (parsed JSON) nests lists and objects more than `MAX_DEPTH` deep: one
    pass, a layer at a time, without recursion (each layer gathered with C-speed `extend`:
    a 20,000-level collection costs a quarter of its `json.loads`)."""
    layer = [data]
    for _ in range(MAX_DEPTH):
        below: list[Any] = []
        gather = below.extend
        for node in layer:
            kind = type(node)
            if kind is dict:
                gather(node.values())
            elif kind is list:
                gather(node)
        if not below:
            return False
        layer = below
    return any(type(node) is list or type(node) is dict for node in layer)


_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
"""A JSON string (skipped whole) or a bracket."""


def _deep_at(text: str) -> int:
    """The offset of the first bracket in `text` that opens level `MAX_DEPTH + 1` (0 if none)."""
    depth = 0
    for m in _BRACKETS.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return m.start()
        elif ch in "]}":
            depth -= 1
    return 0


def load_object(text: str, holding: str) -> tuple[str, dict[str, Any]]:
    """A level's JSON text without its byte-order mark, and the object it holds; a located
    `LevelError` when it is not JSON or not an object ("expected a JSON object with
    <holding>")."""
    text = text.removeprefix("\ufeff")
    data = load_json(text)
    if not isinstance(data, dict):
        raise LevelError(f"expected a JSON object with {holding}", line=1, col=1)
    return text, data


def json_at(text: str, pos: int) -> tuple[int, int]:
    """1-based (line, column) of offset `pos` in `text`."""
    return text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1) + 1


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)


def element_starts(text: str, pos: int) -> list[int]:
    """Start offsets of the elements of the JSON array whose `[` ends just before `pos`."""
    starts: list[int] = []
    depth = 0
    expect = True  # the next non-blank character starts an element
    n = len(text)
    while pos < n:
        ch = text[pos]
        if ch in " \t\r\n":
            pos += 1
            continue
        if expect and depth == 0 and ch != "]":
            starts.append(pos)
        expect = False
        if ch == '"':
            m = _STRING.match(text, pos)
            pos = m.end() if m else n
            continue
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            if depth == 0:
                break
            depth -= 1
        elif ch == "," and depth == 0:
            expect = True
        pos += 1
    return starts


def key_at(text: str, key: str) -> tuple[int, int]:
    """Where `"key":` is written in a JSON text (the last one: `json.loads` keeps the last
    of duplicate keys, and so do we); (1, 1) when it is not."""
    found = None
    for found in re.finditer(r'"' + re.escape(key) + r'"\s*:', text):  # noqa: B007
        continue
    return json_at(text, found.start()) if found else (1, 1)


def elements_at(text: str, key: str) -> list[tuple[int, int]]:
    """Where each element of the JSON array under `key` starts (best effort)."""
    found = None
    for found in re.finditer(r'"' + re.escape(key) + r'"\s*:\s*\[', text):  # noqa: B007
        continue
    if found is None:
        return []
    return [json_at(text, p) for p in element_starts(text, found.end())]


def json_meta(data: Mapping[str, Any], text: str, keys: Iterable[str]) -> dict[str, str]:
    """The metadata among `keys` that a level's JSON object sets, as one-line strings (a
    number kept as its text); `LevelError` at the key for any other value."""
    meta: dict[str, str] = {}
    for key in keys:
        if key not in data:
            continue
        value = data[key]
        if isinstance(value, str):
            meta[key] = " ".join(value.split())
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            meta[key] = str(value)
        else:
            line, col = key_at(text, key)
            raise LevelError(
                f"{key} must be a string, not {type(value).__name__}", line=line, col=col
            )
    return meta


def write(level: T, fmt: str, text: Callable[[T], str], json: Callable[[T], str]) -> str:
    """`dump(level, fmt)` of a kind written as `"text"` (`text(level)`) or `"json"` (one line,
    `json(level)`, and a newline); `LevelError` for any other format."""
    if fmt == "json":
        return json(level) + "\n"
    if fmt == "text":
        return text(level)
    raise LevelError(f"cannot write format {fmt!r} (writable: text, json)")


def read(text: str, json: Callable[[str], T], plain: Callable[[str], T]) -> T:
    """`parse(text)` of a kind with a JSON and a text form, chosen by content: JSON when the
    first visible character opens an object or an array."""
    head = text.lstrip("\ufeff \t\r\n")
    return json(text) if head.startswith(("{", "[")) else plain(text)


def string_rows(
    data: Mapping[str, Any],
    text: str,
    symbols: Mapping[str, V],
    example: str,
    symbols_text: str,
    *,
    square: bool = False,
) -> list[list[V]]:
    """The `"grid"` key of a level's JSON: rows written as strings of `symbols` (such as
    `example`; `symbols_text` says which they are), each fault located; `square`: each
    row as long as there are rows."""
    grid = data["grid"]
    gline, gcol = key_at(text, "grid")
    if not isinstance(grid, list) or not grid:
        raise LevelError(f'grid must be a list of rows such as "{example}"', line=gline, col=gcol)
    where = elements_at(text, "grid")
    out: list[list[V]] = []
    for r, row in enumerate(grid):
        line, col = where[r] if r < len(where) else (gline, gcol)
        if not isinstance(row, str):
            raise LevelError(
                f'grid row {r + 1} must be a string such as "{example}"', line=line, col=col
            )
        cells: list[V] = []
        for k, ch in enumerate(row):
            if ch not in symbols:
                raise LevelError(
                    f"grid row {r + 1}: {ch!r} is not {symbols_text}", line=line, col=col + 1 + k
                )
            cells.append(symbols[ch])
        if square and len(cells) != len(grid):
            raise LevelError(
                f"grid row {r + 1} has {len(cells)} cells but the grid has {len(grid)} rows",
                line=line,
                col=col,
            )
        out.append(cells)
    return out


def level_object(level: PuzzleLevel, fields: Mapping[str, Any]) -> dict[str, Any]:
    """A level's JSON object in the key order every kind's format writes: `kind`, `name` (when
    set), the kind's own `fields`, then the rest of the metadata."""
    data: dict[str, Any] = {"kind": level.kind}
    if level.name is not None:
        data["name"] = level.name
    data.update(fields)
    data.update((key, value) for key, value in level.metadata.items() if key != "name")
    return data


def comment_header(metadata: Mapping[str, str], kind: str | None = None) -> list[str]:
    """The first lines of a text file: `# kind: <kind>` (when given), then `# key: value`
    per metadata field, written as one line holds it (`core.meta.one_line`: a name with a
    newline, a NUL or an escape sequence in it would break the file or the terminal)."""
    out = [] if kind is None else [f"# kind: {kind}"]
    out += [f"# {key}: {one_line(value)}".rstrip() for key, value in metadata.items()]
    return out


def kind_line(name: str) -> re.Pattern[str]:
    """A text file's `# kind: <name>` line, `name` a regular expression (any case)."""
    return re.compile(rf"^\s*#\s*kind\s*:\s*{name}\s*$", re.I | re.M)


def sniff_text(
    text: str,
    json_kind: re.Pattern[str],
    kind_line: re.Pattern[str],
    any_kind_line: re.Pattern[str] | None = None,
    row: Callable[[str], bool] | None = None,
) -> bool:
    """`sniff(text)` of a kind judged by content (in the first 4,000 characters): JSON when it
    names the kind (`json_kind`); text with a `# kind:` line for it (`kind_line`); else,
    unless a `# kind:` line names another kind (`any_kind_line`: its rows may read as this
    kind's), whether the first board line (not blank, not a comment, in the first 50
    lines) is one of the kind's `row`s (None: the kind line is needed)."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("{"):
        return bool(json_kind.search(text[:4000]))
    if kind_line.search(text[:4000]):
        return True
    if row is None or (any_kind_line is not None and any_kind_line.search(text[:4000])):
        return False
    for raw in text.split("\n")[:50]:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        return row(line)
    return False
