"""Mini Sudoku: LinkedIn's 6x6 Sudoku, six 2x3 boxes, digits 1-6 once in every row, column, box.

Pure: the level model (`level`), the rules of the game (`rules`), the exact
search (`search`), the deduction engine with explained steps and grades
(`deduce`), the generator (`generate`), the rules of play (`play`) and the
batch interface the CLI talks to (`kind`). Never imports Textual or OR-Tools.
"""

from __future__ import annotations

from queens_tui.core.kind import LevelFiles

FILES = LevelFiles("queens_tui.formats.sudoku", (("sudoku",), ".0123456"))
"""How its level files are read, declared here so that telling a file's kind imports
nothing of the kind (`core.kind.LevelFiles`)."""
