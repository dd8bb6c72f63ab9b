"""LinkedIn's Zip: one path through every cell, numbers in order, walls not crossed.

Pure (no Textual, no OR-Tools): `level` (the model), `rules` (what a path may
do), `search` (the exact solver), `deduce` (explained steps, grade),
`generate` (unique levels from a seed) and `kind` (the `KIND` object).
"""

from __future__ import annotations

from queens_tui.core.kind import LevelFiles

FILES = LevelFiles("queens_tui.formats.zip", (("zip",), "+"))
"""How its level files are read, declared here so that telling a file's kind imports
nothing of the kind (`core.kind.LevelFiles`)."""
