"""Issue 10 item 7: a clash and a mistake look different in truecolor, in 256 colours and with
`--ascii`, and a clash never hides the region's colour."""

from __future__ import annotations

from pathlib import Path

from rich.color import ColorSystem
from rich.style import Style

from queens_tui.app import create_app
from queens_tui.app.glyphs import QUEEN
from queens_tui.app.theme import QUEENS_CONFLICT as CONFLICT_QUEEN
from queens_tui.app.widgets.queens import CONFLICT_TINT, BoardView
from tests.app.reading import glyph_of
from tests.player import playing

from .assist_fixtures import settle
from .conftest import SIZE, board_view, go_to

CLASH = (0, 2)
"""In row 0, where the test's two queens fight (an auto-crossed cell between them)."""
MISTAKE = (5, 5)
"""A cell tinted as a wrong mark (`m`), away from the clash."""


def cell_segments(view: BoardView, cell: tuple[int, int]) -> list[tuple[str, Style]]:
    """Each column of `cell`'s glyph line: (character, style), left to right."""
    lay = view.layout_now
    assert lay is not None
    x0 = lay.left + cell[1] * lay.pitch_x + 1
    _, y = view.cell_offset(cell)
    out: list[tuple[str, Style]] = []
    pos = 0
    for seg in view.render_line(y):
        for ch in seg.text:
            if x0 <= pos < x0 + lay.cell_w:
                out.append((ch, seg.style or Style()))
            pos += 1
    return out


def backgrounds(cols: list[tuple[str, Style]], system: ColorSystem | None) -> tuple[str, ...]:
    """The background of each column, as a terminal of that colour depth shows it."""
    out = []
    for _, style in cols:
        color = style.bgcolor
        assert color is not None
        out.append(str(color.downgrade(system) if system else color.triplet.hex))  # type: ignore[union-attr]
    return tuple(out)


async def _clash_and_mistake(pilot, app) -> BoardView:
    view = board_view(app)
    await pilot.press("enter")  # a queen on (0, 0)
    await go_to(pilot, app, (0, 4))
    await pilot.press("enter")  # and one on (0, 4): row 0 clashes
    await go_to(pilot, app, (7, 0))  # the cursor away from both cells
    await settle(pilot, app)  # the live check's replies set the marks too: let them land first
    view.set_marks({MISTAKE: "mistake"})  # read at once by the caller, before anything else runs
    return view


async def test_clash_and_mistake_differ_in_truecolor_and_256_colours(app8) -> None:
    async with playing(app8, size=SIZE) as pilot:
        view = await _clash_and_mistake(pilot, app8)
        clash, mistake = cell_segments(view, CLASH), cell_segments(view, MISTAKE)
        region = view._colors[view.level.region_ids[CLASH[0]][CLASH[1]]]
        truecolor = backgrounds(clash, None)
        # the clash: red bars at both sides, the region's own colour between them
        assert truecolor[0] == truecolor[-1] == CONFLICT_TINT
        assert set(truecolor[1:-1]) == {region}
        # the mistake: the whole cell filled, no region colour left to mistake for a clash
        assert len(set(backgrounds(mistake, None))) == 1
        for system in (None, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD):
            c, m = backgrounds(clash, system), backgrounds(mistake, system)
            assert c != m and c[0] != c[len(c) // 2], system  # shapes differ in every depth
        queen, glyph = glyph_of(view, (0, 0))
        assert queen == QUEEN
        assert glyph.color is not None and glyph.color.triplet.hex == CONFLICT_QUEEN


async def test_clash_and_mistake_differ_without_colour_in_ascii(level8_file: Path) -> None:
    app = create_app(str(level8_file), persist=False, ascii=True)
    async with playing(app, size=SIZE) as pilot:
        view = await _clash_and_mistake(pilot, app)
        clash = "".join(ch for ch, _ in cell_segments(view, CLASH))
        mistake = "".join(ch for ch, _ in cell_segments(view, MISTAKE))
        queen = "".join(ch for ch, _ in cell_segments(view, (0, 0)))
        assert clash[0] == clash[-1] == "!" and "x" in clash, clash
        assert queen[0] == queen[-1] == "!" and "Q" in queen, queen
        assert mistake[0] == mistake[-1] == "*", mistake


async def test_tango_and_classic_mark_rule_breaks_and_mistakes_in_ascii() -> None:
    """The other kinds read without colour too: `*S*` a wrong Tango mark, `!Q!` clashing
    classic queens (their colours alone told them apart before)."""
    from queens_tui.kinds.classic.kind import level
    from queens_tui.midend.levels import OpenLevel

    app = create_app("tango-1-easy/001", persist=False, ascii=True, engine="search")
    async with playing(app, size=SIZE) as pilot:
        from tests.scenes import settled

        await settled(pilot)  # the live check's reply would clear the tint set below
        view = app.game_screen.board_view
        cell = (0, 0)
        view.set_marks({cell: "mistake"})
        y = view.cell_offset(cell)[1]
        text = view.render_line(y).text
        assert any(f"*{g}*" in text for g in "SM."), text
    app = create_app(OpenLevel(level(8, [])), persist=False, ascii=True, engine="search")
    async with playing(app, size=SIZE) as pilot:
        await pilot.press("enter", "right", "right", "enter")  # two queens in row 0
        view = app.game_screen.board_view
        assert view.render_line(view.cell_offset((0, 0))[1]).text.count("!Q!") == 2
