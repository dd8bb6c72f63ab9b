"""Classic N-queens in the app: the board widget, its keys (with the hunt's browse keys), help."""

from __future__ import annotations

from queens_tui.app.kinds import KindUI, widget
from queens_tui.app.kinds.queens import AUTO_CROSS, AUTO_CROSS_KEY, MOVES
from queens_tui.midend.actions import Action

HELP = """\
# Classic N-queens

Place **N queens** on the empty N×N board so that **no two share a row, a column or a
diagonal** — diagonals run all the way to the edges. There are many solutions (92 on 8×8):
the status line keeps your **hunt**, how many you have found of all of them and how many
*fundamental* ones (different even after turning or mirroring the board). A new solution that
is a rotation or mirror of one you found before is named as such ("#5: a quarter turn of #2").

## Keys

{keys}

## Mouse

| Mouse | Action |
|---|---|
| left click | cycle the cell, like `space` |
| right click | place or remove a queen |
| left drag | paint crosses over empty cells (a drag that starts on a cross erases crosses) |

A whole drag is one step for `{key:undo}`.

## The hunt

Every solution you reach is saved (per size). `{key:found_next}` and `{key:found_prev}` show
your found solutions one by one on the board; any move takes you back to playing.
`{key:hint}` gives the next forced move (a row or column with one free cell), or else a queen
from a solution that keeps yours; a second `{key:hint}` places it, and a solution you reach
after that counts *with help*. `{key:solve}` fills in a solution, which is not one you found:
it does not count for the hunt. Press `escape`, `?` or `q` to close this help.
"""

UI = KindUI(
    board=widget("queens_tui.app.widgets.classic", "ClassicBoard"),
    moves=(
        *MOVES,
        Action("found_next", "right_square_bracket", "play('found_next')", "Next found",
               "show the next (previous) solution you have found", key_display="]", show=False,
               help_keys="] / [",
               name="Show next found solution"),
        Action("found_prev", "left_square_bracket", "play('found_prev')", "Prev found",
               "show the previous solution you have found", key_display="[", show=False,
               in_table=False,
               name="Show previous found solution"),
    ),
    options=(AUTO_CROSS,),
    option_actions=(AUTO_CROSS_KEY,),
    help=HELP,
)  # fmt: skip
"""The classic kind's app side (`app.kinds.UIS["classic"]`)."""
