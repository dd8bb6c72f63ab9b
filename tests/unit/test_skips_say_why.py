"""A test that cannot run says what is missing, in every run: each skip carries a reason and the
default options print the reasons (`-rs`), so a clean clone without ../shared reads "no archive
days in ..." instead of a bare `s`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _skips_without_reason(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else ""
        keywords = {k.arg for k in node.keywords}
        if name == "skip" and not node.args and "reason" not in keywords:
            lines.append(node.lineno)
        if name == "skipif" and "reason" not in keywords:
            lines.append(node.lineno)
    return lines


def test_every_skip_gives_its_reason() -> None:
    texts = {path: path.read_text(encoding="utf-8") for path in (REPO / "tests").rglob("*.py")}
    bare = {
        str(path.relative_to(REPO)): lines
        for path, text in sorted(texts.items())
        if "skip" in text and (lines := _skips_without_reason(ast.parse(text)))
    }
    assert bare == {}


def test_the_default_run_prints_the_reasons() -> None:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    addopts = re.search(r'^addopts = "(.*)"$', text, re.MULTILINE)
    assert addopts is not None
    assert any(o.startswith("-r") and "s" in o for o in addopts[1].split())
