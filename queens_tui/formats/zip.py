"""Zip level files: the shared JSON format and a text drawing people can edit.

JSON (tools outside the project read and write it; cells 0-based, 0 = no number):

```json
{"kind": "zip", "name": "Corner", "rows": 3, "cols": 3,
 "numbers": [[1, 0, 0], [0, 0, 0], [0, 0, 2]], "walls": [[[0, 0], [0, 1]]]}
```

Optional `author`, `date`, `difficulty`, `source`, `seed` (strings; numbers kept
as their text). Other keys (such as a `solution`) are ignored.

Text: the grid drawn with its walls. `+` at every corner, `---` or `|` for a
wall (the outer border is always drawn), spaces for an open side; each cell is
3 characters, its number or `.`. `# key: value` lines carry the metadata, and
`# kind: zip` (written by `dump_text`) marks the file; blank lines and other
`#` lines are ignored:

```
# kind: zip
# name: Corner
+---+---+---+
| 1 | .   . |
+   +   +   +
| .   .   . |
+   +   +   +
| .   .   2 |
+---+---+---+
```

A `position:` line after the drawing starts a position (`formats.position`): a row of
the grid a line, each cell its step on the drawn path (1 on the number 1) or `.`:

```
position:
1 2 .
. 3 .
. . .
```

Both round-trip exactly: `parse(dump_json(x)) == parse(dump_text(x)) == x` (the JSON
form carries no position: only the text does).
A fault is one `LevelError` with the line and column it was found at.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from queens_tui.core.errors import LevelError
from queens_tui.core.meta import METADATA_KEYS, header, scan_header, split_text
from queens_tui.formats import archive
from queens_tui.formats._common import comment_header, level_object, load_json, whole_number
from queens_tui.formats.position import checked, read_grid, section, split_position, words
from queens_tui.kinds.zip.level import MAX_SIDE, Wall, ZipLevel
from queens_tui.kinds.zip.play import PLAY
from queens_tui.kinds.zip.rules import prefix_problem

_KIND_JSON = re.compile(r'"kind"\s*:\s*"zip"')
_BORDER = re.compile(r"^\+(?:(?:---|   )\+)+$")


def sniff(text: str, suffix: str = "") -> bool:
    """Is this a Zip file? JSON with `"kind": "zip"`, or a text drawing (`+---+` border
    first, or a `# kind: zip` line)."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("{"):
        return bool(_KIND_JSON.search(text[:4096])) or archive.kind_of(text) == ZipLevel.kind
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            found = header(line)
            if found is not None and found[0] == "kind":
                return found[1].lower() == ZipLevel.kind
            continue
        return bool(_BORDER.match(line)) and line.startswith("+---")
    return False


def scan_meta(text: str, suffix: str = "") -> tuple[str | None, int | None, str | None]:
    """(name, rows, difficulty) of a Zip file without building the level: the header and
    the number of cell lines of the drawing (JSON is parsed: it is rare and small)."""
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        level = parse_json(text)
        return level.name, level.rows, level.difficulty
    return scan_header(text, lambda raw: raw.strip().startswith("|"))


def parse(text: str, suffix: str = "") -> ZipLevel:
    """Parse a Zip file in either format (chosen by content)."""
    text = text.removeprefix("\ufeff")
    if archive.game_of(text) is not None:
        return parse_archive(text)
    if text.lstrip().startswith("{"):
        return parse_json(text)
    return parse_text(text)


def dump(level: ZipLevel, fmt: str = "text") -> str:
    """`level` as `fmt`: "text", "json" (one line, as `generate` prints it) or "json-pretty"
    (a row of numbers a line, for files people read)."""
    if fmt == "text":
        return dump_text(level)
    if fmt == "json":
        return dump_json(level, compact=True)
    if fmt == "json-pretty":
        return dump_json(level)
    raise LevelError(f"cannot write Zip as {fmt!r} (text, json, json-pretty)")


# --- archive day ------------------------------------------------------------------------


def parse_archive(text: str) -> ZipLevel:
    """A LinkedIn archive day of Zip (`nodes`: `{"id", "row", "col"}`, 1 the start; `walls`:
    pairs of neighbouring cells), its number, date and difficulty kept."""
    data = archive.load_day(text, ZipLevel.kind)
    size = archive.grid_size(data, text)
    nodes, walls = data.get("nodes"), data.get("walls") or []
    if not isinstance(nodes, list) or not nodes:
        raise archive.fail(text, "nodes", 'no "nodes" list: not a Zip archive day')
    if not isinstance(walls, list):
        raise archive.fail(text, "walls", "walls must be a list of [[r, c], [r, c]] pairs")
    if size is None:  # the smallest square grid holding every node and wall
        side = max(1, archive.extent([nodes, walls]))
        size = (side, side)
    rows, cols = size
    numbers = [[0] * cols for _ in range(rows)]
    for node in nodes:
        if not isinstance(node, dict) or not all(k in node for k in ("id", "row", "col")):
            raise archive.fail(text, "nodes", f'a node is {{"id", "row", "col"}}, not {node!r}')
        number = node["id"]
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise archive.fail(text, "nodes", f"a node's id must be 1 or more, not {number!r}")
        r, c = archive.cell([node["row"], node["col"]], rows, cols, text, "nodes")
        numbers[r][c] = number
    pairs: list[Wall] = []
    for item in walls:
        if not isinstance(item, list) or len(item) < 2:
            raise archive.fail(text, "walls", f"a wall is [[r, c], [r, c]], not {item!r}")
        a = archive.cell(item[0], rows, cols, text, "walls")
        b = archive.cell(item[1], rows, cols, text, "walls")
        pairs.append((a, b))
    meta = archive.metadata(data, text, ZipLevel.kind)
    try:
        return ZipLevel(rows, cols, tuple(map(tuple, numbers)), tuple(pairs), **meta)
    except LevelError as err:
        key = "walls" if err.message.startswith("wall") else "nodes"
        raise archive.fail(text, key, err.message) from None


# --- JSON -------------------------------------------------------------------------------


def _locate(text: str, key: str) -> tuple[int, int]:
    """Line and column of `"key"` in `text` (1, 1 when absent): JSON loses positions."""
    m = re.search(r'"' + re.escape(key) + r'"\s*:', text)
    if not m:
        return 1, 1
    pos = m.start()
    return text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _int(value: Any, what: str, where: tuple[int, int]) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LevelError(
            f"{what} must be a whole number, not {value!r}", line=where[0], col=where[1]
        )
    return value


def _cell(value: Any, where: tuple[int, int]) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise LevelError(
            f"a wall end must be [row, col], not {value!r}", line=where[0], col=where[1]
        )
    return (_int(value[0], "a wall's row", where), _int(value[1], "a wall's column", where))


def level_from_json(obj: Any, text: str = "") -> ZipLevel:
    """The level of a decoded Zip JSON object (`text` is the source, for error positions)."""
    if not isinstance(obj, dict):
        raise LevelError("a Zip level is a JSON object", line=1, col=1)
    if obj.get("kind", ZipLevel.kind) != ZipLevel.kind:
        where = _locate(text, "kind")
        raise LevelError(
            f"kind is {obj.get('kind')!r}, not {ZipLevel.kind!r}", line=where[0], col=where[1]
        )
    for key in ("rows", "cols", "numbers"):
        if key not in obj:
            raise LevelError(f"missing key {key!r}", line=1, col=1)
    at_rows, at_cols = _locate(text, "rows"), _locate(text, "cols")
    rows = _int(obj["rows"], "rows", at_rows)
    cols = _int(obj["cols"], "cols", at_cols)
    for n, where, what in ((rows, at_rows, "rows"), (cols, at_cols, "cols")):
        if not 1 <= n <= MAX_SIDE:
            raise LevelError(
                f"{what} must be 1 to {MAX_SIDE}, not {n}", line=where[0], col=where[1]
            )
    at_numbers = _locate(text, "numbers")
    grid = obj["numbers"]
    if not isinstance(grid, list) or not all(isinstance(row, list) for row in grid):
        raise LevelError(
            "numbers must be a list of rows (lists)", line=at_numbers[0], col=at_numbers[1]
        )
    numbers = tuple(
        tuple(_int(n, f"numbers[{r}][{c}]", at_numbers) for c, n in enumerate(row))
        for r, row in enumerate(grid)
    )
    at_walls = _locate(text, "walls")
    raw_walls = obj.get("walls", [])
    if not isinstance(raw_walls, list):
        raise LevelError(
            "walls must be a list of [[r, c], [r, c]] pairs", line=at_walls[0], col=at_walls[1]
        )
    walls: list[Wall] = []
    for w in raw_walls:
        if not isinstance(w, list) or len(w) != 2:
            raise LevelError(
                f"a wall is [[r, c], [r, c]], not {w!r}", line=at_walls[0], col=at_walls[1]
            )
        walls.append((_cell(w[0], at_walls), _cell(w[1], at_walls)))
    meta: dict[str, str] = {}
    for key in METADATA_KEYS:
        value = obj.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            where = _locate(text, key)
            raise LevelError(f"{key} must be text, not {value!r}", line=where[0], col=where[1])
        meta[key] = " ".join(str(value).split())
    try:
        return ZipLevel(rows, cols, numbers, tuple(walls), **meta)
    except LevelError as err:
        where = at_walls if err.message.startswith("wall") else at_numbers
        raise LevelError(err.message, line=where[0], col=where[1]) from None


def parse_json(text: str) -> ZipLevel:
    """Parse the Zip JSON format; faults located at a line and column."""
    return level_from_json(load_json(text), text)


def to_json(level: ZipLevel) -> dict[str, Any]:
    """The JSON object of `level`, keys in the documented order."""
    fields = {
        "rows": level.rows,
        "cols": level.cols,
        "numbers": [list(row) for row in level.numbers],
        "walls": [[list(a), list(b)] for a, b in level.walls],
    }
    return level_object(level, fields)


def dump_json(level: ZipLevel, compact: bool = False) -> str:
    """The JSON text of `level`: one line if `compact`, else a row of numbers a line."""
    obj = to_json(level)
    if compact:
        return json.dumps(obj, ensure_ascii=False) + "\n"
    lines = ["{"]
    items = list(obj.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "numbers":
            rows = [json.dumps(row) for row in value]
            body = ",\n    ".join(rows)
            lines.append(f'  "numbers": [\n    {body}\n  ]{comma}')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


# --- text -------------------------------------------------------------------------------


def dump_text(level: ZipLevel) -> str:
    """The text drawing of `level` (see the module docstring)."""
    walls = level.wall_set
    out = comment_header(level.metadata, "zip")
    rows, cols = level.rows, level.cols
    out.append("+" + "---+" * cols)
    for r in range(rows):
        line = "|"
        for c in range(cols):
            n = level.numbers[r][c]
            line += f"{n:>2} " if n else " . "
            right = c == cols - 1 or ((r, c), (r, c + 1)) in walls
            line += "|" if right else " "
        out.append(line)
        if r < rows - 1:
            sep = "+"
            for c in range(cols):
                sep += "---" if ((r, c), (r + 1, c)) in walls else "   "
                sep += "+"
            out.append(sep)
    out.append("+" + "---+" * cols)
    if level.position is not None:
        out += section(position_rows(level))
    return "\n".join(out) + "\n"


def parse_text(text: str) -> ZipLevel:
    """Parse the Zip text drawing (and its `position:` section, `read_position`); a fault
    names its line and column."""
    text, position, at = split_position(text)
    level = _parse_drawing(text)
    return level if position is None else read_position(level, position, at)


def read_position(level: ZipLevel, body: list[tuple[int, str]], at: int) -> ZipLevel:
    """`level` starting with the path of the section's rows (`formats.position`): a row of
    the grid a line, each cell its step on the path (1 is the cell of number 1) or `.`."""
    grid = read_grid(body, level.rows, level.cols, at, words)
    steps: dict[int, tuple[int, int]] = {}
    for r, ((number, _), row) in enumerate(zip(body, grid, strict=True)):
        for c, (token, col) in enumerate(row):
            if token == ".":
                continue
            step = whole_number(token)
            if step is None or step == 0:
                raise LevelError(
                    f"a position cell is '.' or its step on the path (1, 2, ...), not {token!r}",
                    line=number,
                    col=col,
                )
            if step in steps:
                raise LevelError(f"step {step} is on the path twice", line=number, col=col)
            steps[step] = (r, c)
    missing = next((k for k in range(1, len(steps) + 1) if k not in steps), None)
    if missing is not None:
        raise LevelError(f"the path has no step {missing}", line=at, col=1)
    cells = [steps[k] for k in sorted(steps)]
    problem = prefix_problem(level, cells) if cells else "the path is empty (1 is its start)"
    if problem is not None:
        raise LevelError(f"the position's path breaks a rule: {problem}", line=at, col=1)
    path = " ".join(f"{r},{c}" for r, c in cells)
    state = checked(lambda: PLAY.state_from_json(level, path), at)
    return replace(level, position=PLAY.state_to_json(state))


def position_rows(level: ZipLevel) -> list[str]:
    """The section's rows of `level.position`: each cell its step on the path, or `.`."""
    path = PLAY.state_from_json(level, level.position).path
    width = len(str(len(path)))
    step = {cell: k for k, cell in enumerate(path, start=1)}
    return [
        " ".join(str(step.get((r, c), ".")).rjust(width) for c in range(level.cols))
        for r in range(level.rows)
    ]


def _parse_drawing(text: str) -> ZipLevel:
    meta, drawing = split_text(text, "zip")
    if not drawing:
        raise LevelError("no grid found (only comments or blank lines)", line=1, col=1)
    first_no, first = drawing[0]
    indent = len(first) - len(first.lstrip())
    top = first.strip()
    if not (_BORDER.match(top) and set(top) <= {"+", "-"}):
        raise LevelError(
            "the grid must start with its top border, like +---+---+", line=first_no, col=indent + 1
        )
    cols = (len(top) - 1) // 4
    width = 1 + 4 * cols
    if len(drawing) % 2 == 0 or len(drawing) < 3:
        no, _ = drawing[-1]
        raise LevelError(
            "the grid must alternate border lines and cell lines, ending with a border",
            line=no,
            col=1,
        )
    rows = (len(drawing) - 1) // 2
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise LevelError(f"at most {MAX_SIDE} rows and columns", line=first_no, col=1)
    numbers: list[tuple[int, ...]] = []
    walls: list[Wall] = []
    for k, (no, line) in enumerate(drawing):
        body = line[indent:] if line[:indent].strip() == "" else None
        if body is None:
            raise LevelError("the grid's lines must line up with its top border", line=no, col=1)
        if len(body) > width:
            raise LevelError(
                f"line is wider than the grid ({width} characters)", line=no, col=indent + width + 1
            )
        body = body.ljust(width)

        def bad(pos: int, what: str, no: int = no) -> LevelError:
            return LevelError(what, line=no, col=indent + pos + 1)

        if k % 2 == 0:  # a border line: '+' corners, '---' walls or '   ' openings
            r = k // 2  # the wall is below row r - 1
            outer = k in (0, len(drawing) - 1)
            for c in range(cols):
                if body[4 * c] != "+":
                    raise bad(4 * c, f"expected '+' at a corner, found {body[4 * c]!r}")
                seg = body[4 * c + 1 : 4 * c + 4]
                if seg == "---":
                    if not outer:
                        walls.append(((r - 1, c), (r, c)))
                elif seg == "   " and not outer:
                    pass
                else:
                    want = "'---'" if outer else "'---' (wall) or '   ' (open)"
                    raise bad(4 * c + 1, f"expected {want}, found {seg!r}")
            if body[width - 1] != "+":
                raise bad(width - 1, f"expected '+' at a corner, found {body[width - 1]!r}")
        else:  # a cell line: '|' or ' ' between 3-character cells
            r = k // 2
            row: list[int] = []
            if body[0] != "|":
                raise bad(0, f"expected '|' (the left border), found {body[0]!r}")
            for c in range(cols):
                field = body[4 * c + 1 : 4 * c + 4].strip()
                if field in ("", "."):
                    row.append(0)
                elif (number := whole_number(field)) is not None:
                    row.append(number)
                else:
                    raise bad(4 * c + 1, f"a cell holds a number or '.', not {field!r}")
                sep = body[4 * c + 4]
                if c == cols - 1:
                    if sep != "|":
                        raise bad(4 * c + 4, f"expected '|' (the right border), found {sep!r}")
                elif sep == "|":
                    walls.append(((r, c), (r, c + 1)))
                elif sep != " ":
                    raise bad(4 * c + 4, f"expected '|' (wall) or ' ' (open), found {sep!r}")
            numbers.append(tuple(row))
    try:
        return ZipLevel(rows, cols, tuple(numbers), tuple(walls), **meta)
    except LevelError as err:
        raise LevelError(err.message, line=first_no, col=indent + 1) from None
