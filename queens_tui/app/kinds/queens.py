"""Queens in the app: the board widget (`widgets.queens.BoardView`), its keys, its help."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from queens_tui.app.kinds import KindUI, Option, widget
from queens_tui.core.grid import Cell
from queens_tui.midend.actions import CLEAR, Action, cycle

_REGION = re.compile(r"\b([Rr])egion (\w+)\b")


def describe(level: Any, text: str) -> str:
    """Hint text with each region named as the board shows it: "region C" becomes "the purple
    region (C)" (its colour from `app.palette`, its letter as the letters setting prints it).
    Rows and columns keep their numbers: the board's labels number them the same way."""
    from queens_tui.app.palette import region_colors, region_name

    labels = set(getattr(level, "labels", ()))
    if not labels or "egion " not in text:
        return text
    colors = region_colors(level)

    def name(match: re.Match[str]) -> str:
        if match.group(2) not in labels:
            return match.group(0)
        named = region_name(level, match.group(2), colors)
        return named[0].upper() + named[1:] if match.group(1) == "R" else named

    return _REGION.sub(name, text)


def share_squares(level: Any, cells: Sequence[Cell]) -> str:
    """The share line's squares: the colours of the regions of the first queens placed."""
    from queens_tui.app.palette import color_square, region_colors

    colors = region_colors(level)
    return " ".join(color_square(colors[level.region(cell)]) for cell in cells)


HELP = """\
# Queens

Place **one queen (♛) in every row, every column and every coloured region**.
Two queens may **never touch**, not even diagonally.
Every level has exactly one solution, and it can be found by reasoning alone.

## Keys

{keys}

## Mouse

| Mouse | Action |
|---|---|
| left click | cycle the cell, like `space` |
| left drag | paint crosses over empty cells (a drag that starts on a cross erases crosses) |
| right click | place or remove a queen |

A whole drag is one step for `{key:undo}`.

## What you see

| Glyph | Meaning |
|---|---|
| ♛ | a queen (`Q` with `--ascii`) |
| × bold | a cross you placed (`x` with `--ascii`) |
| × faint | an automatic cross: some queen already rules this cell out |
| red queen | a queen that breaks a rule |
| red bars at a cell's sides | the row, column or region two queens fight over (`!x!` in ASCII) |
| dark bars at a cell's sides | the cursor |
| numbers beside the board | rows and columns, as hints name them (setting: labels) |
| a letter in a cell's corner | its region's letter (setting: letters; by itself where colours alone would not do: the palette setting picks colour-blind colours) |
| thick border | the edge of a region (thin lines stay inside one) |
| yellow bars `› ‹` | what a hint reads (the cell keeps its region's colour); green bars `+♕+`: a queen it places; blue bars `-×-`: cells it crosses out |
| magenta cells `*Q*` | marks that no solution allows (`{key:mistakes}`, or a wrong board's hint); in yellow bars the row, column or region they leave no place for its queen |

## The live check

After every move the solver beside you checks your board. The status line says
**can still be finished** while some solution fits everything you placed (crosses
included), and **can't be finished any more: press {key:mistakes} to see why** once none does:
`{key:mistakes}` then tints the marks no solution allows and names (and tints) the row, column
or region they leave no place for its queen. It never says where the queens go.
Press `{key:live}` to turn it off (only clashes show then, as on LinkedIn); it doesn't
change whether a solve counts as flawless.

The timer pauses while a dialog (like this one) is open.
Every move is saved: quit at any time, and the level resumes where you left it
(undo history and timer included). Bare `queens-tui` opens today's puzzle.
Press `escape`, `?` or `q` to close this help.
"""  # noqa: E501 (a Markdown table row cannot wrap)

MOVES = (
    cycle("× → ♛"),
    Action("queen", "enter", "play('queen')", "Queen", "place or remove a queen",
           name="Toggle queen"),
    Action("cross", "x", "play('cross')", "Cross", "place or remove a cross",
           name="Toggle cross"),
    CLEAR,
)  # fmt: skip
"""Queens' moves (classic N-queens has the same)."""

AUTO_CROSS = Option(
    "auto_cross", True, lambda on, ascii: f"auto-{'x' if ascii else '×'} {'on' if on else 'off'}"
)
"""The automatic crosses option (classic N-queens has it too), and the key that toggles it."""
AUTO_CROSS_KEY = Action(
    "auto", "a", "toggle_option('auto_cross')", "Auto-×", "automatic crosses on / off",
    name="Toggle auto-cross",
)  # fmt: skip

UI = KindUI(
    board=widget("queens_tui.app.widgets.queens", "BoardView"),
    moves=MOVES,
    options=(
        AUTO_CROSS,
        Option(
            "letters",
            False,
            lambda on, ascii: "",
            "letters: each region's letter in its cells (colour-blind)",
        ),
    ),
    option_actions=(AUTO_CROSS_KEY,),
    help=HELP,
    describe=describe,
    share_squares=share_squares,
)
"""The Queens kind's app side (`app.kinds.UIS["queens"]`)."""
