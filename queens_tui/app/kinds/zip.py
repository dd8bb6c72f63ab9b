"""Zip in the app: the board widget (`widgets.zip.ZipBoard`), its keys, its help."""

from __future__ import annotations

from queens_tui.app.kinds import KindUI, widget
from queens_tui.midend.actions import WAYS, Action, arrows

HELP = """\
# Zip

Draw **one path through every cell**: each step goes to an orthogonal neighbour,
never across a **thick wall**, and the path meets the **numbers in order** 1, 2, 3, ...
ending on the highest one. Every level has exactly one path.

## Keys

{keys}

The arrows draw: each one extends the path from its end. An arrow back onto the path
cuts it there (one step back is a backtrack).

## Mouse

| Mouse | Action |
|---|---|
| left click | on the path: cut it there (go on from any number on it); next to its end: extend |
| left drag | draw through the cells you pass; dragging back over the path takes it back |

A whole drag is one step for `{key:undo}`.

## What you see

| Glyph | Meaning |
|---|---|
| dark dot with a number | a number to meet in order |
| solid dark bar between cells | a wall (the thin light lines are only the grid) |
| coloured band | your path, orange at 1 turning blue towards the end |
| dark bars at a cell's sides | the path's end (where the arrows draw) |
| green cells | the next stretch a hint shows (`{key:hint}` again draws it) |
| magenta cells | the part of the path no solution allows (`{key:mistakes}`); in yellow the cells it cuts off or leaves a dead end |

Every move is saved: quit at any time, and the level resumes where you left it.
Press `escape`, `?` or `q` to close this help.
"""  # noqa: E501 (a Markdown table row cannot wrap)

UI = KindUI(
    board=widget("queens_tui.app.widgets.zip", "ZipBoard"),
    moves=(
        *arrows(
            [f"zip-{way}" for way in WAYS],
            [f"play('{way}')" for way in WAYS],
            "Draw",
            "extend the path up (or step back)",
            name="Draw up",
        ),
        Action(
            "zip-back",
            "backspace",
            "play('back')",
            "Back",
            "take the last cell of the path back",
            name="Step back",
        ),
    ),
    help=HELP,
)
"""The Zip kind's app side (`app.kinds.UIS["zip"]`)."""
