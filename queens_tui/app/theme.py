"""Every board colour that is not a region's, once (issue 34 item 5): backgrounds, grid lines,
ink, given cells, faults, Zip's path. Region and clue colours are the palettes'
(`app.palette`), with the highlight tints and the cursor every board shares (`HIGHLIGHTS`,
`CURSOR_BARS`).

Boards draw on their own light colours whatever the Textual theme (a board reads the same in
light and dark themes); only blanks and region borders take the widget's CSS colours. Each
name says which board it is for; the widgets import them under their old local names.
"""

from __future__ import annotations

BLACK, WHITE = "#000000", "#ffffff"
"""What cells are shaded towards (borders, the compact cursor) and the ink on dark fills."""
INK = "#111111"
"""Glyphs on Queens' pastel cells (white on a palette's dark colours: `widgets.queens.ink`)."""
NEUTRAL = "#bdbdbd"
"""A cell of no colour: an unlabelled cell in the editor, a patch no clue owns."""

CHECK_CAN, CHECK_CANNOT = "#3fb950", "#ff5f5f"
"""The live check's verdicts in the status line under every board: can, can't be finished."""

QUEENS_CONFLICT = "#d7263d"
"""A Queens queen that breaks a rule (on its region's colour, between the clash bars)."""

CLASSIC_LIGHT, CLASSIC_DARK = "#e8dcc4", "#c9b48f"
"""Classic N-queens: the two shades of its one-colour checkerboard."""
CLASSIC_INK, CLASSIC_RED, CLASSIC_FAINT = "#1a1a1a", "#d01c1c", "#7d6e55"
"""Classic N-queens: glyphs, a queen under attack, an automatic cross."""

PATCHES_CELL = "#f4f1ea"
PATCHES_LINE = "#c9c3b6"
PATCHES_BORDER = "#1c1c1c"
PATCHES_WRONG = "#d62828"
PATCHES_TEXT = "#1c1c1c"
PATCHES_PREVIEW = "#6f8cff"
"""Patches: cells, the thin grid, a patch's heavy border, a wrong patch, clue text, and the
patch the keyboard is drawing."""

SUDOKU_CELL = "#fbfaf7"
SUDOKU_GIVEN_BG = "#e4e0d8"
SUDOKU_GIVEN_FG = "#1d1d1d"
SUDOKU_DIGIT = "#2457c5"
SUDOKU_NOTE = "#6f6f6f"
SUDOKU_THIN = "#a8a39a"
SUDOKU_THICK = "#4a4a4a"
SUDOKU_FAULT = "#e03131"
SUDOKU_SELECTED = "#8fb3f0"
"""Mini Sudoku: plain and given cells, given and entered digits, notes, the grid's thin and box
lines (glyphs in these colours, so the boxes read in any colour depth), a repeated digit, the
wash over the selected cell's row, column and box."""

TANGO_CELL = "#f2efe9"
TANGO_GIVEN = "#d6d0c4"
TANGO_SUN = "#e8890c"
TANGO_MOON = "#3b6fc4"
TANGO_SIGN_FG = "#1c1c1c"
TANGO_SIGN_BG = "#d6d0c4"
TANGO_FAULT = "#e03131"
"""Tango: cells, given cells, suns, moons, the `=` and `×` signs on their chips, a broken
rule."""

ZIP_CELL = "#f2efe8"
ZIP_GRID = "#cfcabe"
ZIP_WALL = "#1c1c1c"
ZIP_NUMBER_BG = "#1c1c1c"
ZIP_NUMBER_FG = "#ffffff"
ZIP_PATH = ("#ff7b60", "#df5fbf", "#6f8cff")
"""Zip: cells, the thin grid, walls, the numbered dots, and the path's colour from 1 to the end
of a full path (orange, magenta, blue: a band, told from the cells by shape too)."""
