"""The metadata a level file may carry, and the `# key: value` header lines that carry it.

Every kind's text format starts with the same comment header (`# name: Cross`,
`# difficulty: hard`), so reading one header line, and skimming a file's name, size
and difficulty for the level browser, live here once; each format only says which of
its lines are rows of the board.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from queens_tui.core.errors import LevelError

METADATA_KEYS: tuple[str, ...] = (
    "name",
    "author",
    "date",
    "source",
    "seed",
    "difficulty",
    "number",
)
"""Metadata every format may carry; kept as strings so round trips are exact. `number` is
LinkedIn's puzzle number, set only on a level that is LinkedIn's (an archive day, a
collection keyed by LinkedIn's numbers) so its share line may use it."""


@dataclass(frozen=True, kw_only=True)
class Metadata:
    """The metadata fields every kind's level carries (keyword-only, after the level's own
    fields), and `metadata`: those that are set, in canonical order."""

    name: str | None = None
    author: str | None = None
    date: str | None = None
    source: str | None = None
    seed: str | None = None
    difficulty: str | None = None
    number: str | None = None
    """LinkedIn's puzzle number, where the level says it is LinkedIn's (an archive day)."""
    position: Any = field(default=None, hash=False)
    """Where play starts, when the file sets a position up (its `position:` section, as a
    lesson's board does): the kind's save JSON of that state (`PlayRules.state_to_json`),
    checked against the level when read; None: the level's empty start. Not metadata: two
    files of one puzzle with different positions are different levels."""

    @property
    def metadata(self) -> dict[str, str]:
        """The metadata fields that are set, in canonical order."""
        return {k: v for k in METADATA_KEYS if (v := getattr(self, k)) is not None}


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""Control characters (C0, DEL, C1): a NUL makes a file unreadable, an ESC drives the
terminal of whoever prints the file."""


def one_line(value: str) -> str:
    """`value` as one comment line can hold it: whitespace runs as one space, edges trimmed,
    control characters dropped (what a file we write must not carry)."""
    return _CONTROL.sub("", " ".join(value.split()))


_HEADER = re.compile(r"#\s*([A-Za-z_]+)\s*:\s*(.*?)\s*$")


def header(line: str) -> tuple[str, str] | None:
    """`"# Name:  Cross "` -> `("name", "Cross")`: a stripped comment line's key (lower
    case) and value (edges trimmed); None for a comment that is not `# key: value`."""
    m = _HEADER.match(line)
    return (m.group(1).lower(), m.group(2)) if m else None


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """Each non-blank line of a level's text with its 1-based number, without its line ending
    (a leading BOM dropped). Split on "\n" only: `str.splitlines` also breaks on \v, \f,
    \x1c.. and U+2028, which would make our line numbers disagree with every editor."""
    for lineno, raw in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        raw = raw.removesuffix("\r")
        if raw.strip():
            yield lineno, raw


def read_header(stripped: str, meta: dict[str, str], *, kind: str, line: int, col: int) -> None:
    """One `# key: value` comment of a `kind` level's text into `meta` (metadata keys only,
    spaces collapsed so text round trips are exact); a `# kind:` line naming another kind is a
    `LevelError` at (line, col)."""
    found = header(stripped)
    if found is None:
        return
    key, value = found
    if key == "kind" and value.lower() != kind:
        raise LevelError(f"kind is {value!r}, not {kind}", line=line, col=col)
    if key in METADATA_KEYS:
        meta[key] = " ".join(value.split())


def split_text(text: str, kind: str) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """A `kind` level's text as its metadata (its `# key: value` comments, `read_header`) and
    its other non-blank lines, each (line number, the line without trailing spaces)."""
    meta: dict[str, str] = {}
    body: list[tuple[int, str]] = []
    for lineno, raw in numbered_lines(text):
        line = raw.rstrip()
        stripped = line.strip()
        if stripped.startswith("#"):
            read_header(stripped, meta, kind=kind, line=lineno, col=line.index("#") + 1)
        else:
            body.append((lineno, line))
    return meta, body


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


__all__ = [
    "METADATA_KEYS",
    "Metadata",
    "header",
    "numbered_lines",
    "one_line",
    "read_header",
    "scan_header",
    "split_text",
]
