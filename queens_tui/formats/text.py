"""The native level format: a plain text grid, one character per cell.

```
# name: Morning walk
# colors: A=#96beff B=#ffc992
AAB
ACB
CCB
```

Lines starting with `#` are comments; `# key: value` comments carry metadata.
Blank lines are ignored; spaces between cells are ignored. Every other line is
one row, every non-space character one cell's region label (case-sensitive).
Writing then reading gives back the same level, metadata included.
"""

from __future__ import annotations

import re

from queens_tui.core.level import METADATA_KEYS, Level, LevelError

_META = re.compile(r"#\s*([A-Za-z_]+)\s*:\s*(.*?)\s*$")
_COLOR = re.compile(r"^#[0-9A-Fa-f]{6}$")


def _parse_colors(value: str, line: int, col: int) -> dict[str, str]:
    colors: dict[str, str] = {}
    for item in value.split():
        label, sep, color = item.partition("=")
        if not sep or len(label) != 1 or not _COLOR.match(color):
            raise LevelError(
                f"bad color {item!r}: expected LABEL=#rrggbb, e.g. A=#96beff", line=line, col=col
            )
        colors[label] = color.lower()
    return colors


def parse_text(text: str) -> Level:
    """Parse the native format; raises `LevelError` with line and column."""
    if text.startswith("\ufeff"):
        text = text[1:]
    rows: list[str] = []
    first_row_line: list[int] = []
    meta: dict[str, str] = {}
    colors: dict[str, str] = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            m = _META.match(line)
            if m:
                key, value = m.group(1).lower(), m.group(2)
                if key == "colors":
                    colors = _parse_colors(value, lineno, raw.index("#") + 1)
                elif key in METADATA_KEYS:
                    meta[key] = value
            continue
        for col, ch in enumerate(raw, start=1):
            if not ch.isprintable() and not ch.isspace():
                raise LevelError(
                    f"unexpected control character {ch!r} in a board row", line=lineno, col=col
                )
        rows.append("".join(line.split()))
        first_row_line.append(lineno)
    if not rows:
        raise LevelError("no board rows found (only comments or blank lines)", line=1, col=1)
    n = len(rows)
    for i, row in enumerate(rows):
        if len(row) != n:
            raise LevelError(
                f"row {i + 1} has {len(row)} cells but there are {n} rows "
                "(a level is N rows of N cells)",
                line=first_row_line[i],
                col=1,
            )
    try:
        level = Level.from_rows(rows, colors=colors, **meta)
    except LevelError as err:
        raise LevelError(err.message, line=first_row_line[0], col=1) from None
    unknown = sorted(set(colors) - set(level.labels))
    if unknown:
        raise LevelError(f"colors given for labels not on the board: {' '.join(unknown)}")
    return level


def dump_text(level: Level) -> str:
    """The native text of `level`; `parse_text(dump_text(x)) == x`."""
    out = [f"# {key}: {value}" for key, value in level.metadata.items()]
    if level.colors:
        out.append("# colors: " + " ".join(f"{k}={v}" for k, v in level.colors.items()))
    out.extend(level.rows_text())
    return "\n".join(out) + "\n"
