"""What every kind's `generate` reads the same way: the seed text and the `--out` folder.

One home for both checks, so Queens and the other kinds refuse the same bad input
with the same line.
"""

from __future__ import annotations

from pathlib import Path

from queens_tui.core.errors import printable


def seed_base(seed: str | None) -> str:
    """The seed the levels are made from: `seed`, or a random one when none was given.

    Raises `ValueError` with the line to print when the seed is blank or unprintable.
    """
    if seed is None:
        import secrets

        return secrets.token_hex(4)
    if not seed.strip() or any(not ch.isprintable() for ch in seed):
        raise ValueError(
            "queens-tui generate: --seed must be printable text (letters, digits, ...)"
        )
    return seed


def out_folder(out: str | None) -> Path | None:
    """The `--out` folder, made if missing; None means standard output.

    Raises `ValueError` with the line to print when the folder cannot be made.
    """
    if out is None:
        return None
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ValueError(
            f"{printable(out)}: cannot create the folder: {err.strerror or err}"
        ) from None
    return folder
