"""How the board looks (borders, sizes, glyphs, palette) and the edges: CLI, palette, win."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.color import Color, ColorSystem

from queens_tui.app import create_app
from queens_tui.app.bindings import bindings, own_actions
from queens_tui.app.palette import PASTELS, distance, region_colors
from queens_tui.app.screens.game import GameScreen
from queens_tui.app.screens.win import WinScreen
from queens_tui.app.widgets.queens import fit
from queens_tui.cli import main
from queens_tui.kinds.queens.level import Level
from tests.player import playing

from .conftest import SIZE, board_view, game_screen, go_to

REPO = Path(__file__).resolve().parents[2]


def board_text(view) -> list[str]:
    return [view.render_line(y).text for y in range(view.size.height)]


async def test_borders_thick_between_regions_thin_inside(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        await pilot.pause()
        view = board_view(app8)
        lines = [line for line in board_text(view) if line.strip()]
        assert lines.pop(0).split() == [str(c) for c in range(1, 9)]  # the column labels
        assert lines[0].strip().startswith("┏") and lines[0].strip().endswith("┓")
        assert lines[-1].strip().startswith("┗")
        text = "\n".join(lines)
        assert "━" in text and "┃" in text  # region edges
        assert "─" in text and "│" in text  # inside a region
        # the board and its row labels are centred
        first = lines[0]
        left = len(first) - len(first.lstrip()) - view.layout_now.labels
        right = len(first) - len(first.rstrip())
        assert abs(left - right) <= 1


async def test_cells_grow_with_the_terminal_and_small_terminals_get_a_message(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        big = view.layout_now
        await pilot.resize_terminal(60, 22)
        await pilot.pause()
        small = view.layout_now
        assert small is not None and small.cell_w < big.cell_w
        await pilot.resize_terminal(20, 6)
        await pilot.pause()
        assert view.layout_now is None
        assert any("too small" in line for line in board_text(view))
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert view.layout_now == big
        assert not any("too small" in line for line in board_text(view))


def test_fit_prefers_borders_and_falls_back_to_compact() -> None:
    assert fit(8, 100, 38).bordered
    compact = fit(18, 80, 22)
    assert compact is not None and not compact.bordered
    assert fit(18, 40, 10) is None


async def test_ascii_draws_q_and_x(level8_file, clock) -> None:
    app = create_app(str(level8_file), ascii=True, now=clock)
    async with playing(app, size=SIZE) as pilot:
        view = board_view(app)
        await pilot.press("enter", "down", "down", "right", "right", "right", "x")
        text = "\n".join(board_text(view))
        assert "Q" in text and "x" in text
        assert "♛" not in text and "×" not in text and "┃" not in text


def test_palette_has_18_distinct_pastels_that_survive_256_colours() -> None:
    assert len(PASTELS) >= 18
    assert len(set(PASTELS)) == len(PASTELS)
    assert min(distance(a, b) for a, b in itertools.combinations(PASTELS, 2)) > 15
    downgraded = {Color.parse(p).downgrade(ColorSystem.EIGHT_BIT).number for p in PASTELS}
    assert len(downgraded) == len(PASTELS)


def test_level_colours_win_and_big_boards_keep_neighbours_apart() -> None:
    level = Level.from_rows(["AAB", "ACB", "CCB"], colors={"B": "#123456"})
    colors = region_colors(level)
    assert colors[1] == "#123456"
    assert len(set(colors)) == 3
    n = 30
    rows = ["".join(chr(0x100 + (r + c) % n) for c in range(n)) for r in range(n)]
    big = Level.from_rows(rows)
    colors = region_colors(big)
    ids = big.region_ids
    for r in range(n - 1):
        for c in range(n - 1):
            a, b = ids[r][c], ids[r][c + 1]
            assert colors[a] != colors[b]


async def test_command_palette_offers_every_action(app8) -> None:
    async with playing(app8, size=SIZE):
        titles = [cmd.title for cmd in app8.get_system_commands(game_screen(app8))]
        for title in ("Undo", "Redo", "Restart level", "Toggle auto-cross", "Help", "Cycle cell"):
            assert title in titles
        keys = {b.key for b in bindings(own_actions("queens"))}
        assert {"space", "enter", "x", "u", "ctrl+r", "r", "a", "question_mark", "q"} <= keys


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_win_screen_copies_a_spoiler_free_share_line(app8, solution8, clock) -> None:
    async with playing(app8, size=SIZE) as pilot:
        for cell in solution8:
            await go_to(pilot, app8, cell)
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app8.screen, WinScreen)
        clock.advance(1)  # keys within half a second of the win do nothing
        await pilot.press("c")
        line = app8.clipboard
        first, colours = line.splitlines()
        assert first == "queens-tui Queens Example eight (8×8) | 0:00 and flawless 👑"
        assert colours.startswith("First 👑s: ") and len(colours.split()) == 5  # 3 squares
        assert set(colours.split()[2:]) <= set("🟥🟧🟨🟩🟦🟪🟫⬜")
        assert "♛" not in line.replace("👑", "")  # no board, no positions
        await pilot.press("r")  # replay
        await pilot.pause()
        assert isinstance(app8.screen, GameScreen)
        assert not board_view(app8).board.queens


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_next_level_opens_the_next_file(tmp_path, clock) -> None:
    from tests.conftest import EXAMPLE_8, EXAMPLE_9, SOLUTION_8

    (tmp_path / "a.txt").write_text(EXAMPLE_8)
    (tmp_path / "b.txt").write_text("# name: Second\n" + EXAMPLE_9)
    app = create_app(str(tmp_path / "a.txt"), now=clock)
    async with playing(app, size=SIZE) as pilot:
        for r, c in enumerate(SOLUTION_8):
            await go_to(pilot, app, (r, c))
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, WinScreen)
        clock.advance(1)  # keys within half a second of the win do nothing
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.midend.game.level.size == 9
        assert "Second" in app.screen.status.plain


def test_cli_bad_level_is_one_line_and_exit_2(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("AB\nA\n")
    assert main(["play", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert re.match(rf"{re.escape(str(bad))}:2:\d+: row 2", err) and "\n" not in err
    assert main([str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt: no such file" in capsys.readouterr().err


@pytest.mark.slow  # a game process until OR-Tools loads: ~1.5 s of CPU
def test_ortools_loads_after_the_first_frame_not_before(level8_file) -> None:
    """CP-SAT is the assistant's engine, imported in the background once the board is drawn."""
    code = (
        "import asyncio, sys, time\n"
        "from queens_tui.app import create_app\n"
        "from queens_tui.midend.worker import WorkerController\n"
        "seen = []\n"
        "original = WorkerController.warm_up\n"
        "def spy(self, done):\n"
        "    seen.append(('ortools' in sys.modules, 'numpy' in sys.modules))\n"
        "    original(self, done)\n"
        "WorkerController.warm_up = spy\n"
        "async def main():\n"
        f"    app = create_app({str(level8_file)!r}, persist=False)\n"
        "    async with app.run_test(size=(100, 40)) as pilot:\n"
        "        await pilot.pause()\n"
        "        assert app.game_screen.query_one('#board').layout_now is not None\n"
        "        end = time.monotonic() + 20\n"
        "        cp = 'ortools.sat.python.cp_model'\n"
        "        while cp not in sys.modules and time.monotonic() < end:\n"
        "            await pilot.pause(0.05)\n"
        "    print(*seen[0], 'ortools.sat.python.cp_model' in sys.modules)\n"
        "asyncio.run(main())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert out.stdout.split() == ["False", "False", "True"]


def test_share_squares_follow_the_colour_names_of_the_hints() -> None:
    """One home for colours: the share text's square for a region is the one its colour name
    (what hints say) stands for; LinkedIn's orange region shared as a brown square before."""
    from queens_tui.app.kinds.queens import share_squares
    from queens_tui.app.palette import COLOR_NAMES, SQUARES, color_name, color_square
    from queens_tui.formats.queens.text import parse_text

    assert set(COLOR_NAMES.values()) <= set(SQUARES)
    expect = {"blue": "🟦", "orange": "🟧", "yellow": "🟨", "green": "🟩", "grey": "⬜"}
    expect |= {"red": "🟥", "purple": "🟪", "cyan": "🟦", "teal": "🟦", "beige": "🟫"}
    for color, name in COLOR_NAMES.items():
        assert color_name(color) == name
        if name in expect:
            assert color_square(color) == expect[name], name
    level = parse_text("# colors: A=#ffc992 B=#dfdfdf\nAAB\nCCB\nCCB\n")
    assert share_squares(level, [(0, 0), (0, 2)]) == "🟧 ⬜"
