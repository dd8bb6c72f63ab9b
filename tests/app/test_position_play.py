"""`play FILE` on a level file that sets a position up (issue 42: an exported lesson inside a
level): the game opens with that position on the board, `h` names the rule from there, a
restart comes back to it, and the file keeps its own save apart from the bare puzzle's."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from queens_tui.app import create_app
from queens_tui.core.play import Deadline
from queens_tui.formats import load_puzzle, reader
from queens_tui.formats.bundled import bundled_path
from queens_tui.kinds import get_kind

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
    async with app.run_test(size=SIZE) as pilot:
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
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert rules.is_blank(app.game_screen.midend.game.state)  # not the lesson's save
