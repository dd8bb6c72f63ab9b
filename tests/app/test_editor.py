"""The level editor in Pilot: painting, the live verdict, make-unique, save and reload, play."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from queens_tui.app.editor import EditorApp, create_editor_app
from queens_tui.app.screens.editor import EditorScreen
from queens_tui.formats.queens import load
from queens_tui.kinds.queens import edit, search
from tests.conftest import EXAMPLE_8
from tests.player import playing

SIZE = (100, 36)


@pytest.fixture
def level_file(tmp_path: Path) -> Path:
    path = tmp_path / "eight.txt"
    path.write_text(EXAMPLE_8, encoding="utf-8")
    return path


async def settle(pilot: Any, screen: EditorScreen) -> None:
    """Let the stroke's request start, wait for the worker, then let its replies land."""
    for _ in range(3):
        await pilot.pause()
        screen.worker.wait()
        await pilot.pause()
        if screen.midend.current and (
            screen.verdict is None
            or screen.verdict.status != edit.SEVERAL
            or not screen.worker.busy()
        ):
            break
    await pilot.pause()


def verdict_line(app: EditorApp) -> str:
    return str(app.editor.query_one("#editor-verdict").render())


async def test_verdict_unique_several_unique_and_save(level_file: Path) -> None:
    app = create_editor_app(level_file, engine="search")
    async with playing(app, size=SIZE) as pilot:
        screen = app.editor
        await settle(pilot, screen)
        assert screen.verdict is not None and screen.verdict.status == edit.UNIQUE
        assert "unique" in verdict_line(app) and "rules alone" in verdict_line(app)
        assert "eight.txt" in str(screen.query_one("#editor-title").render())
        assert "8×8" in str(screen.query_one("#editor-title").render())
        await pilot.press("right", "B")
        await settle(pilot, screen)
        assert screen.sketch.label((0, 1)) == "B"
        assert screen.verdict.status == edit.SEVERAL
        assert "several solutions" in verdict_line(app)
        await pilot.press("A")
        await settle(pilot, screen)
        assert screen.verdict.status == edit.UNIQUE and not screen.dirty
        await pilot.press("B", "ctrl+s")
        await settle(pilot, screen)
        assert not screen.dirty
    saved = load(level_file)
    assert saved.grid[0][1] == "B"
    assert search.count(saved, limit=3) >= 2
    assert saved.difficulty is None  # a level with several solutions has no grade


@pytest.mark.slow  # 6 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_undo_redo_and_drag_is_one_step(level_file: Path) -> None:
    app = create_editor_app(level_file, engine="search")
    async with playing(app, size=SIZE) as pilot:
        screen = app.editor
        before = screen.sketch
        await pilot.press("Z")  # a new region: 9 regions on an 8x8 board
        await settle(pilot, screen)
        assert screen.verdict.status == edit.INVALID
        assert "9 regions" in verdict_line(app)
        await pilot.press("ctrl+z")
        assert screen.sketch == before
        await pilot.press("ctrl+y")
        assert screen.sketch.label((0, 0)) == "Z"
        await pilot.press("ctrl+z")
        board = screen.board
        # pick G up at (7, 5), then drag it over (7, 0)..(7, 2): one undo step
        await pilot.press("down", "down", "down", "down", "down", "down", "down")
        await pilot.press("right", "right", "right", "right", "right")
        await pilot.press("enter")
        assert screen.last_label == "G"
        x0, y0 = board.cell_offset((7, 0))
        x2, _ = board.cell_offset((7, 2))
        await pilot.mouse_down(board, offset=(x0, y0))
        await pilot.hover(board, offset=(x0 + (x2 - x0) // 2, y0))
        await pilot.hover(board, offset=(x2, y0))
        await pilot.mouse_up(board, offset=(x2, y0))
        await pilot.pause()
        assert [screen.sketch.label((7, c)) for c in range(4)] == ["G", "G", "G", "H"]
        await pilot.press("ctrl+z")
        assert screen.sketch == before


async def test_fill_and_colour(level_file: Path) -> None:
    app = create_editor_app(level_file, engine="search")
    async with playing(app, size=SIZE) as pilot:
        screen = app.editor
        await pilot.press("down", "enter")  # (1, 0) is A: brush A
        await pilot.press("right")  # (1, 1) is D: D's whole connected area
        d_cells = screen.sketch.area((1, 1))
        assert len(d_cells) > 5
        await pilot.press("ctrl+f")
        assert all(screen.sketch.label(c) == "A" for c in d_cells)
        await pilot.press("ctrl+z", "tab")
        label = screen.sketch.label((1, 1))
        assert label in screen.sketch.colors
        assert screen.board.label_colors[label] == screen.sketch.colors[label]


async def test_make_unique_applies_a_checked_suggestion(level_file: Path) -> None:
    app = create_editor_app(level_file, engine="search")
    async with playing(app, size=SIZE) as pilot:
        screen = app.editor
        await pilot.press("right", "B")
        await settle(pilot, screen)
        assert screen.verdict.status == edit.SEVERAL
        assert screen.suggestion is not None and screen.suggestion.unique
        assert "make unique" in verdict_line(app)
        marks = screen.board.marks
        assert {c for c, _ in screen.suggestion.changes} <= set(marks)
        await pilot.press("slash")
        assert screen.board.queens == frozenset(screen.verdict.solutions[-1])
        await pilot.press("equals_sign")
        await settle(pilot, screen)
        assert screen.verdict.status == edit.UNIQUE
        assert search.count(screen.sketch.to_level(), limit=3) == 1


async def test_new_file_and_quit_asks(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    app = create_editor_app(path, size=6, engine="search")
    async with playing(app, size=SIZE) as pilot:
        screen = app.editor
        assert screen.sketch.size == 6
        assert "6×6" in str(screen.query_one("#editor-title").render())
        await pilot.press("A")  # (0, 0) is A already: nothing to save
        assert not screen.dirty
        await pilot.press("down", "A")
        assert screen.dirty
        await pilot.press("escape")
        await pilot.pause()
        from queens_tui.app.screens.confirm import ConfirmScreen

        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("ctrl+s")
        await settle(pilot, screen)
        assert path.exists() and not screen.dirty
    level = load(path)
    assert level.size == 6 and level.grid[1][0] == "A"


async def test_save_asks_before_overwriting_a_file_changed_on_disk(level_file: Path) -> None:
    app = create_editor_app(level_file, engine="search")
    async with playing(app, size=SIZE) as pilot:
        screen = app.editor
        await pilot.press("right", "B")
        level_file.write_text("# name: theirs\n" + EXAMPLE_8, encoding="utf-8")
        st = level_file.stat()
        os.utime(level_file, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
        await pilot.press("ctrl+s")
        await pilot.pause()
        from queens_tui.app.screens.confirm import ConfirmScreen

        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert load(level_file).name == "theirs"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot, screen)
    assert load(level_file).grid[0][1] == "B"


async def test_details_form_and_difficulty_from_grader(level_file: Path) -> None:
    app = create_editor_app(level_file, engine="search")
    async with playing(app, size=SIZE) as pilot:
        screen = app.editor
        await settle(pilot, screen)
        await pilot.press("ctrl+e")
        await pilot.pause()
        from textual.widgets import Input

        form = app.screen
        assert form.query_one("#meta-difficulty", Input).value == "easy"
        form.query_one("#meta-name", Input).value = "Morning walk"
        form.query_one("#meta-author", Input).value = "Ada"
        form.query_one("#meta-name", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.dirty
        await pilot.press("ctrl+s")
        await settle(pilot, screen)
    level = load(level_file)
    assert (level.name, level.author, level.difficulty) == ("Morning walk", "Ada", "easy")


async def test_play_returns_to_the_editor(level_file: Path) -> None:
    from queens_tui.app.screens.game import GameScreen

    app = create_editor_app(level_file, engine="search")
    async with playing(app, size=SIZE) as pilot:
        screen = app.editor
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.midend.ref.level.grid == screen.sketch.grid
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is screen
        assert app.is_running


async def test_stale_verdicts_are_dropped(level_file: Path) -> None:
    from queens_tui.app.screens.editor import VerdictReady

    app = create_editor_app(level_file, engine="search")
    async with playing(app, size=SIZE) as pilot:
        screen = app.editor
        await settle(pilot, screen)
        unique = screen.verdict
        assert unique is not None and unique.status == edit.UNIQUE
        old = screen.midend.generation
        await pilot.press("right", "B")
        await settle(pilot, screen)
        assert screen.verdict.status == edit.SEVERAL
        screen.post_message(VerdictReady(old, unique))  # a late reply to an older stroke
        await pilot.pause()
        assert screen.verdict.status == edit.SEVERAL
        assert "several solutions" in verdict_line(app)


def test_save_target_keeps_the_file_format_where_it_can(tmp_path: Path) -> None:
    from queens_tui.midend.editor import save_target

    assert save_target(tmp_path / "a.json").fmt == "json"
    assert save_target(tmp_path / "a.txt").fmt == "text"
    ts = save_target(tmp_path / "a.ts")
    assert ts.path == tmp_path / "a.txt" and ts.fmt == "text" and "a.txt" in ts.note
    assert save_target(tmp_path / "shot.png").path.name == "shot.txt"


async def test_json_file_is_saved_as_json(tmp_path: Path) -> None:
    from queens_tui.formats.queens import dump_json
    from tests.conftest import level_from

    path = tmp_path / "eight.json"
    path.write_text(dump_json(level_from(EXAMPLE_8)), encoding="utf-8")
    app = create_editor_app(path, engine="search")
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("right", "B", "ctrl+s")
        await settle(pilot, app.editor)
    assert path.read_text(encoding="utf-8").lstrip().startswith("{")
    assert load(path).grid[0][1] == "B"


@pytest.mark.parametrize("mode", [0o644, 0o600])
@pytest.mark.slow  # 9 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_save_keeps_the_files_mode(level_file: Path, mode: int) -> None:
    """Issue 33 item 14: a 0644 level file stayed 0644 only until the editor saved it."""
    level_file.chmod(mode)
    app = create_editor_app(level_file, engine="search")
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("right", "B", "ctrl+s")
        await settle(pilot, app.editor)
    assert load(level_file).grid[0][1] == "B"  # saved
    assert level_file.stat().st_mode & 0o777 == mode


async def test_no_save_or_play_while_the_region_count_is_wrong(level_file: Path) -> None:
    app = create_editor_app(level_file, engine="search")
    async with playing(app, size=SIZE, notifications=True) as pilot:
        screen = app.editor
        await pilot.press("Z")  # a ninth region
        await settle(pilot, screen)
        await pilot.press("ctrl+s", "p")
        await pilot.pause()
        assert app.screen is screen
        messages = [n.message for n in app._notifications]
        assert any(m.startswith("Cannot save: 9 regions") for m in messages)
        assert any(m.startswith("Cannot play: 9 regions") for m in messages)
        status = str(screen.query_one("#editor-status").render())
        assert "9/8 regions" in status
    assert level_file.read_text(encoding="utf-8") == EXAMPLE_8


async def test_at_80x24_the_key_line_keeps_save_and_quit(level_file: Path) -> None:
    """Letters paint in the editor (`q` makes a region "q"), so how to save and leave stays
    on the key line at 80 columns, where it was left out for the painting keys before."""
    from queens_tui.app.widgets.keyline import KeyLine

    app = create_editor_app(level_file, engine="search")
    async with playing(app, size=(80, 24)) as pilot:
        await pilot.pause()
        shown = {entry.description for entry in app.editor.query_one(KeyLine).shown()}
        assert {"Save", "Quit"} <= shown and "Paint" in shown
