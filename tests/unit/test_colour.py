"""Issue 39 items 1 and 2: the colour measure (Machado 2009 simulations, CIEDE2000) and the
palettes' figures over every bundled and daily Queens board."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from queens_tui.app.palette import POOLS, board_figure, neighbours, region_colors
from queens_tui.core.colour import (
    THRESHOLD,
    VISIONS,
    assign,
    ciede2000,
    difference,
    figure,
    seen,
    simulate,
    touching_pairs,
)
from queens_tui.formats.bundled import bundled_levels
from queens_tui.formats.queens import load
from queens_tui.kinds.queens.calendar import decode
from queens_tui.kinds.queens.level import Level

SHARMA_2005 = [
    (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
    (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
    (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
    (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
    (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
    (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
    (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
    (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
    (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
    (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
    (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
    (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
    (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
    (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
    (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
    (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
    (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
    (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
    (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
    (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
]
"""Sharma, Wu and Dalal (2005), Table 1: (L1, a1, b1, L2, a2, b2, CIEDE2000), all 34 pairs."""


@pytest.mark.parametrize("row", SHARMA_2005)
def test_ciede2000_matches_every_published_pair_both_ways(row: tuple[float, ...]) -> None:
    a, b, expected = row[:3], row[3:6], row[6]
    assert ciede2000(a, b) == pytest.approx(expected, abs=1e-4)  # type: ignore[arg-type]
    assert ciede2000(b, a) == pytest.approx(expected, abs=1e-4)  # type: ignore[arg-type]


def test_simulations_keep_greys_and_merge_red_with_green_only_for_red_green_eyes() -> None:
    for vision in VISIONS:  # the rows of each matrix sum to 1: a grey stays that grey
        white, grey = simulate("#ffffff", vision), simulate("#777777", vision)
        assert white == pytest.approx((1.0, 1.0, 1.0), abs=1e-3)
        assert grey[0] == pytest.approx(grey[1], abs=2e-3) == pytest.approx(grey[2], abs=2e-3)
    assert seen("#ffffff") == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    # LinkedIn's red and green: far apart to everyone but protanopes and deuteranopes
    red, green = "#ff7b60", "#b3dfa0"
    assert difference(red, green) > 30 and difference(red, green, "tritan") > 20
    assert difference(red, green, "protan") < 20 and difference(red, green, "deutan") < 15


def test_a_boards_figure_is_its_closest_touching_pair_for_each_eye() -> None:
    colors = ("#ff7b60", "#b3dfa0", "#ff7b60")  # region 0 touches 1; 2 touches nobody
    got = figure(colors, touching_pairs([{1}, {0}, set()]))
    assert set(got) == set(VISIONS)
    assert got == {v: difference("#ff7b60", "#b3dfa0", v) for v in VISIONS}
    assert figure(colors, []) == dict.fromkeys(VISIONS, math.inf)


def test_assign_gives_touching_regions_far_colours_whatever_their_index() -> None:
    # a ring of four regions: 0-1-2-3-0, and a fifth touching all of them
    ring = [{1, 3, 4}, {0, 2, 4}, {1, 3, 4}, {0, 2, 4}, {0, 1, 2, 3}]
    pool = POOLS["colour-blind"]
    colors = assign(ring, pool)
    assert len(colors) == 5 and set(colors) <= set(pool)
    assert min(figure(colors, touching_pairs(ring)).values()) >= 30
    assert assign(ring, pool) == colors  # deterministic
    fixed = assign(ring, pool, given={4: "#123456"})
    assert fixed[4] == "#123456"


def _boards(step: int = 1) -> list[tuple[str, Level]]:
    """Every bundled Queens level and every daily of 2026-2028 (every `step`-th of them)."""
    found: list[tuple[str, Callable[[], Level]]] = [
        (i, partial(load, p)) for i, p in bundled_levels("queens")
    ]
    for year in (2026, 2027, 2028):
        path = Path("levels/daily/queens") / f"{year}.days"
        lines = path.read_text().splitlines()
        found += [
            (f"{year}:{k}", partial(decode, s))
            for k, s in enumerate(lines)
            if s.strip() not in ("", "-") and not s.startswith("#")
        ]
    return [(name, read()) for name, read in found[::step]]


def _worst(palette: str, boards: list[tuple[str, Level]]) -> tuple[float, str]:
    return min((board_figure(region_colors(lv, palette), neighbours(lv)), i) for i, lv in boards)


@pytest.mark.parametrize("palette", ["colour-blind", "high-contrast"])
def test_palettes_keep_touching_regions_apart_on_a_sample_of_boards(palette: str) -> None:
    """A fiftieth of the boards (the whole sweep is `slow`): at least 30 apart for every eye,
    where 20 is the bar (`THRESHOLD`)."""
    boards = _boards(step=50)
    assert len(boards) >= 19
    worst, where = _worst(palette, boards)
    assert worst >= 30 > THRESHOLD, where


@pytest.mark.slow
def test_palettes_keep_touching_regions_apart_on_every_board() -> None:
    """Every bundled Queens level and every daily of 2026-2028 (986 boards, ~2 s a palette):
    the colour-blind palette's worst touching pair is 30.1 for the eye it serves worst; the
    standard palette, LinkedIn's look, falls to 2.5 (protanopes, tritanopes), so it shows
    region letters by itself."""
    boards = _boards()
    assert len(boards) >= 900
    assert _worst("colour-blind", boards)[0] >= 30
    assert _worst("high-contrast", boards)[0] >= 30
    assert _worst("standard", boards)[0] < THRESHOLD
