"""Issue 28 item 10: on a 16-colour terminal touching regions stay apart, measured, and where
two regions must share a colour the board shows each cell's region letter as well."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from rich.color import Color, ColorSystem

from queens_tui.app import create_app
from queens_tui.app.palette import (
    ANSI_16,
    FALLBACK_16,
    PASTELS,
    colors_16,
    distance,
    neighbours,
    region_colors,
    terminal_colors,
)
from queens_tui.formats import load_puzzle
from queens_tui.midend.levels import OpenLevel
from tests.player import playing
from tests.scenes import settled

LEVELS = sorted(Path("levels").glob("[0-9]-*/*.txt"))
"""The bundled Queens levels: 6x6 to 14x14."""


def _rich_16(color: str) -> int | None:
    """The ANSI colour number Rich itself would draw `color` as on 16 colours."""
    return Color.parse(color).downgrade(ColorSystem.STANDARD).number


def test_each_fallback_is_an_ansi_entry_rich_keeps() -> None:
    assert set(FALLBACK_16) == set(PASTELS)
    numbers = {_rich_16(entry) for entry in ANSI_16.values()}
    assert len(numbers) == len(ANSI_16)  # twelve different ANSI colours
    assert numbers.isdisjoint({0, 1, 4, 8})  # none of the dark ones dark ink vanishes on
    assert set(FALLBACK_16.values()) <= set(ANSI_16.values())


def test_a_board_of_up_to_twelve_regions_gets_twelve_different_colours() -> None:
    ours = [FALLBACK_16[p] for p in PASTELS[:12]]
    assert len(set(ours)) == 12
    smallest = min(distance(a, b) for a, b in itertools.combinations(ours, 2))
    assert smallest >= 28  # 28.3: magenta beside bright magenta
    rich = [_rich_16(p) for p in PASTELS[:12]]
    assert len(set(rich)) <= 6  # Rich's rounding: blue, green, grey, purple, pink, teal all 7


def test_touching_regions_never_share_a_colour_on_any_bundled_level() -> None:
    assert len(LEVELS) >= 200
    smallest, shared = float("inf"), 0
    for path in LEVELS:
        level = load_puzzle(str(path))
        touching = neighbours(level)
        shown = terminal_colors(region_colors(level), "standard", touching)
        assert shown == colors_16(region_colors(level), touching)
        for i, others in enumerate(touching):
            for j in others:
                smallest = min(smallest, distance(shown[i], shown[j]))
        shared += len(set(shown)) < len(shown)
    assert smallest >= 28, smallest  # 28.3 over the 216 bundled levels
    assert shared > 0  # 13x13 and 14x14 share colours between regions apart: letters tell them


def test_a_region_beside_one_that_took_its_colour_takes_another() -> None:
    blue = PASTELS[0]
    first, second = colors_16((blue, blue), [{1}, {0}])
    assert first == FALLBACK_16[blue] != second
    assert distance(first, second) == max(distance(first, e) for e in ANSI_16.values())
    assert colors_16((blue, blue), [set(), set()]) == (FALLBACK_16[blue],) * 2


@pytest.mark.parametrize(("path", "letters"), [(LEVELS[0], True), (LEVELS[-1], True)])
async def test_sixteen_colours_show_region_letters_where_colours_repeat(
    path: Path, letters: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sixteen colours never keep touching regions 20 apart for every eye (issue 39): the
    letters show by themselves, on a small board and on one whose colours repeat."""
    import textual.constants

    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "standard")
    level = load_puzzle(str(path))
    app = create_app(OpenLevel(level), persist=False)
    async with playing(app, size=(160, 50)) as pilot:
        await settled(pilot)
        assert app.console.color_system == "standard"
        view = app.game_screen.board_view
        assert set(view._colors) <= set(ANSI_16.values())
        assert view.figure < 20
        assert view.letters_shown is letters
        text = "".join(s.text for y in range(view.size.height) for s in view.render_line(y))
        assert not level.labels[-1].isdigit()
        assert (level.labels[-1] in text) is letters


async def test_patches_take_the_same_16_colour_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich rounded most clue colours to the one grey; the board now asks the palette."""
    import textual.constants

    from queens_tui.catalog import open_arg

    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "standard")
    app = create_app(OpenLevel(open_arg("patches-1-easy/001")[1]), persist=False)
    async with playing(app, size=(100, 36)) as pilot:
        await settled(pilot)
        colors = app.game_screen.board_view._clue_colors()
        assert set(colors) <= set(ANSI_16.values())
        assert len(set(colors)) == min(len(colors), 12)
