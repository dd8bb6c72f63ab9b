"""Patches in the app: the board widget (`widgets.patches.PatchesBoard`), its keys, its help."""

from __future__ import annotations

import re
from typing import Any

from queens_tui.app.kinds import KindUI, widget
from queens_tui.midend.actions import Action

_CLUE = re.compile(r"clue at row (\d+), column (\d+)")


def describe(level: Any, text: str) -> str:
    """Hint text with each clue's colour as the board shows it: "the wide clue at row 2,
    column 3" becomes "the wide clue at row 2, column 3 (blue)"."""
    from queens_tui.app.palette import color_name
    from queens_tui.app.widgets.patches import clue_color

    def named(match: re.Match[str]) -> str:
        k = level.clue_at.get((int(match.group(1)) - 1, int(match.group(2)) - 1))
        return match.group(0) if k is None else f"{match.group(0)} ({color_name(clue_color(k))})"

    return _CLUE.sub(named, text)


HELP = """\
# Patches

Cut the whole grid into **rectangles** (patches):

- every cell lies in exactly one patch;
- every patch holds **exactly one clue**;
- a patch has the **shape** and the **size** (cells) its clue asks for.

Every level has exactly one way to cut it, found by reasoning alone.

## Keys

{keys}

To draw a patch with the keys: `{key:patch-draw}` on one corner, arrows to the
opposite corner (the patch to come is shaded), `{key:patch-draw}` again.
`{key:patch-draw}` on a patch removes it; `{key:patch-erase}` drops a corner you
anchored.

## Mouse

| Mouse | Action |
|---|---|
| left drag | from one corner to the opposite one: draws a patch (it replaces what it overlaps) |
| left click | on a patch: removes it; on a free cell: a 1x1 patch |
| right click | removes the patch |

## What you see

| Glyph | Meaning |
|---|---|
| `■` (`S`) | a square patch |
| `▮` (`T`) | a tall patch: more rows than columns |
| `▬` (`W`) | a wide patch: more columns than rows |
| a number | the patch's size in cells (no mark: any shape) |
| `?` | a clue that says neither shape nor size |
| coloured block, heavy border | a patch, in its clue's colour |
| red border, reddish block | a wrong patch: no clue, two clues, or the wrong shape or size |
| yellow bars `› ‹` | what a hint reads (the cells keep their patch's colour); green: the patch it draws (`{key:hint}` again draws it) |
| magenta cells | patches no solution keeps (`{key:mistakes}`); in yellow the clue or cell they leave without a patch |

Every move is saved: quit at any time, and the level resumes where you left it.
`queens-tui play --kind patches` opens today's Patches.
Press `escape`, `?` or `q` to close this help.
"""  # noqa: E501 (a Markdown table row cannot wrap)

UI = KindUI(
    board=widget("queens_tui.app.widgets.patches", "PatchesBoard"),
    moves=(
        Action(
            "patch-draw",
            "space",
            "play('draw')",
            "Patch",
            "anchor a corner / close the patch / remove the patch under the cursor",
            name="Draw patch",
        ),
        Action(
            "patch-erase",
            "backspace,delete",
            "play('erase')",
            "Erase",
            "drop the anchored corner, or remove the patch under the cursor",
            name="Erase patch",
        ),
    ),
    help=HELP,
    describe=describe,
)
"""The Patches kind's app side (`app.kinds.UIS["patches"]`)."""
