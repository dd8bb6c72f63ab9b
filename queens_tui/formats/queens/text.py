"""The native level format: a plain text grid, one character per cell.

```
# name: Morning walk
# author: Ada
# colors: A=#96beff B=#ffc992 C=#b3dfa0
AAB
ACB
CCB
```

UTF-8, with or without a BOM, LF or CRLF line ends. Lines whose first
non-blank character is `#` are comments; `# key: value` comments carry
metadata (`name`, `author`, `date`, `source`, `seed`, `difficulty`, and
`colors` as `LABEL=#rrggbb` pairs); other comments are ignored. Blank lines
are ignored. Every other line is one board row: every non-whitespace character
is one cell's region label (case-sensitive), and spaces between cells are
ignored. A level is N rows of N cells with exactly N distinct labels.
A `position:` line after the board starts a position (`formats.position`): N rows
of `.` (empty), `x` (a cross) and `Q` (a queen), where play starts (a lesson's board).
`parse_text(dump_text(level)) == level`, metadata, colors and position included.
"""

from __future__ import annotations

from dataclasses import replace

from queens_tui.core.errors import LevelError
from queens_tui.core.meta import METADATA_KEYS, header, numbered_lines, scan_header
from queens_tui.formats._common import comment_header
from queens_tui.formats.position import checked, queen_rows, section, split_position
from queens_tui.formats.queens.build import COLOR_RE, Located, build_level, check_label
from queens_tui.kinds.queens.level import Level
from queens_tui.kinds.queens.play import board_rows, rows_board


def _parse_colors(value: str, line: int, col: int) -> dict[str, str]:
    colors: dict[str, str] = {}
    for item in value.split():
        label, sep, color = item.rpartition("=")
        if not sep or len(label) != 1 or not COLOR_RE.match(color):
            raise LevelError(
                f"bad color {item!r}: expected LABEL=#rrggbb, e.g. A=#96beff", line=line, col=col
            )
        colors[label] = color.lower()
    return colors


def parse_text(text: str) -> Level:
    """Parse the native format (and its `position:` section, `read_position`); raises
    `LevelError` with line and column."""
    text, position, at = split_position(text)
    level = _parse_board(text)
    return level if position is None else read_position(level, position, at)


def read_position(level: Level, body: list[tuple[int, str]], at: int) -> Level:
    """`level` starting at the position of the section's rows (`formats.position`): N rows of
    N cells, `.` empty, `x` a cross, `Q` a queen."""
    rows = queen_rows(body, level.size, at)
    board = checked(lambda: rows_board(level, rows), at)
    return replace(level, position=board_rows(board))


def _parse_board(text: str) -> Level:
    rows: list[list[Located]] = []
    meta: dict[str, str] = {}
    colors: dict[str, str] = {}
    colors_at = (1, 1)
    for lineno, raw in numbered_lines(text):
        stripped = raw.strip()
        if stripped.startswith("#"):
            found = header(stripped)
            if found is not None:
                key, value = found
                if key == "colors":
                    colors_at = (lineno, raw.index("#") + 1)
                    colors.update(_parse_colors(value, *colors_at))
                elif key in METADATA_KEYS:
                    meta[key] = value
            continue
        row: list[Located] = []
        for col, ch in enumerate(raw, start=1):
            if ch.isspace():
                continue
            if not ch.isprintable():
                raise LevelError(
                    f"unexpected control character {ch!r} in a board row", line=lineno, col=col
                )
            row.append(Located(ch, lineno, col))
        rows.append(row)
    if not rows:
        raise LevelError("no board rows found (only comments or blank lines)", line=1, col=1)
    level = build_level(rows, colors=colors, meta=meta)
    unknown = sorted(set(colors) - set(level.labels))
    if unknown:
        raise LevelError(
            f"colors given for labels not on the board: {' '.join(unknown)}",
            line=colors_at[0],
            col=colors_at[1],
        )
    return level


def scan_meta(text: str) -> tuple[str | None, int | None, str | None]:
    """(name, size, difficulty) of a level in this format without building it: the header's
    `# name:` and `# difficulty:` and the number of board rows (what the level browser lists,
    a few microseconds a file). A broken file still gives what it can; opening it says why."""
    return scan_header(split_position(text)[0], lambda line: True)


def dump_text(level: Level) -> str:
    """The native text of `level`; `parse_text(dump_text(x)) == x`.

    Raises `LevelError` for the rare level this format cannot hold exactly
    (multi-character labels, a row starting with `#`, metadata with line
    breaks or edge spaces), rather than writing a file that reads back wrong.
    """
    out = comment_header(level.metadata)
    if level.colors:
        for label, color in level.colors.items():
            if len(label) != 1 or label.isspace() or not label.isprintable():
                raise LevelError(f"color label {label!r} must be a single visible character")
            if not COLOR_RE.match(color):
                raise LevelError(f"color {color!r} of {label!r} is not #rrggbb")
        out.append("# colors: " + " ".join(f"{k}={v.lower()}" for k, v in level.colors.items()))
    for r, row in enumerate(level.grid):
        for c, label in enumerate(row):
            check_label(label, r + 1, c + 1)
        if row[0] == "#":
            raise LevelError(
                f"row {r + 1} starts with the label '#', which text reads as a comment"
            )
    out.extend(level.rows_text())
    if level.position is not None:
        out += section(board_rows(rows_board(level, level.position)))
    return "\n".join(out) + "\n"
