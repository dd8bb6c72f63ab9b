"""The game screen, for every puzzle kind: board, message line, status line, footer.

Data flows one way. A key (bound from `midend.actions` and the kind's
`KindUI`) or a click becomes an intent on the cursor cell; `Game.act` asks
the kind's `PlayRules.interpret` for a move and applies it; `_sync` hands
the new position to the board widget and the status line, tells the
`Assistant` (which may ask the worker something), and the session saves it
once the frame is painted. Worker replies come back as `AssistReply`
messages and go through the assistant, which drops stale ones.

`screen_class(kind)` makes the screen class of a kind, with that kind's
bindings; `GameScreen(ref, ...)` picks it by itself.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import date
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual import events
from textual._context import NoActiveAppError
from textual.app import ComposeResult
from textual.binding import ActiveBinding, BindingType
from textual.screen import Screen

from queens_tui.app.bindings import bindings, help_text, key_words, kind_actions
from queens_tui.app.kinds import KindUI, get_ui
from queens_tui.app.messages import AssistReply, CellAction, HuntFound
from queens_tui.app.widgets import StatusBar
from queens_tui.app.widgets.base import BoardWidget
from queens_tui.app.widgets.keyline import KeyLine
from queens_tui.app.widgets.message import MessageArea
from queens_tui.core.grid import Cell
from queens_tui.core.play import CancelFlag, Cancelled, PlaySolver, Verdict
from queens_tui.core.vocabulary import to_ascii
from queens_tui.kinds import DEFAULT_KIND, get_kind, get_play
from queens_tui.midend import actions
from queens_tui.midend.assistant import CHECKING_AFTER, Assistant, Effects, Job, Reply
from queens_tui.midend.clock import Clock
from queens_tui.midend.game import Game, help_words, size_text
from queens_tui.midend.levels import OpenLevel
from queens_tui.midend.session import NOTICE_SECONDS, Session
from queens_tui.midend.worker import WorkerController

if TYPE_CHECKING:
    from queens_tui.catalog.refs import LevelRef

SEVERAL_SECONDS = 10.0
"""A second solution found later than this is not announced (the player is well into the
level by then)."""
SEVERAL_MAX_CELLS = 400
"""Boards up to 20x20 are searched for a second solution when they open."""

TICK = 0.25
"""Seconds between timer refreshes of the status line."""


def first_squares(game: Game) -> str:
    """The colours of the regions of the first queens placed, as squares (Queens only)."""
    from queens_tui.app.palette import color_square, region_colors

    level = game.level
    if not hasattr(level, "region"):
        return ""
    try:
        colors = region_colors(level)
        cells = game.first_pieces()[:3]
        picks = [colors[level.region(cell)] for cell in cells]
    except (AttributeError, IndexError, TypeError, ValueError):
        return ""
    return " ".join(color_square(c) for c in picks)


def count_solutions(kind: str, level: Any, limit: int, cancel: CancelFlag | None = None) -> int:
    """Up to `limit` solutions of `level`, by the kind's pure search; 0 once `cancel` is set
    (the level was left, or the time ran out): the search stops then, its thread ends."""
    try:
        return len(get_kind(kind).solutions(level, limit, cancel))
    except Cancelled:
        return 0


@runtime_checkable
class AsciiApp(Protocol):
    """An app that draws its own text in plain ASCII on request (`app.QueensApp`).

    Checked by shape, not by class: the app module imports this one, so importing it back
    would make a circle."""

    ascii: bool


@cache
def screen_class(kind: str) -> type[GameScreen]:
    """The game screen class of kind `kind`: `GameScreen` with that kind's bindings.

    Where the kind binds a shared key to a move of its own (Zip's arrows draw the path),
    the shared action goes; the screen has Textual's own screen keys and the kind's.
    """
    import types

    ui = get_ui(kind)
    own = {key for a in ui.moves for key in a.keys.split(",")}
    name = f"{kind.title()}GameScreen"
    every = kind_actions(kind)
    chosen = [a for a in every if a in ui.moves or not own & set(a.keys.split(","))]
    if chosen == list(every):  # no conflict: Textual's screen keys come by inheritance
        return type(name, (GameScreen,), {"BINDINGS": bindings(every)})
    keys: list[BindingType] = [*Screen.BINDINGS, *bindings(chosen)]
    return types.new_class(
        name,
        (GameScreen,),
        {"inherit_bindings": False},
        lambda ns: ns.update({"BINDINGS": keys}),
    )


class GameScreen(Screen[None]):
    """One level in play (any kind: see the module docstring)."""

    def __new__(cls, ref: OpenLevel, *args: Any, **kwargs: Any) -> GameScreen:
        if cls is GameScreen:
            cls = screen_class(ref.level.kind)
        return super().__new__(cls)

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
    ) -> None:
        super().__init__()
        self.ref = ref
        self.keys: Mapping[str, str] = dict(keys or {})
        """The player's remapped keys (`midend.keymap`: action id -> keys), for the help table."""
        self.session = session or Session(None)
        """Saves and restores progress (`midend.session`); Session(None) keeps nothing."""
        self.ascii = ascii
        self.kind = ref.level.kind
        self.ui: KindUI = get_ui(self.kind)
        self.rules = get_play(self.kind)
        self._solver: PlaySolver[Any, Any] | None = None
        self.worker = WorkerController(self._post_reply, engine)
        """Runs the assistant's requests (checks, hints, solve) in the background."""
        self.say = key_words(self.kind, self.keys)
        """Fills the keys a text names (`{key:undo}`) with the player's (`app.bindings`)."""
        self.assistant = Assistant(live=self.session.option("live_check", True), say=self.say)
        self._open_daily = open_daily
        self._browser_state: Any = None
        self._won_shown = False
        self._seen: tuple[Game, Any] | None = None
        self._sync_pending = False
        self.game = self._new_game(ref, now)

    # --- the kind's solver (tests swap in a fake) ------------------------------------------

    @property
    def solver(self) -> PlaySolver[Any, Any]:
        """The kind's answers for the worker (`solver/<kind>.py` `PLAY`), imported on first use."""
        if self._solver is None:
            from queens_tui.solver import play_solver

            self._solver = play_solver(self.kind)
        return self._solver

    @solver.setter
    def solver(self, solver: PlaySolver[Any, Any]) -> None:
        self._solver = solver

    # --- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield self.ui.board(
            self.game.state, ascii=self.ascii, options=self.game.options, id="board"
        )
        yield MessageArea(ascii=self.ascii, id="message")
        yield StatusBar(ascii=self.ascii, id="status", say=self.say)
        yield KeyLine()

    @property
    def board_view(self) -> BoardWidget[Any]:
        return self.query_one("#board", BoardWidget)

    @property
    def status(self) -> StatusBar:
        return self.query_one("#status", StatusBar)

    def on_mount(self) -> None:
        self._show_level()
        self._sync()
        self.game.stopwatch.start()
        self.call_after_refresh(self._warm_level)
        self.set_interval(TICK, self._tick_and_notices)
        # immediate: the process stops right after the signal, before any queued callback
        self.app.app_suspend_signal.subscribe(self, self._on_app_suspend, immediate=True)
        self.app.app_resume_signal.subscribe(self, self._on_app_resume)

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
        self.worker.cancel()

    def _warm_level(self) -> None:
        """Build the level's lookup tables now, after the frame is out (Queens: the attack
        table of automatic crosses): the first move should not pay for them."""
        _ = getattr(self.game.level, "attacks", None)
        self._count_solutions()

    def _count_solutions(self) -> None:
        """Say so when the level has more than one solution (any that keeps the rules wins).

        The kind's pure search for two solutions, a background job (`midend.jobs`: quit never
        waits for it, leaving the level drops it), on boards up to `SEVERAL_MAX_CELLS` cells;
        N-queens boards have many by design.
        """
        game = self.game
        rows, cols = self.rules.dims(game.level)
        if not get_kind(self.kind).unique_solutions or rows * cols > SEVERAL_MAX_CELLS:
            return
        if game.solved:
            return

        def work(token: CancelFlag) -> bool:
            several = count_solutions(self.kind, game.level, 2, token) > 1
            return several and not token.is_set()  # too late: the player is well into it

        def done(several: bool) -> None:
            if several:
                with contextlib.suppress(Exception):
                    self.app.call_from_thread(self._say_several, game)

        self.worker.jobs.start("several", work, done, time_limit=SEVERAL_SECONDS)

    def _say_several(self, game: Game) -> None:
        if game is self.game and self.is_attached:
            self.notify(
                "This level has more than one solution: any board that keeps the rules wins.",
                timeout=NOTICE_SECONDS,
            )

    def _new_game(self, ref: OpenLevel, now: Clock) -> Game:
        game = Game(ref.level, self.rules, title=ref.title, now=now)
        game.options = {o.name: self.session.option(o.name, o.default) for o in self.ui.options}
        self.session.start(game, ref)
        return game

    def _show_level(self) -> None:
        status = self.status
        status.level_name = self.game.title
        status.size_text = size_text(self.game.level)

    # --- timer: runs only while this screen is on top and the app is in front ------------

    def _tick(self) -> None:
        self.status.seconds = int(self.game.stopwatch.elapsed)

    def _tick_and_notices(self) -> None:
        """The timer's tick; also what the store has said since (a background save that
        failed after the last move), so a notice never waits for the next key."""
        self._tick()
        self.show_notices()

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
        """Back from ctrl+z / fg: the terminal was cleared meanwhile, so draw everything again
        now (not at the next key); the clock goes on only if this screen is in front."""
        if self.is_current:
            self.game.stopwatch.start()
        self.app.call_after_refresh(self.repaint_all)

    def repaint_all(self) -> None:
        """Redraw every widget of the screen on top in full."""
        screen = self.app.screen
        for widget in screen.query("*"):
            widget.refresh()
        screen.refresh(layout=True, repaint=True)
        self.app.refresh(layout=True, repaint=True)

    # --- drawing --------------------------------------------------------------------------

    def _sync(self) -> None:
        """Hand the new state to the widgets, the assistant and the session; check for a win."""
        game = self.game
        state = game.state
        self.board_view.show(state, game.options)
        status = self.status
        status.progress = self.rules.progress_text(state, self.ascii)
        status.progress_done = game.solved
        status.moves = game.moves
        status.helped = help_words(game.hints_used, game.helped)
        status.options = tuple(
            o.status(game.options.get(o.name, o.default), self.ascii) for o in self.ui.options
        )
        status.solved = game.solved
        self._tick()
        if self._seen is None or self._seen[0] is not game or self._seen[1] is not state:
            self._seen = (game, state)
            self._run(self.assistant.changed(state, game.solved))
        if not self._sync_pending:
            # After the frame that shows the move: encoding the save would add to the key press.
            self._sync_pending = True
            self.call_after_refresh(self._save_now)
        if game.solved and not self._won_shown:
            self._won_shown = True
            self.call_after_refresh(self.show_win)

    def _save_now(self) -> None:
        self._sync_pending = False
        self.session.sync(self.game)
        self.show_notices()

    def show_notices(self) -> None:
        """What the store has to say (a file set aside, a failed write) as warnings."""
        for text in self.session.notices():
            self.notify(text, severity="warning", timeout=NOTICE_SECONDS)

    def show_message(self, text: str) -> None:
        """Put a line of text under the board (empty text hides it): hints and notes."""
        message = self.query_one("#message", MessageArea)
        if self.ascii:
            text = to_ascii(text)
        if message.text == text and message.has_class("shown") == bool(text):
            return  # an update re-lays out the whole screen: skip it when nothing changed
        message.say(text)
        message.set_class(bool(text), "shown")

    def _show_assist(self) -> None:
        """Draw what the assistant wants shown: status word, message, tinted cells."""
        view = self.assistant.view
        self.status.check = view.status
        self.status.helped = help_words(self.game.hints_used, self.game.helped)
        message = view.message
        if message and self.ui.describe is not None:
            message = self.ui.describe(self.game.level, message)
        self.show_message(message)
        self.board_view.set_marks(view.marks)

    def show_win(self) -> None:
        """The win screen, and what follows from the player's choice."""
        from queens_tui.app.screens.win import WinScreen

        has_next = self.session.can_step(self.ref, 1)
        stats = self.session.win_line(self.ref)
        game = self.game
        replay = game.replaying and self.ref.day is not None
        store = self.session.store
        streak = store.streak(kind=self.kind).current if store and self.ref.day else 0
        result = game.result(
            day=self.ref.day,
            squares=first_squares(game),
            streak=streak,
        )
        card = WinScreen(
            result,
            has_next,
            stats,
            replay=replay,
            now=game.stopwatch.now,
            ascii=self.ascii,
            undoable=game.revealed,
            nowhere="" if has_next else self.session.nowhere(self.ref),
        )
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

    # --- the assistant and its worker ---------------------------------------------------------

    def _run(self, effects: Effects) -> None:
        """Carry out what the assistant asked for."""
        if effects.cancel:
            self.worker.cancel(*effects.cancel)
        for request in effects.requests:
            if request.job is Job.CHECK:
                # Certain without solving (a broken rule, a known solution): shown with the
                # move, in the same frame. Not before the solver is loaded (the first frame).
                quick = None if self._solver is None else self.worker.quick(request, self._solver)
                if quick is not None:
                    self._take_reply(quick)
                    if quick.verdict is not Verdict.CANNOT_FINISH:
                        continue
                    request = dataclasses.replace(request, verdict=quick.verdict)
                # After the frame that shows the move: a thread competes for the GIL with
                # the paint. (At start, it also keeps the solver's import off the first frame.)
                self.call_after_refresh(self._submit_if_current, request)
            else:
                self.worker.submit(request, self.rules, self.solver)
        if effects.checking_timer is not None:
            generation = effects.checking_timer
            self.set_timer(CHECKING_AFTER, lambda: self._still_checking(generation))
        if effects.hint_used:
            self.game.hints_used += 1
        if effects.notify:
            self.notify(effects.notify, timeout=1.5)
        if effects.error:
            self.notify(effects.error, severity="error")
        self._show_assist()
        if effects.apply is not None and effects.apply.move is not None:
            hint = effects.apply
            if self.game.apply_hint_move(hint.move, helped=hint.helped):
                self._sync()
        if effects.solved is not None and self.game.reveal(effects.solved):
            self._sync()

    def _submit_if_current(self, request: Any) -> None:
        if request.generation == self.assistant.generation and self.is_attached:
            self.worker.submit(request, self.rules, self.solver)

    def _still_checking(self, generation: int) -> None:
        self.assistant.still_checking(generation)
        self._show_assist()

    def _post_reply(self, reply: Any) -> None:
        """From a worker thread: hand the reply to the UI thread.

        A reply can arrive just as the screen leaves or the app quits; then there is no
        app left to hand it to (Textual raises NoActiveAppError), and nobody wants it.
        """
        with contextlib.suppress(NoActiveAppError):
            self.post_message(AssistReply(reply))

    def on_assist_reply(self, message: AssistReply) -> None:
        message.stop()
        self._take_reply(message.reply)

    def _take_reply(self, reply: Reply) -> None:
        """A worker's reply (or the quick check's), about this position or a stale one."""
        if (
            self.assistant.current(reply)
            and reply.verdict is Verdict.CANNOT_FINISH
            and not reply.followup
            and reply.request.job is Job.CHECK
        ):
            self.game.note_cannot_finish(reply.request.state)  # not flawless any more
        self._run(self.assistant.receive(reply))

    def action_hint(self) -> None:
        """First press: explain the next step and tint it. Second press: apply it."""
        self._run(self.assistant.press_hint(self.game.state))

    def action_mistakes(self) -> None:
        """Tint the marks no solution allows (press again to hide them)."""
        self._run(self.assistant.press_mistakes(self.game.state))

    def action_solve(self) -> None:
        """Ask, then fill in a whole solution (recorded as solved with help)."""
        from queens_tui.app.screens.confirm import ConfirmScreen

        if self.game.solved:
            self._run(self.assistant.press_solve(self.game.state))  # says "Already solved."
            return

        def answer(yes: bool | None) -> None:
            if yes and not self.game.solved:
                self._run(self.assistant.press_solve(self.game.state))

        self.app.push_screen(
            ConfirmScreen(
                self.say(
                    "Show a solution? The level then counts as solved with help "
                    "(not flawless); undo ({key:undo}) takes it back to play on."
                ),
                "Solve",
            ),
            answer,
        )

    def action_toggle_live(self) -> None:
        """The live check on or off, remembered in the settings."""
        self._run(self.assistant.toggle_live(self.game.state))
        self.session.set_option("live_check", self.assistant.live)

    # --- input ----------------------------------------------------------------------------

    @property
    def cursor(self) -> Cell:
        return self.board_view.cursor

    def action_move(self, dr: int, dc: int) -> None:
        """Move the cursor, stopping at the edges."""
        rows, cols = self.rules.dims(self.game.level)
        r, c = self.cursor
        self.board_view.cursor = (min(max(r + dr, 0), rows - 1), min(max(c + dc, 0), cols - 1))

    def _after(self, changed: bool) -> None:
        if changed:
            self._sync()
        elif self.game.solved:
            self.notify(self.say("Solved! Press {key:restart} to play it again."), timeout=2)

    def action_play(self, intent: str) -> None:
        """A move key: the kind says what `intent` means on the cursor cell."""
        self._after(self.game.act(intent, self.cursor))

    def action_toggle_option(self, name: str) -> None:
        """Flip one of the kind's display options, and remember it."""
        game = self.game
        default = next((o.default for o in self.ui.options if o.name == name), True)
        game.options[name] = not game.options.get(name, default)
        self.session.set_option(name, game.options[name])
        self._sync()

    def action_undo(self) -> None:
        was_solved = self.game.solved
        if self.game.undo():
            if was_solved:  # S's solution taken back: play on, a win shows its card again
                self._won_shown = False
                self.status.paused = False
            self._sync()
        elif not self.game.solved:
            self.notify("Nothing to undo", timeout=1.5)

    def action_redo(self) -> None:
        if self.game.redo():
            self._sync()
        elif not self.game.solved:
            self.notify("Nothing to redo", timeout=1.5)

    def action_settings(self) -> None:
        """The settings screen: a switch per toggle (the kind's options, the live check,
        ASCII) and the theme."""
        from queens_tui.app.screens.settings import Row, SettingsScreen

        rows = []
        for a in (*self.ui.option_actions, *actions.ASSIST):
            if a.action.startswith("toggle_option('"):
                name = a.action.split("'")[1]
                default = next((o.default for o in self.ui.options if o.name == name), True)
                rows.append(Row(a.help, self.game.options.get(name, default), a.action))
            elif a.action == "toggle_live":
                live = "live check: can the board still be finished?"
                rows.append(Row(live, self.assistant.live, a.action))
        for o in self.ui.options:
            if o.label:  # an option without a key of its own
                value = self.game.options.get(o.name, o.default)
                rows.append(Row(o.label, value, f"toggle_option('{o.name}')"))
        rows.append(Row("ASCII: plain letters and lines, no symbols", self.ascii, "toggle_ascii"))
        themes = sorted(self.app.available_themes)
        self.app.push_screen(SettingsScreen(rows, self.run_action, themes))

    def action_toggle_ascii(self) -> None:
        """Plain ASCII drawing on or off (as `--ascii`), at once, and remembered."""
        self.set_ascii(not self.ascii)
        self.session.set_option("ascii", self.ascii)

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
        self._sync()
        self._show_assist()
        self.query_one(KeyLine).refresh()

    def action_help(self) -> None:
        from queens_tui.app.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.help_text(), ascii=self.ascii))

    def help_text(self) -> str:
        """The kind's help with the key table built from the action registry (and the
        player's keys)."""
        return help_text(self.kind, self.keys)

    def action_restart(self) -> None:
        """Ask, then empty the board and reset the clock."""
        from queens_tui.app.screens.confirm import ConfirmScreen

        if self.game.blank:
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

    def on_hunt_found(self, message: HuntFound) -> None:
        """The classic hunt grew: saved through the session (and so the store)."""
        self.session.save_hunt(message.size, message.found, message.helped)

    def on_cell_action(self, message: CellAction) -> None:
        """Mouse input from the board."""
        game, cell = self.game, message.cell
        if cell is not None:
            self.board_view.cursor = cell
        if message.kind in ("click", "right") and cell is not None:
            self._after(game.act(message.kind, cell))
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

    # --- other levels: n, p, l ------------------------------------------------------------------

    def load(self, ref: OpenLevel) -> None:
        """Start playing another level (resumed from its save, if any; this one is saved).

        A level of another kind gets a new screen of its kind.
        """
        if ref.level.kind != self.kind:
            screen = GameScreen(
                ref,
                ascii=self.ascii,
                now=self.game.stopwatch.now,
                session=self.session,
                engine=self.worker.engine,
                open_daily=self._open_daily,
                keys=self.keys,
            )
            # Textual's switch_screen pops the outgoing screen's result callback; a screen
            # that became current without one (the app's first) would raise IndexError
            if not self._result_callbacks:
                self._push_result_callback(self, None)
            self.app.switch_screen(screen)
            return
        self.worker.cancel()
        self.ref = ref
        self.game = self._new_game(ref, self.game.stopwatch.now)
        self._won_shown = False
        self.board_view.cursor = (0, 0)
        self._show_level()
        self.status.paused = False
        self.game.stopwatch.start()
        self._sync()
        self.call_after_refresh(self._warm_level)

    def _step(self, step: int) -> None:
        target = self.session.neighbour(self.ref, step)
        if isinstance(target, str):
            self.notify(target, timeout=6 if target.endswith("packs.") else 2)
        elif isinstance(target, OpenLevel):
            self.load(target)
        elif self._open_daily is not None:
            self._open_daily(target, self.load, self.kind)

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

        store = self.session.store
        if store is None:
            self.notify("The level browser needs a data folder.", severity="warning")
            return
        self.session.leave()
        if self._browser_state is None:
            self._browser_state = BrowserState()
        packs = None
        extra = getattr(self.app, "browse", None)
        if extra is not None:  # a collection opened by `play FILE_OR_FOLDER`, beside the packs
            from queens_tui.catalog.user_packs import pack_folders

            packs = [*pack_folders(store.root), extra]
        browser = LevelBrowser(
            store, self.ref.key, state=self._browser_state, ascii=self.ascii, packs=packs
        )
        self.app.push_screen(browser, self._chosen)

    def _chosen(self, choice: LevelRef | None) -> None:
        """Open the level the browser chose (a daily through the store, maybe generated)."""
        if choice is None or choice.key == self.ref.key:
            return
        if choice.day is not None:
            if self._open_daily is not None:
                self._open_daily(choice.day, self.load, choice.kind or DEFAULT_KIND)
            return
        from queens_tui.core.errors import LevelError
        from queens_tui.midend.levels import open_ref

        try:
            ref = open_ref(choice)
        except LevelError as err:
            self.notify(str(err), severity="error", timeout=NOTICE_SECONDS)
            return
        self.load(ref)


__all__ = ["GameScreen", "screen_class"]
