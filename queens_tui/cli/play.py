"""`queens-tui play` (the default command): the game, on a level or a daily puzzle."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from queens_tui.core.colour import PALETTES
from queens_tui.kinds import DEFAULT_KIND, KINDS, board_kinds, get_kind

if TYPE_CHECKING:
    from queens_tui.app.app import Options

EXIT_OK, EXIT_BAD_INPUT = 0, 2

CURSOR_RESTORE = "\x1b[0 q\x1b[?25h"
"""The terminal's default cursor shape (DECSCUSR 0) and a visible cursor."""


def _err(message: object) -> None:
    print(message, file=sys.stderr, flush=True)


def register(sub: Any) -> None:
    """Add the `play` subcommand; `--kind`'s choices are the kinds."""
    p = sub.add_parser("play", help="play a level (default: today's puzzle)")
    p.add_argument(
        "level",
        nargs="?",
        help="a level file, a screenshot, a bundled level's id, a folder of LinkedIn's archive "
        "days (the level browser lists every day of every kind), or a collection (a file of "
        "many levels, or a folder: the level browser opens on it) (default: today's daily "
        "puzzle of --kind)",
    )
    p.add_argument(
        "--ascii",
        action="store_true",
        help="plain ASCII: Q and x instead of ♛ and ×, ASCII borders and glyphs",
    )
    p.add_argument(
        "--palette",
        choices=PALETTES,
        help="region colours for this game: standard (LinkedIn's), colour-blind (touching "
        "regions apart for every eye), high-contrast (default: the palette setting)",
    )
    p.add_argument(
        "--engine",
        choices=("auto", "cpsat", "search"),
        default="auto",
        help="solver of the live check, mistakes, hints and S, run in the background: "
        "cpsat (OR-Tools CP-SAT, loaded after the first frame), search (the exact pure "
        "search), auto (cpsat, or search if OR-Tools cannot load; the default)",
    )
    p.add_argument(
        "--kind",
        choices=KINDS,
        default=DEFAULT_KIND,
        help="the puzzle kind (default: the first); without LEVEL a kind with a daily opens "
        "today's (or --date's) puzzle, a kind with neither files nor a daily the empty board "
        "of --size",
    )
    p.add_argument("--size", type=int, metavar="N", action=_SizeOption)
    p.add_argument(
        "--date", metavar="YYYY-MM-DD", help="play that day's daily puzzle (not a future one)"
    )
    p.add_argument(
        "--daily-dir",
        metavar="DIR",
        help="folder of daily puzzle files named YYYY-MM-DD.txt/.ts/.json, or of LinkedIn's "
        "archive days, YYYY-MM-DD_<game>.json or YYYY-MM-DD/<game>.json; a day it lacks is "
        "refused, not replaced (default: <user data dir>/daily)",
    )
    p.set_defaults(func=cmd_play)


class _SizeOption(argparse.Action):
    """`--size N`, whose help (each board kind's sizes, from its `KIND`) is made only when
    shown: the game's start builds this parser, and reading every kind's `KIND` for a help
    line it does not show would import every kind's level model before the first frame."""

    @property
    def help(self) -> str:
        return "; ".join(
            f"with --kind {k}: {min(sizes)} to {max(sizes)} ({get_kind(k).default_size})"
            for k in board_kinds()
            for sizes in [get_kind(k).sizes]
        )

    @help.setter
    def help(self, value: object) -> None:
        """argparse sets the help it was given (none): the property makes it."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)


def on_a_terminal() -> bool:
    """True when the game can draw: standard output is a terminal, or Textual was told to
    draw elsewhere (`serve` runs the game with its web driver, output on a pipe)."""
    import os

    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def keys_from_terminal() -> str | None:
    """Make sure the game reads its keys from a terminal; None when it does, else the line
    that says why it cannot. Standard input that is not a terminal (`cat level | play -`:
    the level came through it, then end of file) made the game spin at 100% CPU, deaf to
    `q`. Such input is replaced by the controlling terminal, /dev/tty, as `less` does; with
    none, the game is refused. The browser's game (`serve`) reads its own pipe."""
    import os

    if os.environ.get("TEXTUAL_DRIVER"):
        return None
    try:
        if os.isatty(0):
            return None
        tty = os.open("/dev/tty", os.O_RDWR | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return (
            "queens-tui play: standard input is not a terminal and there is none to read keys "
            "from: give the level as a file, not on standard input"
        )
    os.dup2(tty, 0)
    os.close(tty)
    return None


def board_ref(args: argparse.Namespace) -> object | None:
    """`play --kind K --size N` for a kind played on an empty board of a size (classic): the
    level to open, or None after printing why not (a LEVEL or --date given too, a bad size)."""
    kind = get_kind(args.kind)
    size = kind.default_size if args.size is None else args.size
    if args.level is not None or args.date is not None:
        _err(f"queens-tui play: --kind {kind.name} takes --size N, not a LEVEL or --date")
        return None
    if size not in kind.sizes:
        low, high = min(kind.sizes), max(kind.sizes)
        _err(f"queens-tui play: --size must be {low} to {high} for {kind.name}, got {size}")
        return None
    from queens_tui.catalog import LevelRef
    from queens_tui.midend.levels import open_ref

    return open_ref(LevelRef.board(kind.name, size))


def cmd_play(args: argparse.Namespace) -> int:
    """Start the game on LEVEL (a file or a bundled id), else on a daily puzzle.

    Without LEVEL: today's puzzle, or `--date`'s; the daily folder's file for
    that day if there is one, else the puzzle generated from the date (after
    the first frame). The level (or the day's file) is read before the UI
    starts, so a bad one gets the same one line as `check`, and a bad --date
    one line too, with exit 2 and the terminal untouched.
    """
    from datetime import date

    from queens_tui.catalog import parse_ref
    from queens_tui.core.errors import LevelError

    if args.date is not None and args.level is not None:
        _err("queens-tui play: give a LEVEL or --date, not both")
        return EXIT_BAD_INPUT
    on_board = get_kind(args.kind).daily is None
    if args.size is not None and not on_board:
        made = get_kind(args.kind)
        _err(
            f"queens-tui play: --size is for the boards of {', '.join(board_kinds())}; "
            f"to play a {made.title} of another size, make one: queens-tui generate --kind "
            f"{made.name} --size N --out DIR (sizes: {', '.join(map(str, made.sizes))})"
        )
        return EXIT_BAD_INPUT
    options: Options = {"ascii": args.ascii, "palette": args.palette, "engine": args.engine}
    options["kind"] = DEFAULT_KIND if on_board else args.kind  # the daily's kind
    level_arg: Any = None
    try:  # one reading of LEVEL and --date: the catalog's (a daily is refused if in the future)
        if on_board:
            level_arg = board_ref(args)
            if level_arg is None:
                return EXIT_BAD_INPUT
        elif args.date is not None:
            ref = parse_ref(f"daily:{options['kind']}:{args.date}", today=date.today())
            options["daily"] = ref.day
        elif args.level is not None and _library(args.level):
            options["library"] = Path(args.level)
            level_arg = _first_day(Path(args.level), args.kind)
        elif args.level is not None and _collection(args.level):
            options["browse"], level_arg = _open_collection(args.level)
        elif args.level is not None:
            ref = parse_ref(args.level, today=date.today())
            if ref.day is not None:  # daily:DATE or daily:KIND:DATE: through the store, as --date
                options["daily"] = ref.day  # daily:DATE: --kind's daily; daily:KIND:DATE: KIND's
                if ref.kind is not None and ref.kind != DEFAULT_KIND:
                    options["kind"] = ref.kind
            else:
                from queens_tui.midend.levels import open_ref

                level_arg = open_ref(ref)
                if args.kind != DEFAULT_KIND and level_arg.level.kind != args.kind:
                    from queens_tui.cli.batch import mismatch

                    raise LevelError(mismatch(level_arg.level, args.kind), path=args.level)
    except LevelError as err:
        _err(f"queens-tui play: {err.message}" if args.date is not None else err)
        return EXIT_BAD_INPUT
    if args.daily_dir is not None and level_arg is None and "browse" not in options:
        day = options.get("daily") or date.today()
        missing = _not_in_daily_dir(args.daily_dir, options["kind"], day)
        if missing is not None:
            _err(missing)
            return EXIT_BAD_INPUT
    from queens_tui.app import create_app
    from queens_tui.store import Store

    store = Store(daily_dir=args.daily_dir)
    try:
        app = create_app(level_arg, store=store, **options)
    except LevelError as err:
        _err(err)
        return EXIT_BAD_INPUT
    if not on_a_terminal():  # after the level is read: a bad file is said first
        store.close()
        _err("queens-tui play: standard output is not a terminal: the game draws on one")
        return EXIT_BAD_INPUT
    problem = keys_from_terminal() if args.level == "-" else None  # the level took stdin
    if problem is not None:
        store.close()
        _err(problem)
        return EXIT_BAD_INPUT
    try:
        app.run()
    finally:
        store.close()  # every move reaches the disk, whatever ended the app
        restore_cursor(sys.stdout)
    return app.return_code or EXIT_OK  # 1 after a crash (Textual printed the traceback)


def _not_in_daily_dir(folder: str, kind: str, day: Any) -> str | None:
    """The line that says `--daily-dir` has no `kind` puzzle for `day`, and what it has; None
    when it has one. The player named the folder: never open another puzzle without a word."""
    import os

    from queens_tui.kinds import daily_kinds
    from queens_tui.store.daily import daily_dir_summary, daily_file

    if not os.path.isdir(folder):
        return f"queens-tui play: --daily-dir {folder}: no such folder"
    if daily_file(kind, day, folder) is not None:
        return None
    title = get_kind(kind).title
    summary = daily_dir_summary(folder, tuple(daily_kinds()))
    return (
        f"queens-tui play: {folder} has no {title} puzzle for {day.isoformat()}; {summary} "
        f"(--date picks the day, --kind the puzzle; without --daily-dir, our own daily)"
    )


def _library(arg: str) -> bool:
    """Is `arg` a folder of LinkedIn's archive days (`catalog.library`, either layout)?"""
    import os

    from queens_tui.catalog.library import is_library

    return os.path.isdir(arg) and is_library(arg)


def _first_day(folder: Path, kind: str) -> Any:
    """The level the game shows under the browser of a library: its newest readable day of
    `kind` (else of any kind); `LevelError` when no day can be read."""
    from queens_tui.catalog import LevelRef
    from queens_tui.catalog.library import find
    from queens_tui.core.errors import LevelError
    from queens_tui.midend.levels import open_ref

    files = find(folder).files
    ranked = sorted(files, key=lambda f: (f[0] != kind, -f[1].toordinal()))
    for found_kind, _day, path, _shown in ranked[:50]:
        try:
            return open_ref(LevelRef.file(path, found_kind))
        except LevelError:
            continue
    raise LevelError("no day in it can be read", path=str(folder))


def _collection(arg: str) -> bool:
    """Is `arg` a folder, or a file of many levels (`formats.collection`)?"""
    import os

    if os.path.isdir(arg):
        return True
    if not arg.lower().endswith(".json") or not os.path.isfile(arg):
        return False
    from queens_tui.formats.collection import COLLECTION_BYTES, is_collection_text

    try:
        if os.path.getsize(arg) > COLLECTION_BYTES:  # the collection reader says it is too big
            return True
        with open(arg, encoding="utf-8-sig") as f:
            return is_collection_text(f.read(COLLECTION_BYTES + 1))
    except (OSError, UnicodeDecodeError):
        return False


def _open_collection(arg: str) -> tuple[Any, Any]:
    """The collection `arg` as a pack (`catalog.user_packs.open_collection`) and its first level;
    `LevelError` located at `arg`."""
    from queens_tui.catalog import LevelRef
    from queens_tui.catalog.user_packs import open_collection, pack_entries
    from queens_tui.midend.levels import open_ref

    pack = open_collection(arg)
    for line in (*pack.errors, *pack.notes):
        _err(line)
    entries = pack_entries(pack.folder)
    if not entries:
        from queens_tui.core.errors import LevelError

        raise LevelError("no level in it", path=arg)
    first = entries[0].ref
    return pack.folder, open_ref(LevelRef.file(first.path or "", first.kind))


def restore_cursor(stream: Any) -> None:
    """Leave the player's cursor as the terminal draws it by default, on a terminal only."""
    try:
        if stream.isatty():
            stream.write(CURSOR_RESTORE)
            stream.flush()
    except (OSError, ValueError, AttributeError):
        pass
