"""The level editor's verdict in the worker: CP-SAT first, the pure search as the fallback.

`judge(sketch, engine=..., time_limit=..., cancel=...)` answers the editor's
one question after every stroke: no solution, unique (graded by the
deduction engine) or several (with a second solution), as a
`kinds.queens.edit.Verdict`. CP-SAT enumerates up to two solutions with the
tuned model of `solver.queens.model` (OR-Tools imported on first use, in the worker
thread, never on the way to the first frame); when OR-Tools cannot be
imported, or with `engine="search"`, the pure exact search answers instead.

Never raises for time or cancel: a run that ran out of time says `UNKNOWN`,
a cancelled one returns None (a newer stroke made it stale; the editor drops
it anyway). `cancel` may be a `solver.CancelToken`, whose `cancel()` stops a
running CP-SAT search at once.
"""

from __future__ import annotations

import time

from queens_tui.kinds.queens import edit
from queens_tui.kinds.queens.edit import Sketch, Suggestion, Verdict
from queens_tui.kinds.queens.search import CancelFlag

ENGINES: tuple[str, ...] = ("cpsat", "search")


class Deadline:
    """A cancel flag that is also set once `seconds` have passed (for the pure search)."""

    def __init__(self, seconds: float, cancel: CancelFlag) -> None:
        self.end = time.monotonic() + seconds
        self.cancel = cancel

    def is_set(self) -> bool:
        return self.cancel.is_set() or time.monotonic() >= self.end


def _cpsat_available() -> bool:
    try:
        from queens_tui.solver.cpsat import cp_model

        cp_model()
    except ImportError:
        return False
    return True


def judge(
    sketch: Sketch, *, engine: str = "cpsat", time_limit: float = 5.0, cancel: CancelFlag
) -> Verdict | None:
    """The verdict on `sketch`; None when cancelled, `UNKNOWN` when out of time."""
    level = edit.level_of(sketch)
    if isinstance(level, Verdict):
        return level
    if engine == "cpsat" and _cpsat_available():
        from queens_tui.solver.queens.model import run

        outcome = run(level, limit=2, time_limit=time_limit, cancel=cancel)
        if cancel.is_set():
            return None
        if not outcome.complete:
            return Verdict(edit.UNKNOWN, reason=f"verdict timed out after {time_limit:g} s")
        return edit.verdict_of(level, outcome.solutions, "cpsat")
    try:
        return edit.judge(sketch, cancel=Deadline(time_limit, cancel))
    except edit.Cancelled:
        if cancel.is_set():
            return None
        return Verdict(edit.UNKNOWN, reason=f"verdict timed out after {time_limit:g} s")


def suggest(
    sketch: Sketch, verdict: Verdict, *, time_limit: float = 5.0, cancel: CancelFlag
) -> Suggestion | None:
    """The make-unique suggestion for a `SEVERAL` verdict (pure search).

    None when there is none, or when it was cancelled or ran out of time."""
    if verdict.status != edit.SEVERAL:
        return None
    try:
        return edit.make_unique(sketch, verdict.solutions, cancel=Deadline(time_limit, cancel))
    except edit.Cancelled:
        return None


__all__ = ["ENGINES", "judge", "suggest"]
