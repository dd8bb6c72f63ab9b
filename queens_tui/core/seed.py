"""Seeds as numbers: every generator's randomness starts here.

A level made from a seed must be the same on every machine and Python run (the
daily puzzle is generated offline by each player). `hash()` of a string varies
with PYTHONHASHSEED; SHA-256 does not.
"""

from __future__ import annotations

import hashlib


def seed_int(*parts: object) -> int:
    """A 64-bit integer from the parts' text by SHA-256: the same on every machine."""
    text = "\x1f".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
