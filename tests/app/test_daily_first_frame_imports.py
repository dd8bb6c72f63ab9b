"""A kind's daily on screen imports only what the first frame draws (issue 38 item 1).

Each kind's daily is opened from an empty data folder in a fresh process (a clean
`sys.modules`), with the background warm-up of the assistant's engine switched off, and
the modules loaded once the board is laid out are read: no kind's deduction or search
(imported on the first hint), no other kind's modules, no OR-Tools, Pillow or numpy.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from queens_tui.kinds import daily_kinds

REPO = Path(__file__).resolve().parents[2]

CODE = """
import asyncio, sys
from datetime import date
from textual.app import App
from queens_tui.app import create_app
from queens_tui.midend.worker import WorkerController
from queens_tui.store import Store
from tests.player import playing
WorkerController.warm_up = lambda self, done: None  # nothing in the background
seen = []
display = App._display
def spy(self, screen, renderable):  # the first frame written with the board in it
    board = screen.query("#board")
    if not seen and renderable is not None and board and board.first().size.area:
        seen.append(sorted(sys.modules))
    display(self, screen, renderable)
App._display = spy
async def main():
    app = create_app(store=Store(sys.argv[2]), daily=date(2026, 11, 23), kind=sys.argv[1])
    async with playing(app, size=(120, 40)) as pilot:
        for _ in range(500):
            await pilot.pause(0.02)
            if seen:
                break
        else:
            raise SystemExit("no board")
    print(" ".join(seen[0]))
asyncio.run(main())
"""


@pytest.mark.slow  # a game process per kind: ~1-2 s each
@pytest.mark.parametrize("kind", daily_kinds())
def test_a_daily_on_screen_imports_only_its_own_kind_and_no_search(
    kind: str, tmp_path: Path
) -> None:
    out = subprocess.run(
        [sys.executable, "-c", CODE, kind, str(tmp_path / "data")],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    modules = set(out.stdout.split())
    assert f"queens_tui.kinds.{kind}.play" in modules or f"queens_tui.kinds.{kind}" in modules
    kinds = {m.split(".")[2] for m in modules if m.startswith("queens_tui.kinds.")}
    assert kinds == {kind}, sorted(m for m in modules if m.startswith("queens_tui.kinds."))
    heavy = [m for m in modules if m.rsplit(".", 1)[-1] in ("deduce", "search", "generate")]
    assert not heavy
    assert not {"ortools", "PIL", "numpy"} & modules
