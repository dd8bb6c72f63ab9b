"""The solver beside the player: live progress check, `m`, hints, solve on a keypress.

`AssistMixin` is mixed into `GameScreen`. The screen calls `assist_sync()`
after every redraw; when the board (queens and manual crosses) changed, a new
*generation* starts: the older check is cancelled, highlights and a pending
hint are dropped, and a thread worker in the exclusive group "solver" asks
the solver service whether the board can still be completed. The worker
reads an immutable `Board` snapshot and posts a message tagged with the game
and the generation; the handler ignores any result whose tag is not current,
so a verdict for an older board or another level is never shown. The UI never
waits for it.

Engine: the live check, hints and `S` call the solver service with
`engine="auto"`, the exact bitmask search of `core.search`. On the community
corpus it answers "can this board still be completed?" in well under a
millisecond on typical levels (worst 18x18 about 13 ms), about five times
faster than CP-SAT and with no 0.4 s OR-Tools import, so nothing to warm up.
`ASSIST_ENGINE` (or `screen.assist_engine`) set to "cpsat" switches every
call to CP-SAT; OR-Tools is then imported (warmed) in a background worker
after the first frame, never before it.

Timeouts and failures of a check change the status to "check timed out" or
"check failed" and the game goes on. Which marks are wrong (`m`) comes from
`core.deduce.first_error`, which tells a queen that no completion contains
and a cross on a cell every completion needs, and is right on levels with
several solutions too; it runs in the same worker right after a "mistake".
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from textual import work
from textual.message import Message
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from queens_tui.kinds.queens.board import Board, Mark, Move
from queens_tui.kinds.queens.level import Cell

if TYPE_CHECKING:
    from queens_tui.app.game import Game
    from queens_tui.kinds.queens.deduce import Mistake, Step
    from queens_tui.solver import CancelToken, CompletableResult

SOLVER_GROUP = "solver"
"""The progress check's exclusive worker group (a new check cancels the old one)."""
HINT_GROUP = "hint"
"""Hints get a group of their own, so a move's check never cancels a hint."""
SOLVE_GROUP = "solve"
"""`S` likewise."""

ASSIST_ENGINE = "auto"
"""Solver service engine: "auto" (core search, fastest) or "cpsat"."""
CHECK_TIME_LIMIT = 5.0
"""Seconds a progress check may take before the status says "check timed out"."""
CHECKING_AFTER = 0.25
"""Seconds without a verdict before the status says "checking…" (fast checks never show it)."""


class Check(str, Enum):
    """What the status line says about the board (the value is the text shown)."""

    ON_TRACK = "on track"
    MISTAKE = "mistake"
    TIMED_OUT = "check timed out"
    FAILED = "check failed"
    CHECKING = "checking…"


Checker = Callable[[Board, "CancelToken"], "CompletableResult"]
"""Answers "can this board still be completed?"; tests swap in slow or blocking fakes."""


def service_checker(engine: str = ASSIST_ENGINE) -> Checker:
    """A checker that asks the solver service (imported lazily, in the worker thread)."""

    def check(board: Board, cancel: CancelToken) -> CompletableResult:
        from queens_tui.solver import completable

        return completable(
            board.level,
            board.queens,
            board.crosses,
            time_limit=CHECK_TIME_LIMIT,
            cancel=cancel,
            engine=engine,  # type: ignore[arg-type]
        )

    return check


def verdict_of(result: CompletableResult) -> Check:
    """The status word for a service answer."""
    from queens_tui.solver import Status

    if result.status is Status.SOLVED:
        return Check.ON_TRACK
    if result.status is Status.NONE:
        return Check.MISTAKE
    return Check.TIMED_OUT


def solution_for(board: Board, engine: str = ASSIST_ENGINE) -> tuple[Cell, ...]:
    """A solution as close to the player's board as possible.

    First a completion that keeps the queens and respects the manual crosses,
    then one that keeps the queens only, then any solution of the level.
    Empty when the level has none.
    """
    from queens_tui.solver import completable, solve

    level = board.level
    for queens, crosses in ((board.queens, board.crosses), (board.queens, frozenset())):
        got = completable(level, queens, crosses, engine=engine)  # type: ignore[arg-type]
        if got.queens:
            return got.queens
    return solve(level, engine=engine).queens  # type: ignore[arg-type]


# --------------------------------------------------------------------------- messages


class Ticket(NamedTuple):
    """Which game and which board generation a worker result belongs to.

    A NamedTuple, not a dataclass: it is built at import, before the first frame, and
    a frozen dataclass costs about seven times as much to create.
    """

    game: Game
    generation: int


class CheckDone(Message):
    """A progress check finished (or failed) for the board of `ticket`."""

    def __init__(self, ticket: Ticket, verdict: Check, seconds: float = 0.0) -> None:
        super().__init__()
        self.ticket = ticket
        self.verdict = verdict
        self.seconds = seconds


class MistakeFound(Message):
    """The marks that make the board of `ticket` impossible to complete."""

    def __init__(self, ticket: Ticket, mistake: Mistake | None) -> None:
        super().__init__()
        self.ticket = ticket
        self.mistake = mistake


class HintReady(Message):
    """`deduce.hint` answered for the board of `ticket`."""

    def __init__(self, ticket: Ticket, hint: Step | Mistake | None) -> None:
        super().__init__()
        self.ticket = ticket
        self.hint = hint


class SolveReady(Message):
    """A solution for `S`, computed for the game of `ticket`."""

    def __init__(self, ticket: Ticket, solution: tuple[Cell, ...]) -> None:
        super().__init__()
        self.ticket = ticket
        self.solution = solution


# --------------------------------------------------------------------------- the mixin


class AssistMixin:
    """Live check, `m`, hints and `S` for `GameScreen` (see the module docstring).

    The host provides `game`, `board_view`, `status`, `show_message`,
    `notify`, `run_worker` (via `@work`), `set_timer` and `_sync`.
    """

    assist_engine: str = ASSIST_ENGINE
    """The solver service engine for checks, hints' solver fallback and `S`."""
    checker: Checker | None = None
    """Override to test with a slow or blocking checker; None: the solver service."""

    # host attributes (declared for type checkers)
    game: Game
    _assist_game: Game | None = None
    _assist_board: Board | None = None
    _generation: int = 0
    _cancel: CancelToken | None = None
    _verdict: Check | None = None
    _mistake: Mistake | None = None
    _mistake_known: bool = False
    _show_mistake: bool = False
    _hint: tuple[int, Step | Mistake] | None = None
    _hint_pending: int | None = None
    _solving: bool = False
    _checking_timer: Timer | None = None
    _warmed: bool = False

    # --- the hook the screen calls ----------------------------------------------------

    def assist_sync(self) -> None:
        """After every redraw: start a new generation when the board or the game changed."""
        game = self.game
        previous = self._assist_game
        if previous is game and self._assist_board == game.board:
            return
        if previous is not None and previous is not game:
            game.live_check = previous.live_check
        self._assist_game = game
        self._assist_board = game.board
        self._new_generation()

    @property
    def _message_shown(self) -> bool:
        """True while the message line under the board shows something."""
        return bool(self.query_one("#message").has_class("shown"))  # type: ignore[attr-defined]

    @property
    def ticket(self) -> Ticket:
        """The tag results must carry to be shown."""
        return Ticket(self.game, self._generation)

    def _current(self, ticket: Ticket) -> bool:
        return ticket.game is self.game and ticket.generation == self._generation

    def _new_generation(self) -> None:
        self._generation += 1
        if self._cancel is not None:
            self._cancel.cancel()
            self._cancel = None
        self._verdict = None
        self._mistake = None
        self._mistake_known = False
        self._show_mistake = False
        self._hint = None
        self._hint_pending = None
        self._stop_checking_timer()
        self.board_view.set_highlights()  # type: ignore[attr-defined]
        if self._message_shown:
            self.show_message("")  # type: ignore[attr-defined]
        self.status.check = ""  # type: ignore[attr-defined]
        if self.game.live_check and not self.game.solved:
            # After the frame that shows the move: starting a thread worker costs the key
            # press time, and the thread would compete for the GIL with the paint. (At
            # start, it also keeps the solver package's import off the first frame.)
            self.call_after_refresh(self._start_check_after_paint, self._generation)  # type: ignore[attr-defined]

    # --- the progress check -----------------------------------------------------------

    def _start_check_after_paint(self, generation: int) -> None:
        """Start the check of `generation`, unless a newer move or a setting overtook it."""
        if generation != self._generation or self._verdict is not None:
            return  # a newer board, or `m` already got this one checked
        if self.game.live_check and not self.game.solved:
            self._start_check()

    def _start_check(self) -> None:
        from queens_tui.solver import CancelToken

        if self._cancel is not None:
            return  # this generation's check is already running
        self._cancel = CancelToken()
        checker = self.checker or service_checker(self.assist_engine)
        self._check_worker(self.ticket, self.game.board, self._cancel, checker)
        if self.game.live_check:
            generation = self._generation
            self._checking_timer = self.set_timer(  # type: ignore[attr-defined]
                CHECKING_AFTER, lambda: self._still_checking(generation)
            )

    def _still_checking(self, generation: int) -> None:
        self._checking_timer = None
        if generation == self._generation and self._verdict is None and self.game.live_check:
            self.status.check = Check.CHECKING.value  # type: ignore[attr-defined]

    def _stop_checking_timer(self) -> None:
        if self._checking_timer is not None:
            self._checking_timer.stop()
            self._checking_timer = None

    @work(
        thread=True,
        exclusive=True,
        exit_on_error=False,
        group=SOLVER_GROUP,
        description="progress check",
    )
    def _check_worker(
        self, ticket: Ticket, board: Board, cancel: CancelToken, checker: Checker
    ) -> None:
        """Runs in a thread: verdict first (the status waits for it), then the culprits."""
        t0 = time.perf_counter()
        try:
            result = checker(board, cancel)
            verdict = verdict_of(result)
        except Exception:
            if not cancel.is_set():
                self.post_message(CheckDone(ticket, Check.FAILED))  # type: ignore[attr-defined]
            return
        if cancel.is_set():
            return
        self.post_message(  # type: ignore[attr-defined]
            CheckDone(ticket, verdict, time.perf_counter() - t0)
        )
        if verdict is Check.MISTAKE:
            from queens_tui.kinds.queens.deduce import first_error

            try:
                mistake = first_error(board)
            except Exception:
                mistake = None
            if not cancel.is_set():
                self.post_message(MistakeFound(ticket, mistake))  # type: ignore[attr-defined]

    def on_check_done(self, message: CheckDone) -> None:
        """Show a verdict, if it is about the board on screen."""
        message.stop()
        if not self._current(message.ticket):
            return
        self._stop_checking_timer()
        self._verdict = message.verdict
        if message.verdict is not Check.MISTAKE:
            self._cancel = None
        if message.verdict is Check.ON_TRACK:
            self._mistake_known = True
        if self.game.live_check and not self.game.solved:
            self.status.check = message.verdict.value  # type: ignore[attr-defined]
        if self._show_mistake and message.verdict is not Check.MISTAKE:
            self._show_mistake = False
            self._report_mistake()

    def on_mistake_found(self, message: MistakeFound) -> None:
        """Keep the culprits for `m` (and show them if `m` is waiting)."""
        message.stop()
        if not self._current(message.ticket):
            return
        self._cancel = None
        self._mistake = message.mistake
        self._mistake_known = True
        if self._show_mistake:
            self._show_mistake = False
            self._report_mistake()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A worker that died without posting (it should not) still ends "checking…"."""
        worker = event.worker
        if worker.group == SOLVER_GROUP and event.state is WorkerState.ERROR:
            if self._verdict is None and self.game.live_check:
                self._stop_checking_timer()
                self.status.check = Check.FAILED.value  # type: ignore[attr-defined]
        elif worker.group == SOLVE_GROUP and event.state is WorkerState.ERROR:
            self._solving = False
            self.notify("The solver failed; the game goes on.", severity="error")  # type: ignore[attr-defined]
        elif worker.group == HINT_GROUP and event.state is WorkerState.ERROR:
            self._hint_pending = None
            self.notify("The hint failed; the game goes on.", severity="error")  # type: ignore[attr-defined]

    # --- m: which marks are wrong ---------------------------------------------------

    def action_mistakes(self) -> None:
        """Highlight the marks no completion allows (press again to hide them)."""
        view = self.board_view  # type: ignore[attr-defined]
        if view.highlight_kind == "mistake":
            view.set_highlights()
            self.show_message("")  # type: ignore[attr-defined]
            return
        if self.game.solved:
            self.show_message("Solved: nothing is wrong.")  # type: ignore[attr-defined]
            return
        known = self._verdict is Check.MISTAKE and self._mistake_known
        if self._verdict is Check.ON_TRACK or known:
            self._report_mistake()
            return
        self._show_mistake = True
        if self._verdict in (None, Check.TIMED_OUT, Check.FAILED) and self._cancel is None:
            self._verdict = None
            self._start_check()

    def _report_mistake(self) -> None:
        view = self.board_view  # type: ignore[attr-defined]
        if self._verdict is Check.ON_TRACK:
            view.set_highlights()
            self.show_message("No mistake: the board can still be completed.")  # type: ignore[attr-defined]
        elif self._verdict is Check.MISTAKE and self._mistake is not None:
            view.set_highlights(mistake=self._mistake.cells)
            self.show_message(self._mistake.text)  # type: ignore[attr-defined]
        elif self._verdict is Check.MISTAKE:
            self.show_message("This board cannot be completed.")  # type: ignore[attr-defined]
        else:
            self.show_message("The check could not finish; try again with m.")  # type: ignore[attr-defined]

    # --- the live check setting ------------------------------------------------------

    def action_toggle_live(self) -> None:
        """Live checking on or off; off, the status says nothing about the board."""
        game = self.game
        game.live_check = not game.live_check
        if game.live_check:
            self.notify("Live check on", timeout=1.5)  # type: ignore[attr-defined]
            if self._verdict is not None:
                self.status.check = "" if game.solved else self._verdict.value  # type: ignore[attr-defined]
            elif not game.solved:
                self._start_check()
        else:
            self._stop_checking_timer()
            self.status.check = ""  # type: ignore[attr-defined]
            self.notify("Live check off", timeout=1.5)  # type: ignore[attr-defined]

    # --- h: hints ----------------------------------------------------------------------

    def action_hint(self) -> None:
        """First press: explain the next step and highlight it. Second press: apply it."""
        if self.game.solved:
            self.notify("Already solved.", timeout=1.5)  # type: ignore[attr-defined]
            return
        if self._hint is not None and self._hint[0] == self._generation:
            self._apply_hint(self._hint[1])
            return
        if self._hint_pending == self._generation:
            return  # the explanation is on its way
        self._hint_pending = self._generation
        self._hint_worker(self.ticket, self.game.board)

    @work(thread=True, exclusive=True, exit_on_error=False, group=HINT_GROUP, description="hint")
    def _hint_worker(self, ticket: Ticket, board: Board) -> None:
        """Runs in a thread: the deduction engine (p95 about 12 ms on 18x18)."""
        from queens_tui.kinds.queens.deduce import hint

        self.post_message(HintReady(ticket, hint(board)))  # type: ignore[attr-defined]

    def on_hint_ready(self, message: HintReady) -> None:
        """Explain the step, highlight its cells; count it as a hint used."""
        from queens_tui.kinds.queens.deduce import Mistake

        message.stop()
        if not self._current(message.ticket) or self._hint_pending != self._generation:
            return
        self._hint_pending = None
        found = message.hint
        view = self.board_view  # type: ignore[attr-defined]
        if found is None:
            self.show_message("Nothing to hint: the board is solved.")  # type: ignore[attr-defined]
            return
        self._hint = (self._generation, found)
        self.game.hints_used += 1
        if isinstance(found, Mistake):
            view.set_highlights(mistake=found.cells)
            tail = " Press h again to take those marks away." if found.cells else ""
        else:
            view.set_highlights(evidence=found.cells, place=found.place, cross=found.cross)
            tail = " Press h again to apply it."
        self.show_message(found.text + tail)  # type: ignore[attr-defined]

    def _apply_hint(self, found: Step | Mistake) -> None:
        from queens_tui.kinds.queens.deduce import Mistake

        board = self.game.board
        if isinstance(found, Mistake):
            new = board.apply(Move(tuple((cell, Mark.EMPTY) for cell in found.cells)))
            helped = False
        else:
            new = found.apply(board)
            helped = found.rule == "solver"
        if self.game.apply_help(new, helped=helped):
            self._sync()  # type: ignore[attr-defined]

    # --- S: solve ------------------------------------------------------------------------

    def action_solve(self) -> None:
        """Fill in the whole solution at once (recorded as solved with help)."""
        if self.game.solved:
            self.notify("Already solved.", timeout=1.5)  # type: ignore[attr-defined]
            return
        if self._solving:
            return
        self._solving = True
        self._solve_worker(self.ticket, self.game.board, self.assist_engine)

    @work(thread=True, exclusive=True, exit_on_error=False, group=SOLVE_GROUP, description="solve")
    def _solve_worker(self, ticket: Ticket, board: Board, engine: str) -> None:
        """Runs in a thread: a solution keeping the player's queens when it can."""
        self.post_message(SolveReady(ticket, solution_for(board, engine)))  # type: ignore[attr-defined]

    def on_solve_ready(self, message: SolveReady) -> None:
        """Put the solution on the board as one undo step."""
        message.stop()
        self._solving = False
        game = self.game
        if message.ticket.game is not game or game.solved:
            return
        if not message.solution:
            self.notify("This level has no solution.", severity="error")  # type: ignore[attr-defined]
            return
        queens = frozenset(message.solution)
        board = game.board
        solved = Board(board.level, queens, board.crosses - queens)
        if game.apply_help(solved, helped=True):
            self._sync()  # type: ignore[attr-defined]

    # --- OR-Tools, only when CP-SAT is the engine ----------------------------------------

    def assist_warm_up(self) -> None:
        """After the first frame: import OR-Tools in the background if CP-SAT will be used."""
        if self.assist_engine == "cpsat" and not self._warmed:
            self._warmed = True
            self._warm_worker()

    @work(thread=True, exit_on_error=False, group="warm-up", description="import OR-Tools")
    def _warm_worker(self) -> None:
        from queens_tui.solver import warm_up

        warm_up()

    def on_mount(self) -> None:
        """Warm OR-Tools after the first frame (only when CP-SAT is the engine)."""
        self.call_after_refresh(self.assist_warm_up)  # type: ignore[attr-defined]

    def on_unmount(self) -> None:
        """Leaving: stop any running check."""
        if self._cancel is not None:
            self._cancel.cancel()
            self._cancel = None


__all__ = [
    "ASSIST_ENGINE",
    "HINT_GROUP",
    "SOLVER_GROUP",
    "SOLVE_GROUP",
    "AssistMixin",
    "Check",
    "CheckDone",
    "Checker",
    "HintReady",
    "MistakeFound",
    "SolveReady",
    "Ticket",
    "service_checker",
    "solution_for",
    "verdict_of",
]
