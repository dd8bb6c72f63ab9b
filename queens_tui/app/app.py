"""The Textual application and the one factory that builds it.

`create_app` is used by the CLI, the tests, the snapshots and the screenshot
script alike, so they all run the very same app. Nothing here imports
OR-Tools: the assistant's engine (CP-SAT by default) is imported in a
background thread after the first frame.

With no level, the app plays a daily puzzle. A puzzle that needs generating
(a Sunday's can take a few seconds) is made in a thread worker while a
"generating" screen is shown, so the first frame never waits for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Static

from queens_tui.app import palette as palettes
from queens_tui.app.bindings import every_kind_actions, kind_actions
from queens_tui.app.messages import EngineReady
from queens_tui.app.screens import topmost
from queens_tui.app.screens.game import GameScreen
from queens_tui.app.widgets.base import BoardWidget
from queens_tui.core.vocabulary import to_ascii
from queens_tui.kinds import DEFAULT_KIND
from queens_tui.midend import actions
from queens_tui.midend.clock import Clock
from queens_tui.midend.jobs import Jobs
from queens_tui.midend.keymap import EMPTY as EMPTY_KEYMAP
from queens_tui.midend.keymap import Keymap, remap
from queens_tui.midend.keymap import load as load_keymap
from queens_tui.midend.levels import OpenLevel, open_level
from queens_tui.midend.session import NOTICE_SECONDS, Session

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11; only for mypy here

    from queens_tui.midend.session import Store

TERMINAL_ONLY_ACTIONS = frozenset({"suspend_process"})
"""Actions that need a real terminal: in a browser (`queens-tui serve`) they are hidden
from the keys panel and footer and their keys do nothing (a browser tab cannot be
suspended to a shell)."""

ASCII_KEYS = {"←↑↓→": "arrows", "⏎": "enter", "⌫": "bksp", "←": "left", "→": "right"}
ASCII_KEYS |= {"↑": "up", "↓": "down", "×": "x", "·": ".", "^": "^"}
"""Footer key names in plain ASCII for `--ascii`."""

DAILY_GROUP = "daily"
"""Job group of daily puzzle generation (a newer request replaces an older one)."""
DAILY_SECONDS = 120.0
"""The daily generator's job limit (it takes a second or two; the limit is a backstop)."""


class Options(TypedDict, total=False):
    """How the game plays, as `play` (or a test) asks: passed as is from `create_app` to
    `QueensApp`, which reads each with its default."""

    ascii: bool
    """Plain ASCII drawing (default: the setting)."""
    palette: str | None
    """The region palette (default: the setting)."""
    now: Clock
    """The clock of the game's timer (default: `time.monotonic`)."""
    daily: date | None
    """The day of the daily puzzle played when there is no level (default: today)."""
    engine: str
    """The assistant's engine: "search" (the pure search), else CP-SAT ("cpsat", the default,
    or `play --engine auto`: either falls back to the search if OR-Tools cannot load)."""
    kind: str
    """The kind of the daily puzzle played when there is no level (default: the first)."""
    browse: Path | None
    """A collection opened as a pack (`play FILE_OR_FOLDER`: its folder, made by
    `catalog.user_packs.open_collection`): the browser opens on it and lists it."""
    library: Path | None
    """A folder of LinkedIn's archive days (`play DIR`, or the browser's "open folder"):
    the browser lists its days per kind (`catalog.library`), opening on it at start."""
    learn: bool
    """`queens-tui learn`: the app opens on the list of lessons."""


class QueensApp(App[None]):
    """Queens in the terminal.

    `ref` is the level to play; None plays the daily puzzle of `options["daily"]`
    (default: today; raises `LevelError` when that day's file cannot be read). `store` keeps
    progress, stats and settings; without one nothing is saved (screenshots, benchmarks).
    """

    CSS_PATH = "queens.tcss"
    TITLE = "queens-tui"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        # Textual binds no suspend key; the timer pauses while suspended.
        Binding("ctrl+z", "suspend_process", "Suspend", show=False),
    ]

    def __init__(
        self,
        ref: OpenLevel | None,
        *,
        store: Store | None = None,
        keymap: Keymap = EMPTY_KEYMAP,
        **options: Unpack[Options],
    ) -> None:
        super().__init__()
        unknown = options.keys() - Options.__optional_keys__
        if unknown:  # as a misspelt keyword argument would
            raise TypeError(f"unknown options: {', '.join(sorted(unknown))}")
        self.learn = options.get("learn", False)
        self.browse = options.get("browse")
        self.library = options.get("library")
        self.keymap = keymap
        """The player's keys file, read (`midend.keymap`); its remaps apply to every screen."""
        self.set_keymap(dict(keymap.keys))
        self.daily_kind = options.get("kind", DEFAULT_KIND)
        self._quit_asked = False
        """In a browser: the player said yes to "Quit?"."""
        self.engine = "search" if options.get("engine") == "search" else "cpsat"
        """The assistant's engine: "cpsat" (OR-Tools, imported in the background after the
        first frame; "search" if it cannot load) or "search" (the kinds' pure search)."""
        self.now = options.get("now", time.monotonic)
        self.store = store
        self.session = Session(store)
        self.daily_day = options.get("daily")
        if ref is None and not self.learn:  # None: made after the first frame
            ref = self.session.daily_now(self.daily_day or self.session.today(), self.daily_kind)
        self.ref = ref
        self.jobs = Jobs()
        """The app's background jobs: OR-Tools' warm-up and the daily generator."""
        self.ascii = options.get("ascii", False) or (
            store is not None and self.session.settings.ascii
        )
        """Plain ASCII drawing: `--ascii`, or the setting (the settings screen switches it)."""
        self.set_class(self.ascii, "-ascii")  # queens.tcss: ASCII borders on footer, dialogs
        self.region_palette = options.get("palette") or self.session.settings.palette
        """The region palette: `--palette`, or the setting (the settings screen switches it)."""
        palettes.use(self.region_palette)
        self._pending: tuple[date, Callable[[OpenLevel], None]] | None = None
        theme = self.session.settings.theme
        if store is not None and theme in self.available_themes:
            self.theme = theme

    def get_key_display(self, binding: Binding) -> str:
        """Keys as the footer shows them; with `--ascii`, in plain ASCII (arrows, enter...)."""
        shown = super().get_key_display(binding)
        if not self.ascii or shown.isascii():
            return shown
        for fancy, plain in ASCII_KEYS.items():
            shown = shown.replace(fancy, plain)
        return shown if shown.isascii() else binding.key

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast; with `--ascii`, its text in plain ASCII. Never markup, whatever `markup`
        says: toasts carry file paths and level names, where "[/]" would crash the app."""
        if self.ascii:
            message, title = to_ascii(message), to_ascii(title)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def action_help_quit(self) -> None:
        """ctrl+c: say which key quits, in plain words. Textual's own toast writes the key in
        markup (`[b]q[/b]`), which our toasts never read as markup (`notify`)."""
        for active in self.active_bindings.values():
            if active.binding.action in ("quit", "app.quit"):
                key = self.get_key_display(active.binding)
                self.notify(f"Press {key} to quit the game.", title="Do you want to quit?")
                return

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the terminal-only actions when the game runs in a browser (textual-serve)."""
        return not (self.is_web and action in TERMINAL_ONLY_ACTIONS)

    def get_default_screen(self) -> Screen[Any]:
        if self.learn:
            from queens_tui.app.screens.lessons import LessonList

            return LessonList(data=self._data(), ascii=self.ascii, first=True)
        if self.ref is None:
            return super().get_default_screen()  # blank; the "generating" screen goes on top
        return self._game_screen(self.ref)

    def _game_screen(self, ref: OpenLevel) -> GameScreen:
        return GameScreen(
            ref,
            ascii=self.ascii,
            now=self.now,
            session=self.session,
            engine=self.engine,
            open_daily=self.open_daily,
            keys=self.keymap.keys,
        )

    def on_mount(self) -> None:
        if not self.is_headless:  # a real terminal to give back on SIGTERM and SIGHUP
            from queens_tui.app.signals import end_on_signals

            end_on_signals(lambda code: self.exit(return_code=code))
        # After the first frame: import OR-Tools in the background for the assistant.
        self.call_after_refresh(self._warm_engine)
        if self.learn:
            pass  # the lessons' list is the first screen
        elif self.ref is None:
            from queens_tui.app.screens.loading import LoadingScreen, loading_text

            day = self.daily_day or self.session.today()
            text = loading_text(day, self.session.today(), self.daily_kind)
            self.push_screen(LoadingScreen(text, cancellable=False))
            # After the first frame: the generator holds the GIL, it would slow the paint.
            self.call_after_refresh(self._start_daily, day, self._first_game, self.daily_kind)
        elif self.browse is not None or self.library is not None:
            self._browse_first()
        self.call_after_refresh(self.show_notices)

    def _browse_first(self) -> None:
        """`play FILE_OR_FOLDER`: the level browser on the collection's pack, at once.

        Pushed from `on_mount` itself, not after the first refresh: then the browser is the
        screen from the app's first message on. Pushed after a refresh, it arrived at a
        moment nothing fixed (later under load), so whoever looked at the app in between
        (a test's `pilot.pause()` waits only for the screen it sees) saw the game screen, or a
        browser still mounting whose Selects were torn down half-built when the app ended
        (`NoMatches '#label'`)."""
        from queens_tui.catalog.listing import BrowserState
        from queens_tui.catalog.user_packs import pack_name

        screen = self.screen
        if not isinstance(screen, GameScreen):
            return
        if self.browse is not None:
            screen.browser_state = BrowserState(pack=pack_name(self.browse))
        elif self.library is not None:
            from queens_tui.catalog.listing import library_pack

            screen.browser_state = BrowserState(pack=library_pack(screen.midend.kind))
        screen.action_levels()

    def pop_screen(self) -> AwaitComplete:
        """Pop the top screen, but never the last one (issue 10 item 20).

        Textual's command palette dismisses itself a second time when a second Enter
        arrives while it closes (ctrl+p, Down, Enter, Enter), which raised
        ScreenStackError and ended the game; a dialog closed twice does the same.
        """
        if len(self.screen_stack) <= 1:
            return AwaitComplete()
        return super().pop_screen()

    def _warm_engine(self) -> None:
        from queens_tui.midend.worker import WorkerController

        def done(engine: str, error: str | None) -> None:
            self.post_message(EngineReady(engine, error))

        WorkerController(lambda reply: None, self.engine, self.jobs).warm_up(done)

    def on_engine_ready(self, message: EngineReady) -> None:
        """OR-Tools is loaded, or it could not be: then every game uses the pure search."""
        if message.engine == self.engine:
            return
        self.engine = message.engine
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.midend.engine = message.engine
        self.notify(
            f"OR-Tools could not load ({message.error}); the assistant uses the exact search.",
            severity="warning",
            timeout=NOTICE_SECONDS,
        )

    def show_notices(self) -> None:
        """The store's notices (a corrupt file set aside...) as warnings; the game goes on."""
        for text in (*self.keymap.notices, *self.session.notices()):
            self.notify(text, severity="warning", timeout=NOTICE_SECONDS)

    @property
    def game_screen(self) -> GameScreen:
        """The game screen under whatever dialog is open."""
        return topmost(self, GameScreen, "game")

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette offers every game action, then Textual's own."""
        if isinstance(screen, GameScreen):
            mine = remap(kind_actions(screen.kind), self.keymap.keys)
            for title, help_text, action in actions.palette(mine):
                yield SystemCommand(title, help_text, partial(screen.run_action, action))
            yield from self._kind_commands(screen)
        yield SystemCommand(
            "Learn", "Lessons: a short board for every rule the hints use", self.action_learn
        )
        yield from super().get_system_commands(screen)

    def _kind_commands(self, screen: GameScreen) -> Iterable[SystemCommand]:
        """ "Play today's Tango": a switch to each other kind's daily puzzle."""
        from queens_tui.app.kinds import UIS
        from queens_tui.kinds import get_kind

        today = self.session.today()
        for name in UIS:
            kind = get_kind(name)
            if name == screen.kind or kind.daily is None:
                continue
            yield SystemCommand(
                f"Play today's {kind.title}",
                f"Switch to {kind.title}: today's daily puzzle (l lists every kind's levels)",
                partial(self.open_daily, today, screen.load, name),
            )

    def _data(self) -> Any:
        """The data folder (the store's; None: the player's)."""
        return None if self.store is None else self.store.root

    def action_learn(self) -> None:
        """The lessons (the command palette's "Learn", the level browser's too)."""
        from queens_tui.app.screens.lessons import LessonList

        self.push_screen(LessonList(data=self._data(), ascii=self.ascii))

    def action_stats(self) -> None:
        """Your record (the registry's "stats", the level browser's too), on the game's kind."""
        from queens_tui.app.screens.stats import StatsScreen

        if self.store is None:
            self.notify("The stats need a data folder.", severity="warning")
            return
        games = [s for s in self.screen_stack if isinstance(s, GameScreen)]
        kind = games[-1].kind if games else None
        self.push_screen(StatsScreen(self.store, kind, ascii=self.ascii))

    # --- settings and quitting --------------------------------------------------------------

    def set_palette(self, name: str) -> None:
        """Draw regions in palette `name` from now on, on every board open, and remember it."""
        palettes.use(name)
        self.region_palette = palettes.active()
        self.session.update_settings(palette=self.region_palette)
        for screen in self.screen_stack:
            for board in screen.query(BoardWidget):
                board.palette_changed()

    def watch_theme(self, theme: str) -> None:
        """Remember the theme the player picked (command palette: "Change theme")."""
        if self.store is not None:
            self.session.update_settings(theme=theme)

    async def action_quit(self) -> None:
        """Stop every background request, save the game as it stands, wait for the writes, leave.

        In a browser (`serve`) it asks first: a click on the footer's "Quit" would end the
        tab's game for good (a closed session is the only way back there).
        Quitting never waits for the solver: requests run in daemon threads and a
        cancelled CP-SAT search stops at once.
        """
        if self.is_web and not self._quit_asked:
            from queens_tui.app.screens.confirm import ConfirmScreen

            def answer(yes: bool | None) -> None:
                if yes:
                    self._quit_asked = True
                    self.call_later(self.action_quit)

            question = "Quit? This ends the game in this browser tab (your progress is saved)."
            self.push_screen(ConfirmScreen(question, "Quit"), answer)
            return
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.midend.close()
        self.session.close()
        self.exit()

    # --- daily puzzles ----------------------------------------------------------------------

    def open_daily(
        self, day: date, then: Callable[[OpenLevel], None], kind: str = DEFAULT_KIND
    ) -> None:
        """Hand `day`'s `kind` puzzle to `then`: at once if it is a file or cached, else after
        generating it in a worker behind a "generating" screen (escape cancels)."""
        from queens_tui.core.errors import LevelError

        try:
            ref = self.session.daily_now(day, kind)
        except LevelError as err:
            self.notify(str(err), severity="error", timeout=NOTICE_SECONDS)
            return
        if ref is not None:
            then(ref)
            return
        from queens_tui.app.screens.loading import LoadingScreen, loading_text

        loading = LoadingScreen(loading_text(day, self.session.today(), kind), cancellable=True)

        def closed(_: None) -> None:
            if self._pending is not None and self._pending[0] == day:
                self._pending = None  # cancelled: drop the puzzle when it comes

        self.push_screen(loading, closed)
        self._start_daily(day, then, kind)

    def _start_daily(
        self, day: date, then: Callable[[OpenLevel], None], kind: str = DEFAULT_KIND
    ) -> None:
        self._pending = (day, then)

        def work(token: object) -> OpenLevel:  # the pure generator (no OR-Tools), cached
            return self.session.daily(day, kind)

        def done(ref: OpenLevel) -> None:
            self.call_from_thread(self._daily_ready, day, ref)

        def failed(error: Exception) -> None:
            self.call_from_thread(self._daily_failed, error)

        self.jobs.start(DAILY_GROUP, work, done, time_limit=DAILY_SECONDS, failed=failed)

    def _daily_ready(self, day: date, ref: OpenLevel) -> None:
        """A daily puzzle is ready: open it, if it is still wanted."""
        from queens_tui.app.screens.loading import LoadingScreen  # loaded with the job

        if self._pending is not None and self._pending[0] == day:
            then = self._pending[1]
            self._pending = None
            if isinstance(self.screen, LoadingScreen) and self.screen.cancellable:
                self.pop_screen()
            then(ref)
        self.show_notices()

    def _daily_failed(self, error: Exception) -> None:
        """The daily puzzle could not be made: say why (and how to leave, at start)."""
        from queens_tui.app.screens.loading import LoadingScreen  # loaded with the job

        if self._pending is not None:
            self._pending = None
            self.notify(f"Could not open the daily puzzle: {error}", severity="error")
            if isinstance(self.screen, LoadingScreen) and self.screen.cancellable:
                self.pop_screen()
            elif self.ref is None and isinstance(self.screen, LoadingScreen):
                self.screen.query_one("#loading-text", Static).update(
                    f"Could not make the daily puzzle: {error}. Press q to quit."
                )
        self.show_notices()

    def _first_game(self, ref: OpenLevel) -> None:
        """The daily puzzle is ready at start: it replaces the "generating" screen."""
        self.ref = ref
        self.switch_screen(self._game_screen(ref))


def create_app(
    level: str | OpenLevel | None = None,
    *,
    store: Store | None = None,
    persist: bool = True,
    keys: Path | None = None,
    **options: Unpack[Options],
) -> QueensApp:
    """Build the app for a level file, a bundled id, an `OpenLevel`, or (None) a daily puzzle.

    With no level, the day is `daily` (default: today) and the puzzle that day's
    `kind` puzzle (`play --kind tango`: today's Tango). `store` defaults to
    the user's (`Store()`; tests set ``QUEENS_TUI_DATA_DIR``); `persist=False`
    keeps nothing. Raises `LevelError` (located, one line) when the level, or
    the day's file in the daily folder, cannot be read, before anything
    touches the terminal. `keys` is the player's keys file (`midend.keymap`); by default,
    with `persist`, `keys.conf` in the config folder (tests set ``QUEENS_TUI_CONFIG_DIR``).
    The other `options` (`Options`) go to the app as they are.
    """
    if keys is None and persist:
        from queens_tui.midend.session import user_keys_file

        keys = user_keys_file()
    keymap = load_keymap(keys, every_kind_actions)
    if persist and store is None:
        from queens_tui.midend.session import user_store

        store = user_store()
    ref = level if isinstance(level, OpenLevel) or level is None else open_level(level)
    return QueensApp(ref, store=store, keymap=keymap, **options)
