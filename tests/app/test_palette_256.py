"""Issue 28 item 10: on a 256-colour terminal every pair of regions stays apart, measured."""

from __future__ import annotations

import itertools
import math

from rich.color import Color, ColorSystem

from queens_tui.app.palette import FALLBACK_256, PASTELS, distance, lab, terminal_colors


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
