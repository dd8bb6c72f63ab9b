"""Queens level files: the native text grid, the web game's TypeScript, JSON, and screenshots.

The format comes from the extension (`.txt`, `.ts`/`.js`, `.json`); for any
other extension the content decides: `{` or `[` first means JSON, a
`colorRegions` key means the web game's TypeScript, anything else is read as
the native text grid. Queens is the readers' fallback (`KIND.reader_fallback`):
a text no other kind claims is read here, so its errors are Queens' errors.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from queens_tui.core.errors import LevelError
from queens_tui.formats.queens.text import dump_text, parse_text
from queens_tui.kinds.queens.level import Level

if TYPE_CHECKING:
    from queens_tui.formats.queens.json import dump_json, from_community, parse_json
    from queens_tui.formats.queens.ts import parse_ts

_LAZY = {"dump_json": "json", "parse_json": "json", "parse_ts": "ts", "from_community": "json"}
"""Names re-exported from the JSON and TypeScript readers, imported on first use: the
game's first frame only ever needs the text format."""


def __getattr__(name: str) -> Any:
    """`from queens_tui.formats.queens import parse_ts` works; the module loads then."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"queens_tui.formats.queens.{module}"), name)


COMMUNITY_KEYS = ("colorRegions",)
"""The key of a collection item in the community Queens game's form (`from_community`)."""

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

__all__ = [
    "COMMUNITY_KEYS",
    "EXTENSIONS",
    "FORMATS",
    "Level",
    "LevelError",
    "detect_format",
    "dump",
    "dump_json",
    "dump_text",
    "from_community",
    "load",
    "parse",
    "parse_format",
    "parse_json",
    "parse_text",
    "parse_ts",
    "save",
    "scan_meta",
    "sniff",
    "sniff_format",
]


def parse_format(text: str, fmt: str = "text") -> Level:
    """Parse `text` in format `fmt` ("text", "ts" or "json")."""
    if fmt == "text":
        return parse_text(text)
    if fmt == "ts":
        from queens_tui.formats.queens.ts import parse_ts

        return parse_ts(text)
    if fmt == "json":
        from queens_tui.formats.queens.json import parse_json

        return parse_json(text)
    raise LevelError(f"unknown level format {fmt!r} (known: {', '.join(FORMATS)})")


def sniff_format(text: str) -> str:
    """Guess the format of `text` from its content alone."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith(("{", "[")):
        return "json"
    if "colorRegions" in text:
        return "ts"
    return "text"


def detect_format(path: str | os.PathLike[str], text: str) -> str:
    """Choose a format by extension, then by content."""
    return EXTENSIONS.get(Path(path).suffix.lower()) or sniff_format(text)


def sniff(text: str, suffix: str = "") -> bool:
    """Every text may be a Queens level: Queens reads what no other kind claims."""
    return True


def parse(text: str, suffix: str = "") -> Level:
    """The level in `text`, a file ending in `suffix`; an unknown suffix is said in the error.
    A LinkedIn archive day of Queens is read as one; of a game no kind claims, refused by name
    (Queens is the fallback reader, so every unclaimed archive day ends here)."""
    from queens_tui.formats import archive

    game = archive.game_of(text)
    if game is not None:
        if archive.kind_of_game(game) != Level.kind:
            raise archive.refuse(game, text)
        from queens_tui.formats.queens.archive import parse_archive

        return parse_archive(text)
    fmt = EXTENSIONS.get(suffix.lower()) or sniff_format(text)
    try:
        return parse_format(text, fmt)
    except LevelError as err:
        if suffix and suffix.lower() not in EXTENSIONS:
            err.message = (
                f"unknown format {suffix!r} (not .txt, .ts or .json); read as {fmt}: {err.message}"
            )
            err.args = (err.message,)
        raise


def scan_meta(text: str, suffix: str = "") -> tuple[str | None, int | None, str | None]:
    """(name, size, difficulty) for the level list: text scanned, JSON and TypeScript parsed."""
    fmt = EXTENSIONS.get(suffix.lower()) or sniff_format(text)
    if fmt == "text":
        from queens_tui.formats.queens.text import scan_meta as scan_text

        return scan_text(text)
    level = parse_format(text, fmt)
    return level.name, level.size, (level.difficulty or "").lower() or None


def dump(level: Level, fmt: str = "text") -> str:
    """The text of `level` in `fmt` ("text" or "json")."""
    if fmt == "text":
        return dump_text(level)
    if fmt == "json":
        from queens_tui.formats.queens.json import dump_json

        return dump_json(level)
    raise LevelError(f"cannot write format {fmt!r} (writable: text, json)")


def save(level: Level, path: str | os.PathLike[str]) -> None:
    """Write `level` to `path`, as JSON for `.json` and native text otherwise."""
    fmt = "json" if Path(path).suffix.lower() == ".json" else "text"
    Path(path).write_text(dump(level, fmt), encoding="utf-8")


def load(path: str | os.PathLike[str]) -> Level:
    """A Queens level file of any supported format, or a screenshot of a board; a file of
    another kind is refused naming its kind."""
    from queens_tui.formats import load_puzzle

    level = load_puzzle(path)
    if not isinstance(level, Level):
        raise LevelError(
            f"a {level.kind} level, not a Queens level", path=os.fspath(path), line=1, col=1
        )
    return level
