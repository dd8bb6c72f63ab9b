"""Patches (LinkedIn's Shikaku with shape clues), pure: level model, rules, exact search,
explained deduction, generator, rules of play and the batch `KIND` (see `kind.py`)."""
