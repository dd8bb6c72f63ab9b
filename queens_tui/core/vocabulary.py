"""Words and limits every layer shares: one home for each (see also `core.suffixes`).

Difficulty names are the same for every kind (a kind's grader maps its
rules onto them); glyphs are the Queens board's marks as drawn in the
terminal, with their `--ascii` stand-ins.
"""

from __future__ import annotations

DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""Every kind's difficulty grades, easiest first (files, `--difficulty`, the browser)."""

QUEEN, CROSS = "♛", "×"
"""A queen and a cross as drawn on the board and in the status line."""
ASCII_QUEEN, ASCII_CROSS = "Q", "x"
"""The same with `--ascii`."""


def glyphs(ascii: bool) -> tuple[str, str]:
    """(queen, cross) for the terminal: Unicode, or plain letters with `--ascii`."""
    return (ASCII_QUEEN, ASCII_CROSS) if ascii else (QUEEN, CROSS)
