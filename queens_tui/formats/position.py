"""A position in a level's text file: the `position:` section after the board.

A level file may set up where play starts (a lesson's board: queens and crosses placed, a
Zip path drawn, Patches' rectangles drawn). Every kind that can say one writes it the same
way, after its board (and, for Patches, after the legend): a line `position:` alone, then
one line per board row, in that kind's words (`formats.queens.text`, `formats.zip`,
`formats.patches`). The reader keeps it as the kind's save JSON of the state
(`Metadata.position`), checked against the level with the kind's own rules, so `play FILE`
opens the game with the position set up; a file without the section reads as before.

This module finds the section and reads the grid of tokens in it; each format turns the
tokens into its kind's position.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from queens_tui.core.errors import LevelError

MARK = "position:"
"""The line that starts the section (alone on its line, any case, spaces around it)."""

Token = tuple[str, int]
"""A cell's text and the column it starts at (1-based)."""


def split_position(text: str) -> tuple[str, list[tuple[int, str]] | None, int]:
    """(the text with the section's rows blanked out (so the board's line numbers stay true;
    comment lines stay where they are, read as the rest of the file's), the section's rows,
    (line number, line), or None when there is no section, the line number of `position:`)."""
    lines = text.split("\n")
    for index, raw in enumerate(lines):
        if raw.strip().lower() != MARK:
            continue
        body: list[tuple[int, str]] = []
        kept = [*lines[:index], ""]
        for number, line in enumerate(lines[index + 1 :], start=index + 2):
            line = line.removesuffix("\r")
            if line.strip() and not line.strip().startswith("#"):
                body.append((number, line.rstrip()))
                kept.append("")
            else:
                kept.append(line)
        return "\n".join(kept), body, index + 1
    return text, None, 0


def read_grid(
    body: list[tuple[int, str]],
    rows: int,
    cols: int,
    at: int,
    split: Callable[[str], list[Token]],
) -> list[list[Token]]:
    """The section's `rows` lines of `cols` tokens each (`split` cuts a line into tokens);
    a `LevelError` at the line and column where it is not that shape."""
    if len(body) != rows:
        where = body[rows][0] if len(body) > rows else at  # the row too many, or the section
        raise LevelError(f"the position has {len(body)} rows, the board {rows}", line=where, col=1)
    grid: list[list[Token]] = []
    for number, line in body:
        tokens = split(line)
        if len(tokens) != cols:
            col = tokens[cols][1] if len(tokens) > cols else len(line) + 1
            raise LevelError(
                f"a position row has {len(tokens)} cells, the board {cols}", line=number, col=col
            )
        grid.append(tokens)
    return grid


QUEEN_MARKS = ".xQ"
"""A queens board's position cells (Queens, classic N-queens): empty, a cross, a queen."""


def queen_rows(body: list[tuple[int, str]], size: int, at: int) -> list[str]:
    """The section's `size` rows of a queens board (`QUEEN_MARKS`, one character a cell,
    spaces between ignored) as row strings; a `LevelError` at the first cell that is none."""
    grid = read_grid(body, size, size, at, characters)
    for (number, _), row in zip(body, grid, strict=True):
        for ch, col in row:
            if ch not in QUEEN_MARKS:
                raise LevelError(
                    f"a position cell is '.', 'x' (a cross) or 'Q' (a queen), not {ch!r}",
                    line=number,
                    col=col,
                )
    return ["".join(ch for ch, _ in row) for row in grid]


def characters(line: str) -> list[Token]:
    """One token a visible character (spaces between cells are ignored)."""
    return [(ch, col) for col, ch in enumerate(line, start=1) if not ch.isspace()]


def words(line: str) -> list[Token]:
    """One token a run of visible characters (cells apart by spaces: Zip's numbers)."""
    return [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line)]


def checked(build: Callable[[], Any], line: int, col: int = 1) -> Any:
    """`build()` (the kind's reading of the position), its `ValueError` or `LevelError` as
    one `LevelError` at (line, col): "the position ...: why"."""
    try:
        return build()
    except (ValueError, LevelError) as err:
        why = err.message if isinstance(err, LevelError) else str(err)
        raise LevelError(
            f"the position does not fit the level: {why}", line=line, col=col
        ) from None


def section(rows: list[str]) -> list[str]:
    """The lines `dump_text` appends: a blank line, `position:`, the rows."""
    return ["", MARK, *rows]


__all__ = [
    "MARK",
    "QUEEN_MARKS",
    "characters",
    "checked",
    "queen_rows",
    "read_grid",
    "section",
    "split_position",
    "words",
]
