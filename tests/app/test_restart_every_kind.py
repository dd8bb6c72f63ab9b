"""Issue 28 items 2, 3 (S) and 4, on every kind, through a restart of the app with the same
data folder: a hint only looked at counts (status, card, share line, stats agree), the card
and share line read the same after the restart, and a board solved with `S` keeps its offer
to take the solution back."""

from __future__ import annotations

import pytest

from queens_tui.app import create_app
from queens_tui.app.screens.win import GUARD, WinScreen
from queens_tui.kinds import KINDS
from tests.player import playing

from .assist_fixtures import settle
from .session_fixtures import SIZE, make_store, wait_until

LEVELS = {
    "queens": "1-easy/001",
    "tango": "tango-1-easy/001",
    "zip": "zip-1-6x6/001",
    "classic": "classic:6",
    "sudoku": "sudoku-1-easy/001",
    "patches": "patches-1-easy/001",
}


def test_every_kind_is_here() -> None:
    assert set(LEVELS) == set(KINDS)


def kinds(default: set[str]) -> list[object]:
    """Every kind; those not in `default` run in the slow step (each is a second or two of
    Pilot play, and the default suite keeps to its time)."""
    return [k if k in default else pytest.param(k, marks=pytest.mark.slow) for k in sorted(LEVELS)]


def share(app) -> str:
    return str(app.screen.query_one("#share").render())


def status(app) -> str:
    return " ".join(str(w.render()) for w in app.game_screen.query("#status"))


@pytest.mark.parametrize("kind", kinds({"queens", "zip"}))
@pytest.mark.slow  # 13 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_a_hint_looked_at_counts_and_the_card_survives_a_restart(
    kind: str, tmp_path, clock
) -> None:
    data = tmp_path / "data"
    app = create_app(LEVELS[kind], now=clock, store=make_store(data), engine="search")
    async with playing(app, size=SIZE) as pilot:
        await settle(pilot, app)
        game = app.game_screen.midend.game
        await pilot.press("h")  # looked at, not applied
        await settle(pilot, app)
        await pilot.press("escape")
        await settle(pilot, app)
        assert game.hints_used == 1 and "1 hint" in status(app), status(app)
        for _ in range(80):  # then hints all the way: each shown and applied
            if game.solved:
                break
            clock.advance(3)
            await pilot.press("h")
            await settle(pilot, app)
            await pilot.press("h")
            await settle(pilot, app)
        await wait_until(pilot, lambda: isinstance(app.screen, WinScreen))
        first = share(app)
        hints = game.hints_used
        assert hints >= 2 and f"{hints} hints" in first, first
        clock.advance(GUARD + 1)
        await pilot.press("q")
    store = make_store(data)
    stats = store.level_stats(app.ref.key)
    assert stats is not None and stats.solves == 1 and stats.last_hints == hints
    again = create_app(LEVELS[kind], now=clock, store=store, engine="search")
    async with playing(again, size=SIZE) as pilot:
        await settle(pilot, again)
        assert isinstance(again.screen, WinScreen)
        assert share(again) == first
        assert again.game_screen.midend.game.hints_used == hints


@pytest.mark.parametrize("kind", kinds({"queens", "tango", "classic"}))
@pytest.mark.slow  # 8 s at load 12 on 2 cores: run by `pytest -m slow`
async def test_S_keeps_its_undo_offer_after_a_restart(kind: str, tmp_path, clock) -> None:
    data = tmp_path / "data"
    app = create_app(LEVELS[kind], now=clock, store=make_store(data), engine="search")
    async with playing(app, size=SIZE) as pilot:
        await settle(pilot, app)
        start = app.game_screen.midend.game.state
        await pilot.press("S", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, WinScreen))
        assert app.screen.undoable
        first = share(app)
        clock.advance(GUARD + 1)
        await pilot.press("q")
    again = create_app(LEVELS[kind], now=clock, store=make_store(data), engine="search")
    async with playing(again, size=SIZE) as pilot:
        await settle(pilot, again)
        assert isinstance(again.screen, WinScreen)
        assert again.screen.undoable, "the card still offers to take the solution back"
        assert share(again) == first
        clock.advance(GUARD + 1)
        await pilot.press("u")
        await settle(pilot, again)
        game = again.game_screen.midend.game
        assert not game.solved and game.state == start and game.helped
