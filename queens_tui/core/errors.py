"""The errors every kind raises: a malformed level, a level a generator could not make
(the metadata keys every level may carry: `core.meta`).

Shared by all puzzle kinds so the CLI prints one kind of located line,
`FILE:LINE:COL: message`, whatever the file held.
"""

from __future__ import annotations

import json
import re


class GenerateError(ValueError):
    """A generator could not make the level asked for (a wanted difficulty not reached)."""


class SizeError(GenerateError):
    """A generator was asked for a size it does not make."""


def wanted_tier(
    difficulty: str | None, difficulties: tuple[str, ...], error: type[GenerateError]
) -> int:
    """The tier a generator aims at: k for the k-th of `difficulties` (1-based), the last one
    when no difficulty is asked for; `error` (the kind's `GenerateError`) for a name that
    is not one of them."""
    if difficulty is not None and difficulty not in difficulties:
        raise error(f"difficulty is one of {', '.join(difficulties)} (got {difficulty})")
    return len(difficulties) if difficulty is None else difficulties.index(difficulty) + 1


class LevelError(ValueError):
    """A level (or level file) is malformed.

    Carries the position of the fault so the CLI can print the one line
    `FILE:LINE:COL: message` that editors and terminals understand.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        col: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.col = col

    def located(self, path: str) -> LevelError:
        """The same error, attributed to `path` (parsers often don't know it)."""
        return LevelError(self.message, path=path, line=self.line, col=self.col)

    def __str__(self) -> str:
        shown = None if self.path is None else printable(self.path) or '""'  # play ""
        parts = [p for p in (shown, self.line, self.col) if p is not None]
        where = ":".join(str(p) for p in parts)
        return f"{where}: {self.message}" if where else self.message


def printable(text: str) -> str:
    """`text` with control characters escaped (a newline as \\n, ESC as \\x1b): a file name
    shown in a message stays on one line and cannot drive the terminal."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


_UNSHOWN = re.compile(r"[^\x20-\x7e]")
"""Candidates for escaping in JSON output: anything outside printable ASCII (then tested)."""


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    return ch if ch.isprintable() else json.dumps(ch)[1:-1]  # ASCII escapes, pairs above BMP


def json_line(obj: object) -> str:
    """`obj` as one line of JSON, readable text kept (é, ♛) and every character that is not
    printable escaped as `\\uXXXX`: C0 (json does those), C1 such as U+009B (a terminal's
    CSI), bidi overrides, and the lone surrogates a non-UTF-8 file name decodes to (which a
    UTF-8 stdout cannot encode). Every JSON reader gives back the same strings."""
    return _UNSHOWN.sub(_escape, json.dumps(obj, ensure_ascii=False))
