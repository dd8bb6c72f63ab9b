"""The big glyphs (`app/glyphs.py`): drawn big where a cell has room, the character otherwise."""

from __future__ import annotations

import pytest

from queens_tui.app.glyphs import (
    ART,
    LARGE,
    MARGIN,
    MOON,
    QUEEN,
    SUN,
    art,
    art_size,
    drawing,
    drawings,
    fits,
)


def test_every_drawing_is_a_rectangle_three_lines_tall_and_no_two_alike() -> None:
    for glyph, lines in ART.items():
        assert len(lines) == 3 and len({len(line) for line in lines}) == 1, glyph
        assert any(line.strip() for line in lines), glyph
    assert len(set(ART.values())) == len(ART)  # each reads back as one glyph
    for glyph, lines in LARGE.items():
        assert glyph in ART and {len(line) for line in lines} == {9} and len(lines) == 4
    assert len(set(LARGE.values())) == len(LARGE)


@pytest.mark.parametrize("glyph", [QUEEN, SUN, MOON, "7"])
def test_a_cell_too_small_gets_no_drawing_and_a_big_one_gets_it_centred(glyph: str) -> None:
    size = art_size(glyph)
    assert size is not None
    w, h = size
    assert art(glyph, w + 2 * MARGIN - 1, h) is None  # no column free for the cursor's bars
    assert art(glyph, w + 2 * MARGIN, h - 1) is None  # one line short
    assert art(glyph, 3, 1) is None  # the smallest cells of every board
    for width, height in [(w + 2 * MARGIN, h), (9, 4), (10, 6)]:  # too narrow for LARGE
        assert fits(glyph, width, height)
        lines = art(glyph, width, height)
        assert lines is not None and len(lines) == height
        assert {len(line) for line in lines} == {width}
        drawn = [line for line in lines if line.strip()]
        left = (width - w) // 2
        assert [line[left : left + w] for line in lines[(height - 1) // 2 - 1 :][:h]] == list(
            ART[glyph]
        )
        assert all(line[:MARGIN].isspace() and line[-MARGIN:].isspace() for line in drawn)


def test_the_drawing_sits_on_the_line_the_board_asks_for() -> None:
    lines = art(SUN, 9, 4, middle=2)  # Tango writes its symbols on line cell_h // 2
    assert lines is not None and not lines[0].strip() and lines[2].strip() == ART[SUN][1].strip()
    low = art(SUN, 9, 4, middle=3)  # too low for three lines: kept inside the cell
    assert low is not None and low[1:] == art(SUN, 9, 4, middle=2)[1:]  # type: ignore[index]


def test_a_number_is_its_digits_one_column_apart_and_other_glyphs_have_no_drawing() -> None:
    assert drawing("12") == tuple(a + " " + b for a, b in zip(ART["1"], ART["2"], strict=True))
    assert art_size("12") == (7, 3)
    assert drawing("×") is None and art("×", 20, 10) is None and art_size("Q") is None


@pytest.mark.parametrize("glyph", sorted(LARGE))
def test_a_big_cell_gets_the_large_drawing_and_a_middling_one_the_small(glyph: str) -> None:
    large, small = drawings(glyph)
    assert large == LARGE[glyph] and small == ART[glyph]
    assert [line.strip() for line in art(glyph, 11, 4) or ()] == [r.strip() for r in large]
    assert [line[2:11] for line in (art(glyph, 13, 6, middle=3) or ())[1:5]] == list(large)
    for width, height in [(10, 6), (11, 3), (9, 4)]:  # a column or a line short: the small one
        lines = art(glyph, width, height)
        assert lines is not None and [x.strip() for x in lines if x.strip()] == [
            r.strip() for r in small
        ]
