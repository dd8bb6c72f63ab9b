"""`queens-tui edit FILE [--size N] [--from-seed S]`: the Queens level editor.

FILE is read (any Queens format, a picture included) or, when it does not
exist, a new N x N level is started (one region per row, or the level
generated from seed S). A FILE that cannot be read gets the one line
`FILE:LINE:COL: what` and exit 2 before the terminal is touched.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def register(sub: Any) -> None:
    """Add the `edit` subcommand to the `queens-tui` parser."""
    p = sub.add_parser(
        "edit",
        help="paint a Queens level's regions with a live verdict (unique? how hard?), save it",
    )
    p.add_argument("file", metavar="FILE", help="level file to edit, or a new file to create")
    p.add_argument(
        "--size", type=int, default=8, metavar="N", help="size of a new level (default 8)"
    )
    p.add_argument(
        "--from-seed",
        metavar="S",
        help="start a new level from the level generated from seed S (instead of one region "
        "per row)",
    )
    p.add_argument("--ascii", action="store_true", help="draw Q instead of ♛, ASCII borders")
    p.add_argument(
        "--engine",
        choices=("cpsat", "search"),
        default="cpsat",
        help="solver of the live verdict: cpsat (OR-Tools, the default; the exact pure "
        "search if it cannot load) or search",
    )
    p.set_defaults(func=cmd_edit)


def cmd_edit(args: argparse.Namespace) -> int:
    """Open the editor; exit 2 on a file that cannot be edited."""
    from queens_tui.app.editor import create_editor_app
    from queens_tui.core.errors import LevelError, printable

    try:
        app = create_editor_app(
            args.file, size=args.size, seed=args.from_seed, ascii=args.ascii, engine=args.engine
        )
    except LevelError as err:
        print(err, file=sys.stderr, flush=True)
        return EXIT_BAD_INPUT
    except ValueError as err:
        print(f"{printable(args.file)}: {err}", file=sys.stderr, flush=True)
        return EXIT_BAD_INPUT
    app.run()
    return app.return_code or EXIT_OK
