"""`play FILE` on a level file that sets a position up (issue 42: an exported lesson inside a
level): the game opens with that position on the board, `h` names the rule from there, a
restart comes back to it, and the file keeps its own save apart from the bare puzzle's."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from queens_tui.app import create_app
from queens_tui.core.play import Deadline
from queens_tui.formats import load_puzzle, reader
from queens_tui.formats.bundled import bundled_levels, bundled_path
from queens_tui.kinds import get_kind
from tests.player import playing

from .assist_fixtures import settle
from .session_fixtures import SIZE, make_store


def position_file(folder: Path) -> tuple[Path, Path, list[str]]:
    """(a Queens level file, the same puzzle with its position 4 hints in, that position)."""
    source = bundled_path("1-easy/003")
    assert source is not None
    level = load_puzzle(source)
    rules = get_kind("queens").play
    state = rules.new_state(level)
    for _ in range(4):
        hint = rules.hint(state, Deadline(5.0))
        assert hint is not None and hint.move is not None
        state = rules.apply(state, hint.move)
    rows = rules.state_to_json(state)
    bare, placed = folder / "bare.txt", folder / "lesson.txt"
    bare.write_text(reader("queens").dump(level, "text"))
    placed.write_text(reader("queens").dump(replace(level, position=rows), "text"))
    return bare, placed, rows


async def test_play_opens_a_files_position_and_keeps_its_own_save(tmp_path: Path) -> None:
    bare, placed, rows = position_file(tmp_path)
    rules = get_kind("queens").play
    data = tmp_path / "data"
    app = create_app(str(placed), store=make_store(data), engine="search")
    async with playing(app, size=SIZE) as pilot:
        await settle(pilot, app)
        midend = app.game_screen.midend
        assert rules.state_to_json(midend.game.state) == rows
        start = midend.game.state
        hint = rules.hint(start)
        assert hint is not None and hint.move is not None
        await pilot.press("h")  # the hint from the position, then applied
        await settle(pilot, app)
        await pilot.press("h")
        await settle(pilot, app)
        after = rules.state_to_json(rules.apply(start, hint.move))
        assert rules.state_to_json(midend.game.state) == after != rows
        midend.restart()
        await settle(pilot, app)
        assert rules.state_to_json(midend.game.state) == rows  # a restart comes back here
    app = create_app(str(bare), store=make_store(data), engine="search")
    async with playing(app, size=SIZE) as pilot:
        await settle(pilot, app)
        assert rules.is_blank(app.game_screen.midend.game.state)  # not the lesson's save


@pytest.mark.parametrize("kind", ["queens", "zip", "patches", "classic"])
async def test_an_exported_lesson_opens_on_its_board(kind: str, tmp_path: Path) -> None:
    """`learn --export`'s file of a lesson inside a level (or on classic's board), opened as
    `play FILE` opens it: the lesson's position is on the board, and `h` names its rule."""
    from queens_tui.catalog import lessons as catalog
    from tests.lessons_helpers import quick_lessons

    found = list(quick_lessons(kind))
    if kind == "patches":  # its first pack teaches at level starts: the second has positions
        found = catalog.find_lessons(kind, [x for x in bundled_levels(kind) if "2-" in x[0]])
    lesson = next(x for x in found if x.position is not None)
    path = tmp_path / catalog.export_name(lesson)
    path.write_text(catalog.level_text(lesson))
    rules = get_kind(kind).play
    _, state = catalog.board(lesson)
    app = create_app(str(path), store=make_store(tmp_path / "data"), engine="search")
    async with playing(app, size=(80, 24)) as pilot:
        await settle(pilot, app)
        shown = app.game_screen.midend.game.state
        assert rules.pieces(shown) == rules.pieces(state)
        assert rules.state_to_json(shown) == rules.state_to_json(rules.new_state(load_puzzle(path)))
        hint = rules.hint(shown)
        assert hint is not None and hint.rule == lesson.rule
