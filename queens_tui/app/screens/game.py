"""The game screen: board, message line, status line, footer.

Keys and mouse messages arrive here, become calls on `Game` (which asks core
for every rule), and the result is handed to the widgets to draw. Later
features plug in without reshaping this: `show_message` fills the message
line (hints), `StatusBar.extra` takes a status segment (the solver), and the
worker group "solver" is left for the CP-SAT service.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from queens_tui.app.assist import AssistMixin
from queens_tui.app.clock import Clock
from queens_tui.app.levels import LevelRef
from queens_tui.app.session import Session, SessionMixin
from queens_tui.app.widgets import BoardView, StatusBar
from queens_tui.kinds.queens.level import Cell

SOLVER_GROUP = "solver"
"""Worker group reserved for the CP-SAT service (exclusive workers cancel by group)."""

TICK = 0.25
"""Seconds between timer refreshes of the status line."""

ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("Cycle cell", "Empty → cross → queen → empty on the cursor cell (space)", "cycle"),
    ("Toggle queen", "Place or remove a queen on the cursor cell (enter)", "queen"),
    ("Toggle cross", "Place or remove a cross on the cursor cell (x)", "cross"),
    ("Clear cell", "Empty the cursor cell (backspace / delete)", "clear"),
    ("Undo", "Take back the last move (u)", "undo"),
    ("Redo", "Make the undone move again (ctrl+r)", "redo"),
    ("Restart level", "Empty the board and reset the timer, after a confirmation (r)", "restart"),
    ("Toggle auto-cross", "Show or hide the crosses queens imply (a)", "toggle_auto"),
    ("Hint", "Explain the next logical step; press again to apply it (h)", "hint"),
    ("Show mistakes", "Highlight the marks no solution allows (m)", "mistakes"),
    ("Solve", "Fill in the solution at once; counts as solved with help (S)", "solve"),
    ("Live check", "Say after each move if the board can still be solved (c)", "toggle_live"),
    ("Help", "Rules, keys, mouse and glyphs (?)", "help"),
    ("Level browser", "Daily puzzles and packs: filters, progress, best times (l)", "levels"),
    ("Next level", "Open the next level; for a daily puzzle, the next day (n)", "next_level"),
    ("Previous level", "Open the previous level; the day before, for a daily (p)", "prev_level"),
)
"""Every game action for the command palette: title, help, action name."""


class GameScreen(SessionMixin, AssistMixin, Screen[None]):
    """One level in play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1, 0)", "Move", show=True, key_display="←↑↓→", id="move"),
        Binding("down", "move(1, 0)", "Move", show=False),
        Binding("left", "move(0, -1)", "Move", show=False),
        Binding("right", "move(0, 1)", "Move", show=False),
        Binding("space", "cycle", "Mark", tooltip="Empty → × → ♛ → empty", id="cycle"),
        Binding("enter", "queen", "Queen", id="queen"),
        Binding("x", "cross", "Cross", id="cross"),
        Binding("backspace,delete", "clear", "Clear", show=False, id="clear"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("ctrl+r", "redo", "Redo", id="redo"),
        Binding("r", "restart", "Restart", id="restart"),
        Binding("a", "toggle_auto", "Auto-×", id="auto"),
        Binding("question_mark", "help", "Help", key_display="?", id="help"),
        Binding("h", "hint", "Hint", tooltip="Explain the next step; again: apply it", id="hint"),
        Binding("m", "mistakes", "Mistakes", show=False, id="mistakes"),
        Binding("S", "solve", "Solve", show=False, id="solve"),
        Binding("c", "toggle_live", "Check", show=False, tooltip="Live check on / off", id="live"),
        Binding("l", "levels", "Levels", tooltip="Daily puzzles and packs", id="levels"),
        Binding("n", "next_level", "Next", show=False, id="next"),
        Binding("p", "prev_level", "Previous", show=False, id="prev"),
        Binding("q", "app.quit", "Quit", id="quit"),
    ]

    def __init__(
        self,
        ref: LevelRef,
        *,
        ascii: bool = False,
        now: Clock = time.monotonic,
        next_level: Callable[[LevelRef], LevelRef | None] | None = None,
        session: Session | None = None,
    ) -> None:
        super().__init__()
        self.ref = ref
        self.session = session or Session(None)
        """Saves and restores progress (`app.session`); Session(None) keeps nothing."""
        self.game = self.session_game(ref, now)
        self.ascii = ascii
        self._next_level = next_level
        self._won_shown = False

    # --- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield BoardView(self.game.board, ascii=self.ascii, id="board")
        yield Static("", id="message")
        yield StatusBar(ascii=self.ascii, id="status")
        yield Footer()

    @property
    def board_view(self) -> BoardView:
        return self.query_one("#board", BoardView)

    @property
    def status(self) -> StatusBar:
        return self.query_one("#status", StatusBar)

    def on_mount(self) -> None:
        status = self.status
        status.level_name = self.game.title
        status.board_size = self.game.level.size
        self._sync()
        self.game.stopwatch.start()
        self.call_after_refresh(self._warm_level)
        self.set_interval(TICK, self._tick)
        # immediate: the process stops right after the signal, before any queued callback
        self.app.app_suspend_signal.subscribe(self, self._on_app_suspend, immediate=True)
        self.app.app_resume_signal.subscribe(self, self._on_app_resume)

    def _warm_level(self) -> None:
        """Build the level's attack table (auto-crosses) now, after the frame is out.

        Core builds it on first use; a fresh board's first frame needs none of
        it, and the first queen placed should not pay for it either.
        """
        _ = self.game.level.attacks

    # --- timer: runs only while this screen is on top and the app is in front ------------

    def _tick(self) -> None:
        self.status.seconds = int(self.game.stopwatch.elapsed)

    def on_screen_suspend(self, event: events.ScreenSuspend) -> None:
        self.game.stopwatch.pause()
        self.status.paused = not self.game.solved
        self._tick()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        self.game.stopwatch.start()
        self.status.paused = False
        self._tick()

    def _on_app_suspend(self, app: object) -> None:
        self.game.stopwatch.pause()

    def _on_app_resume(self, app: object) -> None:
        if self.is_current:
            self.game.stopwatch.start()

    # --- drawing --------------------------------------------------------------------------

    def _sync(self) -> None:
        """Hand the new state to the widgets and check for a win."""
        game = self.game
        self.board_view.show(game.board, game.auto_cross)
        status = self.status
        status.queens = len(game.board.queens)
        status.moves = game.moves
        status.auto_cross = game.auto_cross
        status.solved = game.solved
        self._tick()
        self.assist_sync()
        self.session_sync()
        if game.solved and not self._won_shown:
            self._won_shown = True
            self.call_after_refresh(self.show_win)

    def show_message(self, text: str) -> None:
        """Put a line of text under the board (empty text hides it): for hints and notes."""
        message = self.query_one("#message", Static)
        if str(message.content) == text and message.has_class("shown") == bool(text):
            return  # an update re-lays out the whole screen: skip it when nothing changed
        message.update(text)
        message.set_class(bool(text), "shown")

    def show_win(self) -> None:
        """The win screen, and what follows from the player's choice."""
        from queens_tui.app.screens.win import WinScreen

        has_next = self.session_can_step(1)
        stats = self.session.win_line(self.ref)
        self.app.push_screen(WinScreen(self.game.result(), has_next, stats), self._after_win)

    def _after_win(self, choice: str | None) -> None:
        if choice == "next":
            self.action_next_level()
        elif choice == "replay":
            self._restart()
        elif choice == "quit":
            self.app.exit()

    # --- input ----------------------------------------------------------------------------

    @property
    def cursor(self) -> Cell:
        return self.board_view.cursor

    def action_move(self, dr: int, dc: int) -> None:
        """Move the cursor, stopping at the edges."""
        n = self.game.level.size
        r, c = self.cursor
        self.board_view.cursor = (min(max(r + dr, 0), n - 1), min(max(c + dc, 0), n - 1))

    def _after(self, changed: bool) -> None:
        if changed:
            self._sync()
        elif self.game.solved:
            self.notify("Solved! Press r to play it again.", timeout=2)

    def action_cycle(self) -> None:
        self._after(self.game.cycle(self.cursor))

    def action_queen(self) -> None:
        self._after(self.game.toggle_queen(self.cursor))

    def action_cross(self) -> None:
        self._after(self.game.toggle_cross(self.cursor))

    def action_clear(self) -> None:
        self._after(self.game.clear(self.cursor))

    def action_undo(self) -> None:
        if self.game.undo():
            self._sync()
        elif not self.game.solved:
            self.notify("Nothing to undo", timeout=1.5)

    def action_redo(self) -> None:
        if self.game.redo():
            self._sync()
        elif not self.game.solved:
            self.notify("Nothing to redo", timeout=1.5)

    def action_toggle_auto(self) -> None:
        self.game.auto_cross = not self.game.auto_cross
        self._sync()

    def action_help(self) -> None:
        from queens_tui.app.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_restart(self) -> None:
        """Ask, then empty the board and reset the clock."""
        from queens_tui.app.screens.confirm import ConfirmScreen

        if self.game.moves == 0 and not self.game.board.queens and not self.game.board.crosses:
            self.notify("The board is already empty", timeout=1.5)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self._restart()

        self.app.push_screen(
            ConfirmScreen("Restart this level? The board and the timer start over.", "Restart"),
            answer,
        )

    def _restart(self) -> None:
        self.game.restart()
        self._won_shown = False
        self.board_view.cursor = (0, 0)
        self.status.paused = False
        self._sync()

    def action_next_level(self) -> None:
        """Play the next level on this same screen (the next day, for a daily puzzle)."""
        self.session_step(1)

    def load(self, ref: LevelRef) -> None:
        """Start playing another level (resumed from its save, if any; this one is saved)."""
        self.ref = ref
        self.game = self.session_game(ref, self.game.stopwatch.now)
        self._won_shown = False
        self.board_view.cursor = (0, 0)
        self.status.level_name = self.game.title
        self.status.board_size = ref.level.size
        self.status.paused = False
        self.game.stopwatch.start()
        self._sync()
        self.call_after_refresh(self._warm_level)

    def on_board_view_cell_action(self, message: BoardView.CellAction) -> None:
        """Mouse input from the board."""
        game, cell = self.game, message.cell
        if cell is not None:
            self.board_view.cursor = cell
        if message.kind == "cycle" and cell is not None:
            self._after(game.cycle(cell))
        elif message.kind == "queen" and cell is not None:
            self._after(game.toggle_queen(cell))
        elif message.kind == "drag-start" and cell is not None:
            if not game.solved:
                game.begin_drag(cell)
                self._sync()
        elif message.kind == "drag" and cell is not None:
            if game.drag_over(cell):
                self._sync()
        elif message.kind == "drag-end":
            game.end_drag()
            self._sync()
