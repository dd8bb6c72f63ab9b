"""How a step reads: cells, rows, columns and regions named as a player counts them.

Kept apart from the rules so every sentence a hint says is phrased one way:
1-based rows and columns, runs of columns collapsed ("columns 1 to 4").
"""

from __future__ import annotations

from queens_tui.core.grid import cell_name, cells_phrase, join_words

__all__ = ["cell_name", "cells_phrase", "join_words", "number_word"]


_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def number_word(k: int) -> str:
    return _NUMBERS[k] if k < len(_NUMBERS) else str(k)
