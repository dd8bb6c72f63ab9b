"""The catalog: which levels exist and how they are named, for the app and the CLI alike.

One home for a level's identity. A `LevelRef` names a level without loading it:
a bundled level by id (``2-medium/014``, ``tango-1-easy/003``), a file by path,
a day's daily puzzle of a kind (``daily:2026-11-01``, ``daily:tango:2026-11-01``),
or a classic N-queens board by size (``classic:8``). `parse_ref` reads what a
player types, `LevelRef.text` writes it back, `load` reads the level, `step`
answers "next / previous" (`n` and `p` in the game), and `kind_levels` lists
each kind's packs.

Layer: above formats and store (it reads both), below the app and the CLI;
no Textual (an import-linter contract says so), so all of it is tested without
a terminal. `catalog.listing` is the level browser's query (rows as plain data).
"""

from __future__ import annotations

from queens_tui.catalog.refs import (
    LevelRef,
    kind_levels,
    load,
    open_arg,
    pack_of,
    packs,
    parse_ref,
    step,
    step_day,
)

__all__ = [
    "LevelRef",
    "kind_levels",
    "load",
    "open_arg",
    "pack_of",
    "packs",
    "parse_ref",
    "step",
    "step_day",
]
