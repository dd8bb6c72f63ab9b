"""The words of Mini Sudoku's lessons (what they are: `core.kind.KindBase.lesson_words`)."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "hidden_single": (
        "Only one place for a digit",
        "Every row, column and 2×3 box holds each digit 1 to 6 once. When a digit has one "
        "place left in a box (or a row or column), it goes there.",
    ),
    "naked_single": (
        "Only one digit for a cell",
        "Read a cell's row, column and box together. When they rule out every digit but "
        "one, the cell holds that digit.",
    ),
    "naked_pair": (
        "A pair of cells, a pair of digits",
        "Two cells of a row, column or box that can hold only the same two digits share "
        "them. No other cell of that unit can hold either digit.",
    ),
    "hidden_pair": (
        "Two digits, two places",
        "When two digits fit only in the same two cells of a unit, those cells hold them. "
        "They can hold no other digit.",
    ),
    "pointing": (
        "A digit pointing out of its box",
        "When a box's places for a digit all lie in one row (or column), the digit is in "
        "that line. The rest of the line can't hold it.",
    ),
    "box_line": (
        "A line inside one box",
        "When a row's (or column's) places for a digit all lie in one box, the digit is "
        "there. The rest of that box can't hold it.",
    ),
    "naked_triple": (
        "Three cells, three digits",
        "Three cells of a unit whose candidates come from the same three digits hold those "
        "three. The unit's other cells lose them.",
    ),
    "hidden_triple": (
        "Three digits, three places",
        "When three digits fit only in the same three cells of a unit, those cells hold "
        "them and nothing else.",
    ),
    "probe": (
        "Try a digit and see it fail",
        "Put a digit in a cell and follow the simple rules. If some cell is left without a "
        "digit, or some unit without a place for one, the cell can't hold it.",
    ),
}
