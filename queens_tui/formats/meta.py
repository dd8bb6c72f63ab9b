"""What a level file says about itself (name, size, difficulty), read by its own format's reader.

The level browser lists a few hundred files and must open at once, so it asks
each file's reader for its header (`scan_meta`: `formats.queens.text`, `formats.tango`,
`formats.zip`), which costs microseconds and never builds the level; the rare
Queens JSON and TypeScript files are parsed in full. Results are cached by
path, modification time and size, so a second opening reads no unchanged file.

A file that cannot be read (missing, a FIFO, a device, too big, not UTF-8) or
whose header is broken gives an empty `LevelMeta`: the browser still lists it,
and opening it says what is wrong. Screenshots are not read (a tenth of a
second each): they list without a size.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path

from queens_tui.core.errors import LevelError
from queens_tui.core.suffixes import IMAGE_SUFFIXES


@dataclass(frozen=True)
class LevelMeta:
    """What the level list shows of a level file, read without building the level."""

    name: str | None = None
    size: int | None = None
    difficulty: str | None = None


_cache: dict[Path, tuple[int, int, LevelMeta]] = {}
"""path -> (mtime_ns, size in bytes, meta): a second opening reads no file that did not change."""


def scan_meta(text: str, suffix: str = ".txt") -> LevelMeta:
    """The meta of level text `text` (a file ending in `suffix`), by the reader that owns it.

    The readers are asked as `load_puzzle` asks them; each scans what the list
    shows without building the level where it can. Raises `LevelError` when a
    reader that must parse finds the file broken.
    """
    from queens_tui.formats import kind_of_text, reader

    found_name, size, difficulty = reader(kind_of_text(text, suffix)).scan_meta(text, suffix)
    return LevelMeta(found_name, size, difficulty)


def read_meta(path: Path) -> LevelMeta:
    """Name, size and difficulty of the level file `path` (empty if it cannot be read)."""
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return LevelMeta()
    try:
        st = path.stat()
    except OSError:
        return LevelMeta()
    from queens_tui.formats import MAX_BYTES, read_text

    if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
        return LevelMeta()  # a FIFO would block, a device or a huge file never end: not a level
    hit = _cache.get(path)
    if hit is not None and hit[0] == st.st_mtime_ns and hit[1] == st.st_size:
        return hit[2]
    try:
        meta = scan_meta(read_text(path), path.suffix.lower())
    except LevelError:  # unreadable, too big, not UTF-8, or a broken JSON/TS level
        meta = LevelMeta()
    _cache[path] = (st.st_mtime_ns, st.st_size, meta)
    return meta


__all__ = ["LevelMeta", "read_meta", "scan_meta"]
