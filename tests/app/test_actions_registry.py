"""One action registry: bindings, palette, help and the README's key table all come from it."""

from __future__ import annotations

import re
from pathlib import Path

from queens_tui.app.bindings import bindings, kind_actions, own_actions
from queens_tui.app.screens.help import kind_help
from queens_tui.midend import actions

README = Path(__file__).resolve().parents[2] / "README.md"
APP_KEYS = {"ctrl+p", "ctrl+z", "ctrl+q"}
"""Keys of the app itself (palette, suspend, quit), not of the game screen."""
NAMES = {v: k for k, v in actions.KEY_NAMES.items()}


def _readme_game_keys() -> set[str]:
    """Every key in the README's game key table (the first table under "## Playing")."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Playing") :]
    keys: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first = line.split("|")[1]
            keys |= {NAMES.get(k, k) for k in re.findall(r"`([^`]+)`", first)}
        elif keys and not line.startswith("|"):
            break
    return keys


def _registry_keys() -> set[str]:
    return {key for a in kind_actions("queens") for key in a.keys.split(",")}


def test_readme_key_table_matches_the_registry() -> None:
    readme = _readme_game_keys()
    assert readme - APP_KEYS == _registry_keys()


def test_bindings_palette_and_help_come_from_the_registry() -> None:
    registry = kind_actions("queens")
    bound = {b.id: b.key for b in bindings(own_actions("queens")) if hasattr(b, "id")}
    assert bound == {a.id: a.keys for a in registry}
    titles = {t for t, _, _ in actions.palette(registry)}
    assert {"Undo", "Hint", "Show mistakes", "Toggle auto-cross", "Previous level"} <= titles
    page = kind_help()
    for a in registry:
        if a.help and a.in_table:
            assert actions.key_words(registry)(a.help) in page
