"""The `queens-tui` command: play (the default), and the puzzle makers' tools.

This module is the parser and the entry point; each command lives in its own
module (`cli.play`, `cli.batch`, `cli.generate`, `cli.nqueens`, ...) and
imports what it needs inside its handler, so `queens-tui solve` never loads
Textual and `queens-tui` (play) never loads OR-Tools before the first frame.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
import threading
from collections.abc import Sequence
from importlib import import_module
from typing import NoReturn

from queens_tui import __version__

COMMAND_MODULES: tuple[str, ...] = (
    "queens_tui.cli.batch",
    "queens_tui.cli.generate",
    "queens_tui.cli.image",
    "queens_tui.cli.serve",
    "queens_tui.cli.nqueens",
    "queens_tui.cli.edit",
    "queens_tui.cli.stats",
    "queens_tui.cli.learn",
)
"""Modules of the commands besides `play` (`queens_tui.cli.nqueens`, ...): each has
`register(sub)` that adds its parser with `set_defaults(func=...)`. Keep their
top-level imports light: every command's parser is built on every run."""


def build_parser(*, play_only: bool = False) -> argparse.ArgumentParser:
    """The command line's parser; `play_only`: with only the `play` command (the game's start)."""
    from queens_tui.cli import play

    parser = argparse.ArgumentParser(
        prog="queens-tui",
        description="Queens in the terminal. With no command, play today's puzzle.",
    )
    parser.add_argument("--version", action="version", version=f"queens-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play.register(sub)
    if play_only:
        return parser
    for name in COMMAND_MODULES:
        import_module(name).register(sub)
    return parser


def plays(argv: Sequence[str]) -> bool:
    """True when `argv` certainly starts the game: no arguments, `play`, an option, or a
    level (a path or bundled id: a command name holds no `/` or `.`). Then only play's
    parser is built: the other commands' modules stay unimported before the first frame."""
    if not argv or argv[0] == "play":
        return True
    first = argv[0]
    if first in ("-h", "--help", "--version"):
        return False
    return first.startswith("-") or "/" in first or "." in first or os.sep in first


def run() -> NoReturn:
    """The console script and `python -m queens_tui`: `main()`, then leave at once.

    When a command is done, nothing of ours is left to do: the game's store has
    flushed every save (`cmd_play` closes it) and output is flushed here. What
    remains is the interpreter tearing down OR-Tools, numpy and pandas (most of a
    second: docs/performance.md), which the player would wait through at the prompt, so
    the process ends with `os._exit`. Only when no other thread is alive: a
    thread still running might be writing something, and then the normal exit
    waits for it. Tests call `main()`, which returns.
    """
    code = main()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing more to say
            stream.flush()
    if threading.active_count() == 1:
        os._exit(code)
    sys.exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `queens-tui` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if plays(argv):
        # No cyclic garbage collection until the game's first frame (the app turns it back
        # on after its first refresh): the start builds ~50,000 objects that all live on, and
        # ~110 young collections scanned them for nothing, 15-40 ms of CPU before the board
        # was drawn (docs/performance.md, start-up).
        gc.disable()
    try:
        return _main(argv)
    finally:
        gc.enable()


def _main(argv: list[str]) -> int:
    parser = build_parser(play_only=plays(argv))
    commands = next(
        (a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)), {}
    )
    if not argv or (argv[0] not in commands and argv[0] not in ("-h", "--help", "--version")):
        argv = ["play", *argv]  # bare `queens-tui [LEVEL] [--ascii]` plays
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
