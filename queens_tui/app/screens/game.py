"""The game screen, for every puzzle kind: board, message line, status line, footer.

It draws and forwards, nothing more. A key (bound from `midend.actions` and the kind's
`KindUI`) or a click goes through the one door, `midend.door.Midend` (act, undo, restart,
hint, `m`, `S`...); the screen then draws the `View` the midend gives back. The screen is
the midend's `Frontend`: it runs what the midend asks on the UI thread, after the frame or
later, and shows the win card. One class for every kind: the bindings of every kind are
declared once and `check_action` keeps the current kind's, so opening a level of another
kind swaps the board widget on this same screen.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import ActiveBinding, BindingType

from queens_tui.app.bindings import every_kind_bindings, help_text, key_words, kind_allows
from queens_tui.app.kinds import KindUI, get_ui, ui_options
from queens_tui.app.messages import CellAction, HuntFound
from queens_tui.app.screens.frontend import AsciiApp, FrontendScreen
from queens_tui.app.widgets import StatusBar
from queens_tui.app.widgets.base import BoardWidget
from queens_tui.app.widgets.keyline import KeyLine
from queens_tui.app.widgets.message import MessageArea
from queens_tui.core.grid import Cell
from queens_tui.core.vocabulary import to_ascii
from queens_tui.midend.actions import FOOTER_KEEP
from queens_tui.midend.clock import Clock
from queens_tui.midend.door import RESTART_QUESTION, Midend
from queens_tui.midend.levels import OpenLevel
from queens_tui.midend.session import NOTICE_SECONDS, Session

if TYPE_CHECKING:
    from queens_tui.catalog.refs import LevelRef


class GameScreen(FrontendScreen):
    """One level in play (any kind: see the module docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = list(every_kind_bindings())

    def __init__(
        self,
        ref: OpenLevel,
        *,
        ascii: bool = False,
        now: Clock = time.monotonic,
        session: Session | None = None,
        engine: str = "cpsat",
        open_daily: Callable[[date, Callable[[OpenLevel], None], str], None] | None = None,
        keys: Mapping[str, str] | None = None,
        lesson: Any = None,
        progress: Any = None,
    ) -> None:
        super().__init__()
        self.keys: Mapping[str, str] = dict(keys or {})
        """The player's remapped keys (`midend.keymap`: action id -> keys), for the help table."""
        self.ascii = ascii
        self._set_kind(ref.level.kind)
        self.midend = Midend(
            ref,
            self,
            session=session,
            engine=engine,
            now=now,
            lesson=lesson,
            progress=progress,
            **self._kind_parts(),
        )
        """The one door into the game: every question and every move goes through it."""
        self.open_daily = open_daily
        self.browser_state: Any = None
        """The level browser's filters and place, kept between openings."""

    def _set_kind(self, kind: str) -> None:
        self.kind = kind
        self.ui: KindUI = get_ui(kind)
        self.kind_options = ui_options(kind)
        self.say = key_words(kind, self.keys)
        """Fills the keys a text names (`{key:undo}`) with the player's (`app.bindings`)."""

    def _kind_parts(self) -> dict[str, Any]:
        options = [(o.name, o.default) for o in self.kind_options]
        return {"options": options, "say": self.say, "squares": self.ui.share_squares}

    # --- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        game = self.midend.game
        yield self.ui.board(game.state, ascii=self.ascii, options=game.options, id="board")
        yield MessageArea(ascii=self.ascii, id="message")
        yield StatusBar(ascii=self.ascii, id="status", say=self.say)
        yield KeyLine(keep=FOOTER_KEEP)

    @property
    def board_view(self) -> BoardWidget[Any]:
        return self.query_one("#board", BoardWidget)

    @property
    def status(self) -> StatusBar:
        return self.query_one("#status", StatusBar)

    def on_mount(self) -> None:
        self.midend.start()
        self.draw()
        self.start_clock()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the current kind's keys: another kind's moves and the shared moves the kind
        took over (Zip's arrows) are not shown and do nothing."""
        return not self.swapping and kind_allows(self.kind, action, parameters)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's keys; with --ascii their titles in plain ASCII ("Auto-x")."""
        got = super().active_bindings
        if not self.ascii:
            return got
        return {
            key: active._replace(
                binding=replace(active.binding, description=to_ascii(active.binding.description))
            )
            for key, active in got.items()
        }

    def on_unmount(self) -> None:
        """Leaving: stop every running request."""
        self.midend.close()

    # --- drawing --------------------------------------------------------------------------

    def draw(self) -> None:
        """Draw the midend's view: the board, its tints, the status line, the message."""
        if self.swapping:
            return
        view = self.midend.view(self.ascii)
        board = self.board_view
        board.show(view.state, view.options)
        board.set_marks(view.marks)
        status = self.status
        status.level_name, status.size_text = view.title, view.size
        status.progress, status.progress_done = view.progress, view.solved
        status.moves, status.helped, status.check = view.moves, view.helped, view.check
        status.options = tuple(
            o.status(view.options.get(o.name, o.default), self.ascii) for o in self.kind_options
        )
        status.solved, status.seconds = view.solved, view.seconds
        message = view.message
        if message and self.ui.describe is not None and not self.app.no_color:
            message = self.ui.describe(view.level, message)  # colours named where shown
        self.show_message(message)

    def show_message(self, text: str) -> None:
        """Put a line of text under the board (empty text hides it): hints and notes."""
        message = self.query_one("#message", MessageArea)
        if self.ascii:
            text = to_ascii(text)
        if message.text == text and message.has_class("shown") == bool(text):
            return  # an update re-lays out the whole screen: skip it when nothing changed
        message.text = text
        message.set_class(bool(text), "shown")

    def show_win(self) -> None:
        """The win screen, and what follows from the player's choice."""
        from queens_tui.app.screens.win import WinScreen

        card = WinScreen(self.midend.win(), ascii=self.ascii)
        self.add_class("-won")  # the board makes room for the card beside it
        self.app.push_screen(card, self._after_win)

    def _after_win(self, choice: str | None) -> None:
        self.remove_class("-won")
        if choice == "next":
            self.action_next_level()
        elif choice == "replay":
            self._restart()
        elif choice == "undo":
            self.action_undo()
        elif choice == "quit":
            self.app.call_later(self.app.action_quit)  # saves; in a browser, asks first
        elif choice == "levels":
            self.action_levels()

    # --- keys -------------------------------------------------------------------------------

    def action_hint(self) -> None:
        """First press: explain the next step and tint it. Second press: apply it."""
        self.midend.hint()
        self.draw()

    def action_mistakes(self) -> None:
        """Tint the marks no solution allows (press again to hide them)."""
        self.midend.mistakes()
        self.draw()

    def action_solve(self) -> None:
        """Ask, then fill in a whole solution (recorded as solved with help)."""
        question = self.midend.solve_question
        if question is None:
            self.midend.solve()  # says "Already solved."
            self.draw()
        else:
            self._ask(question, "Solve", self.midend.solve)

    def _ask(self, question: str, title: str, then: Callable[[], object]) -> None:
        from queens_tui.app.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                then()
                self.draw()

        self.app.push_screen(ConfirmScreen(question, title), answer)

    def action_toggle_live(self) -> None:
        """The live check on or off, remembered in the settings."""
        self.midend.toggle_live()
        self.draw()

    @property
    def cursor(self) -> Cell:
        return self.board_view.cursor

    def action_move(self, dr: int, dc: int) -> None:
        """Move the cursor, stopping at the edges."""
        rows, cols = self.midend.dims
        r, c = self.cursor
        self.board_view.cursor = (min(max(r + dr, 0), rows - 1), min(max(c + dc, 0), cols - 1))

    def action_play(self, intent: str) -> None:
        """A move key: the kind says what `intent` means on the cursor cell."""
        self.midend.act(intent, self.cursor)
        self.draw()

    def action_toggle_option(self, name: str) -> None:
        """Flip one of the kind's display options, and remember it."""
        self.midend.toggle_option(name)
        self.draw()

    def action_undo(self) -> None:
        if self.midend.undo():
            self.status.paused = False
            self.draw()

    def action_redo(self) -> None:
        self.midend.redo()
        self.draw()

    def action_restart(self) -> None:
        """Ask, then empty the board and reset the clock (the help used stays counted)."""
        if self.midend.can_restart:
            self._ask(RESTART_QUESTION, "Restart", self._restart)

    def _restart(self) -> None:
        self.midend.restart()
        self.board_view.cursor = (0, 0)
        self.status.paused = False
        self.draw()

    def on_hunt_found(self, message: HuntFound) -> None:
        """The classic hunt grew: saved (the session), then drawn again (the view predates it)."""
        self.midend.save_hunt(message.size, message.found, message.helped)
        self.draw()

    def on_cell_action(self, message: CellAction) -> None:
        """Mouse input from the board."""
        if self.swapping:
            return
        cell = message.cell
        if cell is not None:
            self.board_view.cursor = cell
        if message.kind in ("click", "right") and cell is not None:
            self.midend.act(message.kind, cell)
            self.draw()
        elif message.kind.startswith("drag") and self.midend.drag(message.kind, cell):
            self.draw()

    # --- settings, ASCII, help ---------------------------------------------------------------

    def action_settings(self) -> None:
        """The settings screen: a switch per toggle (the kind's options, the live check,
        ASCII) and the theme."""
        from queens_tui.app.screens.settings import SettingsScreen, game_rows

        rows = game_rows(self.kind, self.midend.option, self.midend.live, self.ascii)
        themes = sorted(self.app.available_themes)
        self.app.push_screen(SettingsScreen(rows, self.run_action, themes))

    def action_toggle_ascii(self) -> None:
        """Plain ASCII drawing on or off (as `--ascii`), at once, and remembered."""
        self.set_ascii(not self.ascii)
        self.midend.session.set_option("ascii", self.ascii)

    def set_ascii(self, on: bool) -> None:
        """Redraw the whole screen in plain ASCII (or not): board, status line, footer."""
        self.ascii = on
        self.query_one("#message", MessageArea).ascii = on
        app = self.app
        if isinstance(app, AsciiApp):  # its footer keys follow (`get_key_display`)
            app.ascii = on
        app.set_class(on, "-ascii")
        self.status.ascii = on
        self.status.refresh()
        self.board_view.set_ascii(on)
        self.draw()
        self.query_one(KeyLine).refresh()

    def action_help(self) -> None:
        from queens_tui.app.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.help_text(), ascii=self.ascii))

    def help_text(self) -> str:
        """The kind's help, its key table built from the actions (and the player's keys)."""
        return help_text(self.kind, self.keys)

    # --- other levels: n, p, l ------------------------------------------------------------------

    def load(self, ref: OpenLevel) -> None:
        """Play another level here (resumed from its save, if any; this one is saved). A level
        of another kind brings its own board widget, keys and help onto this screen."""
        if ref.level.kind == self.kind:
            self.midend.open(ref, **self._kind_parts())
            self.board_view.cursor = (0, 0)
            self.status.paused = False
            self.draw()
            return
        self.swapping = True
        self._set_kind(ref.level.kind)
        self.midend.open(ref, **self._kind_parts())
        self.call_later(self._swap_board)

    async def _swap_board(self) -> None:
        await self.recompose()
        self.swapping = False
        self.refresh_bindings()
        self.draw()

    def _step(self, step: int) -> None:
        target = self.midend.neighbour(step)
        if isinstance(target, str):
            self.notify(target, timeout=6 if target.endswith("packs.") else 2)
        elif isinstance(target, OpenLevel):
            self.load(target)
        elif self.open_daily is not None:
            self.open_daily(target, self.load, self.kind)

    def action_next_level(self) -> None:
        """Play the next level on this same screen (the next day, for a daily puzzle)."""
        self._step(1)

    def action_prev_level(self) -> None:
        """Open the previous level (the day before, for a daily puzzle)."""
        self._step(-1)

    def action_levels(self) -> None:
        """Open the level browser; the chosen level opens here (this one is saved first)."""
        from queens_tui.app.screens.browser import LevelBrowser
        from queens_tui.catalog.listing import BrowserState

        if (store := self.midend.session.store) is None:
            self.notify("The level browser needs a data folder.", severity="warning")
            return
        self.midend.leave()
        self.browser_state = self.browser_state or BrowserState()
        packs = None  # and a collection opened by `play FILE_OR_FOLDER`, beside the packs:
        if (extra := getattr(self.app, "browse", None)) is not None:
            from queens_tui.catalog.user_packs import listed_packs

            packs = listed_packs(store.root, extra)
        browser = LevelBrowser(
            store,
            self.midend.ref.key,
            state=self.browser_state,
            ascii=self.ascii,
            packs=packs,
            library=getattr(self.app, "library", None),
        )
        self.app.push_screen(browser, self._chosen)

    def _chosen(self, choice: LevelRef | None) -> None:
        """Open the level the browser chose (a daily through the store, maybe generated)."""
        if choice is None or choice.key == self.midend.ref.key:
            return
        found = self.midend.chosen(choice)
        if isinstance(found, str):
            self.notify(found, severity="error", timeout=NOTICE_SECONDS)
        elif isinstance(found, OpenLevel):
            self.load(found)
        elif self.open_daily is not None:
            self.open_daily(found[0], self.load, found[1])


__all__ = ["GameScreen"]
