"""File name suffixes that every layer agrees on (the formats read them, the store lists them).

Kept in core because `formats` and `store` are independent siblings: each
imports this one tuple rather than spelling the list twice.
"""

from __future__ import annotations

IMAGE_SUFFIXES: tuple[str, ...] = (".png", ".jpg", ".jpeg", ".webp", ".bmp", ".gif")
"""Pictures read as levels (Queens, Tango, Zip screenshots); the content decides too."""
