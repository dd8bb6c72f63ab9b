"""Hints at 80x24 (issue 42 item 3), every kind: in the two lines of 78 columns under the board,
a hint reads whole or is cut where a clause ends, never inside one ("the rules run into a…").

Measured with the fitting before (main of 2026-11-29) on the same hints, the first three levels
of every bundled pack: 91 of 914 hints were cut inside a clause (Queens 23, Tango 4, Zip 21,
Mini Sudoku 3, Patches 40); now 1 (a Tango `line` step whose conclusion alone lists five cells).
"""

from __future__ import annotations

from collections import Counter

import pytest

from queens_tui.app.widgets.message import PRESS, fit_text, without_asides
from queens_tui.core.play import Deadline
from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels
from queens_tui.kinds import get_kind

AGAIN = " Press h again to apply it."


def how_cut(text: str, shown: str) -> str:
    """ "whole", "shortened" (asides or chained steps left out, no cut), "at a clause" or
    "inside a clause" (a "…" after words that end no clause of `text`)."""
    if shown == text:
        return "whole"
    if "…" not in shown:
        return "shortened"
    whole = without_asides(text)
    for before in shown.split("…")[:-1]:
        if not any(before + end in whole for end in (",", ";", ":", ".")):
            return "inside a clause"
    return "at a clause"


def hints(kind: str, per_pack: int) -> list[str]:
    """The words of every hint along the first `per_pack` levels of each of `kind`'s packs."""
    packs: dict[str, list[object]] = {}
    for level_id, path in bundled_levels(kind):
        packs.setdefault(level_id.rpartition("/")[0], []).append(path)
    rules = get_kind(kind).play
    out = []
    for paths in packs.values():
        for path in paths[:per_pack]:
            state = rules.new_state(load_puzzle(path))  # type: ignore[arg-type]
            while not rules.is_solved(state):
                hint = rules.hint(state, Deadline(5.0))
                if hint is None or hint.move is None:
                    break
                out.append(hint.text)
                state = rules.apply(state, hint.move)
    return out


@pytest.mark.parametrize("kind", ["queens", "tango", "zip", "sudoku", "patches"])
def test_hints_are_cut_between_clauses_at_80x24(kind: str) -> None:
    seen: Counter[str] = Counter()
    for text in hints(kind, 1):
        shown = PRESS.sub("", fit_text(text + AGAIN, 78, 2))
        assert shown.split(" ")[0] == text.split(" ")[0], shown  # how it starts stays
        seen[how_cut(text, shown)] += 1
    assert seen and seen["inside a clause"] <= sum(seen.values()) // 100, seen


def test_a_cut_conclusion_keeps_the_clue_it_is_said_of() -> None:
    """Patches' "...; that leaves the 8-cell clue at row 5, column 3 one rectangle: rows 4-7,
    columns 2-3." was cut to "... covers row 3, column 5…: rows 4-7, columns 2-3.", which
    reads as said of the clue named first (another one). The clue it is said of stays named."""
    said = [t for t in hints("patches", 2) if "; that leaves " in t]
    assert said
    for text in said:
        shown = PRESS.sub("", fit_text(text + AGAIN, 78, 2))
        clue = text.rpartition("; that leaves ")[2].partition(" one rectangle")[0]
        assert clue.startswith("the ") and clue in shown, shown


def test_a_list_of_numbers_or_letters_is_never_cut_inside() -> None:
    """Queens' daily of 2026-11-29 at 80x24 read "The free cells of columns 7…, so those
    three regions ...": the comma inside "columns 7, 8 and 9" was taken for a clause's end."""
    text = (
        "The free cells of columns 7, 8 and 9 all lie in regions B, C and H, so those three "
        "regions have their queens in columns 7, 8 and 9: cross out the rest of regions B, C "
        "and H."
    )
    shown = fit_text(text + AGAIN, 78, 2)
    assert shown == (
        "The free cells of columns 7, 8 and 9 all lie in regions B, C and H…: cross out the "
        "rest of regions B, C and H."
    )
