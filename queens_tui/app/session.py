"""The game's memory: saved progress, solves, settings and notices, plus `l`, `n` and `p`.

`Session` is the one place the app talks to `store.Store`. The game screen
mixes in `SessionMixin` and calls three hooks: `session_game` when it starts
a level (the save is restored: board, whole undo/redo history, clock, hints),
`session_sync` after every redraw (the move is saved in the background, a win
is recorded, changed settings are kept), and the store's notices (a corrupt
file set aside) are shown as warnings while the game goes on. Nothing here
imports the solver.

Which level `n` and `p` open: in the bundled packs the next and previous
level in bundled order; for a file, the next and previous file of the same
kind in its folder; for a daily puzzle the next and previous *day* (never
past today: tomorrow's puzzle is tomorrow's). A day without a file is
generated in a worker behind a "generating" screen (see `QueensApp.open_daily`).

`Session(None)` keeps nothing (screenshots, benchmarks): every call is a no-op
and the settings are the defaults.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, NamedTuple

from queens_tui.app.clock import Clock, mmss
from queens_tui.app.game import Game
from queens_tui.app.levels import LevelRef, adjacent_level
from queens_tui.kinds.queens.board import History
from queens_tui.kinds.queens.level import LevelError

if TYPE_CHECKING:
    from queens_tui.app.screens.browser import BrowserState, LevelChoice
    from queens_tui.store import LevelStats, Settings, Store

NOTICE_SECONDS = 10.0
"""How long a store notice (a file set aside, a failed write) stays on screen."""


def daily_ref(daily: Any, day: date) -> LevelRef:
    """A `LevelRef` for a `store.Daily` (the file's path, or no path when generated)."""
    from queens_tui.store import GENERATED

    path = None if daily.source == GENERATED else daily.source
    return LevelRef(daily.level, path=path, day=day)


class _Mark(NamedTuple):
    """What was last saved of a game, to save only when something changed.

    A NamedTuple, not a dataclass: it is built at import, before the first frame, and
    a frozen dataclass costs about seven times as much to create.
    """

    history: History
    board: object
    past: int
    future: int
    hints: int
    helped: bool

    @classmethod
    def of(cls, game: Game) -> _Mark:
        h = game.history
        return cls(h, h.board, len(h.past), len(h.future), game.hints_used, game.helped)

    @property
    def empty(self) -> bool:
        """Nothing to keep: a fresh or restarted board with no history."""
        b = self.board
        return not self.past and not self.future and not b.queens and not b.crosses  # type: ignore[attr-defined]


class Session:
    """Saves and restores the game being played through a `Store` (or nothing, with None)."""

    def __init__(self, store: Store | None) -> None:
        self.store = store
        self._game: Game | None = None
        self._ref: LevelRef | None = None
        self._saved: _Mark | None = None
        self._recorded: History | None = None
        self.last_stats: LevelStats | None = None
        """The stats of the level just solved (for the win screen)."""

    # --- settings and notices -----------------------------------------------------------

    @property
    def settings(self) -> Settings:
        """The saved settings (the defaults without a store)."""
        from queens_tui.store import Settings

        return self.store.settings if self.store is not None else Settings()

    def update_settings(self, **changes: Any) -> None:
        """Keep changed settings (written at once: they change rarely)."""
        if self.store is None:
            return
        new = replace(self.store.settings, **changes)
        if new != self.store.settings:
            self.store.save_settings(new)

    def notices(self) -> list[str]:
        """What the store has to tell the player since the last call."""
        return self.store.take_notices() if self.store is not None else []

    def today(self) -> date:
        """The store's today (tests fix it), else the real one."""
        return self.store.today() if self.store is not None else date.today()

    # --- the daily puzzle -----------------------------------------------------------------

    def daily_now(self, day: date) -> LevelRef | None:
        """`day`'s puzzle if it needs no generating (a file, or cached), else None.

        Raises `LevelError` when the day's file is broken.
        """
        if self.store is None:
            return None
        found = self.store.daily_ready(day)
        return None if found is None else daily_ref(found, day)

    def daily(self, day: date) -> LevelRef:
        """`day`'s puzzle, generated if need be (a second or more: call it from a worker)."""
        if self.store is not None:
            return daily_ref(self.store.daily(day), day)
        from queens_tui.store.daily import daily_level

        return daily_ref(daily_level(day, None), day)

    # --- one game ---------------------------------------------------------------------------

    def start(self, game: Game, ref: LevelRef) -> bool:
        """Make `game` the one being played: apply the settings, resume its save. True if resumed.

        The game that was being played is saved first (with its clock).
        """
        self.leave()
        settings = self.settings
        game.auto_cross = settings.auto_cross
        game.live_check = settings.live_check
        self._game, self._ref = game, ref
        self.last_stats = None
        resumed = False
        if self.store is not None:
            saved = self.store.load_progress(ref.key, ref.level)
            if saved is not None and not saved.history.board.is_solved:
                game.history = saved.history
                game.stopwatch.set_elapsed(saved.elapsed)
                game.hints_used = saved.hints
                game.helped = saved.helped
                resumed = True
        self._saved = _Mark.of(game)
        self._recorded = None
        return resumed

    def sync(self, game: Game) -> None:
        """After a redraw: save a changed board, record a win, keep changed settings."""
        if game is not self._game or self._ref is None:
            return
        if game.auto_cross != self.settings.auto_cross:
            self.update_settings(auto_cross=game.auto_cross)
        if game.live_check != self.settings.live_check:
            self.update_settings(live_check=game.live_check)
        if game.solved:
            if self._recorded is not game.history:
                self._recorded = game.history
                self._record(game, self._ref)
            return
        if game.history.in_gesture:
            return  # a drag is saved once, when it ends
        self._save(game, self._ref)

    def leave(self) -> None:
        """Save the game being played as it stands, clock included (before a switch or quit)."""
        game, ref = self._game, self._ref
        if game is None or ref is None or game.solved or self.store is None:
            return
        self._save(game, ref, force=True)

    def close(self) -> None:
        """Save the current game and wait for every pending write (on quit)."""
        self.leave()
        if self.store is not None:
            self.store.close()

    def _save(self, game: Game, ref: LevelRef, *, force: bool = False) -> None:
        mark = _Mark.of(game)
        if mark == self._saved and not force:
            return
        if self.store is not None:
            if mark.empty:
                if force or self._saved is None or not self._saved.empty:
                    self.store.clear_progress(ref.key)
            else:
                self.store.save_progress(
                    ref.key,
                    game.history,
                    game.stopwatch.elapsed,
                    hints=game.hints_used,
                    helped=game.helped,
                    background=True,
                )
        self._saved = mark

    def _record(self, game: Game, ref: LevelRef) -> None:
        if self.store is None:
            return
        self.last_stats = self.store.record_solve(
            ref.key,
            game.stopwatch.elapsed,
            hints=game.hints_used,
            helped=game.helped,
            daily=ref.day,
        )
        self._saved = _Mark.of(game)

    def win_line(self, ref: LevelRef) -> str:
        """Best time and solves, and (for a daily puzzle) the streak: lines for the win screen."""
        stats = self.last_stats
        if self.store is None or stats is None:
            return ""
        parts = []
        if stats.best_time is not None:
            improved = stats.solves > 1 and stats.last_time == stats.best_time
            parts.append(f"{'new best' if improved else 'best'} {mmss(stats.best_time)}")
        if stats.solves > 1:
            parts.append(f"solved {stats.solves} times")
        lines = [" · ".join(parts)]
        if ref.day is not None:
            streak = self.store.streak()
            days = "day" if streak.current == 1 else "days"
            lines.append(f"daily streak {streak.current} {days} (best {streak.best})")
        return "\n".join(line for line in lines if line)


class SessionMixin:
    """What the game screen gets from the session: resume, save, record, `l`, `n`, `p`.

    Host requirements (GameScreen): `game`, `ref`, `ascii`, `session`,
    `load(ref)`, `notify`, `app`.
    """

    session: Session
    game: Game
    ref: LevelRef
    ascii: bool
    _browser_state: BrowserState | None = None

    def session_game(self, ref: LevelRef, now: Clock) -> Game:
        """A game on `ref`, resumed from its save if it has one (the previous game is saved)."""
        game = Game(ref.level, title=ref.title, now=now)
        self.session.start(game, ref)
        return game

    _session_sync_pending: bool = False

    def session_sync(self) -> None:
        """After every redraw: save, record a win, keep settings, show the store's notices.

        The work runs once the frame showing the move is painted: encoding the
        save (history and all) would otherwise add to every key press. Several
        moves before that frame make one save. Quitting or switching levels
        saves the game as it stands anyway (`Session.leave`).
        """
        if not self._session_sync_pending:
            self._session_sync_pending = True
            self.call_after_refresh(self._session_sync_now)  # type: ignore[attr-defined]

    def _session_sync_now(self) -> None:
        self._session_sync_pending = False
        self.session.sync(self.game)
        self.session_notices()

    def session_notices(self) -> None:
        """Show what the store has to say (a file set aside, a failed write) as warnings."""
        for text in self.session.notices():
            self.notify(text, severity="warning", timeout=NOTICE_SECONDS)  # type: ignore[attr-defined]

    def action_toggle_live(self) -> None:
        """The live check on or off (the assist does it), and remember the setting."""
        super().action_toggle_live()  # type: ignore[misc]
        self.session.sync(self.game)

    # --- n / p --------------------------------------------------------------------------------

    def session_step(self, step: int) -> None:
        """Open the next (`step` 1) or previous (-1) level, saving this one first."""
        ref = self.ref
        if ref.day is not None:
            day = ref.day + timedelta(days=step)
            if step > 0 and day > max(self.session.today(), ref.day):
                self.notify("Tomorrow's puzzle comes tomorrow.", timeout=2)  # type: ignore[attr-defined]
                return
            self.app.open_daily(day, self.load)  # type: ignore[attr-defined]
            return
        found = adjacent_level(ref, step)
        if found is None:
            text = "This was the last level." if step > 0 else "This is the first level."
            self.notify(text, timeout=2)  # type: ignore[attr-defined]
            return
        self.load(found)  # type: ignore[attr-defined]

    def session_can_step(self, step: int) -> bool:
        """True if `n` (1) or `p` (-1) has somewhere to go."""
        ref = self.ref
        if ref.day is not None:
            return step < 0 or ref.day < self.session.today()
        return adjacent_level(ref, step) is not None

    def action_prev_level(self) -> None:
        """Open the previous level (the day before, for a daily puzzle)."""
        self.session_step(-1)

    # --- l: the level browser -----------------------------------------------------------------

    def action_levels(self) -> None:
        """Open the level browser; the chosen level opens here (this one is saved first)."""
        from queens_tui.app.screens.browser import BrowserState, LevelBrowser

        store = self.session.store
        if store is None:
            self.notify("The level browser needs a data folder.", severity="warning")  # type: ignore[attr-defined]
            return
        self.session.leave()
        if self._browser_state is None:
            self._browser_state = BrowserState()
        browser = LevelBrowser(store, self.ref.key, state=self._browser_state, ascii=self.ascii)
        self.app.push_screen(browser, self._chosen)  # type: ignore[attr-defined]

    def _chosen(self, choice: LevelChoice | None) -> None:
        if choice is None or choice.key == self.ref.key:
            return
        if choice.kind == "daily":
            assert choice.date is not None
            self.app.open_daily(choice.date, self.load)  # type: ignore[attr-defined]
            return
        from queens_tui.app.levels import open_level
        from queens_tui.formats import load

        try:
            if choice.path is not None:
                ref = LevelRef(load(choice.path), bundled_id=choice.id)
            else:
                ref = open_level(choice.id)
        except LevelError as err:
            self.notify(str(err), severity="error", timeout=NOTICE_SECONDS)  # type: ignore[attr-defined]
            return
        self.load(ref)  # type: ignore[attr-defined]


__all__ = ["NOTICE_SECONDS", "Session", "SessionMixin", "daily_ref"]
