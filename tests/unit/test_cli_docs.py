"""docs/cli.md says what the parser says: its usage lines and option tables are made from the
parser by scripts/cli_docs.py, and this test fails when they differ (a new option, a changed
help text, a `--kind` choice) until the script is run again."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cli_docs", REPO / "scripts" / "cli_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("cli_docs", module)
    spec.loader.exec_module(module)
    return module


def test_the_option_tables_are_the_parsers() -> None:
    script = _script()
    page = script.PAGE.read_text(encoding="utf-8")
    assert script.missing(page) == [], "a command has no options block in docs/cli.md"
    assert script.render(page) == page, "docs/cli.md is out of date: python scripts/cli_docs.py"


def test_every_kind_choice_is_in_the_page() -> None:
    """The tables follow the parser: `play --kind` lists every kind (the old hand-written table
    listed four of six)."""
    from queens_tui.kinds import KINDS

    page = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    assert f"--kind {{{','.join(KINDS)}}}" in page


def test_a_changed_help_text_makes_the_page_stale() -> None:
    script = _script()
    page = script.PAGE.read_text(encoding="utf-8")
    stale = page.replace("| `--json` |", "| `--json` | stale", 1)
    assert script.render(stale) != stale
