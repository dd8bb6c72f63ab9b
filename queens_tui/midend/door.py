"""The one door into a game: everything a screen asks of a level in play, for every kind.

After Simon Tatham's `midend.c`, which never names a game: the front end calls
`midend_process_key`, `midend_undo`, `midend_restart_game`, `midend_solve`... and draws.
Here the game screen calls `Midend.act`, `undo`, `restart`, `hint`, `solve`... and draws
the `View` it reads back; it holds no game state and never asks the kind anything. The
midend owns the `Game` (history, clock, figures), the `Session` (saves, the record of a
win), the `Assistant` and its worker (live check, `m`, `h`, `S`), and the kind's rules
and solver answers. What it needs of the screen (run this on the UI thread, after the
frame, in n seconds; redraw; a toast; the win card) is the small `Frontend` protocol, as
Tatham's midend asks its front end for a timer and a redraw.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from queens_tui.core.errors import LevelError
from queens_tui.core.grid import Cell
from queens_tui.core.play import CancelFlag, Cancelled, Hint, PlaySolver, Verdict
from queens_tui.kinds import DEFAULT_KIND, get_kind, get_play
from queens_tui.midend.assistant import CHECKING_AFTER, Assistant, Effects, Job, Reply, Request
from queens_tui.midend.clock import Clock
from queens_tui.midend.game import Game, Result, help_words, size_text
from queens_tui.midend.levels import OpenLevel, open_ref
from queens_tui.midend.session import Session
from queens_tui.midend.worker import WorkerController

if TYPE_CHECKING:
    from queens_tui.catalog.refs import LevelRef
    from queens_tui.midend.lesson import LessonPlay
    from queens_tui.store.lessons import LessonProgress

SEVERAL_SECONDS = 10.0
"""A second solution found later than this is not announced (the player is well into the
level by then)."""
SEVERAL_MAX_CELLS = 400
"""Boards up to 20x20 are searched for a second solution when they open."""
SEVERAL = "This level has more than one solution: any board that keeps the rules wins."
SEVERAL_WON = "Its clues allow several solutions: yours keeps every rule, so it wins."
"""The win card's line on a level with several solutions (LinkedIn's Patches of 2026-07-14)."""

RESTART_QUESTION = "Restart this level? The board and the timer start over."
SOLVE_QUESTION = (
    "Show a solution? The level then counts as solved with help "
    "(not flawless); undo ({key:undo}) takes it back to play on."
)

Squares = Callable[[Any, Sequence[Cell]], str]
"""(level, cells of the first pieces placed) -> the share line's coloured squares (the
kind's `KindUI.share_squares`; Queens: the regions' colours)."""


class Frontend(Protocol):
    """What the midend asks of the screen that shows it (Tatham's front-end calls)."""

    def post(self, fn: Callable[[], None]) -> None:
        """From any thread: run `fn` on the UI thread soon (dropped once the screen is gone)."""

    def after_frame(self, fn: Callable[[], None]) -> None:
        """Run `fn` once the frame showing the last change is painted."""

    def later(self, seconds: float, fn: Callable[[], None]) -> None:
        """Run `fn` in `seconds`."""

    def redraw(self) -> None:
        """The view changed outside a call of the screen's (a worker's reply): draw it."""

    def note(self, text: str, severity: str = "information", timeout: float = 1.5) -> None:
        """A short-lived toast."""

    def show_win(self) -> None:
        """The level was just solved: show the win card (`Midend.win`)."""


class View(NamedTuple):
    """Everything the game screen draws, as plain data: the kind's board widget draws
    `state` with `options` and `marks`; the status line and message line show the words.
    (A NamedTuple, like `Win`: made at every start, before the first frame.)"""

    level: Any
    state: Any
    options: Mapping[str, bool]
    marks: Mapping[Cell, str]
    """Tinted cells and what each tint means ("read", "place", "mistake"...)."""
    title: str
    size: str
    progress: str
    solved: bool
    moves: int
    helped: str
    """ "2 hints", "solved with help": the status line's words for the help used."""
    check: str
    """The live check's words ("can still be finished", "checking…", "")."""
    message: str
    seconds: int


class Win(NamedTuple):
    """What the win card shows."""

    result: Result
    has_next: bool
    stats: str
    replay: bool
    undoable: bool
    nowhere: str
    now: Clock


def count_solutions(kind: str, level: Any, limit: int, cancel: CancelFlag | None = None) -> int:
    """Up to `limit` solutions of `level`, by the kind's pure search; 0 once `cancel` is set
    (the level was left, or the time ran out): the search stops then, its thread ends."""
    try:
        return len(get_kind(kind).solutions(level, limit, cancel))
    except Cancelled:
        return 0


class Midend:
    """One level in play, behind one door (see the module docstring)."""

    def __init__(
        self,
        ref: OpenLevel,
        frontend: Frontend,
        *,
        session: Session | None = None,
        engine: str = "cpsat",
        now: Clock = time.monotonic,
        options: Sequence[tuple[str, bool]] = (),
        say: Callable[[str], str] | None = None,
        squares: Squares | None = None,
        lesson: LessonPlay | None = None,
        progress: LessonProgress | None = None,
    ) -> None:
        self.front = frontend
        self.lesson = lesson
        """The lesson played on this board, if it is one (`midend.lesson`): its moves are
        judged, its position is where play starts, nothing of it is saved as a level's."""
        self.progress = progress
        """The lessons done (`store.lessons`), where a lesson done is recorded."""
        self._drag_from: Any = None
        self.session = session or Session(None)
        """Saves and restores progress (`midend.session`); Session(None) keeps nothing."""
        self.worker = WorkerController(self._post_reply, engine)
        """Runs the assistant's requests (checks, hints, solve) in the background."""
        self.assistant = Assistant(live=self.session.option("live_check", True), say=say)
        self._solver: PlaySolver[Any, Any] | None = None
        self._won_shown = False
        self._seen: tuple[Game, Any] | None = None
        self._save_pending = False
        self._now = now
        self.ref = ref
        self.game = self._open(ref, options, say, squares)

    def _open(
        self,
        ref: OpenLevel,
        options: Sequence[tuple[str, bool]],
        say: Callable[[str], str] | None,
        squares: Squares | None,
    ) -> Game:
        self.kind = ref.level.kind
        self.rules = get_play(self.kind)
        self.several = False
        """True once the level is known to have several solutions (the win card says so)."""
        self._option_defaults = dict(options)
        self._squares = squares
        if say is not None:
            self.assistant.say = say
        game = Game(
            ref.level, self.rules, title=ref.title, full_title=ref.full_title, now=self._now
        )
        game.options = {name: self.session.option(name, d) for name, d in options}
        if self.lesson is not None:
            game.title = f"Lesson: {self.lesson.lesson.title}"
            game.begin_at(self.lesson.start)
            return game  # a lesson's board is nobody's level: no save to resume or keep
        self.session.start(game, ref)
        return game

    # --- the kind's solver (tests swap in a fake) -------------------------------------------

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

    # --- opening and leaving ------------------------------------------------------------------

    def start(self) -> None:
        """The level is on screen: the clock runs, the position is checked, and once the
        frame is out the level's tables are built and its solutions counted."""
        self.game.stopwatch.start()
        self.changed()
        self.front.after_frame(self._warm_level)

    def open(
        self,
        ref: OpenLevel,
        options: Sequence[tuple[str, bool]],
        say: Callable[[str], str] | None = None,
        squares: Squares | None = None,
    ) -> None:
        """Play another level, of any kind (resumed from its save; this one is saved)."""
        self.worker.cancel()
        if ref.level.kind != self.kind:
            self._solver = None
        self.ref = ref
        self.game = self._open(ref, options, say, squares)
        self._won_shown = False
        self.start()

    def close(self) -> None:
        """Leaving the screen: stop every running request."""
        self.worker.cancel()

    def leave(self) -> None:
        """Save the level as it stands (before the browser opens)."""
        self.session.leave()

    @property
    def engine(self) -> str:
        return self.worker.engine

    @engine.setter
    def engine(self, engine: str) -> None:
        self.worker.engine = engine

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
        game, kind = self.game, self.kind
        rows, cols = self.rules.dims(game.level)
        if not get_kind(kind).unique_solutions or rows * cols > SEVERAL_MAX_CELLS or game.solved:
            return

        def work(token: CancelFlag) -> bool:
            several = count_solutions(kind, game.level, 2, token) > 1
            return several and not token.is_set()  # too late: the player is well into it

        def done(several: bool) -> None:
            if several:
                self.front.post(lambda: self._say_several(game))

        self.worker.jobs.start("several", work, done, time_limit=SEVERAL_SECONDS)

    def _say_several(self, game: Game) -> None:
        if game is self.game:
            self.several = True
            self.front.note(SEVERAL, timeout=10.0)

    # --- the clock ------------------------------------------------------------------------------

    @property
    def seconds(self) -> int:
        return int(self.game.stopwatch.elapsed)

    def pause(self) -> None:
        self.game.stopwatch.pause()

    def resume(self) -> None:
        self.game.stopwatch.start()

    # --- what the screen draws ----------------------------------------------------------------

    def view(self, ascii: bool = False) -> View:
        """The position and every word about it, for the screen to draw."""
        game, shown = self.game, self.assistant.view
        return View(
            game.level,
            game.state,
            game.options,
            shown.marks,
            game.title,
            size_text(game.level),
            self.rules.progress_text(game.state, ascii),
            game.solved,
            game.moves,
            help_words(game.hints_used, game.helped, solved=game.solved),
            shown.status,
            shown.message or self._lesson_words(),
            self.seconds,
        )

    def _lesson_words(self) -> str:
        """The lesson's line (the question, the last move's verdict); "" off a lesson."""
        return "" if self.lesson is None else self.assistant.say(self.lesson.message)

    @property
    def dims(self) -> tuple[int, int]:
        """(rows, columns) of the board."""
        rows, cols = self.rules.dims(self.game.level)
        return rows, cols

    @property
    def live(self) -> bool:
        return self.assistant.live

    def option(self, name: str) -> bool:
        return self.game.options.get(name, self._option_defaults.get(name, True))

    # --- moves ----------------------------------------------------------------------------------

    def changed(self) -> None:
        """After a change of position: tell the assistant, save after the frame, see a win."""
        game = self.game
        if self._seen is None or self._seen[0] is not game or self._seen[1] is not game.state:
            self._seen = (game, game.state)
            self._run(self.assistant.changed(game.state, game.solved))
        if not self._save_pending:
            # After the frame that shows the move: encoding the save would add to the key press.
            self._save_pending = True
            self.front.after_frame(self._save_now)
        if game.solved and not self._won_shown:
            self._won_shown = True
            if self.lesson is not None:  # a lesson's board is no level won: no card, no record
                from queens_tui.midend.lesson import SOLVED

                self.lesson.message = SOLVED
            else:
                self.front.after_frame(self.front.show_win)

    def _save_now(self) -> None:
        self._save_pending = False
        self.session.sync(self.game)
        for text in self.session.notices():
            self.front.note(text, "warning", 10.0)

    def _after(self, changed: bool) -> bool:
        if changed:
            self.changed()
        elif self.game.solved:
            self.front.note(
                self.assistant.say("Solved! Press {key:restart} to play it again."), timeout=2
            )
        return changed

    def act(self, intent: str, cell: Cell) -> bool:
        """A move key or a click: the kind says what `intent` means on `cell`. On a solved
        board an intent the kind lists in `replay_actions` (classic's `]` and `[`, browsing
        the solutions found) starts a replay first, as `r` would (the first result is kept),
        instead of "Solved! Press r to play it again."."""
        game = self.game
        if (
            game.solved
            and intent in getattr(self.rules, "replay_actions", ())
            and self.rules.interpret(game.state, intent, cell, None) is not None  # not idle
        ):
            self.restart()
        before = self.game.state
        moved = self.game.act(intent, cell)
        if moved:
            self._judge(before)  # a lesson's move: right or wrong, before it is drawn
        changed = self._after(moved)
        remark = getattr(self.rules, "remark", None)  # what the board will not show
        said = remark(before, self.game.state, self.game.options) if changed and remark else ""
        if said:
            self.front.note(self.assistant.say(said), timeout=6.0)
        return changed

    # --- a lesson -------------------------------------------------------------------------------

    def _judge(self, before: Any) -> None:
        """A lesson's move: right (the lesson is done, and saved) or wrong (why, in `m`'s
        words once the worker has looked: the board can't be finished any more, or the move
        is simply not the rule's)."""
        lesson, game = self.lesson, self.game
        if lesson is None or lesson.done:
            return
        from queens_tui.midend import lesson as words

        verdict = lesson.judge(self.rules, before, game.state)
        if verdict is None:
            return
        if verdict:
            lesson.done = True
            lesson.message = words.RIGHT
            if self.progress is not None:
                try:
                    self.progress.mark_done(lesson.lesson.id)
                except OSError as err:
                    self.front.note(f"Could not save the lesson: {err}", "error", 5.0)
            return
        lesson.message = words.NOT_THIS
        state, engine = game.state, self.engine

        def work(token: CancelFlag) -> Hint[Any] | None:
            return self.solver.mistake(state, engine=engine, time_limit=3.0, cancel=token)

        def done(found: Hint[Any] | None) -> None:
            self.front.post(lambda: self._wrong(state, found))

        self.worker.jobs.start("lesson", work, done, time_limit=4.0)

    def _wrong(self, state: Any, found: Hint[Any] | None) -> None:
        """The worker's verdict on a wrong lesson move (still the position shown): `m`'s
        words when the board can't be finished any more."""
        lesson = self.lesson
        if lesson is None or lesson.done or self.game.state is not state:
            return
        if found is not None and found.text:
            lesson.message = f"Not this one: {found.text}"
        self.front.redraw()

    def drag(self, what: str, cell: Cell | None) -> bool:
        """A mouse drag: "drag-start", "drag" (over `cell`) or "drag-end"; one undo step."""
        game = self.game
        if what == "drag-end":
            game.end_drag()
        elif cell is None or (what == "drag-start" and game.solved):
            return False
        elif what == "drag-start":
            self._drag_from = game.state
            game.begin_drag(cell)
        elif not game.drag_over(cell):
            return False
        if what == "drag-end" and self._drag_from is not None:
            self._judge(self._drag_from)  # a drag is one move: judged as it ends
            self._drag_from = None
        self.changed()
        return True

    def undo(self) -> bool:
        """Step back (a win is final, except `S`'s fill: then play on, a win shows again)."""
        game = self.game
        was_solved = game.solved
        if game.undo():
            if was_solved:
                self._won_shown = False
            if self.lesson is not None and not self.lesson.done:
                self.lesson.message = self.lesson.question  # the wrong move is gone
            self.changed()
            return True
        if not game.solved:
            self.front.note("Nothing to undo")
        return False

    def redo(self) -> bool:
        if self.game.redo():
            self.changed()
            return True
        if not self.game.solved:
            self.front.note("Nothing to redo")
        return False

    @property
    def can_restart(self) -> bool:
        """False (and says so) when the board is already empty."""
        if self.game.blank:
            self.front.note("The board is already empty")
            return False
        return True

    def restart(self) -> None:
        """Empty the board and start the clock again; the help used stays counted."""
        self.game.restart()
        self._won_shown = False
        self.changed()

    def toggle_option(self, name: str) -> None:
        """Flip one of the kind's display options, and remember it."""
        value = not self.option(name)
        self.game.options[name] = value
        self.session.set_option(name, value)
        self.changed()

    def save_hunt(
        self, size: int, found: Sequence[tuple[int, ...]], helped: Sequence[tuple[int, ...]]
    ) -> None:
        """The classic hunt grew: saved through the session (and so the store)."""
        self.session.save_hunt(size, found, helped)

    # --- the assistant --------------------------------------------------------------------------

    def hint(self) -> None:
        """First press: explain the next step and tint it. Second press: apply it."""
        self._run(self.assistant.press_hint(self.game.state))

    def mistakes(self) -> None:
        """Tint the marks no solution allows (press again to hide them)."""
        self._run(self.assistant.press_mistakes(self.game.state))

    @property
    def solve_question(self) -> str | None:
        """What to ask before `solve` (None: nothing to ask, the board is solved)."""
        return None if self.game.solved else self.assistant.say(SOLVE_QUESTION)

    def solve(self) -> None:
        """Fill in a whole solution (recorded as solved with help)."""
        self._run(self.assistant.press_solve(self.game.state))

    def toggle_live(self) -> None:
        """The live check on or off, remembered in the settings."""
        self._run(self.assistant.toggle_live(self.game.state))
        self.session.set_option("live_check", self.assistant.live)

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
                    request = request._replace(verdict=quick.verdict)
                # After the frame that shows the move: a thread competes for the GIL with
                # the paint. (At start, it also keeps the solver's import off the first frame.)
                self.front.after_frame(partial(self._submit_if_current, request))
            else:
                self.worker.submit(request, self.rules, self.solver)
        if effects.checking_timer is not None:
            generation = effects.checking_timer
            self.front.later(CHECKING_AFTER, lambda: self._still_checking(generation))
        if effects.hint_used:
            self.game.hints_used += 1
        if effects.notify:
            self.front.note(effects.notify)
        if effects.error:
            self.front.note(effects.error, "error", 5.0)
        if effects.apply is not None and effects.apply.move is not None:
            hint = effects.apply
            if self.game.apply_hint_move(hint.move, helped=hint.helped):
                if self.lesson is not None and not self.lesson.done:
                    from queens_tui.midend.lesson import SHOWN

                    self.lesson.message = SHOWN  # the move is on the board, not found
                self.changed()
        if effects.solved is not None and self.game.reveal(effects.solved):
            self.changed()

    def _submit_if_current(self, request: Request) -> None:
        if request.generation == self.assistant.generation:
            self.worker.submit(request, self.rules, self.solver)

    def _still_checking(self, generation: int) -> None:
        self.assistant.still_checking(generation)
        self.front.redraw()

    def _post_reply(self, reply: Reply) -> None:
        """From a worker thread: hand the reply to the UI thread."""
        self.front.post(lambda: self.receive(reply))

    def receive(self, reply: Reply) -> None:
        """A worker's reply (or the quick check's), about this position or a stale one."""
        self._take_reply(reply)
        self.front.redraw()

    def _take_reply(self, reply: Reply) -> None:
        if (
            self.assistant.current(reply)
            and reply.verdict is Verdict.CANNOT_FINISH
            and not reply.followup
            and reply.request.job is Job.CHECK
        ):
            self.game.note_cannot_finish(reply.request.state)  # not flawless any more
        self._run(self.assistant.receive(reply))

    # --- the win --------------------------------------------------------------------------------

    def win(self) -> Win:
        """The win card's figures: the result (as the share line says it), the stats."""
        game, ref, store = self.game, self.ref, self.session.store
        has_next = self.session.can_step(ref, 1)
        streak = store.streak(kind=self.kind).current if store and ref.ours_daily else 0
        squares = ""
        if self._squares is not None:
            try:
                squares = self._squares(game.level, game.first_pieces()[:3])
            except (AttributeError, IndexError, TypeError, ValueError):
                squares = ""
        stats = self.session.win_line(ref)
        if self.several:
            stats = f"{SEVERAL_WON}\n{stats}" if stats else SEVERAL_WON
        return Win(
            game.result(day=ref.ours_daily, squares=squares, streak=streak),
            has_next,
            stats,
            game.replaying and ref.day is not None,
            game.revealed,
            "" if has_next else self.session.nowhere(ref),
            game.stopwatch.now,
        )

    # --- other levels: n, p, the browser -------------------------------------------------------

    def neighbour(self, step: int) -> OpenLevel | date | str:
        """Where `n` (1) or `p` (-1) goes: a level, a day to open, or why nowhere."""
        return self.session.neighbour(self.ref, step)

    @staticmethod
    def chosen(choice: LevelRef) -> OpenLevel | tuple[date, str] | str:
        """The browser's choice: a level to open, (day, kind) of a daily, or an error."""
        if choice.day is not None:
            return (choice.day, choice.kind or DEFAULT_KIND)
        try:
            return open_ref(choice)
        except LevelError as err:
            return str(err)


__all__ = ["RESTART_QUESTION", "Frontend", "Midend", "View", "Win", "count_solutions"]
