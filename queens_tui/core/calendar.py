"""The pieces every kind's calendar line shares: `<size><difficulty initial> <payload...>`.

A frozen daily calendar (`levels/daily/<kind>/YYYY.days`, read by `store.daily`)
holds one line a day; each kind's `calendar.py` packs its level into URL-safe
base64 payloads with these helpers (by `binascii`: the `base64` module costs an
import before the first frame).
"""

from __future__ import annotations

import binascii

from queens_tui.core.vocabulary import Difficulty

INITIAL: dict[str, str] = {
    Difficulty.EASY: "e",
    Difficulty.MEDIUM: "m",
    Difficulty.HARD: "h",
    Difficulty.EXPERT: "x",
}
"""A difficulty's letter in a calendar line's head (`-`: none)."""
DIFFICULTY: dict[str, str] = {v: k for k, v in INITIAL.items()}

_URLSAFE = str.maketrans({"+": "-", "/": "_", "=": None})
_STANDARD = str.maketrans({"-": "+", "_": "/"})
_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def b64(raw: bytes) -> str:
    """`raw` as URL-safe base64 without padding."""
    return binascii.b2a_base64(raw, newline=False).decode("ascii").translate(_URLSAFE)


def unb64(text: str) -> bytes:
    """`b64` back; `ValueError` for any other text."""
    if not set(text) <= _B64:
        raise ValueError("not URL-safe base64")
    return binascii.a2b_base64(text.translate(_STANDARD) + "=" * (-len(text) % 4))


def head(size: int, difficulty: str | None) -> str:
    """A line's first word: `6h`, `10-`."""
    return f"{size}{INITIAL.get(difficulty or '', '-')}"


def split(line: str, fields: tuple[int, ...]) -> tuple[int, str | None, list[str]]:
    """(size, difficulty, payloads) of a line with one of `fields` payload counts."""
    parts = line.split()
    if len(parts) - 1 not in fields:
        raise ValueError(f"{len(parts) - 1} payloads")
    first = parts[0]
    return int(first[:-1]), DIFFICULTY.get(first[-1]), parts[1:]
