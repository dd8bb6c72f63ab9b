"""The player's own packs: collections copied in by `import --pack`, listed beside the bundled.

A pack is a folder of level files (each in its kind's text format, named by
the level's id in the collection) and a manifest, `.pack.json`, that says
what the level browser lists without reading 600 files: per level its id,
file, kind, store key (the kind's fingerprint, so progress and best times
are the same as for the same puzzle opened from any file), title, size,
difficulty, LinkedIn number and date. `import_pack` writes one from any
collection `formats.collection` reads (or a single level file);
`pack_entries` reads a manifest back as the browser's rows.

`play FILE_OR_FOLDER` opens a collection the same way without adding it to
the player's packs: `open_collection` writes it under the data folder's
`collections/` (again only when the file changed) and the browser lists it
for that session.

Layer: the catalog (reads formats, writes through the store's helpers).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from queens_tui.core.errors import LevelError

if TYPE_CHECKING:
    from queens_tui.catalog.listing import Entry
    from queens_tui.core.kind import PuzzleLevel

MANIFEST = ".pack.json"
"""The pack's index (hidden: the folder's level files are its other files)."""

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$")
"""Pack names people type: letters, digits, space, `_ . -`; no path separators."""


@dataclass(frozen=True)
class Pack:
    """A pack on disk: its name, folder and how many levels it holds."""

    name: str
    folder: Path
    count: int
    errors: tuple[str, ...] = ()


def packs_root(data: str | os.PathLike[str] | None = None) -> Path:
    """``<data dir>/packs``: the player's own packs, one folder each."""
    from queens_tui.store.paths import data_dir

    return data_dir(data) / "packs"


def collections_root(data: str | os.PathLike[str] | None = None) -> Path:
    """``<data dir>/collections``: collections opened by `play FILE_OR_FOLDER`."""
    from queens_tui.store.paths import data_dir

    return data_dir(data) / "collections"


def _file_id(level_id: str, width: int) -> str:
    """A file name for a level id: digits padded so files sort as the collection does."""
    text = level_id.zfill(width) if level_id.isdigit() else level_id
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-.") or "level"


def read_source(source: str | os.PathLike[str]) -> tuple[list[tuple[str, PuzzleLevel]], list[str]]:
    """The (id, level) items of a collection or of one level file, and error lines."""
    from queens_tui.formats import load_puzzle
    from queens_tui.formats.collection import read_collection

    pack = read_collection(source)
    if pack is not None:
        return list(pack.items), list(pack.errors)
    return [(Path(source).stem, load_puzzle(source))], []


def write_pack(folder: Path, name: str, source: str, items: list[tuple[str, PuzzleLevel]]) -> None:
    """Write `items` as level files and the manifest into `folder` (replacing what it held)."""
    from queens_tui.formats import reader
    from queens_tui.kinds import get_kind
    from queens_tui.store.jsonfile import atomic_write_bytes
    from queens_tui.store.progress import grid_key

    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        if old.is_file() and (old.suffix == ".txt" or old.name == MANIFEST):
            old.unlink()
    width = max((len(i) for i, _ in items if i.isdigit()), default=0)
    listed: list[dict[str, Any]] = []
    used: set[str] = set()
    for level_id, level in items:
        stem = _file_id(level_id, width)
        while stem in used:
            stem += "_"
        used.add(stem)
        path = folder / f"{stem}.txt"
        path.write_text(reader(level.kind).dump(level, "text"), encoding="utf-8")
        meta = level.metadata
        size = getattr(level, "size", None)
        listed.append(
            {
                "id": level_id,
                "file": path.name,
                "kind": level.kind,
                "key": grid_key(level),
                "title": meta.get("name") or f"{get_kind(level.kind).title} {level_id}",
                "size": size if isinstance(size, int) else getattr(level, "rows", None),
                "difficulty": meta.get("difficulty"),
                "number": meta.get("number"),
                "date": meta.get("date"),
            }
        )
    body = {"name": name, "source": source, "levels": listed}
    atomic_write_bytes(folder / MANIFEST, json.dumps(body, ensure_ascii=False).encode(), sync=False)


def import_pack(
    name: str, source: str | os.PathLike[str], *, data: str | os.PathLike[str] | None = None
) -> Pack:
    """Copy the collection (or level file) `source` into the player's pack `name`."""
    if not NAME_RE.match(name):
        raise LevelError(
            f"pack name {name!r}: letters, digits, space, _ . - (up to 64), no slashes"
        )
    from queens_tui.formats.bundled import bundled_levels
    from queens_tui.kinds import KINDS

    bundled = {lid.split("/", 1)[0] for kind in KINDS for lid, _ in bundled_levels(kind)}
    if name in bundled:
        raise LevelError(f"{name!r} is a bundled pack's name: choose another")
    items, errors = read_source(source)
    if not items:
        raise LevelError("no level in it", path=os.fspath(source))
    folder = packs_root(data) / name
    write_pack(folder, name, os.fspath(source), items)
    return Pack(name, folder, len(items), tuple(errors))


def open_collection(
    source: str | os.PathLike[str], *, data: str | os.PathLike[str] | None = None
) -> Pack:
    """The collection `source` as a pack under ``collections/`` for `play` (rewritten only
    when the source changed: its path, size and modification time name the folder)."""
    src = Path(source).resolve()
    try:
        st = src.stat()
        stamp = f"{src}|{st.st_size}|{st.st_mtime_ns}"
    except OSError:
        stamp = str(src)
    if src.is_dir():  # a folder changes when its files do: its listing and their stamps
        parts = []
        for p in sorted(src.rglob("*"))[:50_000]:
            try:
                parts.append(f"{p}|{p.stat().st_size}|{p.stat().st_mtime_ns}")
            except OSError:
                continue
        stamp += "\n".join(parts)
    digest = hashlib.sha256(stamp.encode()).hexdigest()[:12]
    folder = collections_root(data) / f"{_file_id(src.stem, 0)}-{digest}"
    manifest = folder / MANIFEST
    if manifest.is_file():
        listed = json.loads(manifest.read_text(encoding="utf-8")).get("levels", [])
        return Pack(src.stem, folder, len(listed))
    items, errors = read_source(source)
    if not items:
        raise LevelError("no level in it", path=os.fspath(source))
    write_pack(folder, src.stem, str(src), items)
    return Pack(src.stem, folder, len(items), tuple(errors))


def pack_name(folder: Path) -> str:
    """The name the browser lists the pack in `folder` under (its manifest's)."""
    try:
        body = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return folder.name
    return str(body.get("name") or folder.name) if isinstance(body, dict) else folder.name


def pack_folders(data: str | os.PathLike[str] | None = None) -> list[Path]:
    """The player's packs (folders with a manifest), by name."""
    root = packs_root(data)
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    return [root / n for n in names if (root / n / MANIFEST).is_file()]


def pack_entries(folder: Path) -> list[Entry]:
    """The browser's rows of the pack in `folder`, from its manifest (no level file read)."""
    from queens_tui.catalog.listing import Entry
    from queens_tui.catalog.refs import LevelRef

    try:
        body = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    name = str(body.get("name") or folder.name)
    out = []
    for item in body.get("levels", []):
        if not isinstance(item, dict) or not isinstance(item.get("file"), str):
            continue
        title = str(item.get("title") or item.get("id"))
        if item.get("date") and str(item["date"]) not in title:
            title += f" · {item['date']}"
        ref = LevelRef.file(folder / item["file"], item.get("kind"))
        size = item.get("size") if isinstance(item.get("size"), int) else None
        out.append(Entry(ref, name, title, size, item.get("difficulty"), key_=item.get("key")))
    return out
