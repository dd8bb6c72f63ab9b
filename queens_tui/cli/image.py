"""`queens-tui import IMAGE...`: screenshots of boards of every picture kind to level files.

Each picture becomes a level in its kind's native text format (Queens keeps
the colours; every kind keeps the file name as its source; a `# seen:` comment
says the kind read, how many cells look it and what they showed), printed to
stdout with a blank line between levels, or written to
`DIR/<picture stem>.txt` with `--out DIR`. The kind is the picture's (its
cells decide) or `--kind`'s. A picture without a readable board gets the
one line `FILE: cannot read a <Kind> board: <why>` on stderr, and the exit
code is 2; the other pictures are still imported.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from queens_tui.core.errors import printable
from queens_tui.core.grid import join_words
from queens_tui.kinds import KINDS, get_kind

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def register(sub: Any) -> None:
    """Add the `import` subcommand to the `queens-tui` parser."""
    pictured = [k for k in KINDS if get_kind(k).image is not None]  # read from pictures
    titles = join_words([get_kind(k).title for k in pictured])
    p = sub.add_parser("import", help=f"read {titles} boards from screenshots into level files")
    p.add_argument(
        "images",
        nargs="+",
        metavar="IMAGE",
        help="PNG, JPEG, WebP, BMP or GIF (with --pack: the collection, FILE_OR_FOLDER)",
    )
    p.add_argument(
        "--out", metavar="DIR", help="write DIR/<image name>.txt per picture (default: stdout)"
    )
    p.add_argument(
        "--pack",
        metavar="NAME",
        help="copy a collection (a file of many levels, a folder of level files or of "
        "LinkedIn archive days) into your own pack NAME, listed in the level browser",
    )
    p.add_argument(
        "--kind",
        choices=pictured,
        help="read the pictures as this kind (default: the picture's cells decide)",
    )
    p.set_defaults(func=cmd_import)


def cmd_import(args: argparse.Namespace) -> int:
    """Import each picture; exit 0 if all were read, 2 if some were not. With `--pack`, copy
    one collection into the player's packs instead."""
    if args.pack is not None:
        return _import_pack(args.pack, args.images)
    from queens_tui.core.errors import LevelError
    from queens_tui.formats import reader
    from queens_tui.formats.image import read_puzzle

    out_dir = None
    if args.out is not None:
        out_dir = Path(args.out)
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            _err(f"{printable(args.out)}: cannot create the folder: {err.strerror or err}")
            return EXIT_BAD_INPUT
    worst = EXIT_OK
    printed = 0
    written: set[str] = set()
    for image in args.images:
        try:
            reading = read_puzzle(image, args.kind)
            level = reading.level
            text = _noted(reader(level.kind).dump(level, "text"), reading.seen)
        except LevelError as err:
            _err(err if err.path else err.located(image))
            worst = EXIT_BAD_INPUT
            continue
        if out_dir is None:
            sys.stdout.write(("\n" if printed else "") + text)
            sys.stdout.flush()
        else:
            from queens_tui.store.jsonfile import atomic_write_bytes  # (only when writing)

            path = out_dir / unused_name(Path(image).stem, ".txt", written)
            try:
                atomic_write_bytes(path, text.encode("utf-8"), sync=False, public=True)  # whole
            except OSError as err:
                _err(f"{printable(str(path))}: cannot write: {err.strerror or err}")
                return EXIT_BAD_INPUT
            print(printable(str(path)), flush=True)
        printed += 1
    return worst


def _import_pack(name: str, sources: list[str]) -> int:
    """`import --pack NAME FILE_OR_FOLDER`: one line saying what was copied, or why not."""
    from queens_tui.catalog.user_packs import import_pack
    from queens_tui.core.errors import LevelError

    if len(sources) != 1:
        print("queens-tui import --pack: give one FILE_OR_FOLDER", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        pack = import_pack(name, sources[0])
    except LevelError as err:
        print(err if err.path else err.located(sources[0]), file=sys.stderr, flush=True)
        return EXIT_BAD_INPUT
    except OSError as err:
        print(f"{printable(name)}: cannot write the pack: {err.strerror or err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for line in (*pack.errors, *pack.notes):
        print(line, file=sys.stderr)
    print(f"{printable(name)}: {pack.count} levels from {printable(sources[0])} ({pack.folder})")
    return EXIT_BAD_INPUT if pack.errors else EXIT_OK


def unused_name(stem: str, suffix: str, taken: set[str]) -> str:
    """`stem + suffix`, or `stem-2 + suffix`, `-3`, ... when this run already wrote that name
    (a/x.png and b/x.jpg both make x.txt): the second picture never overwrites the first.
    Names are compared case-folded, as a case-insensitive disk would. Adds the name to `taken`."""
    name, k = f"{stem}{suffix}", 1
    while name.casefold() in taken:
        k += 1
        name = f"{stem}-{k}{suffix}"
    taken.add(name.casefold())
    return name


def _noted(text: str, seen: str | None) -> str:
    """The level's text with a `# seen:` comment after its header lines: the kind read, how
    many cells look it, what the cells showed (every format skips comment lines)."""
    if seen is None:
        return text
    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))
    return "\n".join([*lines[:at], f"# seen: {printable(seen)}", *lines[at:]])


def _err(message: object) -> None:
    print(message, file=sys.stderr, flush=True)
