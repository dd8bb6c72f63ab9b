"""Queens: an N x N board in N coloured regions; one queen per row, column and region; no two touch.

Pure: the level model, the player's board, the rules, the exact search, the
deduction engine (explained hints, grades) and the generator.
"""

from __future__ import annotations

from queens_tui.core.kind import LevelFiles

FILES = LevelFiles("queens_tui.formats.queens", fallback=True)
"""How its level files are read, declared here so that telling a file's kind imports
nothing of the kind (`core.kind.LevelFiles`)."""
