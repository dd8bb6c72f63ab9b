"""Issue 10 item 9: `--ascii` is pure ASCII on every kind's game screen (board, message line,
status line, footer, toasts, the result card), and the board reads without colour."""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from textual.app import App

from queens_tui.app import create_app
from queens_tui.core.vocabulary import to_ascii
from queens_tui.kinds import KINDS
from queens_tui.midend.levels import OpenLevel
from tests.player import playing
from tests.scenes import settled

_CELL = re.compile(
    r'<text [^>]*\bx="([0-9.]+)"[^>]*clip-path="url\(#[^)]*-line-(\d+)\)">([^<]*)</text>'
)


def screen_text(app: App[None]) -> str:
    """Every character on the terminal, as the screen is drawn on top of those below it:
    read from Textual's public screenshot (`App.export_screenshot`, an SVG whose text runs
    stand at x = column x 12.2 on clip path line-ROW)."""
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    for x, row, run in _CELL.findall(app.export_screenshot(simplify=True)):
        column = round(float(x) / 12.2)
        for i, char in enumerate(html.unescape(run).replace("\xa0", " ")):
            if 0 <= int(row) < height and column + i < width:
                rows[int(row)][column + i] = char
    return "\n".join("".join(row) for row in rows)


def _app(kind: str, tmp_path: Path) -> App[None]:
    if kind == "queens":
        from tests.conftest import EXAMPLE_8

        path = tmp_path / "eight.txt"
        path.write_text("# name: Example eight\n" + EXAMPLE_8)
        return create_app(str(path), persist=False, ascii=True, engine="search")
    if kind == "zip":
        from tests.app.test_zip_game import _level

        return create_app(OpenLevel(_level()[0]), persist=False, ascii=True, engine="search")
    if kind == "tango":
        return create_app("tango-1-easy/001", persist=False, ascii=True, engine="search")
    from queens_tui.kinds.classic.kind import level

    return create_app(OpenLevel(level(8, [])), persist=False, ascii=True, engine="search")


MOVES = {
    "queens": ("enter", "right", "x", "h"),
    "zip": ("right", "h"),
    "tango": ("space", "right", "space", "h"),
    "classic": ("enter", "right", "enter", "h"),
}
"""A few moves (a clash or a mistake among them) and a hint, so the message line speaks."""


@pytest.mark.parametrize("kind", ["queens", "zip", "tango", "classic"])
@pytest.mark.slow  # 11 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_every_character_of_the_ascii_game_screen_is_ascii(kind: str, tmp_path) -> None:
    app = _app(kind, tmp_path)
    async with playing(app, size=(100, 30), notifications=True) as pilot:
        await pilot.press(*MOVES[kind])
        await settled(pilot)
        app.notify("Live check on · 8×8 ✔")  # a toast, as the game shows them
        await pilot.pause()
        text = screen_text(app)
        assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
        assert any(ch in text for ch in "Qx.SM|#")  # the board is there
        if kind != "zip":  # the cursor without colour: `[x]` (Zip's is the path's end)
            assert re.search(r"\[[!*]?[ .xQSM][!*]?\]", text), text
        if kind == "zip":  # the result card too (once: it costs a second)
            app.game_screen.show_win()
            await pilot.pause()
            text = screen_text(app)
            assert "Solved" in text and text.isascii(), sorted({c for c in text if not c.isascii()})


async def test_ascii_footer_titles_on_a_wide_screen(tmp_path) -> None:
    """At 150 columns the footer shows `a Auto-x` too (its title was `Auto-×`)."""
    app = _app("classic", tmp_path)
    async with playing(app, size=(150, 24)) as pilot:
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "Auto-x" in footer and footer.isascii(), footer


async def test_ascii_queens_board_shows_inner_grid_and_compact_region_edges(tmp_path) -> None:
    """Without colour the regions still read: `|`/`-` region edges and a `:`/`.` grid inside
    (bordered cells); in the compact layout the horizontal edges are `_` (and underlined)."""
    app = _app("queens", tmp_path)
    async with playing(app, size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert ":" in text and "....." in text and "+-----+" in text
        await pilot.resize_terminal(40, 14)  # too small for bordered cells: compact
        await pilot.pause()
        board = [line for line in screen_text(app).splitlines()[:9] if "|" in line]
        assert len(board) == 8 and all(line.count("|") >= 2 for line in board), board
        # the region edges below cells (`_`), beside each region's letter (compact boards show
        # letters by themselves: no border lines between rows)
        assert sum(line.count("__") for line in board) >= 8, board
        assert "A__" in board[0], board
        assert any(":" in line for line in board), board


def test_to_ascii_spells_out_the_game_glyphs() -> None:
    assert to_ascii("♛ 3/8 · 8×8 ✔ checking…") == "Q 3/8 . 8x8 (ok) checking..."
    assert to_ascii("flawless 👑\nFirst 👑s: 🟩 🟦 ⬜") == "flawless\nFirst queens: G B W"


async def test_the_ascii_help_screen_is_ascii(tmp_path) -> None:
    """`?` with `--ascii`: every character of the help screen is ASCII (Textual's Markdown drew
    its tables and bullets with line-drawing characters, and the page held the game's glyphs),
    the border and the scroll bar included; the keys still read as a table."""
    from queens_tui.app.screens.help import HelpScreen

    app = _app("queens", tmp_path)
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
        assert "Keys" in text and re.search(r"<- \^ v ->\s+move the cursor", text), text
        app.screen.query_one("#help-body").scroll_end(animate=False)
        await pilot.pause()
        text = screen_text(app)
        assert text.isascii() and "close this help" in text, text


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_help_page_in_ascii(kind: str) -> None:
    from queens_tui.app.screens.help import ascii_page, kind_help

    page = ascii_page(kind_help(kind), 60)
    assert page.isascii() and "**" not in page and "|---" not in page
    items = [line for line in kind_help(kind).splitlines() if line.startswith("- ")]
    assert sum(line.startswith("- ") for line in page.splitlines()) == len(items), page
    assert all(len(line) <= 60 for line in page.splitlines() if " " in line.strip()), page


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_help_page_draws_without_markup_left(kind: str) -> None:
    """The page as the help screen draws it (Rich's Markdown, key names in bold): no `**`,
    backtick or table syntax shows, and the key table's rows read as key then action."""
    from rich.markdown import Markdown

    from queens_tui.app.screens.help import _code_as_bold, kind_help

    console = Console(width=90, file=io.StringIO(), record=True, color_system=None)
    console.print(Markdown(_code_as_bold(kind_help(kind))))
    page = console.export_text()
    assert "**" not in page and "`" not in page and "|---" not in page, page
    assert re.search(r"\?\s+this help", page), page
