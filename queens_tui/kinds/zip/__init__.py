"""LinkedIn's Zip: one path through every cell, numbers in order, walls not crossed.

Pure (no Textual, no OR-Tools): `level` (the model), `rules` (what a path may
do), `search` (the exact solver), `deduce` (explained steps, grade),
`generate` (unique levels from a seed) and `kind` (the `KIND` object).
"""
