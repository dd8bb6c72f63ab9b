"""How a step reads: cells, rows, columns and regions named as a player counts them.

Kept apart from the rules so every sentence a hint says is phrased one way:
1-based rows and columns, runs of columns collapsed ("columns 1 to 4").
"""

from __future__ import annotations

from queens_tui.kinds.queens.level import Cell


def cell_name(cell: Cell) -> str:
    """`(3, 1)` -> "row 4, column 2": 1-based, as a player counts."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def join_words(words: list[str]) -> str:
    """["a"] -> "a"; ["a", "b"] -> "a and b"; ["a", "b", "c"] -> "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def cells_phrase(cells: list[Cell]) -> str:
    """Cells grouped by row: "row 2, columns 3 and 5; row 4, columns 1 to 4"."""
    if len(cells) == 1:
        return cell_name(cells[0])
    by_row: dict[int, list[int]] = {}
    for r, c in sorted(set(cells)):
        by_row.setdefault(r, []).append(c)
    groups = []
    for r, cols in by_row.items():
        runs: list[str] = []
        start = prev = cols[0]
        following: list[int | None] = [*cols[1:], None]
        for nxt in following:
            if nxt is not None and nxt == prev + 1:
                prev = nxt
                continue
            if prev - start >= 2:
                runs.append(f"{start + 1} to {prev + 1}")
            else:
                runs.extend(str(k + 1) for k in range(start, prev + 1))
            if nxt is not None:
                start = prev = nxt
        plural = len(cols) > 1
        groups.append(f"row {r + 1}, column{'s' if plural else ''} {join_words(runs)}")
    return "; ".join(groups)


_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def number_word(k: int) -> str:
    return _NUMBERS[k] if k < len(_NUMBERS) else str(k)
