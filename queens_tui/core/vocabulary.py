"""Words and limits every layer shares: one home for each (see also `core.suffixes`).

Difficulty names are the same for every kind (a kind's grader maps its
rules onto them); glyphs are the Queens board's marks as drawn in the
terminal, with their `--ascii` stand-ins.
"""

from __future__ import annotations

from enum import Enum


class Difficulty(str, Enum):
    """A level's grade, the same four for every kind, easiest first: the one place their names
    are written. A `str`, so a file, a JSON line or `--difficulty` holds its word ("easy")."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)


DIFFICULTIES: tuple[str, ...] = tuple(d.value for d in Difficulty)
"""Every kind's difficulty grades, easiest first (files, `--difficulty`, the browser)."""

QUEEN, CROSS = "♛", "×"
"""A queen and a cross as drawn on the board and in the status line."""
ASCII_QUEEN, ASCII_CROSS = "Q", "x"
"""The same with `--ascii`."""


def glyphs(ascii: bool) -> tuple[str, str]:
    """(queen, cross) for the terminal: Unicode, or plain letters with `--ascii`."""
    return (ASCII_QUEEN, ASCII_CROSS) if ascii else (QUEEN, CROSS)


ASCII_TEXT: dict[str, str] = {
    "×": "x",
    "·": ".",
    "…": "...",
    "—": "-",
    "–": "-",
    "→": "->",
    "←": "<-",
    "↑": "^",
    "↓": "v",
    "✔": "(ok)",
    "✓": "(ok)",
    "▶": ">",
    "⏎": "enter",
    "⌫": "bksp",
    "♛": "Q",
    "♕": "q",
    "☀": "S",
    "☾": "M",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "🟥": "R",
    "🟧": "O",
    "🟨": "Y",
    "🟩": "G",
    "🟦": "B",
    "🟪": "P",
    "🟫": "N",
    "⬜": "W",
}
"""What `--ascii` writes instead of each non-ASCII character the game's text uses (the
share squares become their colour's initial); anything else non-ASCII is dropped."""


def to_ascii(text: str) -> str:
    """`text` in plain ASCII for `--ascii`: known glyphs spelled out (`ASCII_TEXT`),
    accents stripped, emoji and other symbols dropped (and the spaces they leave)."""
    if text.isascii():
        return text
    import unicodedata

    text = text.replace("👑s", "queens")  # the share text's "First 👑s:"

    out: list[str] = []
    skip_space = False
    for ch in text:
        if skip_space and ch == " ":
            skip_space = False
            continue
        skip_space = False
        if ch.isascii():
            out.append(ch)
            continue
        got = ASCII_TEXT.get(ch)
        if got is None:
            got = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        if got:
            out.append(got)
        else:  # dropped: so is the space after it, when it had one before it too
            skip_space = not out or out[-1].endswith((" ", "\n"))
    return "\n".join(line.rstrip(" ") for line in "".join(out).split("\n"))


def mmss(seconds: float, *, short: bool = False) -> str:
    """A time as `mm:ss` (the clock, best times); minutes keep counting past 59. `short`
    drops the minutes' leading zero, as LinkedIn's share line writes it (`0:27`)."""
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes}:{secs:02d}" if short else f"{minutes:02d}:{secs:02d}"
