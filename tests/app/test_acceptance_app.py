"""Defects a new user found in the app (acceptance pass): --ascii status line, ctrl+z."""

from __future__ import annotations

from queens_tui.app import create_app
from tests.player import playing

from .conftest import SIZE, game_screen


async def test_ascii_status_line_has_no_queen_or_cross_glyph(level8_file, clock) -> None:
    """A new user found `♛ 1/8` and `auto-× on` on the status line under --ascii."""
    app = create_app(str(level8_file), ascii=True, now=clock)
    async with playing(app, size=(150, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        line = game_screen(app).status.plain
        assert "1 of 8 queens" in line and "auto-x on" in line and "8x8" in line
        assert not {"♛", "×"} & set(line)


async def test_status_line_keeps_glyphs_without_ascii(level8_file, clock) -> None:
    app = create_app(str(level8_file), now=clock)
    async with playing(app, size=(150, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        line = game_screen(app).status.plain
        assert "1 of 8 queens" in line and "auto-× on" in line and "8×8" in line


async def test_ctrl_z_suspends_the_app(app8, monkeypatch) -> None:
    """Textual binds no key to suspend: a new user's ctrl+z did nothing (and `fg` typed
    afterwards went to the board). The timer's pause on suspend was unreachable."""
    calls: list[str] = []
    monkeypatch.setattr(app8, "action_suspend_process", lambda: calls.append("suspend"))
    async with playing(app8, size=SIZE) as pilot:
        await pilot.press("ctrl+z")
        await pilot.pause()
    assert calls == ["suspend"]


async def test_suspend_pauses_the_timer_before_the_process_stops(app8) -> None:
    """`action_suspend_process` publishes the suspend signal, then stops the process at
    once: a deferred callback ran only after `fg`, so a real ctrl+z never paused the timer."""
    async with playing(app8, size=SIZE) as pilot:
        await pilot.pause()
        watch = game_screen(app8).midend.game.stopwatch
        assert watch.running
        app8.app_suspend_signal.publish(app8)
        assert not watch.running  # no await: the process would already be stopped here


async def test_hint_on_an_unsolvable_level_offers_nothing_to_take_away(tmp_path, clock) -> None:
    """The hint asked to "press h again to take those marks away" with no marks on the board."""
    from .assist_fixtures import message_text, settle

    path = tmp_path / "none.txt"
    path.write_text("AAB\nACB\nCCB\n", encoding="utf-8")
    app = create_app(str(path), now=clock)
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("h")
        await settle(pilot, app)
        text = message_text(app)
        assert "has no solution" in text and "take those marks away" not in text
        await pilot.press("h")  # a second press must not fail or count a move
        await settle(pilot, app)
        assert game_screen(app).midend.game.moves == 0
