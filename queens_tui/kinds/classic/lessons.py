"""The words of classic N-queens' lessons (what they are: `core.kind.KindBase.lesson_words`)."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "last cell": (
        "The last free cell",
        "Every row and every column holds one queen, and a queen attacks its row, column and "
        "diagonals. When a row or column has one cell left that no queen attacks and no cross "
        "covers, its queen goes there.",
    ),
}
