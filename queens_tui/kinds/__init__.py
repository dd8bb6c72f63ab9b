"""The puzzle kinds, one pure package each: `queens`, and later `classic`, `tango`, `zip`.

A kind's package holds its level model, rules, deduction engine and generator,
and imports only `queens_tui.core` and itself. Its CP-SAT model lives in
`queens_tui.solver`, its file formats in `queens_tui.formats`, its board widget
in `queens_tui.app`; `KINDS` below is the one list of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from queens_tui.core.kind import Kind
    from queens_tui.core.play import PlayRules

KINDS: tuple[str, ...] = ("queens", "tango", "zip", "classic")
"""Every puzzle kind, by the name used in files (`"kind": ...`), on the command line
(`--kind`) and in saves. Adding a kind adds its name here."""


def get_kind(name: str) -> Kind:
    """The `KIND` object of kind `name` (its `kinds/<name>/kind.py`), imported on first use."""
    if name not in KINDS:
        raise KeyError(f"unknown puzzle kind {name!r} (known: {', '.join(KINDS)})")
    from importlib import import_module

    return cast("Kind", import_module(f"queens_tui.kinds.{name}.kind").KIND)


def get_play(name: str) -> PlayRules[Any, Any, Any]:
    """The `PLAY` object of kind `name` (its `kinds/<name>/play.py`): its rules of play."""
    if name not in KINDS:
        raise KeyError(f"unknown puzzle kind {name!r} (known: {', '.join(KINDS)})")
    from importlib import import_module

    return cast("PlayRules[Any, Any, Any]", import_module(f"queens_tui.kinds.{name}.play").PLAY)
