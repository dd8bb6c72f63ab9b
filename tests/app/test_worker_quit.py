"""Issue 10 item 21: every background job has a time limit and a cancel; quitting is immediate."""

from __future__ import annotations

import threading
import time

import pytest
from textual import events

from queens_tui.app import create_app
from queens_tui.core.play import Verdict
from queens_tui.kinds.queens.play import PLAY
from queens_tui.midend.assistant import TIME_LIMITS, Assistant, Job, Request, run_request
from queens_tui.midend.levels import OpenLevel
from queens_tui.solver import CancelToken, play_solver
from tests.player import playing
from tests.scenes import settled

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


@pytest.mark.parametrize(
    ("n", "terminal"),
    [
        pytest.param(12, (120, 40), id="12x12"),
        # slow: a 60x60 board drawn in a 250x70 terminal, ~2 s of CPU
        pytest.param(60, (250, 70), id="60x60", marks=pytest.mark.slow),
    ],
)
async def test_quit_mid_solve_is_immediate(n: int, terminal: tuple[int, int]) -> None:
    app = create_app(OpenLevel(rows_level(n)), persist=False)
    async with playing(app, size=terminal) as pilot:
        await settled(pilot)
        screen = app.game_screen
        stuck = StuckSolver()
        screen.midend.solver = stuck
        await pilot.press("S", "y")  # S asks first
        assert stuck.started.wait(2)
        t0 = time.perf_counter()
        await pilot.press("q")
        await pilot.pause()
    assert time.perf_counter() - t0 < 1.0
    assert stuck.cancelled.wait(1.0)  # the request was told to stop, not left running


async def test_leaving_the_level_cancels_its_requests() -> None:
    app = create_app(OpenLevel(rows_level(12)), persist=False)
    async with playing(app, size=(120, 40)) as pilot:
        await settled(pilot)
        screen = app.game_screen
        stuck = StuckSolver()
        screen.midend.solver = stuck
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
    async with playing(app, size=(100, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press("down")
        for _ in range(2):  # back to back, as a fast typist sends them
            app.post_message(events.Key("enter", "\r"))
        await pilot.pause(0.3)
        assert app.is_running and app.screen is app.game_screen


class OnTrack:
    """A solver that says "can still be finished" at once: the hint goes to the kind's rules."""

    def check(self, state, *, engine, time_limit, cancel):
        return Verdict.CAN_FINISH

    def reveal(self, state, **kw):
        return None


class Watched:
    """Queens' rules, noting when `hint` starts and ends (a 40x40 open board takes minutes)."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.ended = threading.Event()

    def __getattr__(self, name):
        return getattr(PLAY, name)

    def hint(self, state, cancel=None):
        self.started.set()
        try:
            return PLAY.hint(state, cancel)
        finally:
            self.ended.set()


def _hint_request(n: int) -> Request:
    state = PLAY.new_state(rows_level(n))
    a = Assistant()
    a.changed(state, solved=False)
    return Request(Job.HINT, a.generation, state)


def test_the_hint_rules_on_40x40_stop_when_cancelled_and_say_so_when_out_of_time(
    monkeypatch,
) -> None:
    rules, token, replies, done = Watched(), CancelToken(), [], threading.Event()

    def work() -> None:
        replies.extend(run_request(_hint_request(40), rules, OnTrack(), "search", token))
        done.set()

    threading.Thread(target=work, daemon=True).start()
    assert rules.started.wait(2.0)
    time.sleep(0.05)
    t0 = time.perf_counter()
    token.cancel()  # what a newer request, leaving the level and quitting do
    assert done.wait(1.0) and time.perf_counter() - t0 < 0.5
    assert replies == []  # a cancelled request answers nothing
    monkeypatch.setitem(TIME_LIMITS, "hint", 0.2)
    t0 = time.perf_counter()
    late = list(run_request(_hint_request(40), PLAY, OnTrack(), "search", CancelToken()))
    assert time.perf_counter() - t0 < 1.0
    assert [r.verdict for r in late] == [Verdict.UNKNOWN]  # "the hint took too long"


async def test_quit_mid_hint_is_immediate_and_stops_the_rules() -> None:
    """30x30: the open board's first hint runs well over 20 s uncancelled (40x40: minutes)."""
    app = create_app(OpenLevel(rows_level(30)), persist=False, engine="search")
    async with playing(app, size=(130, 36)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        screen.midend.solver, rules = OnTrack(), Watched()
        screen.midend.rules = rules
        screen.action_hint()  # what `h` runs (Pilot's press would wait out the busy thread)
        assert rules.started.wait(2)
        t0 = time.perf_counter()
        await pilot.press("q")
        await pilot.pause()
    assert time.perf_counter() - t0 < 1.0
    assert rules.ended.wait(1.0)  # the deduction stopped, not left running in its thread
