"""The solver beside the player, as a plain state machine: live check, `m`, `h`, `S`.

No Textual here. The game screen tells the `Assistant` what happened (the
position changed, a key was pressed, a worker replied) and gets back an
`Effects`: requests for the background worker, a hint or solution to apply,
a note to show. What the assistant wants on screen (the status word, the
message line, the tinted cells) is in `view`, read after every call.

Every request carries the *generation* of the position it was made for; a
move starts a new generation, and a reply for an older one is dropped, so a
verdict about an older board or another level never shows. `run_request` is
the work itself: pure calls on the kind's `PlayRules` and `PlaySolver`, run
by the worker controller (`midend.worker`) in a thread.

The engine is CP-SAT by default (`--engine cpsat`); `search` is the kind's
pure exact search (the fallback when OR-Tools cannot load).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from queens_tui.core.grid import Cell
from queens_tui.core.play import (
    CancelFlag,
    Cancelled,
    Deadline,
    Hint,
    PlayRules,
    PlaySolver,
    Verdict,
)

CHECKING = "checking…"
"""What the status says while a check takes longer than `CHECKING_AFTER`."""
FAILED = "check failed"
CHECKING_AFTER = 0.25
"""Seconds without a verdict before the status says "checking…" (fast checks never show it)."""

CAN = "can still be finished"
CANNOT = "can't be finished any more: press {key:mistakes} to see why"
CANNOT_SHORT = "can't be finished: press {key:mistakes}"
"""The same, for a status line too narrow for the whole sentence. Texts here name keys as
`{key:ID}`; the assistant's `say` (the screen's keymap) fills them in."""
WORDS = {Verdict.CAN_FINISH: CAN, Verdict.CANNOT_FINISH: CANNOT}
"""The live check's verdicts as the status line says them: in words a new player reads
at once (a timeout keeps the verdict's own value, "check timed out")."""


def _default_words(text: str) -> str:
    """`text` with the default keys (imported when first asked: the actions import Textual)."""
    from queens_tui.midend.actions import default_words

    return default_words(text)


def words(verdict: Verdict) -> str:
    """The status line's sentence for `verdict`."""
    return WORDS.get(verdict, verdict.value)


TIME_LIMITS = {"check": 5.0, "hint": 10.0, "solve": 10.0}
"""Seconds each kind of request may take (then it reports "timed out")."""


class Job(str, Enum):
    """The kinds of background request; each is also the worker group (a newer request of
    the same job cancels the older one)."""

    CHECK = "check"
    """Can the position still be finished? And if not, which marks are wrong."""
    HINT = "hint"
    SOLVE = "solve"


class Request(NamedTuple):
    """One question for the worker about the position of `generation`. (This and `Reply` are
    NamedTuples, not dataclasses: made at every start, before the first frame; nothing compares
    or hashes them.)"""

    job: Job
    generation: int
    state: Any
    verdict: Verdict | None = None
    """A check whose verdict is already known (the solver's quick check, shown at once):
    the worker only looks for the wrong marks, when it cannot be finished."""


class Reply(NamedTuple):
    """The worker's answer to `request` (`failed`: it raised; `verdict` UNKNOWN: timed out)."""

    request: Request
    verdict: Verdict | None = None
    mistake: Hint[Any] | None = None
    hint: Hint[Any] | None = None
    solved: Any = None
    failed: bool = False
    seconds: float = 0.0
    followup: bool = False
    """A check's second reply: the verdict came first, this one brings `mistake`."""


@dataclass
class Effects:
    """What the screen must do after an assistant call."""

    requests: list[Request] = field(default_factory=list)
    cancel: tuple[Job, ...] = ()
    """Stop these jobs' running requests (their replies would be stale anyway)."""
    apply: Hint[Any] | None = None
    """Apply this hint's move as one undo step (the second `h`)."""
    solved: Any = None
    """Put this solved position on the board as one undo step (`S`)."""
    hint_used: bool = False
    """Count one hint."""
    notify: str | None = None
    error: str | None = None
    checking_timer: int | None = None
    """Call `still_checking(generation)` after `CHECKING_AFTER` seconds."""


@dataclass
class View:
    """What the assistant shows: the status word, the message line, tinted cells."""

    status: str = ""
    message: str = ""
    marks: Mapping[Cell, str] = field(default_factory=dict)


class Assistant:
    """Live check, mistakes, hints and solve for one game at a time (see the module docstring)."""

    def __init__(self, *, live: bool = True, say: Callable[[str], str] | None = None) -> None:
        self.say = say or _default_words
        """Fills the keys a text names (`{key:hint}`) with the player's (`actions.key_words`)."""
        self.live = live
        """Check after every move whether the position can still be finished."""
        self.generation = 0
        self.view = View()
        self._solved = False
        self._verdict: Verdict | None = None
        self._mistake: Hint[Any] | None = None
        self._mistake_known = False
        self._checking = False
        self._mistake_pending = False
        self._want_mistake = False
        self._hint: Hint[Any] | None = None
        self._hint_pending = False
        self._solving = False

    @property
    def verdict(self) -> Verdict | None:
        """The current position's verdict, once known."""
        return self._verdict

    @property
    def waiting(self) -> bool:
        """True while a check, a mistake, a hint or a solve was asked for and not answered."""
        return self._checking or self._mistake_pending or self._hint_pending or self._solving

    # --- the position changed -------------------------------------------------------

    def changed(self, state: Any, solved: bool) -> Effects:
        """A new position (a move, undo, another level): forget everything about the old one."""
        self.generation += 1
        self._solved = solved
        self._verdict = None
        self._mistake = None
        self._mistake_known = False
        self._checking = False
        self._mistake_pending = False
        self._want_mistake = False
        self._hint = None
        self._hint_pending = False
        self._solving = False
        self.view = View()
        effects = Effects(cancel=(Job.CHECK, Job.HINT, Job.SOLVE))
        if not solved:
            # Checked even with the live check off (then silently): whether a game counts
            # as flawless must not depend on that setting.
            effects.requests.append(self._check(state))
            if self.live:
                effects.checking_timer = self.generation
        return effects

    def _check(self, state: Any) -> Request:
        self._checking = True
        return Request(Job.CHECK, self.generation, state)

    def still_checking(self, generation: int) -> None:
        """`CHECKING_AFTER` passed: say "checking…" if the verdict is still not in."""
        current = generation == self.generation and self._verdict is None
        if current and self.live and self._checking:
            self.view.status = CHECKING

    # --- keys ---------------------------------------------------------------------------

    def toggle_live(self, state: Any) -> Effects:
        """Live check on or off; off, the status says nothing about the position (the
        check still runs unseen, so a mistake still counts against a flawless game)."""
        self.live = not self.live
        effects = Effects(notify=f"Live check {'on' if self.live else 'off'}")
        if not self.live:
            self.view.status = ""
        elif self._verdict is not None:
            self.view.status = "" if self._solved else self.say(words(self._verdict))
        elif not self._solved and not self._checking:
            effects.requests.append(self._check(state))
            effects.checking_timer = self.generation
        return effects

    def press_mistakes(self, state: Any) -> Effects:
        """`m`: tint the marks no solution allows (again: hide them)."""
        if self.view.marks and "mistake" in self.view.marks.values():
            self.view.marks = {}
            self.view.message = ""
            return Effects()
        if self._solved:
            self.view.message = "Solved: nothing is wrong."
            return Effects()
        if self._verdict is Verdict.CAN_FINISH or (
            self._verdict is Verdict.CANNOT_FINISH and self._mistake_known
        ):
            self._report_mistake()
            return Effects()
        self._want_mistake = True
        if not self._checking and not self._mistake_pending:
            return Effects(requests=[self._check(state)])
        return Effects()

    def _report_mistake(self) -> None:
        view = self.view
        if self._verdict is Verdict.CAN_FINISH:
            view.marks = {}
            view.message = "No mistake: the board can still be completed."
        elif self._verdict is Verdict.CANNOT_FINISH and self._mistake is not None:
            view.marks = dict(self._mistake.marks)
            view.message = self._mistake.text
        elif self._verdict is Verdict.CANNOT_FINISH:
            view.message = "This board cannot be completed."
        else:
            view.message = "The check could not finish; try again with m."

    def press_hint(self, state: Any) -> Effects:
        """`h`: first press explains the next step and tints it; the second applies it."""
        if self._solved:
            return Effects(notify="Already solved.")
        if self._hint is not None:
            if self._hint.move is None:
                return Effects()
            return Effects(apply=self._hint)
        if self._hint_pending:
            return Effects()
        self._hint_pending = True
        return Effects(requests=[Request(Job.HINT, self.generation, state)])

    def press_solve(self, state: Any) -> Effects:
        """`S`: ask the worker for a solution as close to the position as possible."""
        if self._solved:
            return Effects(notify="Already solved.")
        if self._solving:
            return Effects()
        self._solving = True
        return Effects(requests=[Request(Job.SOLVE, self.generation, state)])

    # --- the worker replied ---------------------------------------------------------

    def current(self, reply: Reply) -> bool:
        """True if `reply` is about the position on screen (else it is stale: drop it)."""
        return reply.request.generation == self.generation

    def receive(self, reply: Reply) -> Effects:
        """Take in a worker's reply (stale replies change nothing)."""
        if not self.current(reply):
            return Effects()
        job = reply.request.job
        if job is Job.CHECK:
            return self._checked(reply)
        if job is Job.HINT:
            return self._hinted(reply)
        return self._solved_reply(reply)

    def _checked(self, reply: Reply) -> Effects:
        if reply.followup:
            self._mistake_pending = False
            self._mistake = reply.mistake
            self._mistake_known = True
            if self._want_mistake:
                self._want_mistake = False
                self._report_mistake()
            return Effects()
        self._checking = False
        if reply.failed:
            self._verdict = None
            if self.live and not self._solved:
                self.view.status = FAILED
            if self._want_mistake:
                self._want_mistake = False
                self.view.message = "The check could not finish; try again with m."
            return Effects()
        verdict = reply.verdict or Verdict.UNKNOWN
        self._verdict = verdict
        if verdict is Verdict.CAN_FINISH:
            self._mistake_known = True
        self._mistake_pending = verdict is Verdict.CANNOT_FINISH
        if self.live and not self._solved:
            self.view.status = self.say(words(verdict))
        if self._want_mistake and verdict is not Verdict.CANNOT_FINISH:
            self._want_mistake = False
            self._report_mistake()
        return Effects()

    def _hinted(self, reply: Reply) -> Effects:
        self._hint_pending = False
        if reply.failed:
            return Effects(error="The hint failed; the game goes on.")
        found = reply.hint
        if found is None:
            if reply.verdict is Verdict.UNKNOWN:
                self.view.message = self.say("The hint took too long; try again with {key:hint}.")
            else:
                self.view.message = "Nothing to hint: the board is solved."
            return Effects()
        self._hint = found
        self.view.marks = dict(found.marks)
        if found.mistake:
            away = found.move is not None
            tail = " Press {key:hint} again to take those marks away." if away else ""
        else:
            tail = " Press {key:hint} again to apply it."
        self.view.message = found.text + self.say(tail)
        return Effects(hint_used=True)

    def _solved_reply(self, reply: Reply) -> Effects:
        self._solving = False
        if reply.failed:
            return Effects(error="The solver failed; the game goes on.")
        if reply.solved is None:
            return Effects(error="The solver found no solution in time.")
        return Effects(solved=reply.solved)


def run_request(
    request: Request,
    rules: PlayRules[Any, Any, Any],
    solver: PlaySolver[Any, Any],
    engine: str,
    cancel: CancelFlag,
) -> Iterator[Reply]:
    """Answer `request` (in a worker thread): pure calls on the kind's rules and solver.

    A check yields its verdict at once and, when the position cannot be
    finished, a follow-up with the wrong marks (the status need not wait for
    them). Exceptions become `Reply(failed=True)`: the game goes on.
    """
    state = request.state
    limit = TIME_LIMITS[request.job.value]
    t0 = time.perf_counter()
    end = time.monotonic() + limit

    def left() -> float:
        return max(end - time.monotonic(), 0.0)

    try:
        if request.job is Job.CHECK:
            verdict = request.verdict
            if verdict is None:
                verdict = solver.check(state, engine=engine, time_limit=limit, cancel=cancel)
                yield Reply(request, verdict, seconds=time.perf_counter() - t0)
            if verdict is Verdict.CANNOT_FINISH and not cancel.is_set():
                mistake = solver.mistake(state, engine=engine, time_limit=left(), cancel=cancel)
                if not cancel.is_set():
                    yield Reply(request, verdict, mistake, followup=True)
            return
        if request.job is Job.HINT:
            if rules.is_solved(state):
                yield Reply(request)
                return
            verdict = solver.check(state, engine=engine, time_limit=limit, cancel=cancel)
            if verdict is Verdict.UNKNOWN:
                yield Reply(request, verdict)
                return
            if verdict is Verdict.CANNOT_FINISH:
                found = solver.mistake(state, engine=engine, time_limit=left(), cancel=cancel)
            else:
                try:  # the rules can take minutes on a big open board: bounded too
                    found = rules.hint(state, Deadline(left(), cancel))
                except Cancelled:
                    if not cancel.is_set():  # out of time (a cancel needs no reply)
                        yield Reply(request, Verdict.UNKNOWN, seconds=time.perf_counter() - t0)
                    return
                if found is None and not cancel.is_set():
                    found = solver.reveal(state, engine=engine, time_limit=left(), cancel=cancel)
            yield Reply(request, verdict, hint=found, seconds=time.perf_counter() - t0)
            return
        solved = solver.solve(state, engine=engine, time_limit=limit, cancel=cancel)
        yield Reply(request, solved=solved, seconds=time.perf_counter() - t0)
    except Exception:
        yield Reply(request, failed=True, seconds=time.perf_counter() - t0)


__all__ = [
    "CAN",
    "CANNOT",
    "CANNOT_SHORT",
    "CHECKING",
    "CHECKING_AFTER",
    "FAILED",
    "TIME_LIMITS",
    "Assistant",
    "Effects",
    "Job",
    "Reply",
    "Request",
    "View",
    "run_request",
]
