"""The JSON level format, read and written.

```json
{
  "name": "Morning walk",
  "author": "Ada",
  "colors": {"A": "#96beff", "B": "#ffc992", "C": "#b3dfa0"},
  "regions": ["AAB", "ACB", "CCB"]
}
```

`regions` is required: one string per row, one character per cell (spaces
are ignored), or one array of single-character strings per row. The optional
metadata keys are `name`, `author`, `date`, `source`, `seed`, `difficulty`
(strings; numbers are accepted and kept as their text) and `colors`
(label -> `#rrggbb`). Other keys are ignored. `parse_json(dump_json(x)) == x`.

JSON itself carries no positions once decoded, so a fault inside `regions` is
located by scanning the source for that row's string literal.
"""

from __future__ import annotations

import json
import re
from typing import Any

from queens_tui.core.errors import LevelError
from queens_tui.core.meta import METADATA_KEYS
from queens_tui.formats._common import element_starts, load_json
from queens_tui.formats.queens.build import COLOR_RE, Located, build_level, check_label, clean_meta
from queens_tui.kinds.queens.level import Level

_REGIONS_KEY = re.compile(r'"regions"\s*:\s*\[')


class _Locator:
    """Maps offsets in the source to (line, col), and finds row literals of `regions`."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._rows: list[tuple[int, int]] | None = None

    def at(self, pos: int) -> tuple[int, int]:
        line = self.text.count("\n", 0, pos) + 1
        return line, pos - (self.text.rfind("\n", 0, pos) + 1) + 1

    def key(self, name: str) -> tuple[int | None, int | None]:
        m = re.search(r'"' + re.escape(name) + r'"\s*:', self.text)
        return self.at(m.start()) if m else (None, None)

    def row(self, index: int) -> tuple[int | None, int | None]:
        """Where row `index` of `regions` starts, when rows are plain string literals."""
        if self._rows is None:
            self._rows = []
            # json.loads keeps the last of duplicate keys; so do we.
            m = None
            for m in _REGIONS_KEY.finditer(self.text):  # noqa: B007
                continue
            if m is not None:
                self._rows = [self.at(pos) for pos in element_starts(self.text, m.end())]
        if index < len(self._rows):
            return self._rows[index]
        return self.key("regions")


def _meta_value(key: str, value: object, loc: _Locator) -> str:
    if isinstance(value, str):
        return clean_meta(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    line, col = loc.key(key)
    raise LevelError(f"{key} must be a string, not {type(value).__name__}", line=line, col=col)


def parse_json(text: str) -> Level:
    """Parse a JSON level; raises `LevelError` with line and column."""
    if text.startswith("\ufeff"):
        text = text[1:]
    data = load_json(text)
    loc = _Locator(text)
    line: int | None
    col: int | None
    if not isinstance(data, dict):
        raise LevelError(
            f"expected a JSON object with a regions key, not {type(data).__name__}", line=1, col=1
        )
    if "regions" not in data:
        hint = ""
        if isinstance(data.get("levels"), list):
            hint = f" (this file holds a list of {len(data['levels'])} levels)"
        raise LevelError(f'no "regions" key: not a level file{hint}', line=1, col=1)
    regions = data["regions"]
    if not isinstance(regions, list):
        line, col = loc.key("regions")
        raise LevelError("regions must be a list of rows", line=line, col=col)
    rows: list[list[Located]] = []
    for i, item in enumerate(regions):
        line, col = loc.row(i)
        row: list[Located] = []
        if isinstance(item, str):
            for k, ch in enumerate(item):
                if ch.isspace():
                    continue
                c = None if col is None else col + 1 + k
                check_label(ch, line, c)
                row.append(Located(ch, line, c))
        elif isinstance(item, list) and all(isinstance(x, str) for x in item):
            for x in item:
                check_label(x, line, col)
                row.append(Located(x, line, col))
        else:
            raise LevelError(
                f'row {i + 1} of regions must be a string such as "AAB"', line=line, col=col
            )
        rows.append(row)
    meta = {k: _meta_value(k, data[k], loc) for k in METADATA_KEYS if k in data}
    colors: dict[str, str] = {}
    raw_colors = data.get("colors")
    if raw_colors is not None:
        line, col = loc.key("colors")
        if not isinstance(raw_colors, dict):
            raise LevelError(
                'colors must be an object such as {"A": "#96beff"}', line=line, col=col
            )
        for label, color in raw_colors.items():
            if not isinstance(color, str) or not COLOR_RE.match(color):
                raise LevelError(
                    f"color of {label!r} must be #rrggbb, not {color!r}", line=line, col=col
                )
            colors[label] = color.lower()
    rline, rcol = loc.key("regions")
    level = build_level(rows, meta=meta, where=(rline or 1, rcol or 1))
    unknown = sorted(set(colors) - set(level.labels))
    if unknown:
        line, col = loc.key("colors")
        raise LevelError(
            f"colors given for labels not on the board: {' '.join(unknown)}", line=line, col=col
        )
    if colors:
        level = Level(grid=level.grid, colors=colors, **level.metadata)
    return level


def dump_json(level: Level) -> str:
    """The JSON text of `level`: metadata, then colors, then one string per row."""
    data: dict[str, object] = dict(level.metadata)
    if level.colors:
        data["colors"] = dict(level.colors)
    for r, row in enumerate(level.grid):
        for c, label in enumerate(row):
            check_label(label, r + 1, c + 1)
    rows = ",\n    ".join(json.dumps(row, ensure_ascii=False) for row in level.rows_text())
    head = json.dumps(data, indent=2, ensure_ascii=False)
    body = f'"regions": [\n    {rows}\n  ]'
    if head == "{}":
        return "{\n  " + body + "\n}\n"
    return head[:-2] + ",\n  " + body + "\n}\n"


def from_community(item: dict[str, Any]) -> Level:
    """One level of the community Queens game's collection: `{"size", "colorRegions": [[...]],
    "regionColors": {...}}` (rows of region labels; colours kept when every one is `#rrggbb`),
    read as our JSON."""
    rows = item["colorRegions"]
    if not isinstance(rows, list) or not all(isinstance(row, list | str) for row in rows):
        raise LevelError("colorRegions must be a list of rows of region labels")
    converted = {k: v for k, v in item.items() if k not in ("colorRegions", "regionColors")}
    converted["regions"] = ["".join(map(str, row)) for row in rows]
    colors = item.get("regionColors")
    if isinstance(colors, dict) and all(
        isinstance(c, str) and c.startswith("#") for c in colors.values()
    ):
        converted["colors"] = colors
    return parse_json(json.dumps(converted))
