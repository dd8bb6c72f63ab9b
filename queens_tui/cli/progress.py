"""Progress of a long batch command on stderr: a bar on a terminal, lines otherwise; and the
line a count prints when it ends (`count_json`), split or not.

Nothing is shown in a run's first second (most runs are shorter). Then a
terminal gets a bar redrawn at most 5 times a second, a pipe or a log file a
line every 5 s. With the fraction done known, an estimate of the time left
follows, from the pace of this run alone (a resumed count starts part done).
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from typing import TextIO


def duration(seconds: float) -> str:
    """`42 s`, `3 min 05 s`, `2 h 07 min`: as precise as a person reads a wait."""
    s = max(1, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


def count_json(
    n: int, solutions: int, fundamental: int | None, seconds: float, **more: object
) -> str:
    """A count as the JSON line every `nqueens` count prints (finished or interrupted, in
    this process or split): these four keys first, then `more`."""
    obj = {"n": n, "solutions": solutions, "fundamental": fundamental, "seconds": seconds}
    return json.dumps({**obj, **more})


class Progress:
    """Progress on stderr once a run has lasted a second: a bar on a terminal, else a line
    then and every 5 s after. `done()` clears the bar."""

    def __init__(
        self, label: str, stream: TextIO | None = None, *, start_fraction: float = 0.0
    ) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.tty = self.stream.isatty()
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False
        self.fraction: float | None = None
        self.found = 0
        self.start_fraction = start_fraction
        """The fraction already done when this run began (a resumed count)."""

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def left(self) -> float | None:
        """Seconds left at this run's pace so far, None before there is a pace."""
        f, f0 = self.fraction, self.start_fraction
        if f is None or f <= f0:
            return None
        return self.elapsed() * (1.0 - f) / (f - f0)

    def update(
        self, fraction: float | None, found: int, tasks: tuple[int, int] | None = None
    ) -> None:
        """Record the state (`tasks`: done, total); draw it when a second has passed and the
        last drawing is old."""
        self.fraction, self.found = fraction, found
        now = self.elapsed()
        if now < 1.0 or (self.shown and now - self.last < (0.2 if self.tty else 5.0)):
            return
        self.last = now
        self.shown = True
        left = self.left()
        if self.tty:
            graphic, bar = "", ""
            if fraction is not None:
                filled = int(fraction * 30)
                graphic = f"[{'#' * filled}{'.' * (30 - filled)}] "
                bar = f"{fraction * 100:3.0f}%  "
            if tasks is not None:
                bar += f"{tasks[0]:,}/{tasks[1]:,} tasks  "
            eta = "" if left is None else f"  {duration(left)} left"
            text = f"{bar}{found:,} solutions  {now:.1f} s{eta}"
            # within the terminal's width (the graphic goes first, then the end of the line): a
            # longer line wraps, and `\r` redraws only its last row, leaving a copy each time
            width = shutil.get_terminal_size().columns - 1
            if len(self.label) + len(graphic) + len(text) + 2 > width:
                graphic = ""
            line = f"{self.label}: {graphic}{text}"[:width]
            self.stream.write(f"\r{line}\x1b[K")
        else:
            pct = "" if fraction is None else f"{fraction * 100:.0f}% done, "
            if tasks is not None:
                pct = f"{pct}{tasks[0]:,} of {tasks[1]:,} tasks, "
            eta = "" if left is None else f", about {duration(left)} left"
            self.stream.write(f"{self.label}: {pct}{found:,} solutions so far, {now:.1f} s{eta}\n")
        self.stream.flush()

    def done(self) -> None:
        if self.shown and self.tty:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
