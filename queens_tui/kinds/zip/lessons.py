"""The words of Zip's lessons (what they are: `core.kind.KindBase.lesson_words`)."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "end-exit": (
        "Only free neighbour",
        "The path leaves 1 and ends on the last number, so each of them has one link. When "
        "1 (or the last number) has one open neighbour left, the path goes that way.",
    ),
    "corridor": (
        "Cut off otherwise",
        "The path passes through every cell, in one side and out another. A cell with only "
        "two open neighbours left must use both of them.",
    ),
    "no-loop": (
        "No loops, numbers in order",
        "The path is one line from 1 to the last number, meeting the numbers in order. A "
        "step that would close a loop, finish early or put the numbers out of order is out.",
    ),
    "dead-end": (
        "No dead ends",
        "Every cell but the two ends needs a way in and a way out. A step that would leave a "
        "neighbour with one way in makes it a dead end: the path doesn't go there.",
    ),
    "probe": (
        "Try a step and see it fail",
        "Imagine the path takes a step, then follow the simple rules. If they run into a "
        "contradiction, the path doesn't take that step.",
    ),
}
