"""Collections: many levels in one file, or a folder of level files, read as one pack.

Forms read (data only, never run; one located line for what cannot be read):

- the community Tango app's `puzzles.json`: a JSON list of
  `{"id", "size", "prefilled": {"r,c": "☀️" | "🌑"}, "constraints": [["r,c", "r,c", "=" | "x"]],
  "difficulty"}` (its `id` is LinkedIn's Tango number: kept as the level's `number`);
- the community Queens game's levels as one JSON object keyed by level
  (`{"level1": {"size", "colorRegions": [[...]], "regionColors": {...}}, ...}`);
- a JSON object with a `levels` list of level objects of any kind (our corpus files);
- a folder: every level file in it and in its sub-folders (LinkedIn archive days included),
  by name.

`read_collection(path)` gives a `Collection` (its name, and `(id, level)` items in
the file's order), or None when `path` is a single level (the caller reads it as
one). Each kind's own item form is parsed by that kind's format module.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from queens_tui.core.errors import LevelError
from queens_tui.formats._common import load_json

if TYPE_CHECKING:
    from queens_tui.core.kind import PuzzleLevel

MAX_ITEMS = 20_000
"""More levels than this in one collection are refused (a level is ~200 bytes; files are
capped at `formats.MAX_BYTES`, folders are not)."""

COLLECTION_BYTES = 20_000_000
"""A collection file may be this big (a single level file: `formats.MAX_BYTES`)."""


@dataclass(frozen=True)
class Collection:
    """A pack read from one file or folder: its name and its levels with their ids."""

    name: str
    items: tuple[tuple[str, PuzzleLevel], ...]
    errors: tuple[str, ...] = ()
    """One line per member that could not be read (a folder's broken file)."""


def is_collection_text(text: str) -> bool:
    """Does this text hold many levels (a JSON list, or an object of level objects)?"""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("["):
        return True
    if not head.startswith("{"):
        return False
    try:
        data = load_json(text)
    except LevelError:
        return False
    return _is_keyed(data) or (isinstance(data, dict) and isinstance(data.get("levels"), list))


def _is_keyed(data: Any) -> bool:
    """An object of level objects keyed by level (the community Queens game's form)?"""
    return (
        isinstance(data, dict)
        and len(data) > 0
        and all(
            isinstance(v, dict) and ("colorRegions" in v or "regions" in v) for v in data.values()
        )
        and "regions" not in data
        and "game" not in data
    )


def read_collection(path: str | os.PathLike[str]) -> Collection | None:
    """The collection at `path` (a folder, or a file of many levels), or None for a single
    level file; `LevelError` located at `path` when it cannot be read."""
    shown = os.fspath(path)
    p = Path(shown)
    if os.path.isdir(p):  # (never raises: a name too long for the OS is just not a folder)
        return _folder(p)
    if p.suffix.lower() != ".json" or not os.path.isfile(p):
        return None
    text = _read(p)
    if not is_collection_text(text):
        return None
    try:
        return Collection(p.stem, tuple(parse_items(text)))
    except LevelError as err:
        raise err.located(shown) from None


def _read(p: Path) -> str:
    from queens_tui.formats import read_text

    try:
        size = p.stat().st_size
    except OSError:
        size = 0
    if size > COLLECTION_BYTES:  # the collection's limit, not a single level's
        raise LevelError(
            f"file is over {COLLECTION_BYTES:,} bytes: more than a collection may hold",
            path=str(p),
        )
    if p.is_file():
        try:
            return p.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            pass
    return read_text(p)  # says why not, as for a level file


def parse_items(text: str) -> list[tuple[str, PuzzleLevel]]:
    """The (id, level) items of a collection's text; `LevelError` with the item's id."""
    data = load_json(text)
    if isinstance(data, dict) and isinstance(data.get("levels"), list):
        raw: list[tuple[str, Any]] = [
            (
                str(item.get("id") or item.get("name") or i + 1)
                if isinstance(item, dict)
                else str(i + 1),
                item,
            )
            for i, item in enumerate(data["levels"])
        ]
    elif isinstance(data, list):
        raw = [
            (str(item.get("id", i + 1)) if isinstance(item, dict) else str(i + 1), item)
            for i, item in enumerate(data)
        ]
    elif _is_keyed(data):
        raw = list(data.items())
    else:
        raise LevelError("not a collection of levels", line=1, col=1)
    if len(raw) > MAX_ITEMS:
        raise LevelError(f"{len(raw):,} levels: at most {MAX_ITEMS:,} in one collection")
    out = []
    seen: set[str] = set()
    for index, (level_id, item) in enumerate(raw):
        if level_id in seen:
            line, col = _item_at(text, data, index, level_id)
            raise LevelError(f"level {level_id!r} is in the collection twice", line=line, col=col)
        seen.add(level_id)
        try:
            out.append((level_id, _item(item)))
        except LevelError as err:
            line, col = _item_at(text, data, index, level_id)
            raise LevelError(f"level {level_id}: {err.message}", line=line, col=col) from None
    return out


def _item_at(text: str, data: Any, index: int, level_id: str) -> tuple[int, int]:
    """Where the collection's item number `index` (0-based) starts in `text`: its key in the
    keyed form, else its place in the list (the item's own faults are named, not located: it
    is parsed apart from the file)."""
    from queens_tui.formats._common import element_starts, elements_at, json_at, key_at

    if isinstance(data, dict) and not isinstance(data.get("levels"), list):
        return key_at(text, level_id)
    if isinstance(data, dict):
        starts = elements_at(text, "levels")
    else:
        starts = [json_at(text, p) for p in element_starts(text, text.index("[") + 1)]
    return starts[index] if index < len(starts) else (1, 1)


def _item(item: Any) -> PuzzleLevel:
    """One member of a JSON collection, by its form: a community app's item (a kind's format
    module that reads one has `COMMUNITY_KEYS` and `from_community(item)`), else a level
    object of any kind."""
    if not isinstance(item, dict):
        raise LevelError("not a level object")
    from queens_tui.formats import kind_of_text, reader, readers

    for kind in readers():  # a community app's own form: the kind whose keys it has
        module = reader(kind)
        if any(key in item for key in getattr(module, "COMMUNITY_KEYS", ())):
            got: PuzzleLevel = module.from_community(item)
            return got
    text = json.dumps(item)
    level: PuzzleLevel = reader(kind_of_text(text, ".json")).parse(text, ".json")
    return level


FOLDER_DEPTH = 8
"""How deep a folder's sub-folders are read (deeper ones are named as not read)."""


def _walk(
    folder: Path, prefix: str, depth: int, paths: list[tuple[str, Path]], errors: list[str]
) -> None:
    """The level files under `folder` as (id, path), sub-folders after the files, by name."""
    from queens_tui.formats.bundled import LEVEL_SUFFIXES

    try:
        names = sorted(n for n in os.listdir(folder) if not n.startswith("."))
    except OSError as err:
        errors.append(f"{folder}: cannot list the folder: {err.strerror or err}")
        return
    folders = []
    for name in names:
        p = folder / name
        if p.is_symlink() and p.is_dir():
            errors.append(f"{p}: a link to a folder, not followed")
        elif p.is_dir():
            folders.append(p)
        elif p.is_file() and p.suffix.lower() in LEVEL_SUFFIXES:
            paths.append((f"{prefix}{p.stem}", p))
    for p in folders:
        if depth + 1 > FOLDER_DEPTH:
            errors.append(f"{p}: deeper than {FOLDER_DEPTH} folders, not read")
        else:
            _walk(p, f"{prefix}{p.name}/", depth + 1, paths, errors)


def _folder(folder: Path) -> Collection:
    """Every level file in `folder` and its sub-folders (ids `sub/name`: the archive
    layout's days ``YYYY-MM-DD/<game>.json`` among them), by name; broken files, a link to a
    folder (not followed) and folders deeper than `FOLDER_DEPTH` are kept as error lines, so
    nothing in the folder is left out without a word. Hidden files and folders are skipped."""
    from queens_tui.formats import load_puzzle

    try:
        os.listdir(folder)
    except OSError as err:
        raise LevelError(
            f"cannot list the folder: {err.strerror or err}", path=str(folder)
        ) from None
    items: list[tuple[str, PuzzleLevel]] = []
    errors: list[str] = []
    paths: list[tuple[str, Path]] = []
    _walk(folder, "", 0, paths, errors)
    if len(paths) > MAX_ITEMS:
        raise LevelError(f"{len(paths):,} files: at most {MAX_ITEMS:,} levels", path=str(folder))
    if not paths:
        raise LevelError("is a directory with no level files", path=str(folder))
    for level_id, p in paths:
        try:
            items.append((level_id, load_puzzle(p)))
        except LevelError as err:
            errors.append(str(err if err.path else err.located(str(p))))
    return Collection(folder.name, tuple(items), tuple(errors))
