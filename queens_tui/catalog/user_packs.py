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

A pack is never lost (`write_pack`): the new one is built whole in a temporary
folder beside it, then the folders are swapped by two renames, and only then
are the old pack's files deleted: the ones its manifest lists, each checked to be
a plain file inside it, never by pattern. A pack folder that is a link is refused.
One writer at a time (a lock file in the packs' folder); what a killed writer
leaves is finished or undone by the next (`_recover`). A manifest that cannot be
read is set aside as saves are (``.pack.json.corrupt-...``) and the pack skipped
with a notice; a collection's cached pack is rebuilt.

Layer: the catalog (reads formats, writes through the store's helpers).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from queens_tui.core.errors import LevelError

if TYPE_CHECKING:
    from queens_tui.catalog.listing import Entry
    from queens_tui.core.kind import PuzzleLevel

MANIFEST = ".pack.json"
"""The pack's index (hidden: the folder's level files are its other files)."""

LOCK = ".lock"
"""The lock file in the packs' (or collections') folder: one writer of packs at a time."""

LOCK_WAIT = 10.0
"""How long a writer waits for another to finish before it gives up with one line."""

NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}")
"""Pack names people type (the whole name: `fullmatch`): letters, digits, space, `_ . -`."""

STEM_CHARS = 64
"""A level file's name is at most this long before `.txt` (ids may be any length)."""

MANIFEST_BYTES = 64_000_000
"""The most a manifest may hold (20,000 levels with long titles); more is not ours."""

NEW, OLD = ".pack-new", ".pack-old"
"""Suffixes of the hidden folders of a write under way: `.NAME.<random>.pack-new` (the new
pack being built) and `.NAME.pack-old` (the old pack between the swap and its deletion)."""


@dataclass(frozen=True)
class Pack:
    """A pack on disk: its name, folder and how many levels it holds."""

    name: str
    folder: Path
    count: int
    errors: tuple[str, ...] = ()
    """One line per member of the collection that could not be read."""
    notes: tuple[str, ...] = ()
    """What the player should know that is not an error (old files kept, an index set aside)."""


def packs_root(data: str | os.PathLike[str] | None = None) -> Path:
    """``<data dir>/packs``: the player's own packs, one folder each."""
    from queens_tui.store.paths import data_dir

    return data_dir(data) / "packs"


def collections_root(data: str | os.PathLike[str] | None = None) -> Path:
    """``<data dir>/collections``: collections opened by `play FILE_OR_FOLDER`."""
    from queens_tui.store.paths import data_dir

    return data_dir(data) / "collections"


def _file_id(level_id: str, width: int) -> str:
    """A file name for a level id: digits padded so files sort as the collection does; what
    a file name can't hold becomes `-`, and a long id is cut (`STEM_CHARS`)."""
    text = level_id.zfill(width) if level_id.isdigit() else level_id
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-.")
    return stem[:STEM_CHARS].strip("-.") or "level"


def _unique(stem: str, taken: set[str], tried: dict[str, int]) -> str:
    """`stem`, or `stem-2`, `-3`... when taken (compared case-folded, as a case-insensitive
    disk would); `tried` remembers each stem's last number, so 20,000 equal stems stay fast."""
    k = tried.get(stem.casefold(), 1)
    name = stem if k == 1 else f"{stem}-{k}"
    while name.casefold() in taken:
        k += 1
        name = f"{stem}-{k}"
    tried[stem.casefold()] = k
    taken.add(name.casefold())
    return name


def read_source(source: str | os.PathLike[str]) -> tuple[list[tuple[str, PuzzleLevel]], list[str]]:
    """The (id, level) items of a collection or of one level file, and error lines."""
    from queens_tui.formats import load_puzzle
    from queens_tui.formats.collection import read_collection

    pack = read_collection(source)
    if pack is not None:
        return list(pack.items), list(pack.errors)
    return [(Path(source).stem, load_puzzle(source))], []


# --- the manifest --------------------------------------------------------------------------


def _listed_file(value: Any) -> str:
    """A manifest entry's `file`: a plain `.txt` name in the pack's folder, never a path."""
    from queens_tui.store.jsonfile import SchemaError

    plain = (
        isinstance(value, str)
        and value == os.path.basename(value)
        and "\\" not in value
        and value.endswith(".txt")
        and not value.startswith(".")
        and value.isprintable()
    )
    if not plain:
        raise SchemaError(f"a level's file {value!r} is not a file name in the pack")
    return str(value)


_FIELDS: dict[str, tuple[type, ...]] = {
    "id": (str,),
    "kind": (str,),
    "key": (str,),
    "title": (str,),
    "size": (int,),
    "difficulty": (str,),
    "number": (str, int),
    "date": (str,),
}
"""A manifest entry's fields and their types (each may also be null or absent)."""


def _manifest(body: Any) -> dict[str, Any]:
    """A manifest's JSON checked to be one we write (`SchemaError` saying why not)."""
    from queens_tui.kinds import KINDS
    from queens_tui.store.jsonfile import SchemaError, expect

    expect(isinstance(body, dict), "it is not a JSON object")
    for key in ("name", "source"):
        expect(isinstance(body.get(key, ""), str), f"its {key} is not text")
    levels = body.get("levels")
    expect(isinstance(levels, list) and levels != [], "it has no list of levels")
    for item in levels:
        expect(isinstance(item, dict), "a level is not a JSON object")
        _listed_file(item.get("file"))
        for key, types in _FIELDS.items():
            value = item.get(key)
            if value is not None and (isinstance(value, bool) or not isinstance(value, types)):
                raise SchemaError(f"a level's {key} is not {types[0].__name__}")
        expect(item.get("kind") in (None, *KINDS), f"a level's kind {item.get('kind')!r}")
    return dict(body)


def read_manifest(
    folder: Path, notice: Callable[[str], None] | None = None, *, then: str | None = None
) -> dict[str, Any] | None:
    """The manifest of the pack in `folder`, checked (`_manifest`); None when it is absent or
    unusable: then it is set aside (``.pack.json.corrupt-...``, never deleted) and `notice`
    hears one sentence for the player, ending with `then` (what happens next; by default,
    that the pack is not listed and how to make it again)."""
    import shlex

    from queens_tui.store.jsonfile import read_json

    body, bad = read_json(folder / MANIFEST, _manifest, limit=MANIFEST_BYTES)
    if bad is not None and notice is not None:
        where = f"it was moved to {bad.moved_to}" if bad.moved_to else "it is left as it is"
        if then is None:
            again = (
                f"queens-tui import --pack {shlex.quote(folder.name)} {shlex.quote(str(folder))}"
            )
            then = (
                "the pack is not listed. Its level files are still in the folder: "
                f"`{again}` makes it a pack again"
            )
        notice(f"The index of {folder} could not be read ({bad.reason}); {where} and {then}.")
    return body


# --- writing --------------------------------------------------------------------------------


def _refuse_link(folder: Path) -> None:
    """`LevelError` when `folder` is a link (the pack would be written, and the old one
    deleted, wherever it points: a pack's folder, or `packs` itself) or something other than a
    folder; absent is fine."""
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode):
        raise LevelError(
            "is a link: packs are written only in real folders, never where a link points "
            "(remove the link, or choose another name)",
            path=str(folder),
        )
    if not stat.S_ISDIR(mode):
        raise LevelError("is not a folder: move it away, or choose another name", path=str(folder))


def _write_file(path: Path, data: bytes) -> None:
    """A new file (never an existing one, never through a link)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), 0o666)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def _sync(folder: Path) -> None:
    """Put the files written in `folder` on the disk: one `os.sync` (an fsync a file cost
    4-8 ms here, minutes for 20,000 levels), or each file's fsync where there is no `os.sync`
    (Windows)."""
    from queens_tui.store.jsonfile import fsync_dir

    if hasattr(os, "sync"):
        os.sync()
    else:
        for path in folder.iterdir():
            with open(path, "rb+") as f:
                os.fsync(f.fileno())
    fsync_dir(folder)


def _fill(
    folder: Path, name: str, source: str, items: list[tuple[str, PuzzleLevel]], sync: bool
) -> None:
    """Write `items` as level files and the manifest (last) into the empty `folder`."""
    from queens_tui.core.meta import one_line
    from queens_tui.formats import reader
    from queens_tui.kinds import get_kind
    from queens_tui.store.progress import grid_key

    width = min(STEM_CHARS, max((len(i) for i, _ in items if i.isdigit()), default=0))
    listed: list[dict[str, Any]] = []
    taken: set[str] = set()
    tried: dict[str, int] = {}
    for level_id, level in items:
        path = folder / f"{_unique(_file_id(level_id, width), taken, tried)}.txt"
        _write_file(path, reader(level.kind).dump(level, "text").encode("utf-8"))
        meta = level.metadata
        size = getattr(level, "size", None)
        title = (
            one_line(meta.get("name") or "") or f"{get_kind(level.kind).title} {one_line(level_id)}"
        )
        listed.append(
            {
                "id": level_id,
                "file": path.name,
                "kind": level.kind,
                "key": grid_key(level),
                "title": title,
                "size": size if isinstance(size, int) else getattr(level, "rows", None),
                "difficulty": meta.get("difficulty"),
                "number": meta.get("number"),
                "date": meta.get("date"),
            }
        )
    body = {"name": name, "source": source, "levels": listed}
    _write_file(folder / MANIFEST, json.dumps(body, ensure_ascii=False).encode())
    if sync:
        _sync(folder)


def _remove_ours(folder: Path, names: list[str]) -> None:
    """Delete `names` from `folder`: each only if it is a plain file inside it (a link, a
    folder or a path that leads out is left alone)."""
    inside = folder.resolve()
    for name in names:
        path = folder / name
        try:
            if path.resolve().parent != inside or not stat.S_ISREG(os.lstat(path).st_mode):
                continue
            path.unlink()
        except (OSError, RuntimeError):  # gone already, or a loop of links
            continue


def _clear_old(old: Path, pack: Path) -> list[str]:
    """Delete the old pack `old` (its manifest's files, then the manifest, then the folder);
    what it held that it did not list is kept, in ``<pack>.kept-<when>``. The lines to show."""
    from queens_tui.store.jsonfile import move_aside

    body = read_manifest(old)
    if body is not None:
        _remove_ours(old, [item["file"] for item in body["levels"]])
        _remove_ours(old, [MANIFEST])
    try:
        old.rmdir()
        return []
    except OSError:
        pass
    try:
        kept = move_aside(old, label="kept", name=pack.name)
    except OSError as err:
        return [f"{old}: the old pack's other files are left there ({err.strerror or err})"]
    return [f"{pack}: files the old pack did not list were kept in {kept}"]


def _remove_new(folder: Path) -> None:
    """Remove a new pack's folder that was never swapped in: the files a writer puts there,
    then the folder (kept if it holds anything else)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    _remove_ours(folder, [n for n in names if n.endswith(".txt") or n == MANIFEST])
    with contextlib.suppress(OSError):
        folder.rmdir()


def _recover(parent: Path) -> list[str]:
    """Finish or undo what a killed writer left in `parent` (the caller holds the lock, so no
    writer is live): a swap cut in half is undone (the old pack back in place), a swapped-out
    old pack is deleted as `_clear_old` does, a half-built new pack is removed."""
    lines: list[str] = []
    try:
        names = os.listdir(parent)
    except OSError:
        return lines
    for name in names:
        path = parent / name
        if not name.startswith(".") or not path.is_dir() or path.is_symlink():
            continue
        if name.endswith(OLD):
            pack = parent / name[1 : -len(OLD)]
            if os.path.lexists(pack):
                lines += _clear_old(path, pack)
            else:
                os.rename(path, pack)
        elif name.endswith(NEW):
            _remove_new(path)
    return lines


def write_pack(
    folder: Path, name: str, source: str, items: list[tuple[str, PuzzleLevel]], *, sync: bool = True
) -> list[str]:
    """Write `items` as the pack in `folder`, replacing what it held only once the new pack
    is whole (see the module docstring); the lines to show (old files kept). `LevelError`
    for a pack folder that is a link, `store.lock.Locked` when another writer holds the lock
    past `LOCK_WAIT`, OSError when the disk refuses (the old pack is then untouched)."""
    from queens_tui.store.lock import Locked, holding

    parent = folder.parent
    _refuse_link(parent)  # `packs` itself a link out of the data folder
    parent.mkdir(parents=True, exist_ok=True)
    try:
        with holding(parent / LOCK, wait=LOCK_WAIT):
            return _write_locked(folder, name, source, items, sync)
    except Locked as held:
        who = f"pid {held.pid}" if held.pid else "another process"
        raise LevelError(
            f"another queens-tui ({who}) is writing a pack here: try again when it is done",
            path=str(parent),
        ) from None


def _write_locked(
    folder: Path, name: str, source: str, items: list[tuple[str, PuzzleLevel]], sync: bool
) -> list[str]:
    """`write_pack`'s work, under the lock."""
    from queens_tui.store.jsonfile import fsync_dir, umask

    parent = folder.parent
    lines = _recover(parent)
    _refuse_link(folder)
    new = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=NEW, dir=parent))
    old = parent / f".{folder.name}{OLD}"
    try:
        os.chmod(new, 0o777 & ~umask())  # a folder as any other (mkdtemp's is 0700)
        _fill(new, name, source, items, sync)
        if os.path.lexists(folder):
            os.rename(folder, old)
        try:
            os.rename(new, folder)
        except BaseException:
            if os.path.lexists(old):
                os.rename(old, folder)
            raise
    except BaseException:
        _remove_new(new)
        raise
    if sync:
        fsync_dir(parent)
    if os.path.lexists(old):
        lines += _clear_old(old, folder)
    return lines


def import_pack(
    name: str,
    source: str | os.PathLike[str],
    *,
    data: str | os.PathLike[str] | None = None,
    sync: bool = True,
) -> Pack:
    """Copy the collection (or level file) `source` into the player's pack `name`."""
    if not NAME_RE.fullmatch(name):
        raise LevelError(
            f"pack name {name!r}: letters, digits, space, _ . - (up to 64), no slashes"
        )
    from queens_tui.formats.bundled import levels_dir

    bundled = levels_dir()
    if bundled is not None and (bundled / name).is_dir():  # a bundled pack (or the calendars)
        raise LevelError(f"{name!r} is a bundled pack's name: choose another")
    folder = packs_root(data) / name
    _refuse_link(folder)  # before reading a big collection; again under the lock
    items, errors = read_source(source)
    if not items:
        raise LevelError("no level in it", path=os.fspath(source))
    before = None if folder.is_symlink() else read_manifest(folder)
    notes = write_pack(folder, name, os.fspath(source), items, sync=sync)
    if before is not None:  # the name was taken: say what it held
        count = len(before["levels"])
        was = f" from {before['source']}" if before.get("source") else ""
        notes.insert(
            0,
            f"{name}: replaced the pack of that name ({count} level{'s' * (count != 1)}{was}); "
            "your progress and best times on its levels are kept",
        )
    return Pack(name, folder, len(items), tuple(errors), tuple(notes))


def open_collection(
    source: str | os.PathLike[str], *, data: str | os.PathLike[str] | None = None
) -> Pack:
    """The collection `source` as a pack under ``collections/`` for `play` (rewritten only
    when the source changed: its path, size and modification time name the folder; and
    when its manifest could not be read, which is then set aside with a line saying so)."""
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
    lines: list[str] = []
    if not folder.is_symlink():
        body = read_manifest(folder, lines.append, then="its levels are read again")
        if body is not None:
            return Pack(src.stem, folder, len(body["levels"]), notes=tuple(lines))
    items, errors = read_source(source)
    if not items:
        raise LevelError("no level in it", path=os.fspath(source))
    try:
        lines += write_pack(folder, src.stem, str(src), items)
    except OSError as err:
        raise LevelError(
            f"cannot write its pack: {err.strerror or err}", path=str(folder)
        ) from None
    return Pack(src.stem, folder, len(items), tuple(errors), tuple(lines))


def pack_name(folder: Path) -> str:
    """The name the browser lists the pack in `folder` under (its manifest's)."""
    body = None if folder.is_symlink() else read_manifest(folder)
    return str(body.get("name") or folder.name) if body is not None else folder.name


def pack_folders(data: str | os.PathLike[str] | None = None) -> list[Path]:
    """The player's packs (real folders with a manifest), by name; a write a killed
    `import --pack` left half done is finished or undone first, unless one is under way."""
    from queens_tui.store.lock import Locked, holding

    root = packs_root(data)
    if root.is_symlink():  # never followed out of the data folder (`write_pack` refuses it)
        return []
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    if any(n.endswith((NEW, OLD)) for n in names):
        try:
            with holding(root / LOCK):
                _recover(root)
            names = sorted(os.listdir(root))
        except (Locked, OSError):
            pass
    return [
        root / n
        for n in names
        if not n.startswith(".") and not (root / n).is_symlink() and (root / n / MANIFEST).is_file()
    ]


def listed_packs(data: str | os.PathLike[str] | None, opened: Path | None) -> list[Path]:
    """The packs the level browser lists: the collection `opened` by `play FILE_OR_FOLDER`
    first, then the player's packs. First, because the browser lists a puzzle once: one
    also in a pack imported before is listed under the collection the player opened (issue
    35 item 15: `linkedin-tango-1-200.json` listed its levels under "community")."""
    return [*([opened] if opened is not None else []), *pack_folders(data)]


def pack_entries(folder: Path, notice: Callable[[str], None] | None = None) -> list[Entry]:
    """The browser's rows of the pack in `folder`, from its manifest (no level file read);
    none when the manifest is unusable (set aside, and `notice` told)."""
    from queens_tui.catalog.listing import Entry
    from queens_tui.catalog.refs import LevelRef
    from queens_tui.core.meta import one_line

    body = None if folder.is_symlink() else read_manifest(folder, notice)
    if body is None:
        return []
    name = str(body.get("name") or folder.name)
    out = []
    for item in body["levels"]:
        title = one_line(str(item.get("title") or item.get("id")))  # an index edited by hand
        if item.get("date") and str(item["date"]) not in title:
            title += f" · {item['date']}"
        ref = LevelRef.file(folder / item["file"], item.get("kind"))
        out.append(
            Entry(ref, name, title, item.get("size"), item.get("difficulty"), key_=item.get("key"))
        )
    return out
