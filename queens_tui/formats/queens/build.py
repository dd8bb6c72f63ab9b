"""What every Queens format shares: turning located rows of labels into a `Level`.

Each parser (text, JSON, TypeScript) reduces its file to rows of `Located` labels (the label
plus the line and column where the file wrote it), so the shape checks live here once and every
format reports a fault at the cell that causes it, not just "bad file".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from queens_tui.core.errors import LevelError
from queens_tui.core.meta import METADATA_KEYS
from queens_tui.kinds.queens.level import MAX_SIZE, Level

COLOR_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")
"""A display color as every format writes it: `#rrggbb`."""


class Located(NamedTuple):
    """One cell's region label and where the file wrote it (1-based)."""

    label: str
    line: int | None
    col: int | None


def check_label(label: str, line: int | None, col: int | None) -> None:
    """Labels are single visible characters, so every level can be written as text."""
    if len(label) != 1 or label.isspace() or not label.isprintable():
        raise LevelError(
            f"region label {label!r} must be a single visible character", line=line, col=col
        )


def clean_meta(value: str) -> str:
    """One-line metadata: whitespace runs collapse to one space, so text round trips are exact."""
    return " ".join(value.split())


def build_level(
    rows: Sequence[Sequence[Located]],
    *,
    colors: Mapping[str, str] | None = None,
    meta: Mapping[str, str] | None = None,
    where: tuple[int | None, int | None] = (1, 1),
) -> Level:
    """Check the shape of located rows and build the `Level`.

    `where` locates faults that belong to no cell (an empty board). Colors for
    labels that are not on the board are dropped by the caller's choice: the
    native format calls that an error, the imported formats ignore it.
    """
    if not rows:
        raise LevelError("no board rows found", line=where[0], col=where[1])
    n = len(rows)
    if n > MAX_SIZE:
        first = rows[MAX_SIZE][0] if rows[MAX_SIZE] else Located("", *where)
        raise LevelError(
            f"the board has {n} rows; at most {MAX_SIZE} are supported",
            line=first.line,
            col=first.col,
        )
    for i, row in enumerate(rows):
        if len(row) != n:
            if len(row) > n:
                at = row[n]  # the first cell too many
            else:  # just past the last cell: where the missing one should be
                last = row[-1] if row else Located("", *where)
                at = Located("", last.line, None if last.col is None else last.col + 1)
            rows_word = "is 1 row" if n == 1 else f"are {n} rows"
            raise LevelError(
                f"row {i + 1} has {len(row)} cells but there {rows_word} "
                "(a level is N rows of N cells)",
                line=at.line,
                col=at.col,
            )
    seen: dict[str, Located] = {}
    for row in rows:
        for cell in row:
            if cell.label not in seen:
                seen[cell.label] = cell
                if len(seen) > n:
                    raise LevelError(
                        f"a {n}x{n} level needs exactly {n} region labels; "
                        f"{cell.label!r} is label number {len(seen)}",
                        line=cell.line,
                        col=cell.col,
                    )
    if len(seen) < n:
        first = rows[0][0]
        raise LevelError(
            f"a {n}x{n} level needs exactly {n} region labels, found {len(seen)} "
            f"({' '.join(seen)})",
            line=first.line,
            col=first.col,
        )
    fields = {k: v for k, v in (meta or {}).items() if k in METADATA_KEYS}
    try:
        return Level(
            grid=tuple(tuple(cell.label for cell in row) for row in rows),
            colors=dict(colors or {}),
            **fields,
        )
    except LevelError as err:  # pragma: no cover - the checks above mirror Level's
        first = rows[0][0]
        raise LevelError(err.message, line=first.line, col=first.col) from None
