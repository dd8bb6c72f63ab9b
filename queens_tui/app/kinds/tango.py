"""Tango in the app: the board widget (`widgets.tango.TangoBoard`), its keys, its help."""

from __future__ import annotations

from queens_tui.app.kinds import KindUI, widget
from queens_tui.midend.actions import CLEAR, Action, cycle

HELP = """\
# Tango

Fill every cell with a **sun (☀)** or a **moon (☾)**:

- **no three** of the same side by side in a row or a column;
- every row and every column holds **as many suns as moons**;
- cells joined by **=** hold the same symbol, cells joined by **×** different ones.

Shaded cells are given and cannot change. Every level has exactly one
solution, and it can be found by reasoning alone.

## Keys

{keys}

## Mouse

| Mouse | Action |
|---|---|
| left click | cycle the cell: empty → ☀ → ☾ → empty, like `space` |
| right click | cycle backwards |

## What you see

| Glyph | Meaning |
|---|---|
| ☀ orange | a sun (`S` with `--ascii`) |
| ☾ blue | a moon (`M` with `--ascii`) |
| shaded cell, bold symbol | given: part of the puzzle |
| `=` / `×` between cells | the two cells are the same / different (`x` with `--ascii`) |
| red cells | three alike side by side |
| reddish line | a row or column with too many of one symbol |
| red sign | a sign the two cells break |
| yellow cells (`› ‹` at their sides) | what a hint reads; green: the cells it fills (the symbol shown faintly) |
| magenta cells | cells no solution allows (`{key:mistakes}`, or a hint on a wrong grid); in yellow the row or column they leave unfinishable |

The timer pauses while a dialog (like this one) is open.
Every move is saved: quit at any time and the level resumes where you left it.
`queens-tui play --kind tango` opens today's Tango.
Press `escape`, `?` or `q` to close this help.
"""  # noqa: E501 (a Markdown table row cannot wrap)

UI = KindUI(
    board=widget("queens_tui.app.widgets.tango", "TangoBoard"),
    moves=(
        cycle("☀ → ☾"),
        # Not in the footer: at 80 columns only one of the pair fitted (space cycles both).
        Action(
            "sun", "1", "play('sun')", "Sun", "place or remove a sun", name="Toggle sun", show=False
        ),
        Action(
            "moon",
            "0",
            "play('moon')",
            "Moon",
            "place or remove a moon",
            name="Toggle moon",
            show=False,
        ),
        CLEAR,
    ),
    help=HELP,
)
"""The Tango kind's app side (`app.kinds.UIS["tango"]`)."""
