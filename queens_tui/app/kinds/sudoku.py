"""Mini Sudoku in the app: the board widget (`widgets.sudoku.SudokuBoard`), its keys, its help."""

from __future__ import annotations

from queens_tui.app.kinds import KindUI, Option, widget
from queens_tui.midend.actions import Action

HELP = """\
# Mini Sudoku

Fill every cell with a digit **1 to 6** so that every **row**, every **column**
and every **box** (2 rows x 3 columns, drawn with dark lines) holds each digit
once.

Shaded cells with bold digits are given and cannot change. Every level has
exactly one solution, and it can be found by reasoning alone.

## Keys

{keys}

## Notes

Press `e` to switch **notes mode** (the status line says `✎ notes`): the digit
keys then pencil small candidate digits into the cell instead of writing one,
and press a digit again to rub it out. While **auto-notes** is on (`a`, on by
default) a note is hidden as soon as the same digit stands in its row, column
or box. `backspace` clears a cell's digit, then its notes.

## Mouse

| Mouse | Action |
|---|---|
| left click | select the cell |
| right click | clear the cell |

## What you see

| Look | Meaning |
|---|---|
| shaded cell, bold black digit | given: part of the puzzle |
| blue digit | yours |
| small grey digits | your notes (1 2 3 over 4 5 6) |
| dark bars at its sides; its row, column and box washed blue | the selected cell |
| red digit on red | repeated in its row, column or box (`!5!` with `--ascii`) |
| yellow cells (`› ‹` at their sides) | what a hint reads; green: the cell it fills (the digit shown faintly) |
| magenta cells | digits no solution keeps (`{key:mistakes}`, or a hint on a wrong grid); in yellow the cell, row, column or box they leave without a digit |

The timer pauses while a dialog (like this one) is open.
Every move is saved: quit at any time and the level resumes where you left it.
`queens-tui play --kind sudoku` opens today's Mini Sudoku.
Press `escape`, `?` or `q` to close this help.
"""  # noqa: E501 (a Markdown table row cannot wrap)

DIGITS = tuple(
    Action(
        f"digit-{d}",
        str(d),
        f"play('{d}')",
        "Digit" if d == 1 else str(d),
        "write 1-6 (in notes mode: note or rub out the digit)" if d == 1 else "",
        show=d == 1,
        key_display="1-6" if d == 1 else None,
        palette=False,
        help_keys="`1` … `6`" if d == 1 else None,
        in_table=d == 1,
    )
    for d in range(1, 7)
)

UI = KindUI(
    board=widget("queens_tui.app.widgets.sudoku", "SudokuBoard"),
    moves=(
        *DIGITS,
        Action(
            "notes",
            "e",
            "play('notes')",
            "Notes",
            "notes mode on / off: the digit keys write notes",
            name="Toggle notes mode",
        ),
        Action(
            "clear",
            "backspace,delete",
            "play('clear')",
            "Clear",
            "clear the cell (its digit, then its notes)",
            show=False,
            name="Clear cell",
        ),
    ),
    options=(
        Option(
            "auto_notes",
            True,
            lambda on, ascii: "" if on else "auto-notes off",
        ),
    ),
    option_actions=(
        Action(
            "auto",
            "a",
            "toggle_option('auto_notes')",
            "Auto-notes",
            "auto-notes on / off",
            name="Toggle auto-notes",
        ),
    ),
    help=HELP,
)
"""The Mini Sudoku kind's app side (`app.kinds.UIS["sudoku"]`)."""
