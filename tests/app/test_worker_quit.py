"""Issue 10 item 21: every background job has a time limit and a cancel; quitting is immediate."""

from __future__ import annotations

import threading
import time

from textual import events

from queens_tui.app import create_app
from queens_tui.app.assistant import Assistant, Job, Request, run_request
from queens_tui.app.levels import OpenLevel
from queens_tui.kinds.queens.play import PLAY
from queens_tui.solver import CancelToken, play_solver
from tests.screenshots import settled

from .assist_fixtures import rows_level


class StuckSolver:
    """Answers nothing until cancelled (a search that would run for minutes)."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.cancelled = threading.Event()

    def _wait(self, cancel) -> None:
        self.started.set()
        while not cancel.is_set():
            time.sleep(0.002)
        self.cancelled.set()

    def check(self, state, *, engine, time_limit, cancel):
        self._wait(cancel)

    def mistake(self, state, **kw):
        return None

    def reveal(self, state, **kw):
        return None

    def solve(self, state, *, engine, time_limit, cancel):
        self._wait(cancel)


async def test_quit_mid_solve_on_60x60_is_immediate() -> None:
    app = create_app(OpenLevel(rows_level(60)), persist=False)
    async with app.run_test(size=(250, 70)) as pilot:
        await settled(pilot)
        screen = app.game_screen
        stuck = StuckSolver()
        screen.solver = stuck
        await pilot.press("S", "y")  # S asks first
        assert stuck.started.wait(2)
        t0 = time.perf_counter()
        await pilot.press("q")
        await pilot.pause()
    assert time.perf_counter() - t0 < 1.0
    assert stuck.cancelled.wait(1.0)  # the request was told to stop, not left running


async def test_leaving_the_level_cancels_its_requests() -> None:
    app = create_app(OpenLevel(rows_level(12)), persist=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        screen = app.game_screen
        stuck = StuckSolver()
        screen.solver = stuck
        await pilot.press("enter")  # a move: its check hangs
        assert stuck.started.wait(2)
        screen.load(OpenLevel(rows_level(10)))
        assert stuck.cancelled.wait(1.0)


def test_a_real_cpsat_solve_on_60x60_stops_at_once_when_cancelled() -> None:
    level = rows_level(60)
    state = PLAY.new_state(level)
    a = Assistant()
    a.changed(state, solved=False)
    request = Request(Job.SOLVE, a.generation, state)
    token = CancelToken()
    done = threading.Event()

    def work() -> None:
        list(run_request(request, PLAY, play_solver("queens"), "cpsat", token))
        done.set()

    threading.Thread(target=work, daemon=True).start()
    time.sleep(0.05)
    t0 = time.perf_counter()
    token.cancel()
    assert done.wait(2.0)
    assert time.perf_counter() - t0 < 1.0


async def test_palette_down_enter_enter_does_not_crash() -> None:
    """Issue 10 item 20: a second Enter while the palette closes popped the last screen."""
    app = create_app(OpenLevel(rows_level(8)), persist=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press("down")
        for _ in range(2):  # back to back, as a fast typist sends them
            app._driver.send_message(events.Key("enter", "\r"))
        await pilot.pause(0.3)
        assert app.is_running and app.screen is app.game_screen
