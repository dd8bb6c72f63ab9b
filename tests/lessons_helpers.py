"""What the lesson tests share: lessons found quickly (one pack a kind), a cache written
from them, and the right move of a lesson found as a player's keys would make it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from queens_tui.catalog import lessons as catalog
from queens_tui.formats.bundled import bundled_levels


def first_pack(kind: str) -> list[tuple[str, Path]]:
    """The bundled levels of `kind`'s first pack (in play order)."""
    levels = bundled_levels(kind)
    pack = levels[0][0].rpartition("/")[0]
    return [(i, p) for i, p in levels if i.rpartition("/")[0] == pack]


@cache
def quick_lessons(kind: str) -> tuple[catalog.Lesson, ...]:
    """`kind`'s lessons found on its first pack alone (a second or so, not the whole build);
    a kind played on an empty board finds its own (`find_board_lessons`)."""
    if catalog.on_a_board(kind):
        return tuple(catalog.find_board_lessons(kind))
    return tuple(catalog.find_lessons(kind, first_pack(kind)))


def write_cache(root: Path, found: Any) -> None:
    """A lesson cache in data folder `root`, as `catalog.lessons` would have written it."""
    catalog._write_cache(root / catalog.CACHE_FILE, catalog.packs_stamp(), list(found))


def intents(kind: str) -> Iterator[tuple[str, str]]:
    """(first key, intent) of each of the kind's move keys (`play('<intent>')`)."""
    from queens_tui.app.kinds import get_ui

    for action in get_ui(kind).moves:
        found = re.fullmatch(r"play\('([^']+)'\)", action.action)
        if found:
            yield action.keys.split(",")[0], found.group(1)


def presses(
    kind: str, play: Any, rules: Any, right: bool = True
) -> list[tuple[tuple[int, int], str]] | None:
    """The (cell, key) presses of a move the lesson's rule gives (`right`), or of one it does
    not give, found by asking the kind what each key means on each cell (two presses where
    the first only anchors a corner); None when there is none."""
    start = play.start
    rows, cols = rules.dims(start.level)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for key, intent in intents(kind):
        for cell in cells:
            move = rules.interpret(start, intent, cell)
            if move is None:
                continue
            after = rules.apply(start, move)
            verdict = play.judge(rules, start, after)
            if verdict is not None:
                if verdict == right:
                    return [(cell, key)]
                continue
            for cell2 in cells:  # the first press only anchored: the second closes it
                move2 = rules.interpret(after, intent, cell2)
                if move2 is None:
                    continue
                if play.judge(rules, start, rules.apply(after, move2)) == right:
                    return [(cell, key), (cell2, key)]
    return None


def right_presses(kind: str, play: Any, rules: Any) -> list[tuple[tuple[int, int], str]] | None:
    """The presses of a move the lesson's rule gives (`presses`)."""
    return presses(kind, play, rules, right=True)
