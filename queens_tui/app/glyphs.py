"""Big glyphs: the block-art drawings a board puts in a cell that has room for them.

One home for the art every board draws (queens, suns and moons, digits), so
the kinds look alike and a drawing is fixed once. Pure data and one function:
`art(glyph, width, height)` gives the glyph's drawing for a cell of that many
columns and lines when it fits with a column to spare at each side (where the
cursor's bars go), else None, and the board draws the single character as
before. Plain `--ascii` boards never ask: these are Unicode block elements.
"""

from __future__ import annotations

from typing import Final

QUEEN, SUN, MOON = "♛", "☀", "☾"
"""The single characters a board draws in a small cell (and the keys of `ART`)."""

ART: Final[dict[str, tuple[str, ...]]] = {
    QUEEN: ("▙▗█▖▟", "▐███▌", "▝▀▀▀▘"),  # a crown of three points on a band
    SUN: ("▗▄▄▄▖", "█████", "▝▀▀▀▘"),  # a round disc, as LinkedIn's sun
    MOON: ("▗▟▀▘ ", "██   ", "▝▜▄▖ "),  # a crescent opening right
    "0": ("█▀█", "█ █", "▀▀▀"),
    "1": ("▀█ ", " █ ", "▀▀▀"),
    "2": ("▀▀█", "█▀▀", "▀▀▀"),
    "3": ("▀▀█", " ▀█", "▀▀▀"),
    "4": ("█ █", "▀▀█", "  ▀"),
    "5": ("█▀▀", "▀▀█", "▀▀▀"),
    "6": ("█▀▀", "█▀█", "▀▀▀"),
    "7": ("▀▀█", "  █", "  ▀"),
    "8": ("█▀█", "█▀█", "▀▀▀"),
    "9": ("█▀█", "▀▀█", "▀▀▀"),
}
"""Each glyph's drawing: lines of equal width (every drawing is three lines tall)."""

LARGE: Final[dict[str, tuple[str, ...]]] = {
    QUEEN: ("▗  ▗█▖  ▖", "█▖▟███▙▗█", "▐███████▌", "▝▀▀▀▀▀▀▀▘"),
    SUN: (" ▄█████▄ ", "█████████", "█████████", " ▀█████▀ "),
    MOON: ("  ▄▟██▀▘ ", " ▐██▘    ", " ▐██▖    ", "  ▀▜██▄▖ "),
}
"""Bigger drawings (nine columns by four lines) of the glyphs big cells hold, used where they
fit (Tango's cells at 200x60 are 13 x 6: a 5 x 3 sun looked lost in them)."""

MARGIN = 1
"""Columns kept free at each side of a drawing: the cursor's bars sit there."""


def drawing(glyph: str) -> tuple[str, ...] | None:
    """The (small) drawing of `glyph` (None: it has none); a number of several digits is its
    digits one column apart."""
    got = ART.get(glyph)
    if got is not None or not glyph.isdigit():
        return got
    parts = [ART[d] for d in glyph]
    return tuple(" ".join(p[i] for p in parts) for i in range(len(parts[0])))


def drawings(glyph: str) -> list[tuple[str, ...]]:
    """Every drawing of `glyph`, biggest first (none: an empty list)."""
    small = drawing(glyph)
    return [d for d in (LARGE.get(glyph), small) if d is not None]


def art_size(glyph: str) -> tuple[int, int] | None:
    """(columns, lines) of `glyph`'s smallest drawing; None when it has none."""
    lines = drawing(glyph)
    return None if lines is None else (len(lines[0]), len(lines))


def fits(glyph: str, width: int, height: int) -> bool:
    """Whether a cell of `width` x `height` has room for a drawing of `glyph` (and margins)."""
    return art(glyph, width, height) is not None


def art(glyph: str, width: int, height: int, middle: int | None = None) -> tuple[str, ...] | None:
    """`glyph` drawn big in a `width` x `height` cell, by its biggest drawing that fits:
    `height` lines of `width` characters, the drawing centred across and its middle line on
    line `middle` of the cell (the line the board writes the single character on; default
    `(height - 1) // 2`); None when the cell is too small (draw the character)."""
    for lines in drawings(glyph):
        w, h = len(lines[0]), len(lines)
        if w + 2 * MARGIN > width or h > height:
            continue
        middle = (height - 1) // 2 if middle is None else middle
        left, top = (width - w) // 2, max(0, min(middle - h // 2, height - h))
        out = [" " * width] * height
        for i, line in enumerate(lines):
            out[top + i] = " " * left + line + " " * (width - w - left)
        return tuple(out)
    return None


__all__ = [
    "ART",
    "LARGE",
    "MARGIN",
    "MOON",
    "QUEEN",
    "SUN",
    "art",
    "art_size",
    "drawing",
    "drawings",
    "fits",
]


BOX = " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋"
"""Every box-drawing junction, indexed by arm weights (0 none, 1 thin, 2 thick):
`BOX[up * 27 + right * 9 + down * 3 + left]`."""
