"""The core and the kinds must stay pure: importing them never pulls in Textual or OR-Tools."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import queens_tui

PACKAGE = Path(queens_tui.__file__).parent
CORE = PACKAGE / "core"
KINDS = PACKAGE / "kinds"


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_importing_every_core_module_loads_no_ui_or_solver() -> None:
    modules = sorted(_module(p) for p in [*CORE.rglob("*.py"), *KINDS.rglob("*.py")])
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "top = {m.split('.')[0] for m in sys.modules}\n"
        "bad = sorted(top & {'textual', 'ortools', 'rich'})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
    assert len(modules) >= 4


def test_core_and_kinds_import_nothing_of_ours_above_them() -> None:
    for path in [*CORE.rglob("*.py"), *KINDS.rglob("*.py")]:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                name = node.module
            elif isinstance(node, ast.Import):
                name = node.names[0].name
            else:
                continue
            assert not name.startswith(("textual", "ortools", "rich")), (path, name)
            if name.startswith("queens_tui"):
                assert name.startswith(("queens_tui.core", "queens_tui.kinds")), (path, name)


def test_solver_package_does_not_import_ortools_eagerly() -> None:
    code = "import sys, queens_tui.cli, queens_tui.solver; print('ortools' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if out.returncode != 0 and "No module named 'queens_tui.solver'" in out.stderr:
        raise AssertionError("the solver package is missing")
    assert out.stdout.strip() == "False", out.stderr


def test_reading_every_kind_s_facts_loads_only_their_level_models() -> None:
    """Opening any file reads every kind's `KIND` (reader hints, dailies): that must not import
    each kind's calendar codec, search, deduction or generator (`DailySpec.calendar` and the
    kinds' methods import them on first use), only the kind and its level model."""
    code = (
        "import sys\n"
        "from queens_tui.kinds import KINDS, get_kind\n"
        "for k in KINDS: print(k, get_kind(k).daily is not None)\n"
        "print(' '.join(m for m in sys.modules if m.startswith('queens_tui.kinds.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    *facts, modules = out.stdout.strip().splitlines()
    kinds = [line.split()[0] for line in facts]
    loaded = set(modules.split())
    allowed = {f"queens_tui.kinds.{k}{part}" for k in kinds for part in ("", ".kind", ".level")}
    assert {f"queens_tui.kinds.{k}.kind" for k in kinds} <= loaded
    assert sorted(loaded - allowed) == []
    assert "True" in " ".join(facts)  # some kind has a daily: its spec was built
