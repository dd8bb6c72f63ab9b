"""The help screen: rules, every key, the mouse, the glyph legend."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

HELP = """\
# Queens

Place **one queen (♛) in every row, every column and every coloured region**.
Two queens may **never touch**, not even diagonally.
Every level has exactly one solution, and it can be found by reasoning alone.

## Keys

| Key | Action |
|---|---|
| `←` `↑` `↓` `→` | move the cursor |
| `space` | cycle the cell: empty → × → ♛ → empty |
| `enter` | place or remove a queen |
| `x` | place or remove a cross |
| `backspace` / `delete` | clear the cell |
| `u` | undo (no limit) |
| `ctrl+r` | redo |
| `r` | restart the level (asks first) |
| `a` | automatic crosses on / off |
| `h` | hint: explain the next logical step and highlight it; `h` again applies it |
| `m` | show mistakes: highlight the marks no solution allows (again: hide) |
| `S` | solve: fill in the solution at once (the level counts as solved with help) |
| `c` | live check on / off: the status line says `on track` or `mistake` after each move |
| `l` | level browser: daily puzzles and packs, filters, progress, best times |
| `n` / `p` | next / previous level; on a daily puzzle, the next / previous day (up to today) |
| `?` | this help |
| `ctrl+p` | command palette: every action by name |
| `q` / `ctrl+q` | quit |

## Mouse

| Mouse | Action |
|---|---|
| left click | cycle the cell, like `space` |
| left drag | paint crosses over empty cells (a drag that starts on a cross erases crosses) |
| right click | place or remove a queen |

A whole drag is one step for `u`.

## What you see

| Glyph | Meaning |
|---|---|
| ♛ | a queen (`Q` with `--ascii`) |
| × bold | a cross you placed (`x` with `--ascii`) |
| × faint | an automatic cross: some queen already rules this cell out |
| red queen | a queen that breaks a rule |
| reddish cells | the row, column or region two queens fight over |
| dark cell | the cursor |
| thick border | the edge of a region (thin lines stay inside one) |
| yellow cells | what a hint reads; ♕ green: a queen it places; × blue: cells it crosses out |
| magenta cells | marks that no solution allows (`m`, or a hint on a wrong board) |

The timer pauses while a dialog (like this one) is open.
Every move is saved: quit at any time, and the level resumes where you left it
(undo history and timer included). Bare `queens-tui` opens today's puzzle.
Press `escape`, `?` or `q` to close this help.
"""


class HelpScreen(ModalScreen[None]):
    """Markdown help over the board; the timer is paused meanwhile."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", "Close help")
    ]

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # only when asked: keeps start-up light

        with VerticalScroll(id="help-body"):
            yield Markdown(HELP, id="help")

    def action_close(self) -> None:
        self.dismiss(None)
