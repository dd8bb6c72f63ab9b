"""Zip's hints at 80x24 (issue 42): the daily of 2026-11-29 opened with a probe hint ("Trial:
with the step from the 6 at row 2, column 5 ... the rules run into a…") cut mid-sentence in
the two lines under the board. Now its words fit: whole clauses, the rule named as its lesson
names it, the conclusion kept; and every Zip hint names its rule in its lesson's words."""

from __future__ import annotations

import textwrap

import pytest

from queens_tui.app import create_app
from queens_tui.app.widgets.message import fit_text, without_asides
from queens_tui.catalog.refs import open_arg
from queens_tui.core.play import Deadline
from queens_tui.kinds import get_kind
from tests.player import playing
from tests.scenes import settled

DAY = "daily:zip:2026-11-29"
"""A frozen calendar day whose first hint is a probe (`levels/daily/zip/2026.days`)."""
PRESS = " Press h again to apply it."
NO_LOOP = ("No loop:", "No early finish:", "Numbers in order:")
"""The no-loop rule's three cases, each named in its lesson's title ("No loops, numbers in
order")."""


def hints_along(arg: str) -> list[tuple[str, str]]:
    """(rule, words) of each hint along the level's solution, as `h` then `h` plays it."""
    _, level = open_arg(arg)
    rules = get_kind("zip").play
    state = rules.new_state(level)
    out = []
    while not rules.is_solved(state):
        hint = rules.hint(state, Deadline(5.0))
        assert hint is not None and hint.move is not None
        out.append((hint.rule, hint.text))
        state = rules.apply(state, hint.move)
    return out


def names_its_rule(rule: str, text: str) -> bool:
    """The hint's first words are its rule's lesson title (or a case of it)."""
    if rule == "no-loop":
        return text.startswith(NO_LOOP)
    title, _ = get_kind("zip").lesson_words()[rule]
    return text.startswith(title + ":")


def cut_between_clauses(text: str, shown: str) -> bool:
    """Every "…" in `shown` stands where a clause of `text` ended (never inside one)."""
    whole = without_asides(text)
    for before in shown.split("…")[:-1]:
        if not any(before + end in whole for end in (",", ";", ":", ".")):
            return False
    return True


@pytest.mark.parametrize("width", [78, 60])
def test_every_hint_of_the_day_fits_two_lines_in_whole_clauses(width: int) -> None:
    found = hints_along(DAY)
    assert found[0][0] == "probe"
    for rule, text in found:
        assert names_its_rule(rule, text), text
        shown = fit_text(text + PRESS, width, 2)
        assert len(textwrap.wrap(shown, width)) <= 2, shown
        assert shown.startswith(text.split(":")[0]), shown  # the rule's name stays
        conclusion = text.rpartition(". ")[2]
        assert shown.endswith(conclusion), shown  # "The next stretch is 8 cells, to the 2."
        assert cut_between_clauses(text, shown), shown


async def test_the_days_first_hint_reads_whole_at_80x24(tmp_path) -> None:
    from .session_fixtures import make_store

    app = create_app(DAY, store=make_store(tmp_path), engine="search")
    async with playing(app, size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("h")
        await settled(pilot)
        message = app.game_screen.query_one("#message")
        shown = str(message.content)
        assert message.size == (78, 2)
        assert shown == (
            "Try a step and see it fail: the step from the 6 to row 3, column 5 leads to a "
            "contradiction… The next stretch is 8 cells, to the 2."
        )
        await pilot.resize_terminal(160, 30)  # room for more: more of the reasoning
        await settled(pilot)
        wide = str(message.content)
        assert wide.startswith("Try a step and see it fail:") and len(wide) > len(shown)


@pytest.mark.parametrize("arg", ["zip-1-6x6/018", "zip-2-7x7/001"])
def test_every_zip_hint_names_its_rule_as_its_lesson_does(arg: str) -> None:
    for rule, text in hints_along(arg):
        assert names_its_rule(rule, text), (rule, text)


async def test_at_80x24_without_colour_the_hint_s_cells_are_marked(tmp_path, monkeypatch) -> None:
    """The day's board at 80x24 has cells three columns wide; a hint's cells were only
    tinted there (marks needed five), so with NO_COLOR the hint showed nothing on the board.
    Now they carry `›` `‹` (what it reads) and `+` (where the path goes) beside their number."""
    from .session_fixtures import make_store

    monkeypatch.setenv("NO_COLOR", "1")
    app = create_app(DAY, store=make_store(tmp_path), engine="search")
    async with playing(app, size=(80, 24)) as pilot:
        await settled(pilot)
        view = app.game_screen.board_view

        def board() -> str:
            return "\n".join("".join(s.text for s in view.render_line(y)) for y in range(40))

        blank = board()
        assert "┃   │   │" in blank  # cells three columns wide
        await pilot.press("h")
        await settled(pilot)
        marked = board()
        assert "›" not in blank and "+" not in blank
        assert marked.count("+") >= 2 and marked.count("›") >= 1, marked
        assert sorted(c for c in marked if c.isdigit()) == sorted(c for c in blank if c.isdigit())


def test_the_probe_s_tried_step_is_marked_as_its_words_name_it() -> None:
    """The day's first hint says "the step from the 6 to row 3, column 5 leads to a
    contradiction": both cells are marked as what it reads (they were not: only the cells
    beside the path's end were), beside the stretch it places."""
    _, level = open_arg(DAY)
    rules = get_kind("zip").play
    hint = rules.hint(rules.new_state(level), Deadline(5.0))
    assert hint is not None and "the step from the 6 to row 3, column 5" in hint.text
    six = next((r, c) for r, row in enumerate(level.numbers) for c, n in enumerate(row) if n == 6)
    assert hint.marks[six] == hint.marks[(2, 4)] == "evidence"
    assert {role for role in hint.marks.values()} == {"evidence", "place"}
