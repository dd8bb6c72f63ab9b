"""Queens: an N x N board in N coloured regions; one queen per row, column and region; no two touch.

Pure: the level model, the player's board, the rules, the exact search, the
deduction engine (explained hints, grades) and the generator.
"""
