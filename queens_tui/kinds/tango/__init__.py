"""Tango: an even N x N grid of suns and moons, balanced lines, no three alike, `=` and `×` signs.

Pure: the level model (`level`), the rules of the game (`rules`), the exact
search (`search`), the deduction engine with explained steps and grades
(`deduce`), the generator (`generate`) and the batch interface the CLI talks
to (`kind`). Never imports Textual or OR-Tools.
"""
