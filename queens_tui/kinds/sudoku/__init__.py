"""Mini Sudoku: LinkedIn's 6x6 Sudoku, six 2x3 boxes, digits 1-6 once in every row, column, box.

Pure: the level model (`level`), the rules of the game (`rules`), the exact
search (`search`), the deduction engine with explained steps and grades
(`deduce`), the generator (`generate`), the rules of play (`play`) and the
batch interface the CLI talks to (`kind`). Never imports Textual or OR-Tools.
"""
