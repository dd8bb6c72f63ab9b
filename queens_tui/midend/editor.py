"""The editor's door: a sketch being edited, its verdict, and where it is saved.

As `midend.door` is for a level in play, `EditorMidend` is for a level being made: the
editor screen paints strokes through it, reads back the sketch and the verdict, and asks it
to save. It holds the history of strokes (`core.history`), the verdict job (`solver/queens/edit.py`
`judge` and `suggest`, in a daemon thread of `midend.jobs`: each reply carries the
generation it was asked for, and a stale one is dropped), the save target and what was on
disk when last seen, and the writing itself (write beside, rename over). The screen never
imports the solver, the file formats or the store.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from queens_tui.core.errors import LevelError, printable
from queens_tui.core.history import History
from queens_tui.kinds.queens import edit
from queens_tui.kinds.queens.edit import EDIT, Edit, Sketch, Suggestion, Verdict
from queens_tui.midend.jobs import JOB_GRACE, Jobs

if TYPE_CHECKING:
    from queens_tui.solver import CancelToken

TIME_LIMIT = 10.0
"""Seconds the solver may spend on one verdict."""

WRITABLE = {".json": "json"}
"""Suffixes saved in their own format; every other suffix that we read as text is saved
as native text. Formats we only read (.ts/.js, pictures) are saved beside, as `.txt`."""

READ_ONLY_SUFFIXES = frozenset({".ts", ".js", ".mjs", ".png", ".jpg", ".jpeg", ".gif", ".webp"})


@dataclass
class Target:
    """Where the editor saves: the path, its format, and what was on disk when last seen."""

    path: Path
    fmt: str
    stamp: tuple[int, int] | None
    """(mtime_ns, size) of the file when opened or last saved; None: it did not exist."""
    note: str = ""
    """Said in the title when the save path differs from the file opened."""


def file_stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def save_target(path: Path) -> Target:
    """Where and how a level opened from `path` is saved."""
    suffix = path.suffix.lower()
    if suffix in READ_ONLY_SUFFIXES:
        out = path.with_suffix(".txt")
        return Target(out, "text", file_stamp(out), f"saves to {printable(out.name)}")
    return Target(path, WRITABLE.get(suffix, "text"), file_stamp(path))


def open_sketch(path: Path, size: int = 8, seed: str | None = None) -> Sketch:
    """The sketch to edit: `path`'s level, or a new `size` x `size` one if `path` does not exist.

    Raises `LevelError` (located) for a file that cannot be read as a Queens level,
    and `ValueError` for a size the editor cannot make.
    """
    from queens_tui.kinds.queens.level import Level

    if path.exists() or str(path) == "-":
        from queens_tui.formats import load_puzzle

        level: Any = load_puzzle(path)
        if not isinstance(level, Level):
            raise LevelError(
                f"a {level.kind} level: only Queens levels can be edited so far", path=str(path)
            )
        return Sketch.of(level)
    if seed is not None:
        from queens_tui.kinds.queens.generate import generate

        return Sketch.of(generate(size, seed))
    return Sketch.blank(size)


def _position_in(path: Path) -> Any:
    """The position `path`'s level sets up (`Metadata.position`), or None (no file, none set
    up, or a file that cannot be read: opening it said so already)."""
    if not path.is_file():
        return None
    from queens_tui.formats import load_puzzle

    try:
        return getattr(load_puzzle(path), "position", None)
    except (LevelError, OSError):
        return None


class VerdictWorker:
    """Runs one verdict request at a time (`midend.jobs.Jobs`); a new one cancels the old.

    `verdict(generation, verdict)` and `suggested(generation, suggestion)` are called from
    the worker's thread."""

    def __init__(
        self,
        verdict: Callable[[int, Verdict | None], object],
        suggested: Callable[[int, Suggestion | None], object],
        engine: str,
    ) -> None:
        self.verdict = verdict
        self.suggested = suggested
        self.engine = engine
        self.jobs = Jobs("queens-editor")

    def submit(self, generation: int, sketch: Sketch) -> None:
        engine = self.engine

        def work(token: CancelToken) -> None:
            from queens_tui.solver.queens import edit as solver_edit

            try:
                verdict = solver_edit.judge(
                    sketch, engine=engine, time_limit=TIME_LIMIT, cancel=token
                )
            except Exception as err:  # a bug must not kill the editor: say so instead
                verdict = Verdict(edit.UNKNOWN, reason=f"verdict failed: {err}")
            self.verdict(generation, verdict)
            if verdict is not None and verdict.status == edit.SEVERAL and not token.is_set():
                try:
                    got = solver_edit.suggest(sketch, verdict, time_limit=TIME_LIMIT, cancel=token)
                except Exception:
                    got = None
                self.suggested(generation, got)

        self.jobs.start("verdict", work, time_limit=2 * TIME_LIMIT + JOB_GRACE)

    def cancel(self) -> None:
        self.jobs.cancel()

    def busy(self) -> bool:
        return self.jobs.busy

    def wait(self, timeout: float = 10.0) -> bool:
        """Tests: wait for the threads; True if they all finished."""
        return self.jobs.wait(timeout)


def _snapshot(sketch: Sketch) -> tuple[Any, ...]:
    return (sketch.grid, tuple(sorted(sketch.colors.items())), tuple(sorted(sketch.meta.items())))


class EditorMidend:
    """A sketch being edited: strokes, verdicts, saving (see the module docstring)."""

    def __init__(
        self,
        sketch: Sketch,
        path: Path,
        *,
        verdict: Callable[[int, Verdict | None], object],
        suggested: Callable[[int, Suggestion | None], object],
        target: Target | None = None,
        engine: str = "cpsat",
    ) -> None:
        self.path = path
        self.target = target or save_target(path)
        self.history: History[Sketch, Edit] = History(EDIT, sketch)
        self.saved = _snapshot(sketch)
        self.generation = 0
        self.verdict: Verdict | None = None
        self.verdict_generation = -1
        self.suggestion: Suggestion | None = None
        self.worker = VerdictWorker(verdict, suggested, engine)
        self.position = _position_in(path)
        """The position the file sets up (its `position:` section, a lesson's board): the
        editor changes regions, not marks, so a save keeps it while the size stays."""

    @property
    def sketch(self) -> Sketch:
        return self.history.state

    @property
    def dirty(self) -> bool:
        return _snapshot(self.sketch) != self.saved

    @property
    def current(self) -> bool:
        """True when the verdict known is the verdict of the sketch as it is."""
        return self.verdict is not None and self.verdict_generation == self.generation

    # --- strokes ------------------------------------------------------------------------

    def stroke(self, move: Edit) -> bool:
        """Apply one stroke (one undo step unless a drag is open); True if it changed."""
        return self.history.apply(move)

    def set_meta(self, values: Mapping[str, str]) -> None:
        self.history.state = self.sketch.with_meta(**values)

    # --- the verdict --------------------------------------------------------------------

    def ask(self) -> int:
        """The sketch changed: a new generation (the verdict of the old one is stale)."""
        self.generation += 1
        self.suggestion = None
        return self.generation

    def submit(self, generation: int) -> None:
        """Ask the worker for the verdict of generation `generation`, if still the last."""
        if generation == self.generation:
            self.worker.submit(generation, self.sketch)

    def take_verdict(self, generation: int, verdict: Verdict | None) -> bool:
        """The worker's verdict; False (dropped) when stale or cancelled."""
        if generation != self.generation or verdict is None:
            return False
        self.verdict, self.verdict_generation = verdict, generation
        return True

    def take_suggestion(self, generation: int, suggestion: Suggestion | None) -> bool:
        if generation != self.generation:
            return False
        self.suggestion = suggestion
        return True

    def verdict_text(self) -> str:
        if self.verdict is None:
            return "checking…"
        text = self.verdict.text()
        if not self.current:
            return f"{text} (checking…)"
        if self.verdict.status == edit.SEVERAL:
            if self.suggestion is not None:
                text += f" · {self.suggestion.text()} · = applies"
            else:
                text += " · / shows a second solution"
        return text

    def judge_now(self) -> Verdict | None:
        try:
            return edit.judge(self.sketch)
        except edit.Cancelled:  # pragma: no cover - no cancel flag given
            return None

    def graded(self) -> str | None:
        """The difficulty the grader gives the sketch, if it has one solution."""
        verdict = self.verdict if self.current else None
        if verdict is None:
            verdict = self.judge_now()
        return verdict.grade if verdict is not None and verdict.status == edit.UNIQUE else None

    # --- saving and playing -------------------------------------------------------------

    @property
    def changed_on_disk(self) -> bool:
        """The save target changed on disk since it was opened or last saved."""
        return file_stamp(self.target.path) != self.target.stamp

    def write(self) -> str:
        """Save the sketch (graded) to its target, written beside and renamed over; returns
        what to tell the player. Raises `OSError` or `LevelError` when it cannot."""
        from queens_tui.formats.queens import dump
        from queens_tui.store.jsonfile import atomic_write_bytes

        verdict = self.judge_now()
        graded = verdict.grade if verdict is not None and verdict.status == edit.UNIQUE else None
        sketch = self.sketch.with_meta(difficulty=graded)
        target = self.target
        level = sketch.to_level()
        if self.position is not None and len(self.position) == level.size:
            level = replace(level, position=self.position)
        text = dump(level, target.fmt)
        atomic_write_bytes(target.path, text.encode("utf-8"), sync=False, public=True)
        self.history.state = sketch
        self.saved = _snapshot(sketch)
        target.stamp = file_stamp(target.path)
        return f"Saved {target.path} ({verdict.text() if verdict is not None else ''})."

    def playable(self) -> Any:
        """The sketch as a level to play (named after the file when it has no name), or the
        `Verdict` that says why it cannot be played."""
        level_or = edit.level_of(self.sketch)
        if isinstance(level_or, Verdict) or level_or.name is not None:
            return level_or
        return replace(level_or, name=f"{printable(self.path.name)} (editing)")

    def close(self) -> None:
        self.worker.cancel()


__all__ = [
    "EditorMidend",
    "Target",
    "VerdictWorker",
    "file_stamp",
    "open_sketch",
    "save_target",
]
