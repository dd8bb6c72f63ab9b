"""The level editor screen: paint regions, see the verdict after every stroke, save, play.

One loop, the same for every kind that will get an editor: a key or the
mouse makes a *stroke*; the stroke goes through `core.history.History` (undo,
redo; a mouse drag is one step) over the kind's sketch (`kinds/<kind>/edit.py`);
the board redraws at once; and a new verdict request goes to a daemon
thread (`solver/edit.py` `judge`, CP-SAT with the pure search as fallback),
the older request cancelled. Replies carry the generation they were asked
for and stale ones are dropped, so no key ever waits for the solver.

Tango or Zip editing follows the same shape: a `kinds/<kind>/edit.py` with a
sketch (paint symbols and signs, or numbers and walls), `EDIT` (apply/diff),
`faults` and `judge`; a board widget for its sketch; and the key map below
swapped for the kind's (what a typed character paints). Saving, the
metadata form, asking before overwriting or quitting, and `p` (play the level
being edited on the kind's game screen) do not change.

Keys (typed characters are region labels, so commands avoid plain letters
except `p`): arrows move; A-Z, a-z, 0-9 paint the cursor cell into that
region (a new label makes a new region), except `p`, which plays; space
paints with the last label; enter picks up the label under the cursor;
ctrl+f floods the connected area under the cursor with the last label; tab
changes the region's colour; ctrl+z / ctrl+y undo and redo; `/` shows a
solution (the second one when there are several); `=` applies the
make-unique suggestion; ctrl+e edits name, author and difficulty; ctrl+s
saves; escape or ctrl+q quits (asking when there are unsaved changes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Static

from queens_tui.app.messages import CellAction
from queens_tui.app.palette import PASTELS
from queens_tui.app.widgets.keyline import KeyLine
from queens_tui.app.widgets.sketch import SketchBoard
from queens_tui.core.errors import printable
from queens_tui.core.grid import Cell
from queens_tui.core.history import History
from queens_tui.kinds.queens import edit
from queens_tui.kinds.queens.edit import EDIT, LABELS, Edit, Sketch, Suggestion, Verdict
from queens_tui.midend.jobs import JOB_GRACE, Jobs

if TYPE_CHECKING:
    from queens_tui.solver import CancelToken

CHECKING_AFTER = 0.3
"""Seconds before the verdict line says "checking…" (most verdicts arrive well before)."""

TIME_LIMIT = 10.0
"""Seconds the solver may spend on one verdict."""

WRITABLE = {".json": "json"}
"""Suffixes saved in their own format; every other suffix that we read as text is saved
as native text. Formats we only read (.ts/.js, pictures) are saved beside, as `.txt`."""

READ_ONLY_SUFFIXES = frozenset({".ts", ".js", ".mjs", ".png", ".jpg", ".jpeg", ".gif", ".webp"})


class VerdictReady(Message):
    """The worker judged the sketch of generation `generation` (None: cancelled)."""

    def __init__(self, generation: int, verdict: Verdict | None) -> None:
        super().__init__()
        self.generation = generation
        self.verdict = verdict


class SuggestionReady(Message):
    """The worker found (or did not find) a make-unique suggestion for `generation`."""

    def __init__(self, generation: int, suggestion: Suggestion | None) -> None:
        super().__init__()
        self.generation = generation
        self.suggestion = suggestion


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


class VerdictWorker:
    """Runs one verdict request at a time (`midend.jobs.Jobs`); a new one cancels the old."""

    def __init__(self, post: Any, engine: str) -> None:
        self.post = post
        self.engine = engine
        self.jobs = Jobs("queens-editor")

    def submit(self, generation: int, sketch: Sketch) -> None:
        engine = self.engine

        def work(token: CancelToken) -> None:
            from queens_tui.solver import edit as solver_edit

            try:
                verdict = solver_edit.judge(
                    sketch, engine=engine, time_limit=TIME_LIMIT, cancel=token
                )
            except Exception as err:  # a bug must not kill the editor: say so instead
                verdict = Verdict(edit.UNKNOWN, reason=f"verdict failed: {err}")
            self.post(VerdictReady(generation, verdict))
            if verdict is not None and verdict.status == edit.SEVERAL and not token.is_set():
                try:
                    got = solver_edit.suggest(sketch, verdict, time_limit=TIME_LIMIT, cancel=token)
                except Exception:
                    got = None
                self.post(SuggestionReady(generation, got))

        self.jobs.start("verdict", work, time_limit=2 * TIME_LIMIT + JOB_GRACE)

    def cancel(self) -> None:
        self.jobs.cancel()

    def busy(self) -> bool:
        return self.jobs.busy

    def wait(self, timeout: float = 10.0) -> bool:
        """Tests: wait for the threads; True if they all finished."""
        return self.jobs.wait(timeout)


class MetaForm(ModalScreen[dict[str, str] | None]):
    """Name, author and difficulty (filled in from the grader) in a small form."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, meta: Mapping[str, str], graded: str | None) -> None:
        super().__init__()
        self.meta = dict(meta)
        self.graded = graded

    def compose(self) -> ComposeResult:
        difficulty = self.graded or self.meta.get("difficulty", "")
        with Vertical(id="dialog"):
            yield Label("Level details (saved with ctrl+s)", id="question")
            yield Input(printable(self.meta.get("name", "")), placeholder="name", id="meta-name")
            author = printable(self.meta.get("author", ""))
            yield Input(author, placeholder="author", id="meta-author")
            yield Input(
                difficulty, placeholder="difficulty (from the grader)", id="meta-difficulty"
            )
            with Horizontal(id="buttons"):
                yield Button("OK (enter)", id="ok", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def _values(self) -> dict[str, str]:
        return {
            key: self.query_one(f"#meta-{key}", Input).value
            for key in ("name", "author", "difficulty")
        }

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(self._values())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(self._values() if event.button.id == "ok" else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class EditorScreen(Screen[None]):
    """The Queens level editor (see the module docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1, 0)", "Move", show=False),
        Binding("down", "move(1, 0)", "Move", show=False),
        Binding("left", "move(0, -1)", "Move", show=False),
        Binding("right", "move(0, 1)", "Move", show=False),
        Binding("space", "paint_last", "Paint", key_display="space"),
        Binding("ctrl+f", "fill", "Fill"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("equals_sign", "make_unique", "Make unique", key_display="="),
        Binding("slash", "solution", "Solution", key_display="/"),
        Binding("p", "play", "Play"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+e", "details", "Details"),
        Binding("tab", "recolor(1)", "Colour"),
        Binding("shift+tab", "recolor(-1)", "Colour", show=False),
        Binding("ctrl+y,ctrl+r", "redo", "Redo"),
        Binding("enter", "pick", "Pick label", show=False),
        Binding("escape,ctrl+q", "leave", "Quit"),
    ]

    COMMAND_KEYS = frozenset({"p"})
    """Typed characters that are commands, not labels."""

    def __init__(
        self,
        sketch: Sketch,
        path: Path,
        *,
        target: Target | None = None,
        ascii: bool = False,
        engine: str = "cpsat",
    ) -> None:
        super().__init__()
        self.path = path
        self.target = target or save_target(path)
        self.ascii = ascii
        self.history: History[Sketch, Edit] = History(EDIT, sketch)
        self.saved = self._snapshot(sketch)
        self.last_label = sketch.grid[0][0]
        self.generation = 0
        self.verdict: Verdict | None = None
        self.verdict_generation = -1
        self.suggestion: Suggestion | None = None
        self.show_solution = False
        self.worker = VerdictWorker(self._post, engine)
        self._palette: dict[str, str] = {}
        self._assign_colors(sketch)

    # --- state ----------------------------------------------------------------------

    @property
    def sketch(self) -> Sketch:
        return self.history.state

    @staticmethod
    def _snapshot(sketch: Sketch) -> tuple[Any, ...]:
        return (
            sketch.grid,
            tuple(sorted(sketch.colors.items())),
            tuple(sorted(sketch.meta.items())),
        )

    @property
    def dirty(self) -> bool:
        return self._snapshot(self.sketch) != self.saved

    @property
    def board(self) -> SketchBoard:
        return self.query_one("#editor-board", SketchBoard)

    @property
    def cursor(self) -> Cell:
        return self.board.cursor

    def _assign_colors(self, sketch: Sketch) -> dict[str, str]:
        """Each label's colour: the one the maker chose, else a palette colour kept for the
        label while it is on the board (painting never reshuffles the other regions)."""
        present = sketch.labels
        for label in list(self._palette):
            if label not in present:
                del self._palette[label]
        for label in present:
            if label not in self._palette:
                used = set(self._palette.values()) | set(sketch.colors.values())
                free = [c for c in PASTELS if c not in used]
                self._palette[label] = (
                    free[0] if free else PASTELS[len(self._palette) % len(PASTELS)]
                )
        return {label: sketch.colors.get(label, self._palette[label]) for label in present}

    # --- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(self.title_text(), id="editor-title", markup=False)  # a path: not markup
        yield SketchBoard(
            self.sketch, self._assign_colors(self.sketch), ascii=self.ascii, id="editor-board"
        )
        yield Static("", id="editor-verdict")
        yield Static("", id="editor-status")
        yield KeyLine(palette=False)

    def title_text(self) -> str:
        n = self.sketch.size
        star = " *" if self.dirty else ""
        note = f" ({self.target.note})" if self.target.note else ""
        return f"Editing {printable(str(self.path))}{note} · {n}×{n}{star}"

    def on_mount(self) -> None:
        self.title = f"edit {printable(str(self.path))}"
        self._changed()

    # --- every change goes through here -----------------------------------------------

    def _changed(self, *, ask: bool = True) -> None:
        sketch = self.sketch
        board = self.board
        board.set_colors(self._assign_colors(sketch))
        board.show(sketch)
        faults = edit.faults(sketch)
        self.query_one("#editor-title", Static).update(self.title_text())
        if ask:
            self.generation += 1
            self.suggestion = None
            generation = self.generation
            self.call_after_refresh(self._submit, generation)
            self.set_timer(CHECKING_AFTER, lambda: self._still_checking(generation))
        self._show(faults)

    def _submit(self, generation: int) -> None:
        if generation == self.generation and self.is_attached:
            self.worker.submit(generation, self.sketch)

    def _still_checking(self, generation: int) -> None:
        if generation == self.generation and self.verdict_generation != generation:
            self._show(edit.faults(self.sketch))

    def _post(self, message: Message) -> None:
        """From the worker thread."""
        self.post_message(message)

    def on_verdict_ready(self, message: VerdictReady) -> None:
        message.stop()
        if message.generation != self.generation or message.verdict is None:
            return  # stale: a newer stroke asked again
        self.verdict = message.verdict
        self.verdict_generation = message.generation
        self._show(edit.faults(self.sketch))

    def on_suggestion_ready(self, message: SuggestionReady) -> None:
        message.stop()
        if message.generation != self.generation:
            return
        self.suggestion = message.suggestion
        self._show(edit.faults(self.sketch))

    @property
    def current(self) -> bool:
        """True when the verdict shown is the verdict of the sketch shown."""
        return self.verdict is not None and self.verdict_generation == self.generation

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

    def _show(self, faults: edit.Faults) -> None:
        board = self.board
        marks: dict[Cell, str] = {cell: "broken" for cell in faults.broken_cells}
        queens: tuple[Cell, ...] = ()
        if self.current and self.verdict is not None:
            if self.suggestion is not None:
                marks.update((cell, "suggest") for cell, _ in self.suggestion.changes)
            if self.show_solution and self.verdict.solutions:
                queens = self.verdict.solutions[-1]
        board.set_marks(marks)
        board.set_queens(queens)
        verdict = self.query_one("#editor-verdict", Static)
        verdict.update(self.verdict_text())
        status = (self.current and self.verdict is not None and self.verdict.status) or ""
        for cls in ("unique", "several", "none", "invalid"):
            verdict.set_class(status == _STATUS_CLASS.get(cls), cls)
        r, c = self.cursor
        parts = [
            f"row {r + 1} col {c + 1}: {self.sketch.label((r, c))}",
            f"brush {self.last_label}",
            f"{faults.regions}/{self.sketch.size} regions",
        ]
        if faults.text():
            parts.append(faults.text())
        if self.dirty:
            parts.append("unsaved")
        self.query_one("#editor-status", Static).update(" · ".join(parts))

    # --- strokes --------------------------------------------------------------------

    def stroke(self, move: Edit) -> bool:
        """Apply one stroke (one undo step unless a drag is open); True if it changed."""
        if self.history.apply(move):
            self._changed()
            return True
        return False

    def paint(self, cell: Cell, label: str) -> bool:
        try:
            edit.check_label(label)
        except ValueError as err:
            self.notify(str(err), severity="warning")
            return False
        self.last_label = label
        changed = self.stroke(Edit(cells=((cell, label),)))
        if not changed:
            self._show(edit.faults(self.sketch))
        return changed

    async def on_key(self, event: events.Key) -> None:
        """Every key of the editor is handled here, in the order typed.

        A binding's action runs only after the key has bubbled up to the app,
        by which time a label typed right after it may already have painted;
        so the screen runs its own bindings itself (`BINDINGS` then only
        feeds the footer and the keys panel).
        """
        action = _KEYMAP.get(event.key)
        if action is not None:
            event.stop()
            event.prevent_default()
            await self.run_action(action)
            return
        ch = event.character
        if ch is None or len(ch) != 1 or ch not in LABELS or ch in self.COMMAND_KEYS:
            return
        event.stop()
        event.prevent_default()
        self.paint(self.cursor, ch)

    def on_cell_action(self, message: CellAction) -> None:
        message.stop()
        if message.kind == "drag-start" and message.cell is not None:
            self.history.begin_gesture()
            self.board.cursor = message.cell
            self.paint(message.cell, self.last_label)
        elif message.kind == "drag" and message.cell is not None:
            self.board.cursor = message.cell
            self.paint(message.cell, self.last_label)
        elif message.kind == "drag-end":
            self.history.end_gesture()
            self._changed(ask=False)

    def action_move(self, dr: int, dc: int) -> None:
        n = self.sketch.size
        r, c = self.cursor
        self.board.cursor = ((r + dr) % n, (c + dc) % n)
        self._show(edit.faults(self.sketch))

    def action_paint_last(self) -> None:
        self.paint(self.cursor, self.last_label)

    def action_pick(self) -> None:
        self.last_label = self.sketch.label(self.cursor)
        self._show(edit.faults(self.sketch))

    def action_fill(self) -> None:
        cells = tuple((cell, self.last_label) for cell in self.sketch.area(self.cursor))
        self.stroke(Edit(cells=cells))

    def action_recolor(self, step: int) -> None:
        label = self.sketch.label(self.cursor)
        colors = self._assign_colors(self.sketch)
        now = colors[label]
        others = {c for k, c in colors.items() if k != label}
        choices = [c for c in PASTELS if c not in others] or list(PASTELS)
        i = choices.index(now) if now in choices else -1
        new = choices[(i + step) % len(choices)]
        self.stroke(Edit(colors=((label, new),)))

    def action_undo(self) -> None:
        if self.history.undo():
            self._changed()
        else:
            self.notify("Nothing to undo.", timeout=1.5)

    def action_redo(self) -> None:
        if self.history.redo():
            self._changed()
        else:
            self.notify("Nothing to redo.", timeout=1.5)

    def action_solution(self) -> None:
        self.show_solution = not self.show_solution
        self._show(edit.faults(self.sketch))

    def action_make_unique(self) -> None:
        if not self.current or self.suggestion is None:
            self.notify("No make-unique suggestion (yet).", timeout=2)
            return
        self.stroke(Edit(cells=self.suggestion.changes))

    # --- details, save, play, quit ------------------------------------------------------

    def _graded(self) -> str | None:
        verdict = self.verdict if self.current else None
        if verdict is None:
            verdict = self._judge_now()
        return verdict.grade if verdict is not None and verdict.status == edit.UNIQUE else None

    def _judge_now(self) -> Verdict | None:
        try:
            return edit.judge(self.sketch)
        except edit.Cancelled:  # pragma: no cover - no cancel flag given
            return None

    def action_details(self) -> None:
        def done(values: dict[str, str] | None) -> None:
            if values is None:
                return
            self.history.state = self.sketch.with_meta(**values)
            self._changed(ask=False)

        self.app.push_screen(MetaForm(self.sketch.meta, self._graded()), done)

    def action_save(self) -> None:
        level_or = edit.level_of(self.sketch)
        if isinstance(level_or, Verdict):
            self.notify(f"Cannot save: {level_or.reason}.", severity="error")
            return
        target = self.target
        if file_stamp(target.path) != target.stamp:
            from queens_tui.app.screens.confirm import ConfirmScreen

            def answered(yes: bool | None) -> None:
                if yes:
                    self._write()

            self.app.push_screen(
                ConfirmScreen(
                    f"{target.path} changed on disk since it was opened. Overwrite it?", "Overwrite"
                ),
                answered,
            )
            return
        self._write()

    def _write(self) -> bool:
        from queens_tui.formats.queens import dump
        from queens_tui.kinds.queens.level import LevelError
        from queens_tui.store.jsonfile import atomic_write_bytes

        verdict = self._judge_now()
        graded = verdict.grade if verdict is not None and verdict.status == edit.UNIQUE else None
        sketch = self.sketch.with_meta(difficulty=graded)
        target = self.target
        try:
            text = dump(sketch.to_level(), target.fmt)
            atomic_write_bytes(target.path, text.encode("utf-8"), sync=False, public=True)
        except (LevelError, OSError) as err:
            self.notify(f"Could not save {target.path}: {err}", severity="error")
            return False
        self.history.state = sketch
        self.saved = self._snapshot(sketch)
        target.stamp = file_stamp(target.path)
        what = verdict.text() if verdict is not None else ""
        self.notify(f"Saved {target.path} ({what}).", timeout=3)
        self._changed(ask=False)
        return True

    def action_play(self) -> None:
        """Play the level being edited on the game screen; quitting it comes back here."""
        level_or = edit.level_of(self.sketch)
        if isinstance(level_or, Verdict):
            self.notify(f"Cannot play: {level_or.reason}.", severity="error")
            return
        from queens_tui.app.screens.game import GameScreen
        from queens_tui.midend.levels import OpenLevel
        from queens_tui.midend.session import Session

        level = level_or
        if level.name is None:
            from dataclasses import replace

            level = replace(level, name=f"{printable(self.path.name)} (editing)")
        screen = GameScreen(
            OpenLevel(level), ascii=self.ascii, session=Session(None), engine=self.worker.engine
        )
        self.app.push_screen(screen)

    def action_leave(self) -> None:
        if not self.dirty:
            self.worker.cancel()
            self.app.exit()
            return
        from queens_tui.app.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.worker.cancel()
                self.app.exit()

        self.app.push_screen(ConfirmScreen("Quit without saving your changes?", "Quit"), answered)


_KEYMAP: dict[str, str] = {
    key.strip(): binding.action
    for binding in EditorScreen.BINDINGS
    if isinstance(binding, Binding)
    for key in binding.key.split(",")
}
"""Key -> action of the screen's bindings (see `EditorScreen.on_key`)."""

_STATUS_CLASS = {
    "unique": edit.UNIQUE,
    "several": edit.SEVERAL,
    "none": edit.NO_SOLUTION,
    "invalid": edit.INVALID,
}

__all__ = ["EditorScreen", "MetaForm", "Target", "VerdictWorker", "save_target"]
