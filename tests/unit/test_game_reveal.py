"""`S` then undo, for every kind: the solver's fill is one undo step that undo takes back.

The confirmation says so ("undo (u) takes it back"); a win by the player stays final.
"""

from __future__ import annotations

import threading

import pytest

from queens_tui.catalog.refs import open_arg
from queens_tui.kinds import get_play
from queens_tui.midend.game import Game
from queens_tui.solver import play_solver

LEVELS = {
    "queens": "1-easy/001",
    "tango": "tango-1-easy/001",
    "zip": "zip-1-6x6/001",
    "classic": "classic:6",
}


class Tick:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def solved_by_S(kind: str, game: Game) -> object:
    state = play_solver(kind).solve(
        game.state, engine="search", time_limit=10.0, cancel=threading.Event()
    )
    assert state is not None
    return state


@pytest.mark.parametrize("kind", sorted(LEVELS))
def test_undo_takes_S_back_and_the_clock_goes_on(kind: str) -> None:
    _ref, level = open_arg(LEVELS[kind])
    clock = Tick()
    game = Game(level, get_play(kind), now=clock)
    game.stopwatch.start()
    start = game.state
    clock.t += 5
    assert game.reveal(solved_by_S(kind, game))
    assert game.solved and game.helped and game.stopwatch.stopped
    clock.t += 60  # looking at the solution: not counted
    assert game.undo(), "undo must take S's solution back"
    assert game.state == start and not game.solved
    assert game.helped, "still solved with help"
    assert game.stopwatch.running and game.stopwatch.elapsed == 5
    assert game.redo() and game.solved and game.stopwatch.stopped
    assert game.undo() and not game.solved


@pytest.mark.parametrize("kind", sorted(LEVELS))
def test_a_win_not_filled_in_by_S_stays_final(kind: str) -> None:
    _ref, level = open_arg(LEVELS[kind])
    game = Game(level, get_play(kind), now=Tick())
    solved = solved_by_S(kind, game)
    assert game.reveal(solved) and game.undo()
    # the same board reached otherwise (a hint's step, as the last move): the win is final
    assert game.apply_help(solved) and game.solved and not game.revealed
    assert not game.undo() and game.solved


def test_a_daily_solved_by_S_undone_and_solved_after_a_reopen_counts_once(tmp_path) -> None:
    """The daily's first result stays the first one: finishing it after undoing S, in a
    later session, keeps the board but is not a second solve (a replay isn't either)."""
    from datetime import date

    from queens_tui.midend.levels import OpenLevel
    from queens_tui.midend.session import Session
    from queens_tui.store import Store

    day = date(2026, 11, 23)
    _ref, level = open_arg("1-easy/001")
    ref = OpenLevel(level, day=day)

    def session() -> Session:
        return Session(Store(tmp_path, sync=False, today=lambda: day))

    first = session()
    game = Game(level, get_play("queens"), now=Tick())
    first.start(game, ref)
    solved = solved_by_S("queens", game)
    assert game.reveal(solved)
    first.sync(game)  # counted: solved with help
    assert game.undo()
    first.sync(game)
    first.close()

    again = session()
    game = Game(level, get_play("queens"), now=Tick())
    assert again.start(game, ref) and not game.solved  # the board as left, after the undo
    assert game.apply_help(solved)  # finished (here: in one step)
    again.sync(game)
    assert again.store is not None
    stats = again.store.level_stats(ref.key)
    assert stats is not None and stats.solves == 1
    again.close()
    reopened = Game(level, get_play("queens"), now=Tick())
    assert session().start(reopened, ref) and reopened.solved  # opens solved


@pytest.mark.parametrize("kind", sorted(LEVELS))
def test_S_s_solution_can_still_be_undone_after_a_restart(kind: str, tmp_path) -> None:
    """Solved with `S`, quit, relaunched: the board opens solved and undo (and the card's
    offer) still takes the solution back, as before the restart (issue 28)."""
    from queens_tui.midend.levels import OpenLevel
    from queens_tui.midend.session import Session
    from queens_tui.store import Store

    ref, level = open_arg(LEVELS[kind])
    opened = OpenLevel(level, ref.bundled_id)
    first = Session(Store(tmp_path, sync=False))
    game = Game(level, get_play(kind), now=Tick())
    first.start(game, opened)
    start = game.state
    assert game.reveal(solved_by_S(kind, game))
    first.sync(game)
    first.close()

    again = Session(Store(tmp_path, sync=False))
    reopened = Game(level, get_play(kind), now=Tick())
    assert again.start(reopened, opened) and reopened.solved
    assert reopened.revealed, "the card offers to take the solution back"
    assert reopened.undo() and reopened.state == start and not reopened.solved
    assert reopened.helped
    again.sync(reopened)
    again.close()
    # a board solved by the player's own move stays final after a restart
    own = Game(level, get_play(kind), now=Tick())
    third = Session(Store(tmp_path, sync=False))
    third.start(own, opened)
    assert own.apply_help(solved_by_S(kind, own)) and not own.revealed
    third.sync(own)
    third.close()
    last = Game(level, get_play(kind), now=Tick())
    assert Session(Store(tmp_path, sync=False)).start(last, opened) and last.solved
    assert not last.revealed and not last.undo()
