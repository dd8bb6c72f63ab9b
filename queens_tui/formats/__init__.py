"""Level files in and out.

`load(path)` reads any supported file and returns a `Level`, or raises
`LevelError` located at the file (and line and column where they apply).
Nothing in a file is ever evaluated: every format is parsed as data.
"""

from __future__ import annotations

import os
from pathlib import Path

from queens_tui.core.level import Level, LevelError
from queens_tui.formats.text import dump_text, parse_text

MAX_BYTES = 1_000_000
"""A level file is a few hundred bytes; anything this big is not one."""

__all__ = ["MAX_BYTES", "Level", "LevelError", "dump_text", "load", "parse", "parse_text"]


def parse(text: str, fmt: str = "text") -> Level:
    """Parse `text` in format `fmt` ("text", "ts" or "json")."""
    if fmt == "text":
        return parse_text(text)
    raise LevelError(f"unknown level format {fmt!r}")


def detect_format(path: Path, text: str) -> str:
    """Choose a format by extension, then by content."""
    ext = path.suffix.lower()
    if ext in (".txt", ".queens", ""):
        return "text"
    if ext in (".ts", ".js"):
        return "ts"
    if ext == ".json":
        return "json"
    return "text"


def load(path: str | os.PathLike[str]) -> Level:
    """Read a level file of any supported format."""
    shown = os.fspath(path)
    p = Path(path)
    try:
        if p.is_dir():
            raise LevelError("is a directory, not a level file")
        with p.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except LevelError as err:
        raise err.located(shown) from None
    except FileNotFoundError:
        raise LevelError("no such file", path=shown) from None
    except OSError as err:
        raise LevelError(f"cannot read: {err.strerror or err}", path=shown) from None
    if len(data) > MAX_BYTES:
        raise LevelError(f"file is over {MAX_BYTES} bytes: not a level file", path=shown)
    if b"\0" in data:
        raise LevelError("binary file (contains NUL bytes), not a level", path=shown)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        col = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        raise LevelError("not valid UTF-8", path=shown, line=line, col=col) from None
    try:
        return parse(text, detect_format(p, text))
    except LevelError as err:
        raise err.located(shown) from None
