"""The puzzle kinds, one pure package each, and `KINDS`: the one list of them.

A kind's package holds its level model, rules, deduction engine, generator and
`kind.py` with `KIND` (a `core.kind.KindBase`): the one object the shared
machinery talks to. Its CP-SAT model lives in `queens_tui.solver`, its file
formats in `queens_tui.formats`, its board widget in `queens_tui.app.kinds`;
`KIND` names them, and every table of kinds in the other layers is derived
from `KINDS` through it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from queens_tui.core.kind import Kind, LevelFiles
    from queens_tui.core.play import PlayRules

KINDS: tuple[str, ...] = (
    "queens",
    "tango",
    "zip",
    "classic",
    "sudoku",
    "patches",
)
"""Every puzzle kind, by the name used in files (`"kind": ...`), on the command line
(`--kind`) and in saves, in the order they are offered. Adding a kind adds one line here."""

DEFAULT_KIND = KINDS[0]
"""The kind `queens-tui` opens, and the one that references and keys name without a kind
(`daily:DATE`): the first kind, which came first."""


@cache
def get_kind(name: str) -> Kind:
    """The `KIND` of kind `name` (its `kinds/<name>/kind.py`), imported on first use."""
    if name not in KINDS:
        raise KeyError(f"unknown puzzle kind {name!r} (known: {', '.join(KINDS)})")
    from importlib import import_module

    kind: Kind = import_module(f"queens_tui.kinds.{name}.kind").KIND
    return kind


@cache
def level_files(name: str) -> LevelFiles | None:
    """How kind `name`'s level files are read (its package's `FILES`): imports the kind's
    package only, none of its modules."""
    if name not in KINDS:
        raise KeyError(f"unknown puzzle kind {name!r} (known: {', '.join(KINDS)})")
    from importlib import import_module

    files: LevelFiles | None = import_module(f"queens_tui.kinds.{name}").FILES
    return files


def get_play(name: str) -> PlayRules[Any, Any, Any]:
    """Kind `name`'s rules of play (`KIND.play`)."""
    return get_kind(name).play


def on_a_board(name: str) -> bool:
    """True for a kind played on an empty board of a size (no puzzles of its own: no level
    files, or files that only set a position up on such a board, `LevelFiles.board`)."""
    files = level_files(name)
    return files is None or files.board


def board_kinds() -> tuple[str, ...]:
    """The kinds played on an empty board of a size (no puzzles of their own, no daily):
    classic."""
    return tuple(k for k in KINDS if get_kind(k).daily is None and on_a_board(k))


def daily_kinds() -> tuple[str, ...]:
    """The kinds with a daily puzzle, in `KINDS` order."""
    return tuple(k for k in KINDS if get_kind(k).daily is not None)
