"""Classic N-queens: N queens on an N x N chessboard, no two on a row, column or diagonal.

Pure (no Textual, no OR-Tools, no numpy at import): counting (`count`),
listing (`listing`), the 8 symmetries of the square (`symmetry`), one
solution for any N by construction (`construct`), the board rules the game
plays by (`rules`) and the `KIND` object (`kind`). A solution is a tuple
`q` of 0-based columns, `q[r]` the column of the queen in row `r`.
"""

from __future__ import annotations

from queens_tui.core.kind import LevelFiles

Solution = tuple[int, ...]
"""A placement: the 0-based column of the queen in each row."""

FILES = LevelFiles("queens_tui.formats.classic", (("classic",), ""), board=True)
"""Files that set a position up on a board of a size (a lesson's board, `formats.classic`):
no puzzles of their own, so the kind is still played on a board (`core.kind.LevelFiles`)."""
