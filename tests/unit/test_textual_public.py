"""The game uses Textual's public API only (issue 34 item 2): no `textual._*` module in
queens_tui/, and no `_`-prefixed attribute of another object in the app and the midend, where
Textual's objects are. A private name is a bug waiting for the next Textual release (the
`textual<8.3` pin in pyproject.toml says what still ties us). The CLI's argparse and `os._exit`
are the standard library's, out of this check; `cli/web.py` extends textual-serve's server."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import queens_tui

ROOT = Path(queens_tui.__file__).parent
NAMEDTUPLE = {"_replace", "_asdict", "_fields", "_make"}
"""NamedTuple's own API: public, despite the underscore."""
STDLIB = {("os", "_exit")}
"""The standard library's documented names with an underscore (`app/signals.py` ends a
process whose clean exit hangs with `os._exit`)."""


def private_uses(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual._"):
            found.append(f"{node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names if "._" in a.name]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            name = node.value.id if isinstance(node.value, ast.Name) else None
            own = name in ("self", "cls") or (name, node.attr) in STDLIB
            if not (own or node.attr.startswith("__") or node.attr in NAMEDTUPLE):
                found.append(f"{node.lineno}: .{node.attr}")
    return found


@pytest.mark.slow  # 9 s at load 12 on 2 cores: run by `pytest -m slow`
def test_no_private_textual_name_in_the_package() -> None:
    bad = {}
    for path in sorted(ROOT.rglob("*.py")):
        uses = private_uses(ast.parse(path.read_text(encoding="utf-8")))
        if path.relative_to(ROOT).parts[0] not in ("app", "midend"):
            uses = [use for use in uses if "textual._" in use]
        if uses:
            bad[str(path.relative_to(ROOT))] = uses
    assert bad == {}


def test_the_check_sees_a_private_name() -> None:
    # the private names are filled in at run time, so no search of the sources finds one here
    source = "from textual.{} import x\nself.app.{}\nscreen.{}(1)\n"
    tree = ast.parse(source.format("_context", "_registry", "_push"))
    assert len(private_uses(tree)) == 3
