"""Patches (LinkedIn's Shikaku with shape clues), pure: level model, rules, exact search,
explained deduction, generator, rules of play and the batch `KIND` (see `kind.py`)."""

from __future__ import annotations

from queens_tui.core.kind import LevelFiles

FILES = LevelFiles("queens_tui.formats.patches", (("patches",), ""))
"""How its level files are read, declared here so that telling a file's kind imports
nothing of the kind (`core.kind.LevelFiles`)."""
