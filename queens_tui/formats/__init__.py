"""Level files in and out.

`load(path)` reads any supported file and returns a `Level`, or raises
`LevelError` located at the file (and line and column where they apply).
Nothing in a file is ever evaluated: every format is parsed as data.

The format comes from the extension (`.txt`, `.ts`/`.js`, `.json`); for any
other extension the content decides: `{` or `[` first means JSON, a
`colorRegions` key means the web game's TypeScript, anything else is read as
the native text grid.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from queens_tui.formats.text import dump_text, parse_text
from queens_tui.kinds.queens.level import Level, LevelError

if TYPE_CHECKING:
    from queens_tui.core.kind import PuzzleLevel
    from queens_tui.formats.json import dump_json, parse_json
    from queens_tui.formats.ts import parse_ts

_LAZY = {"dump_json": "json", "parse_json": "json", "parse_ts": "ts"}
"""Names re-exported from the JSON and TypeScript readers, imported on first use: the
game's first frame only ever needs the text format (they are most of this package)."""


def __getattr__(name: str) -> Any:
    """`from queens_tui.formats import parse_ts` still works; the module loads then."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"queens_tui.formats.{module}"), name)


MAX_BYTES = 1_000_000
"""A level file is a few hundred bytes; anything this big is not one."""

FORMATS = ("text", "ts", "json")
EXTENSIONS: dict[str, str] = {
    ".txt": "text",
    ".queens": "text",
    ".ts": "ts",
    ".js": "ts",
    ".mjs": "ts",
    ".json": "json",
}
"""Extensions that fix the format; others are sniffed from the content."""

_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a zip archive"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"\x7fELF", "an executable"),
    (b"\xff\xfe", "UTF-16 text (save it as UTF-8)"),
    (b"\xfe\xff", "UTF-16 text (save it as UTF-8)"),
)

__all__ = [
    "EXTENSIONS",
    "FORMATS",
    "MAX_BYTES",
    "Level",
    "LevelError",
    "detect_format",
    "dump",
    "dump_json",
    "dump_text",
    "load",
    "load_puzzle",
    "parse",
    "parse_json",
    "parse_text",
    "parse_ts",
    "read_text",
    "save",
]


def parse(text: str, fmt: str = "text") -> Level:
    """Parse `text` in format `fmt` ("text", "ts" or "json")."""
    if fmt == "text":
        return parse_text(text)
    if fmt == "ts":
        from queens_tui.formats.ts import parse_ts

        return parse_ts(text)
    if fmt == "json":
        from queens_tui.formats.json import parse_json

        return parse_json(text)
    raise LevelError(f"unknown level format {fmt!r} (known: {', '.join(FORMATS)})")


def sniff(text: str) -> str:
    """Guess the format of `text` from its content alone."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith(("{", "[")):
        return "json"
    if "colorRegions" in text:
        return "ts"
    return "text"


def detect_format(path: str | os.PathLike[str], text: str) -> str:
    """Choose a format by extension, then by content."""
    return EXTENSIONS.get(Path(path).suffix.lower()) or sniff(text)


def dump(level: Level, fmt: str = "text") -> str:
    """The text of `level` in `fmt` ("text" or "json")."""
    if fmt == "text":
        return dump_text(level)
    if fmt == "json":
        from queens_tui.formats.json import dump_json

        return dump_json(level)
    raise LevelError(f"cannot write format {fmt!r} (writable: text, json)")


def save(level: Level, path: str | os.PathLike[str]) -> None:
    """Write `level` to `path`, as JSON for `.json` and native text otherwise."""
    fmt = "json" if Path(path).suffix.lower() == ".json" else "text"
    Path(path).write_text(dump(level, fmt), encoding="utf-8")


def read_text(path: str | os.PathLike[str]) -> str:
    """The UTF-8 text of a level file (BOM removed), or `LevelError` saying why not.

    `-` reads standard input. Reads at most `MAX_BYTES + 1` bytes, so a huge
    file or an endless device costs nothing; rejects directories, binary data
    and invalid UTF-8 with the line and column of the first bad byte.
    """
    shown = os.fspath(path)
    try:
        data = sys.stdin.buffer.read(MAX_BYTES + 1) if shown == "-" else _read_file(path, shown)
    except LevelError:
        raise
    except FileNotFoundError:
        raise LevelError("no such file", path=shown) from None
    except PermissionError:
        raise LevelError("permission denied", path=shown) from None
    except IsADirectoryError:
        raise LevelError("is a directory, not a level file", path=shown) from None
    except (OSError, ValueError) as err:  # ValueError: an embedded NUL in the path
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise LevelError(f"cannot read: {reason}", path=shown) from None
    if len(data) > MAX_BYTES:
        raise LevelError(f"file is over {MAX_BYTES:,} bytes: not a level file", path=shown)
    if not data.strip():
        raise LevelError("empty file", path=shown, line=1, col=1)
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise LevelError(f"{what}, not a level file", path=shown, line=1, col=1)
    nul = data.find(b"\0")
    if nul >= 0:
        line, col = _where(data, nul)
        raise LevelError(
            "binary data (a NUL byte), not a level file", path=shown, line=line, col=col
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line, col = _where(data, err.start)
        raise LevelError("not valid UTF-8", path=shown, line=line, col=col) from None
    return text.removeprefix("\ufeff")


def _read_file(path: str | os.PathLike[str], shown: str) -> bytes:
    """At most `MAX_BYTES + 1` bytes of `path`, never blocking on a FIFO or a device.

    Opened non-blocking and checked on the open descriptor: a folder, a device
    (/dev/tty would wait for a key, /dev/zero never ends) or a named pipe is
    refused; only a pipe the shell made (``<(cmd)``: /dev/fd/N) is read, blocking.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    with open(fd, "rb") as f:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise LevelError("is a directory, not a level file", path=shown)
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
            if not shown.startswith(("/dev/fd/", "/proc/")):
                raise LevelError("is a pipe or socket, not a level file", path=shown)
            os.set_blocking(fd, True)
        elif not stat.S_ISREG(mode):
            raise LevelError("is a device, not a level file", path=shown)
        return f.read(MAX_BYTES + 1)


def _where(data: bytes, pos: int) -> tuple[int, int]:
    """1-based line and column (in characters) of byte offset `pos`."""
    start = data.rfind(b"\n", 0, pos) + 1
    col = len(data[start:pos].decode("utf-8", "replace")) + 1
    return data.count(b"\n", 0, pos) + 1, col


PUZZLE_READERS: tuple[str, ...] = ("queens_tui.formats.tango", "queens_tui.formats.zip")
"""Modules that read the levels of the other puzzle kinds (`queens_tui.formats.tango`, ...).

Each has `sniff(text: str, suffix: str) -> bool` (is this file mine? by content,
the suffix only as a hint) and `parse(text: str) -> level` raising `LevelError`
with line and column. `load_puzzle` asks them in order; Queens is the fallback."""


READER_HINTS: dict[str, tuple[tuple[str, ...], str]] = {
    "queens_tui.formats.tango": (("tango",), ".01"),
    "queens_tui.formats.zip": (("zip",), "+"),
}
"""What each reader's `sniff` needs to say yes: a word the text holds (JSON's `"kind"`, a
`# kind:` line), or a first board line starting with one of the characters (Tango's cells,
Zip's border). A text with none of them is not that reader's, and the reader is not even
imported: opening a Queens file at start-up skips ~1,100 lines of other kinds' formats.
A reader without an entry is always asked (a test checks the hints against the sniffs)."""


def might_be(name: str, text: str) -> bool:
    """False when reader `name` certainly would not claim `text` (see `READER_HINTS`)."""
    hint = READER_HINTS.get(name)
    if hint is None:
        return True
    words, starts = hint
    lowered = text.lower()
    if any(word in lowered for word in words):
        return True
    for raw in text.split("\n"):
        line = raw.strip().lstrip("\ufeff").strip()
        if line and not line.startswith("#"):
            return line[0] in starts
    return False


def load_puzzle(path: str | os.PathLike[str]) -> PuzzleLevel:
    """Read a level file of any kind (Queens in any of its formats, Tango, Zip), or a screenshot."""
    from importlib import import_module

    shown = os.fspath(path)
    image = _image_level(path)
    if image is not None:
        return image
    text = read_text(path)
    suffix = Path(shown).suffix.lower()
    for name in PUZZLE_READERS:
        if not might_be(name, text):
            continue
        reader = import_module(name)
        if reader.sniff(text, suffix):
            try:
                return cast("PuzzleLevel", reader.parse(text))
            except LevelError as err:
                raise err.located(shown) from None
    return _load_queens(shown, text)


def load(path: str | os.PathLike[str]) -> Level:
    """Read a Queens level file of any supported format, or a screenshot of a board."""
    shown = os.fspath(path)
    image = _image_level(path)
    if image is not None:
        return image
    return _load_queens(shown, read_text(path))


def _image_level(path: str | os.PathLike[str]) -> Level | None:
    """The level in `path` if it is a picture (by extension or content), else None.

    The image reader (and Pillow, numpy) is imported only for a picture.
    """
    from queens_tui.formats.image import is_image

    if not is_image(path):
        return None
    from queens_tui.formats.image import read_image

    return read_image(path)


def _load_queens(shown: str, text: str) -> Level:
    """Parse the text of the Queens level file `shown`, located errors."""
    fmt = detect_format(shown, text)
    try:
        return parse(text, fmt)
    except LevelError as err:
        located = err.located(shown)
        suffix = Path(shown).suffix
        if suffix and suffix.lower() not in EXTENSIONS:
            located.message = (
                f"unknown format {suffix!r} (not .txt, .ts or .json); read as {fmt}: {err.message}"
            )
        raise located from None
