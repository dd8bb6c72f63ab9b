"""The words of Patches' lessons (what they are: `core.kind.KindBase.lesson_words`)."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "single": (
        "One rectangle left",
        "Every clue gets one rectangular patch of its shape and size, holding no other "
        "clue. A clue with one rectangle left takes it.",
    ),
    "only_clue": (
        "Only one clue can reach a cell",
        "Every cell belongs to some patch. A cell only one clue can still reach is in that "
        "clue's patch: its rectangles that miss the cell are out.",
    ),
    "common": (
        "Cells a clue always covers",
        "The cells every rectangle left for a clue covers are that clue's, whichever it "
        "takes. Other clues' rectangles through them are out.",
    ),
    "probe": (
        "Try a rectangle and see it fail",
        "Imagine a clue takes a rectangle. If that leaves some cell no clue can cover, or "
        "some clue no room at all, the rectangle is out.",
    ),
}
