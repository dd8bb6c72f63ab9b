"""The words of Tango's lessons (what they are: `core.kind.KindBase.lesson_words`)."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "sign": (
        "Signs",
        "An = between two cells means they hold the same symbol; an × means they differ. "
        "When one side of a sign is filled, the other side follows.",
    ),
    "pair": (
        "Two alike side by side",
        "No three suns or three moons may stand in a row. Two alike side by side force the "
        "other symbol into the cells at both ends.",
    ),
    "gap": (
        "Two alike with a gap",
        "Two alike with one empty cell between them would make three in a row if the gap "
        "took the same symbol: the gap takes the other one.",
    ),
    "half": (
        "A line's half is full",
        "Every row and column holds as many suns as moons. Once a line has its half of one "
        "symbol, its empty cells take the other.",
    ),
    "sign_three": (
        "An = pair beside a symbol",
        "Both cells of an = pair hold the same symbol. Beside a symbol, the pair can't take "
        "that symbol too, or three would stand together: both take the other.",
    ),
    "sign_quota": (
        "Counting × pairs",
        "Each × pair takes one sun and one moon. Count what a line still needs: when the × "
        "pairs use it up, its other empty cells take the other symbol.",
    ),
    "line": (
        "Every way to finish a line",
        "Write out every way the line can still be finished, balanced, with no three alike "
        "and its signs kept. A cell that is the same in all of them is settled.",
    ),
    "probe": (
        "Try a symbol and see it fail",
        "Put a symbol in a cell and follow the line rules. If some line then can't be "
        "finished, the cell takes the other symbol.",
    ),
}
