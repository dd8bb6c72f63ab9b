"""`queens-tui learn`: a lesson for every rule the hints use (`catalog.lessons`).

Without options it opens the game on the list of lessons. `--list` prints each lesson (kind,
rule id, title, the level it comes from; `--json`: one object a line); `--export DIR` writes
each lesson's board as a level file of its kind, `<kind>-<rule>.txt`, so that `explain` on
it starts with that rule and `play` opens it on the lesson's board. A lesson that is a
position inside a level (Queens' crosses, Zip's path, Patches' patches) is written as that
level with a `position:` section (`formats.position`); classic N-queens' as its board of a
size and the position on it (`formats.classic`). Export never overwrites a file it did
not write: a file there already is replaced only when it is a lesson file (its name line,
among its first, names a lesson); otherwise nothing is written and the command says which
file is in the way (exit 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

EXIT_OK, EXIT_BAD_INPUT = 0, 2
MARK = "# name: Lesson: "
"""The name line of a file `--export` wrote: only such files are written over."""
HEAD_LINES = 3
"""The name line is among a lesson file's first lines (after `# kind:`)."""


def register(sub: Any) -> None:
    """Add the `learn` subcommand to the `queens-tui` parser."""
    p = sub.add_parser(
        "learn",
        help="lessons: a short board for every rule the hints use",
        description="A lesson for every rule the hints name, each on a board the engine "
        "found where that rule is the next step, simplest rule first. Without options, "
        "open the lessons in the game.",
    )
    p.add_argument("--list", action="store_true", help="print the lessons and exit")
    p.add_argument("--json", action="store_true", help="with --list: one JSON object a line")
    p.add_argument(
        "--export",
        metavar="DIR",
        help="write each lesson's board as a level file DIR/<kind>-<rule>.txt and exit",
    )
    p.add_argument("--ascii", action="store_true", help="plain ASCII instead of box drawing")
    p.set_defaults(func=cmd_learn)


def _err(line: object) -> None:
    print(line, file=sys.stderr)


def cmd_learn(args: argparse.Namespace) -> int:
    """List, export, or open the lessons in the game."""
    from queens_tui.catalog.lessons import lessons

    if args.json and not args.list:
        _err("queens-tui learn: --json goes with --list")
        return EXIT_BAD_INPUT
    if args.list:
        for lesson in lessons():
            if args.json:
                print(json.dumps(lesson.as_json(), ensure_ascii=False))
            else:
                print(f"{lesson.kind}\t{lesson.rule}\t{lesson.title}\t{_where(lesson)}")
        return EXIT_OK
    if args.export is not None:
        return export(Path(args.export))
    from queens_tui.cli.play import on_a_terminal

    if not on_a_terminal():
        _err("queens-tui learn: standard output is not a terminal: the game draws on one")
        return EXIT_BAD_INPUT
    from queens_tui.app import create_app
    from queens_tui.store import Store

    store = Store()
    try:
        app = create_app(None, ascii=args.ascii, store=store, learn=True)
        app.run()
    finally:
        store.close()
    return app.return_code or EXIT_OK


def _where(lesson: Any) -> str:
    if lesson.step == 0:
        return str(lesson.source)
    return f"{lesson.source} after {lesson.step} step{'s' * (lesson.step > 1)}"


def _ours(path: Path) -> bool:
    """True when `path` is a lesson file `--export` wrote (a plain file that starts so)."""
    try:
        if path.is_symlink() or not path.is_file():
            return False
        with path.open(encoding="utf-8") as f:
            return any(f.readline().startswith(MARK) for _ in range(HEAD_LINES))
    except (OSError, UnicodeDecodeError):
        return False


def export(folder: Path) -> int:
    """Write every exportable lesson's board into `folder` (made if missing)."""
    from queens_tui.catalog.lessons import export_name, lessons, level_text
    from queens_tui.store.jsonfile import atomic_write_bytes

    if folder.exists() and not folder.is_dir():
        _err(f"{folder}: not a folder")
        return EXIT_BAD_INPUT
    todo = [x for x in lessons() if x.exportable]
    blocked = [
        folder / export_name(x)
        for x in todo
        if (folder / export_name(x)).exists() or (folder / export_name(x)).is_symlink()
    ]
    blocked = [p for p in blocked if not _ours(p)]
    if blocked:
        more = f" (and {len(blocked) - 1} more)" if len(blocked) > 1 else ""
        _err(f"{blocked[0]}: a file learn --export did not write is in the way{more}")
        return EXIT_BAD_INPUT
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for lesson in todo:
            text = level_text(lesson)
            atomic_write_bytes(folder / export_name(lesson), text.encode("utf-8"), public=True)
    except OSError as err:
        _err(f"{folder}: {err.strerror or err}")
        return EXIT_BAD_INPUT
    skipped = [x for x in lessons() if not x.exportable]
    print(f"{len(todo)} lessons written to {folder}")
    if skipped:
        names = ", ".join(x.id for x in skipped)
        print(f"{len(skipped)} not written (a kind with no level files): {names}")
    return EXIT_OK
