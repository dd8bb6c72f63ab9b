"""Issue 28 item 10: on a 256-colour terminal every pair of regions stays apart, measured."""

from __future__ import annotations

import itertools
import math

from rich.color import Color, ColorSystem

from queens_tui.app.palette import FALLBACK_256, PASTELS, distance, lab, terminal_colors
from tests.player import playing


def _rich_256(color: str) -> str:
    """What Rich itself would round `color` to on 256 colours."""
    return Color.parse(color).downgrade(ColorSystem.EIGHT_BIT).get_truecolor().hex


def _smallest_gap(colors: list[str]) -> float:
    return min(distance(a, b) for a, b in itertools.combinations(colors, 2))


def _hue(color: str) -> float:
    _l, a, b = lab(color)
    return math.degrees(math.atan2(b, a))


def test_each_pastel_has_an_exact_256_colour_entry_close_to_it() -> None:
    assert set(FALLBACK_256) == set(PASTELS)
    for pastel, entry in FALLBACK_256.items():
        assert _rich_256(entry) == entry  # an xterm entry: Rich draws it as it is
        assert distance(pastel, entry) <= 22, pastel


def test_every_pair_of_regions_stays_apart_on_256_colours() -> None:
    ours = _smallest_gap(list(FALLBACK_256.values()))
    rich = _smallest_gap([_rich_256(p) for p in PASTELS])
    assert ours >= 19 and ours > 2 * rich  # 19.2 against Rich's 8.3 (mint and cyan)


def test_yellow_stays_yellow_beside_green() -> None:
    """Rich rounded LinkedIn's yellow to a lime (#d7ff87) next to the green region."""
    yellow, green = "#e6f388", "#b3dfa0"
    hue_shift = abs(_hue(FALLBACK_256[yellow]) - _hue(yellow))
    assert hue_shift < abs(_hue(_rich_256(yellow)) - _hue(yellow)) and hue_shift < 8
    assert distance(FALLBACK_256[yellow], FALLBACK_256[green]) >= 20


def test_only_a_256_colour_terminal_gets_the_fallbacks() -> None:
    colors = PASTELS[:3]
    assert terminal_colors(colors, "truecolor") == colors
    assert terminal_colors(colors, "256") == tuple(FALLBACK_256[c] for c in colors)
    assert terminal_colors(("#123456",), "256") == ("#123456",)  # a level's own colour


def test_the_mistake_tint_is_the_magenta_the_help_names_in_any_depth() -> None:
    """It was a crimson that 256 colours rounded to red on some cells (the clash's colour)."""
    import colorsys

    from queens_tui.app.palette import highlight

    def hue(color: str) -> float:
        t = Color.parse(color).get_truecolor()
        return colorsys.rgb_to_hsv(t.red / 255, t.green / 255, t.blue / 255)[0] * 360

    for pastel in PASTELS:
        tinted = highlight(pastel, "mistake")
        for shown in (
            tinted,
            _rich_256(tinted),
            _rich_256(highlight(FALLBACK_256[pastel], "mistake")),
        ):
            assert 290 <= hue(shown) <= 345, (pastel, shown)


async def test_the_cursor_keeps_its_region_colour_in_view(app8) -> None:
    """Issue 28 item 10: the cursor cell was darkened whole (its region's colour gone); on a
    cell wide enough it is framed by dark bars and its middle keeps the region's colour."""
    from queens_tui.app.palette import CURSOR_BARS

    from .conftest import SIZE, board_view, drawn

    async with playing(app8, size=SIZE) as pilot:
        await pilot.pause()
        view = board_view(app8)
        assert view.layout_now is not None and view.layout_now.cell_w >= 5
        cursor, other = (0, 0), (0, 1)
        region = view._colors[view.level.region_ids[0][0]]
        _glyph, style = drawn(view, cursor)
        assert style.bgcolor is not None and style.bgcolor.triplet.hex == region
        _x, y = view.cell_offset(cursor)
        bars = [
            seg.style.bgcolor.triplet.hex
            for seg in view.render_line(y)
            if seg.style and seg.style.bgcolor and seg.style.bgcolor.triplet
        ]
        assert CURSOR_BARS in bars
        await pilot.press("right")
        await pilot.pause()
        _glyph, moved = drawn(view, other)
        assert moved.bgcolor is not None
        assert moved.bgcolor.triplet.hex == view._colors[view.level.region_ids[0][1]]
