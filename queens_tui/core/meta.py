"""The metadata a level file may carry, and the `# key: value` header lines that carry it.

Every kind's text format starts with the same comment header (`# name: Cross`,
`# difficulty: hard`), so reading one header line, and skimming a file's name, size
and difficulty for the level browser, live here once; each format only says which of
its lines are rows of the board.
"""

from __future__ import annotations

import re
from collections.abc import Callable

METADATA_KEYS: tuple[str, ...] = ("name", "author", "date", "source", "seed", "difficulty")
"""Metadata every format may carry; kept as strings so round trips are exact."""

_HEADER = re.compile(r"#\s*([A-Za-z_]+)\s*:\s*(.*?)\s*$")


def header(line: str) -> tuple[str, str] | None:
    """`"# Name:  Cross "` -> `("name", "Cross")`: a stripped comment line's key (lower
    case) and value (edges trimmed); None for a comment that is not `# key: value`."""
    m = _HEADER.match(line)
    return (m.group(1).lower(), m.group(2)) if m else None


def scan_header(
    text: str, is_row: Callable[[str], bool]
) -> tuple[str | None, int | None, str | None]:
    """(name, rows, difficulty) of a text level without building it: the header's `# name:`
    and `# difficulty:`, and how many stripped non-comment lines `is_row` accepts. What the
    level browser lists (a few microseconds a file); a broken file gives what it can."""
    name = difficulty = None
    rows = 0
    for raw in text.removeprefix("\ufeff").split("\n"):
        line = raw.strip()
        if line.startswith("#"):
            found = header(line)
            if found is not None and found[0] == "name":
                name = found[1] or None
            elif found is not None and found[0] == "difficulty":
                difficulty = found[1].lower() or None
        elif line and is_row(raw):
            rows += 1
    return name, rows or None, difficulty


__all__ = ["METADATA_KEYS", "header", "scan_header"]
