"""A kind's `reader_hint` never hides a level from the reader whose `sniff` would claim it.

The hints let `load_puzzle` skip importing the other kinds' readers for a Queens file; a
hint that missed a case would read a Tango or Zip level as Queens, so every level file
we have (all bundled packs of every kind) and the forms each sniff knows are checked.
"""

from __future__ import annotations

import pytest

from queens_tui.formats import might_be, reader, readers
from queens_tui.formats.bundled import levels_dir
from queens_tui.kinds import KINDS, get_kind, on_a_board

HINTED = [k for k in readers() if not get_kind(k).reader_fallback]
"""The kinds whose readers are asked before the fallback's (Queens)."""

OTHER_FORMS = [
    '{"kind": "tango", "size": 6}',
    '  {\n "kind" : "zip"}',
    "# name: x\n# kind: tango\nAABB",
    "# KIND: Zip\n\nA",
    "\ufeff1 = 0 x .\n",
    "# comment\n. . 1 0\n",
    "+---+---+\n| 1 |   |\n+---+---+\n",
    "\n\n  +---+\n",
    "# kind: classic\n. . . .\n. . . .\n. . . .\n. . . .\n",
    "# name: Classic\n# Kind: Classic\n....\n....\n....\n....\nposition:\nQ...\n....\n....\n....\n",
]


def texts() -> list[tuple[str, str]]:
    root = levels_dir()
    assert root is not None
    found = [
        (p.read_text("utf-8"), p.suffix.lower())
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.suffix.lower() in (".txt", ".json", ".ts")
    ]
    return found + [(text, "") for text in OTHER_FORMS]


def test_every_reader_has_a_hint_and_no_hint_hides_a_level_from_its_reader() -> None:
    assert all(get_kind(k).reader_hint is not None for k in HINTED)
    all_texts = texts()
    claimed = dict.fromkeys(HINTED, 0)
    for name in HINTED:
        module = reader(name)
        for text, suffix in all_texts:
            if module.sniff(text, suffix):
                claimed[name] += 1
                assert might_be(name, text), (name, text[:80])
    # every kind's packs were seen; classic has none, its files are its lessons' boards
    assert all(n > 5 for k, n in claimed.items() if not on_a_board(k)), claimed
    assert all(n > 0 for n in claimed.values()), claimed


@pytest.mark.parametrize("text", ["AAB\nABB\nBBB\n", "# name: Olive Grove\nAAAB\n", '{"size": 4}'])
def test_a_queens_file_needs_no_other_reader(text: str) -> None:
    assert not any(might_be(name, text) for name in HINTED)


def test_opening_a_queens_file_imports_no_other_kinds_modules() -> None:
    # which kind a file is comes from the kinds' packages (`FILES`), not their `kind.py`: a
    # fresh interpreter opening a Queens file loads Queens' level model and the other kinds'
    # packages, none of their modules (their `kind.py` imports their level model)
    import json
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]
    level = next((repo / "levels" / "1-easy").glob("*.txt"))
    code = (
        "import json, sys\n"
        "from queens_tui.formats import load_puzzle\n"
        f"level = load_puzzle({str(level)!r})\n"
        "print(json.dumps([type(level).__module__, sorted(m for m in sys.modules "
        "if m.startswith('queens_tui.kinds.'))]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=repo
    )
    module, kinds = json.loads(out.stdout)
    assert module == "queens_tui.kinds.queens.level"
    others = [m for m in kinds if not m.startswith("queens_tui.kinds.queens")]
    assert set(others) == {f"queens_tui.kinds.{k}" for k in KINDS if k != "queens"}
