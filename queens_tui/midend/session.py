"""The game's memory: saved progress, solves, settings and notices, and where `n` and `p` go.

`Session` is the one place the app talks to `store.Store`; the app makes one
and passes it to each game screen. The screen calls `start` when it starts a
level (the save is restored: position, whole undo/redo history, clock,
hints), `sync` after every redraw (the move is saved in the background, a
win is recorded) and `notices` (a corrupt file set aside) to show warnings
while the game goes on. Nothing here imports Textual or the solver.

Which level `n` and `p` open is the catalog's answer (`catalog.step`: the next
bundled level, the next file of the same kind in its folder, the next or
previous *day* for a daily puzzle, never past today). A day without a file is
generated in a worker behind a "generating" screen (see `QueensApp.open_daily`).

`Session(None)` keeps nothing (screenshots, benchmarks): every call is a no-op
and the settings are the defaults.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from queens_tui.catalog.refs import LevelRef
from queens_tui.core.history import History
from queens_tui.core.vocabulary import mmss
from queens_tui.kinds import DEFAULT_KIND
from queens_tui.midend.game import Game
from queens_tui.midend.levels import OpenLevel, open_ref

if TYPE_CHECKING:
    from queens_tui.store import LevelStats, Settings
    from queens_tui.store import Store as Store  # the app names the store through here
    from queens_tui.store.progress import Progress

NOTICE_SECONDS = 10.0
"""How long a store notice (a file set aside, a failed write) stays on screen."""


def user_store() -> Store:
    """The player's store (its folder from ``QUEENS_TUI_DATA_DIR`` or the platform's)."""
    from queens_tui.store import Store

    return Store()


def user_keys_file() -> Path:
    """The player's keys file, ``keys.conf`` in the config folder (`midend.keymap`)."""
    from queens_tui.store.paths import keys_file

    return keys_file()


def daily_shape(kind: str, day: date) -> tuple[int, str | None]:
    """(size, difficulty) of `day`'s `kind` puzzle, before it is made (the loading line)."""
    from queens_tui.store.daily import shape_for

    size, difficulty = shape_for(kind, day)
    return size, difficulty


def daily_ref(daily: Any, day: date) -> OpenLevel:
    """An `OpenLevel` for a `store.Daily` (the file's path, or no path when generated)."""
    from queens_tui.store import GENERATED

    path = None if daily.source == GENERATED else daily.source
    return OpenLevel(daily.level, path=path, day=day)


class _Mark(NamedTuple):
    """What was last saved of a game, to save only when something changed.

    A NamedTuple, not a dataclass: it is built at import, before the first frame, and
    a frozen dataclass costs about seven times as much to create.
    """

    history: History[Any, Any]
    state: object
    past: int
    future: int
    hints: int
    helped: bool
    empty: bool
    """Nothing to keep: a fresh board with no history and no help used or mistake made."""
    tallies: tuple[int, int, int, int]
    """Undos, mistakes, backtracks, positions marked as mistakes."""

    @classmethod
    def of(cls, game: Game) -> _Mark:
        h = game.history
        tallies = (game.undos, game.mistakes, game.backtracks, len(game.mistake_marks))
        helped = game.hints_used or game.helped or any(tallies)  # kept through a restart
        return cls(
            h,
            h.state,
            len(h.past),
            len(h.future),
            game.hints_used,
            game.helped,
            game.blank and not helped,
            tallies,
        )


def progress_of(game: Game) -> Progress:
    """What is saved of `game`: its history, clock and every figure its card shows."""
    from queens_tui.store.progress import Progress

    return Progress(
        game.history,
        game.stopwatch.elapsed,
        game.hints_used,
        game.helped,
        undos=game.undos,
        mistakes=game.mistakes,
        backtracks=game.backtracks,
        mistake_marks=tuple(sorted(game.mistake_marks)),
        replay=game.replaying,
        revealed=game.revealed,
    )


def restore(game: Game, saved: Progress) -> None:
    """Put a saved game's history, clock and figures back, so its card and share line say
    what they said before the restart."""
    game.history = saved.history
    game.stopwatch.set_elapsed(saved.elapsed)
    game.hints_used = saved.hints
    game.helped = saved.helped
    game.undos, game.mistakes, game.backtracks = saved.undos, saved.mistakes, saved.backtracks
    game.mistake_marks = set(saved.mistake_marks)
    game.replaying = saved.replay
    game.revealed = saved.revealed and bool(saved.history.past)  # S's fill is an undo step


def next_daily_words(kind: str, now: datetime) -> str:
    """When the next daily of `kind` comes (local midnight, `now` being local), and what to
    play meanwhile: "The next Tango daily comes at midnight, in 2 h 05 min. Press l for
    the level packs."."""
    from queens_tui.kinds import get_kind

    midnight = datetime.combine(now.date() + timedelta(days=1), time(), tzinfo=now.tzinfo)
    minutes = max(1, int((midnight - now).total_seconds() // 60))
    left = f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"
    title = get_kind(kind).title
    return f"The next {title} daily comes at midnight, in {left}. Press l for the level packs."


class Session:
    """Saves and restores the game being played through a `Store` (or nothing, with None)."""

    def __init__(self, store: Store | None) -> None:
        self.store = store
        self._game: Game | None = None
        self._ref: OpenLevel | None = None
        self._saved: _Mark | None = None
        self._recorded: History[Any, Any] | None = None
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

    def daily_now(self, day: date, kind: str = DEFAULT_KIND) -> OpenLevel | None:
        """`day`'s puzzle if it needs no generating (a file, or cached), else None.

        Raises `LevelError` when the day's file is broken.
        """
        if self.store is None:
            return None
        found = self.store.daily_ready(day, kind)
        return None if found is None else daily_ref(found, day)

    def daily(self, day: date, kind: str = DEFAULT_KIND) -> OpenLevel:
        """`day`'s puzzle, generated if need be (a second or more: call it from a worker)."""
        if self.store is not None:
            return daily_ref(self.store.daily(day, kind), day)
        return open_ref(LevelRef.daily(day, kind))  # no store, no cache: the catalog reads it

    # --- one game ---------------------------------------------------------------------------

    def option(self, name: str, default: bool) -> bool:
        """A kind's display option as saved (`default` when the settings have no such field)."""
        value = getattr(self.settings, name, default)
        return value if isinstance(value, bool) else default

    def set_option(self, name: str, value: bool) -> None:
        """Remember a display option or the live check (fields `store.Settings` knows)."""
        if hasattr(self.settings, name):
            self.update_settings(**{name: value})

    def save_hunt(
        self, size: int, found: Sequence[tuple[int, ...]], helped: Sequence[tuple[int, ...]]
    ) -> None:
        """Keep the classic hunt of `size` (nothing without a store, or in a read-only one)."""
        if self.store is not None:
            self.store.save_hunt(size, found, helped)

    def start(self, game: Game, ref: OpenLevel) -> bool:
        """Make `game` the one being played and resume its save. True if resumed.

        The game that was being played is saved first (with its clock).
        """
        self.leave()
        self._game, self._ref = game, ref
        self.last_stats = None
        resumed = False
        if self.store is not None:
            saved = self.store.load_progress(ref.key, ref.level)
            if saved is not None and not game.rules.is_solved(saved.history.state):
                restore(game, saved)  # a replay resumes as a replay
                resumed = True
            else:
                resumed = self._reopen_solved(game, ref)
        self._saved = _Mark.of(game)
        if not game.solved:
            self._recorded = None
        return resumed

    def _reopen_solved(self, game: Game, ref: OpenLevel) -> bool:
        """A solved level opens solved: its winning board, time and hints, the clock stopped."""
        assert self.store is not None
        won = self.store.load_solved(ref.key, ref.level)
        if won is None or not game.rules.is_solved(won.history.state):
            return False
        restore(game, won)
        game.replaying = False
        game.stopwatch.stop()
        self._recorded = game.history  # already counted: reopening is not another solve
        self.last_stats = self.store.level_stats(ref.key)
        return True

    def sync(self, game: Game) -> None:
        """After a redraw: save a changed board, record a win."""
        if game is not self._game or self._ref is None:
            return
        if game.solved:
            if self._recorded is not game.history:
                self._recorded = game.history
                self._record(game, self._ref)
            elif _Mark.of(game) != self._saved:
                self._keep_solved(game, self._ref)  # solved again after undoing S: counted once
            return
        if game.history.in_gesture:
            return  # a drag is saved once, when it ends
        self._save(game, self._ref)  # a replay too: it resumes (the win is kept apart)

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

    def _save(self, game: Game, ref: OpenLevel, *, force: bool = False) -> None:
        mark = _Mark.of(game)
        if mark == self._saved and not force:
            return
        if self.store is not None:
            if mark.empty:
                if force or self._saved is None or not self._saved.empty:
                    self.store.clear_progress(ref.key)
            else:
                self.store.save_game(ref.key, progress_of(game), background=True)
        self._saved = mark

    def _record(self, game: Game, ref: OpenLevel) -> None:
        """Count the solve and keep the winning board (a daily's replay changes nothing).

        A daily already counted (solved by `S`, undone, finished in a later session) keeps
        its first result: the board is kept, the solve is not counted again."""
        if self.store is None:
            return
        if game.replaying and ref.day is not None:
            self.store.clear_progress(ref.key)  # the replay is over; the first result stays
            return
        if ref.day is not None and self.store.level_stats(ref.key) is not None:
            self._keep_solved(game, ref)
            self.last_stats = self.store.level_stats(ref.key)
            return
        self.last_stats = self.store.record_solve(
            ref.key,
            game.stopwatch.elapsed,
            hints=game.hints_used,
            helped=game.helped,
            daily=ref.ours_daily,
            kind=ref.level.kind,
            undos=game.undos,
            mistakes=game.mistakes,
            backtracks=game.backtracks,
        )
        self._save_solved(game, ref)

    def _keep_solved(self, game: Game, ref: OpenLevel) -> None:
        """The board is solved again in a game already counted (undo of `S`, then a solve):
        keep the winning board so the level reopens solved, and drop the saved game."""
        if self.store is not None and not (game.replaying and ref.day is not None):
            self._save_solved(game, ref)
            self.store.clear_progress(ref.key)

    def _save_solved(self, game: Game, ref: OpenLevel) -> None:
        """The winning board and its result, so the level reopens solved."""
        assert self.store is not None
        self.store.save_won(ref.key, progress_of(game))
        won = self.store.load_solved(ref.key, ref.level)
        if won is not None:  # the card reads what was saved: the same after a restart
            game.stopwatch.set_elapsed(won.elapsed)
        self._saved = _Mark.of(game)

    def win_line(self, ref: OpenLevel) -> str:
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
            streak = self.store.streak(kind=ref.level.kind)
            days = "day" if streak.current == 1 else "days"
            lines.append(f"daily streak {streak.current} {days} (best {streak.best})")
        return "\n".join(line for line in lines if line)

    # --- n / p ----------------------------------------------------------------------------------

    def neighbour(self, ref: OpenLevel, step: int) -> OpenLevel | date | str:
        """Where `n` (`step` 1) or `p` (-1) goes from `ref` (`catalog.step`): a level, a day to
        open (daily puzzles), or a sentence saying why there is nowhere to go."""
        from queens_tui.catalog import step as catalog_step
        from queens_tui.core.errors import LevelError

        found = catalog_step(ref.ref, step, today=self.today())
        if isinstance(found, str):
            return self._why_nowhere(ref, found)
        if found.day is not None:
            return found.day
        try:
            return open_ref(found)
        except LevelError as err:  # changed on disk since the catalog looked
            return str(err)

    def nowhere(self, ref: OpenLevel) -> str:
        """Why `n` has nowhere to go from `ref` ("" when it has somewhere)."""
        from queens_tui.catalog import step as catalog_step

        found = catalog_step(ref.ref, 1, today=self.today())
        return self._why_nowhere(ref, found) if isinstance(found, str) else ""

    def _why_nowhere(self, ref: OpenLevel, why: str) -> str:
        """The catalog's sentence, or for today's daily when the next one comes."""
        from queens_tui.catalog.refs import TOMORROW

        if why != TOMORROW or ref.day is None:
            return why
        return next_daily_words(ref.level.kind, datetime.now().astimezone())

    def can_step(self, ref: OpenLevel, step: int) -> bool:
        """True if `n` (1) or `p` (-1) has somewhere to go."""
        from queens_tui.catalog import step as catalog_step

        return not isinstance(catalog_step(ref.ref, step, today=self.today()), str)


__all__ = [
    "NOTICE_SECONDS",
    "Session",
    "daily_ref",
    "daily_shape",
    "user_keys_file",
    "user_store",
]
