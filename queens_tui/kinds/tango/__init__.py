"""Tango: an even N x N grid of suns and moons, balanced lines, no three alike, `=` and `×` signs.

Pure: the level model (`level`), the rules of the game (`rules`), the exact
search (`search`), the deduction engine with explained steps and grades
(`deduce`), the generator (`generate`) and the batch interface the CLI talks
to (`kind`). Never imports Textual or OR-Tools.
"""

from __future__ import annotations

from queens_tui.core.kind import LevelFiles

FILES = LevelFiles("queens_tui.formats.tango", (("tango",), ".01"))
"""How its level files are read, declared here so that telling a file's kind imports
nothing of the kind (`core.kind.LevelFiles`)."""
