"""The level editor screen: paint regions, see the verdict after every stroke, save, play.

One loop, the same for every kind that will get an editor: a key or the
mouse makes a *stroke*; the stroke goes through `core.history.History` (undo,
redo; a mouse drag is one step) over the kind's sketch (`kinds/<kind>/edit.py`);
the board redraws at once; and a new verdict request goes to a daemon
thread (`solver/queens/edit.py` `judge`, CP-SAT with the pure search as fallback),
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
from pathlib import Path
from typing import ClassVar

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
from queens_tui.core.errors import LevelError, printable
from queens_tui.core.grid import Cell
from queens_tui.kinds.queens import edit
from queens_tui.kinds.queens.edit import LABELS, Edit, Sketch, Suggestion, Verdict
from queens_tui.midend.editor import EditorMidend, Target, VerdictWorker

CHECKING_AFTER = 0.3
"""Seconds before the verdict line says "checking…" (most verdicts arrive well before)."""


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
        Binding("ctrl+s", "save", "Save", id="editor.save"),
        Binding("ctrl+e", "details", "Details"),
        Binding("tab", "recolor(1)", "Colour"),
        Binding("shift+tab", "recolor(-1)", "Colour", show=False),
        Binding("ctrl+y,ctrl+r", "redo", "Redo"),
        Binding("enter", "pick", "Pick label", show=False),
        Binding("escape,ctrl+q", "leave", "Quit", id="editor.quit"),
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
        self.ascii = ascii
        self.midend = EditorMidend(
            sketch,
            path,
            verdict=lambda g, v: self.post_message(VerdictReady(g, v)),
            suggested=lambda g, got: self.post_message(SuggestionReady(g, got)),
            target=target,
            engine=engine,
        )
        """The editor's door: strokes, verdicts, saving (`midend.editor`)."""
        self.last_label = sketch.grid[0][0]
        self.show_solution = False
        self._palette: dict[str, str] = {}
        self._assign_colors(sketch)

    # --- state ----------------------------------------------------------------------

    @property
    def sketch(self) -> Sketch:
        return self.midend.sketch

    @property
    def dirty(self) -> bool:
        return self.midend.dirty

    @property
    def verdict(self) -> Verdict | None:
        return self.midend.verdict

    @property
    def suggestion(self) -> Suggestion | None:
        return self.midend.suggestion

    @property
    def worker(self) -> VerdictWorker:
        return self.midend.worker

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
        # Letters paint (`q` makes a region "q"): how to save and leave stay in sight at 80 columns.
        yield KeyLine(palette=False, keep=("editor.save", "editor.quit"))

    def title_text(self) -> str:
        n = self.sketch.size
        star = " *" if self.dirty else ""
        target = self.midend.target
        note = f" ({target.note})" if target.note else ""
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
            generation = self.midend.ask()
            self.call_after_refresh(self._submit, generation)
            self.set_timer(CHECKING_AFTER, lambda: self._still_checking(generation))
        self._show(faults)

    def _submit(self, generation: int) -> None:
        if self.is_attached:
            self.midend.submit(generation)

    def _still_checking(self, generation: int) -> None:
        midend = self.midend
        if generation == midend.generation and midend.verdict_generation != generation:
            self._show(edit.faults(self.sketch))

    def on_verdict_ready(self, message: VerdictReady) -> None:
        message.stop()
        if self.midend.take_verdict(message.generation, message.verdict):
            self._show(edit.faults(self.sketch))

    def on_suggestion_ready(self, message: SuggestionReady) -> None:
        message.stop()
        if self.midend.take_suggestion(message.generation, message.suggestion):
            self._show(edit.faults(self.sketch))

    def _show(self, faults: edit.Faults) -> None:
        board = self.board
        marks: dict[Cell, str] = {cell: "broken" for cell in faults.broken_cells}
        queens: tuple[Cell, ...] = ()
        current = self.midend.current
        if current and self.verdict is not None:
            if self.suggestion is not None:
                marks.update((cell, "suggest") for cell, _ in self.suggestion.changes)
            if self.show_solution and self.verdict.solutions:
                queens = self.verdict.solutions[-1]
        board.set_marks(marks)
        board.set_queens(queens)
        verdict = self.query_one("#editor-verdict", Static)
        verdict.update(self.midend.verdict_text())
        status = (current and self.verdict is not None and self.verdict.status) or ""
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
        if self.midend.stroke(move):
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
            self.midend.history.begin_gesture()
            self.board.cursor = message.cell
            self.paint(message.cell, self.last_label)
        elif message.kind == "drag" and message.cell is not None:
            self.board.cursor = message.cell
            self.paint(message.cell, self.last_label)
        elif message.kind == "drag-end":
            self.midend.history.end_gesture()
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
        if self.midend.history.undo():
            self._changed()
        else:
            self.notify("Nothing to undo.", timeout=1.5)

    def action_redo(self) -> None:
        if self.midend.history.redo():
            self._changed()
        else:
            self.notify("Nothing to redo.", timeout=1.5)

    def action_solution(self) -> None:
        self.show_solution = not self.show_solution
        self._show(edit.faults(self.sketch))

    def action_make_unique(self) -> None:
        if not self.midend.current or self.suggestion is None:
            self.notify("No make-unique suggestion (yet).", timeout=2)
            return
        self.stroke(Edit(cells=self.suggestion.changes))

    # --- details, save, play, quit ------------------------------------------------------

    def action_details(self) -> None:
        def done(values: dict[str, str] | None) -> None:
            if values is None:
                return
            self.midend.set_meta(values)
            self._changed(ask=False)

        self.app.push_screen(MetaForm(self.sketch.meta, self.midend.graded()), done)

    def action_save(self) -> None:
        level_or = edit.level_of(self.sketch)
        if isinstance(level_or, Verdict):
            self.notify(f"Cannot save: {level_or.reason}.", severity="error")
            return
        target = self.midend.target
        if self.midend.changed_on_disk:
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
        try:
            said = self.midend.write()
        except (LevelError, OSError) as err:
            self.notify(f"Could not save {self.midend.target.path}: {err}", severity="error")
            return False
        self.notify(said, timeout=3)
        self._changed(ask=False)
        return True

    def action_play(self) -> None:
        """Play the level being edited on the game screen; quitting it comes back here."""
        level = self.midend.playable()
        if isinstance(level, Verdict):
            self.notify(f"Cannot play: {level.reason}.", severity="error")
            return
        from queens_tui.app.screens.game import GameScreen
        from queens_tui.midend.levels import OpenLevel
        from queens_tui.midend.session import Session

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

__all__ = ["EditorScreen", "MetaForm"]
