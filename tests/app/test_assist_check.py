"""The live progress check: on track / mistake, `m`, the off switch, and the worker's manners.

The worker must never hold up a key, a newer move must cancel the older
check, and a verdict computed for an older board or another level must never
reach the status line.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from textual import events

from queens_tui.app import create_app
from queens_tui.app.palette import HIGHLIGHTS
from queens_tui.core.play import Verdict
from queens_tui.kinds.queens.level import Level
from queens_tui.midend.levels import OpenLevel, open_level
from tests.conftest import EXAMPLE_9
from tests.player import playing

from .assist_fixtures import (
    BlockingChecker,
    message_text,
    rows_level,
    settle,
    use_checker,
    wrong_marks,
)
from .conftest import SIZE, board_view, drawn, game_screen, go_to

WRONG = (0, 0)
"""Row 1 of the 8x8 example holds its queen in column 4: a queen at (0, 0) is in no solution."""


async def test_on_track_then_mistake_then_undo_brings_it_back(app8, solution8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        status = game_screen(app8).status
        await settle(pilot, app8)
        assert status.check == "can still be finished" and "can still be finished" in status.plain
        # a right queen: still on track (its automatic crosses add nothing)
        await go_to(pilot, app8, solution8[1])
        await pilot.press("enter")
        await settle(pilot, app8)
        assert status.check == "can still be finished"
        await go_to(pilot, app8, WRONG)
        await pilot.press("enter")
        await settle(pilot, app8)
        assert (
            status.check == "can't be finished any more: press m to see why"
            and "can't be finished any more: press m to see why" in status.plain
        )
        await pilot.press("u")
        await settle(pilot, app8)
        assert status.check == "can still be finished"


async def test_a_cross_on_a_needed_cell_is_a_mistake(app8, solution8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        status = game_screen(app8).status
        await go_to(pilot, app8, solution8[0])
        await pilot.press("x")
        await settle(pilot, app8)
        assert status.check == "can't be finished any more: press m to see why"
        await pilot.press("m")
        await settle(pilot, app8)
        view = board_view(app8)
        assert view.highlights[solution8[0]] == "mistake"
        # the line it leaves no place for a queen, tinted; no queen's place given away
        evidence = {c for c, m in view.highlights.items() if m == "evidence"}
        assert evidence and "can no longer hold a queen" in message_text(app8)
        assert message_text(app8).startswith(
            "The cross at"
        ) and "needs a queen" not in message_text(app8)
        await pilot.press("x")  # take the cross away: fine again, highlight gone
        await settle(pilot, app8)
        assert status.check == "can still be finished"
        assert view.highlights == {}


async def test_m_highlights_the_wrong_queen_in_its_own_colour_and_toggles(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = board_view(app8)
        await pilot.press("m")  # on track: says so, highlights nothing
        await settle(pilot, app8)
        assert "No mistake" in message_text(app8)
        assert view.highlights == {}
        await go_to(pilot, app8, (1, 1))  # so the cursor shade does not hide the highlight
        await go_to(pilot, app8, WRONG)
        await pilot.press("enter", "right")
        await settle(pilot, app8)
        before = drawn(view, WRONG)[1].bgcolor
        await pilot.press("m")
        await settle(pilot, app8)
        assert wrong_marks(view.highlights) == {WRONG}
        assert view.highlight_kind == "mistake"
        glyph, style = drawn(view, WRONG)
        assert glyph == "♛" and style.bgcolor != before
        assert "row 1, column 1" in message_text(app8)
        await pilot.press("m")
        await pilot.pause()
        assert view.highlights == {}
        assert drawn(view, WRONG)[1].bgcolor == before


async def test_m_works_while_live_check_is_off_and_status_stays_silent(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        await settle(pilot, app8)
        await pilot.press("c")
        await settle(pilot, app8)
        assert screen.midend.assistant.live is False
        assert screen.status.check == "" and "can still be finished" not in screen.status.plain
        calls = BlockingChecker(Verdict.CANNOT_FINISH)
        calls.release.set()
        use_checker(screen, calls)
        await go_to(pilot, app8, WRONG)
        await pilot.press("enter")
        await settle(pilot, app8)
        assert len(calls.calls) == 1  # off still checks, silently (flawless needs it)
        assert screen.status.check == ""
        assert screen.midend.game.mistakes == 1
        use_checker(screen, None)
        await pilot.press("m")  # answers in the message line
        await settle(pilot, app8)
        assert wrong_marks(board_view(app8).highlights) == {WRONG}
        assert screen.status.check == ""
        await pilot.press("c")
        await settle(pilot, app8)
        assert screen.status.check == "can't be finished any more: press m to see why"


async def test_live_check_key_palette_and_setting_survive_next_level(tmp_path, clock) -> None:
    (tmp_path / "a.txt").write_text(EXAMPLE_9)
    (tmp_path / "b.txt").write_text(EXAMPLE_9)
    app = create_app(str(tmp_path / "a.txt"), now=clock)
    async with playing(app, size=SIZE) as pilot:
        titles = [cmd.title for cmd in app.get_system_commands(game_screen(app))]
        assert {"Hint", "Show mistakes", "Solve", "Live check"} <= set(titles)
        await pilot.press("c")
        game_screen(app).action_next_level()
        await settle(pilot, app)
        assert game_screen(app).midend.assistant.live is False
        assert game_screen(app).status.check == ""


async def test_several_solutions_any_completion_is_on_track() -> None:
    level = rows_level(6)  # regions are rows: many solutions
    app = create_app(OpenLevel(level))
    async with playing(app, size=SIZE) as pilot:
        status = game_screen(app).status
        await go_to(pilot, app, (0, 1))
        await pilot.press("enter")
        await settle(pilot, app)
        assert status.check == "can still be finished"
        await go_to(pilot, app, (1, 1))  # same column: no completion
        await pilot.press("enter")
        await settle(pilot, app)
        assert status.check == "can't be finished any more: press m to see why"


async def test_failure_and_timeout_are_said_and_the_game_goes_on(app8, solution8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)

        def broken(board, cancel):
            raise RuntimeError("solver exploded")

        use_checker(screen, broken)
        await go_to(pilot, app8, solution8[0])
        await pilot.press("enter")
        await settle(pilot, app8)
        assert screen.status.check == "check failed"
        use_checker(screen, lambda board, cancel: Verdict.UNKNOWN)
        await pilot.press("down")
        await go_to(pilot, app8, solution8[1])
        await pilot.press("enter")
        await settle(pilot, app8)
        assert screen.status.check == "check timed out"
        use_checker(screen, None)
        await go_to(pilot, app8, solution8[2])
        await pilot.press("enter")
        await settle(pilot, app8)
        assert len(screen.midend.game.board.queens) == 3
        assert screen.status.check == "can still be finished"


# slow: a wall-clock limit on three key presses; on a loaded machine (or after other tests'
# threads) it measures the machine, so it runs in the slow step, alone.
@pytest.mark.slow
async def test_slow_check_on_18x18_does_not_delay_keys(tmp_path) -> None:
    level = rows_level(18)
    app = create_app(OpenLevel(level))
    async with playing(app, size=(110, 40)) as pilot:
        screen = game_screen(app)
        await settle(pilot, app)
        slow = BlockingChecker(Verdict.CAN_FINISH, timeout=5.0)
        use_checker(screen, slow)
        await pilot.press("enter")  # a queen: the check starts and blocks
        assert slow.started.wait(2)
        # The keys go in as a terminal sends them and the clock stops when the cursor has
        # moved: Pilot's own waits also wait for every other thread's CPU (a solver counting
        # this board's solutions on a loaded machine), which is not what is measured here.
        t0 = time.perf_counter()
        for key in ("right", "right", "down"):
            app.post_message(events.Key(key, None))
        while board_view(app).cursor != (1, 2) and time.perf_counter() - t0 < 2:
            await asyncio.sleep(0.002)
        elapsed = time.perf_counter() - t0
        assert board_view(app).cursor == (1, 2)
        assert elapsed < 0.5, f"keys waited {elapsed:.3f} s for the check"
        assert screen.midend.worker.busy
        await pilot.pause(0.35)
        assert screen.status.check == "checking…"
        slow.release.set()
        await settle(pilot, app)
        assert screen.status.check == "can still be finished"


async def test_newer_move_cancels_the_older_check_and_its_verdict_is_dropped(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        await settle(pilot, app8)
        first = BlockingChecker(Verdict.CANNOT_FINISH)
        use_checker(screen, first)
        await go_to(pilot, app8, WRONG)
        await pilot.press("enter")
        assert first.started.wait(2)
        _, old_token = first.calls[0]
        use_checker(screen, None)
        await pilot.press("enter")  # take the queen away again: a newer board
        await settle_until(pilot, lambda: screen.status.check == "can still be finished")
        assert old_token.is_set()  # the old check was told to stop
        first.release.set()  # it answers "mistake" for the old board anyway
        await settle(pilot, app8)
        assert screen.status.check == "can still be finished"


async def test_check_started_before_a_level_change_is_never_shown_after_it(
    tmp_path: Path, level8_file: Path
) -> None:
    app = create_app(str(level8_file))
    async with playing(app, size=SIZE) as pilot:
        screen = game_screen(app)
        await settle(pilot, app)
        blocking = BlockingChecker(Verdict.CANNOT_FINISH)
        use_checker(screen, blocking)
        await pilot.press("enter")  # check for level A starts and hangs
        assert blocking.started.wait(2)
        (tmp_path / "nine.txt").write_text(EXAMPLE_9)
        other = open_level(str(tmp_path / "nine.txt"))
        seen: list[str] = []
        screen.watch(screen.status, "check", lambda value: seen.append(value), init=False)
        use_checker(screen, None)
        screen.load(other)
        await settle_until(pilot, lambda: screen.status.check == "can still be finished")
        blocking.release.set()  # level A's verdict ("mistake") arrives now
        await settle(pilot, app)
        await pilot.pause(0.1)
        assert isinstance(screen.midend.game.level, Level) and screen.midend.game.level.size == 9
        assert screen.status.check == "can still be finished"
        assert "can't be finished any more: press m to see why" not in seen


async def settle_until(pilot, done, timeout: float = 3.0) -> None:
    """Pause until `done()` holds (workers here may block on purpose, so no wait-for-all)."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out waiting"
        await pilot.pause(0.01)


def test_highlight_kinds_have_distinct_tints() -> None:
    tints = [tint for tint, _ in HIGHLIGHTS.values()]
    assert len(set(tints)) == len(tints) == 5


async def test_search_engine_gives_the_same_verdicts(level8_file, solution8) -> None:
    """The engine switch: the pure search (`play --engine search`, or OR-Tools missing)."""
    app8 = create_app(str(level8_file), engine="search")
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        assert screen.midend.worker.engine == "search"
        await settle(pilot, app8)
        await go_to(pilot, app8, solution8[0])
        await pilot.press("enter")
        await settle(pilot, app8)
        assert screen.status.check == "can still be finished"
        await go_to(pilot, app8, (1, 0))  # touches nothing, but is in no solution
        await pilot.press("enter")
        await settle(pilot, app8)
        assert screen.status.check == "can't be finished any more: press m to see why"


async def test_the_verdict_is_in_words_even_at_80_columns(level8_file) -> None:
    app = create_app(str(level8_file))
    async with playing(app, size=(80, 24)) as pilot:
        screen = game_screen(app)
        await settle(pilot, app)
        assert "can still be finished" in screen.status.plain
        await pilot.press("enter")  # a wrong queen at (0, 0)
        await settle(pilot, app)
        assert screen.status.check == "can't be finished any more: press m to see why"
        line = screen.status.plain
        assert "can't be finished" in line and "press m" in line
        assert len(line) <= 78  # nothing cut off at the right edge
    help_text = screen.help_text()
    assert "can still be finished" in help_text and "press `c` to turn it off" in help_text.lower()


async def test_a_mistake_is_not_flawless_with_the_live_check_on_or_off(app8) -> None:
    """Issue 10 item 4: flawless does not depend on the live check (it was: off, a wrong
    queen went uncounted and the game stayed flawless)."""
    async with playing(app8, size=SIZE) as pilot:
        screen = game_screen(app8)
        for live in (True, False):
            if screen.midend.assistant.live != live:
                await pilot.press("c")
            await go_to(pilot, app8, WRONG)
            await pilot.press("enter")
            await settle(pilot, app8)
            assert screen.midend.game.mistakes >= 1 and not screen.midend.game.result().flawless, (
                live
            )
            await pilot.press("enter")  # take it back; the mistake stays counted
            screen.midend.game.mistakes = 0  # and forgotten, so the same queen counts again
            screen.midend.game.mistake_marks.clear()
            await settle(pilot, app8)
            assert screen.midend.game.mistakes == 0


async def test_once_the_level_is_known_a_move_gets_its_verdict_without_a_thread(
    app8, solution8
) -> None:
    """The solver's quick check answers in the key's own handler (the frame of the move);
    a mistake still asks the worker, for the wrong marks `m` shows."""
    async with playing(app8, size=SIZE) as pilot:
        await settle(pilot, app8)
        screen = game_screen(app8)
        status = screen.status
        await go_to(pilot, app8, solution8[1])
        started, quick = screen.midend.worker.started, screen.midend.worker.quick_answers
        await pilot.press("enter")
        assert status.check == "can still be finished"
        assert (
            screen.midend.worker.started == started
            and screen.midend.worker.quick_answers == quick + 1
        )
        await go_to(pilot, app8, WRONG)
        await pilot.press("enter")
        assert status.check == "can't be finished any more: press m to see why"
        await pilot.press("m")
        await settle(pilot, app8)
        assert wrong_marks(board_view(app8).highlights) == {WRONG}
        assert screen.midend.game.mistakes == 1
