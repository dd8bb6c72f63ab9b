"""The words of the classic N-queens lesson: the one rule its hint names (`last cell`). The
board comes from the engine (`catalog.lessons`), never from here."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "last cell": (
        "The last free cell",
        "Every row and every column holds one queen, and a queen attacks its row, column and "
        "diagonals. When a row or column has one cell left that no queen attacks and no cross "
        "covers, its queen goes there.",
    ),
}
