"""The scenes of the screenshots: each drives the app to one picture with a frozen clock.

They drive both the snapshot tests (`tests/snapshots/`) and `python scripts/screenshots.py`,
which writes `screenshots/*.svg`, so what the README shows is what the tests pin down. A fake
clock makes the timer read the same on every run.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import NamedTuple

from textual.pilot import Pilot

from queens_tui.app.app import QueensApp
from queens_tui.core.grid import Cell
from queens_tui.formats.queens.text import parse_text
from queens_tui.midend.levels import OpenLevel

Scene = Callable[[Pilot], Awaitable[None]]
"""Drives the app to one picture."""

SHOT_LEVEL = """\
# name: Morning walk
AAAAABBB
CAAABBBD
CCAAAEED
CCACDDDD
FCCCDDDD
FCCFFFDD
FFFFGGHG
FFFGGGGG
"""
"""An 8x8 level with one solution, made by our generator (seed "shot78")."""

SHOT_SOLUTION: tuple[Cell, ...] = ((0, 7), (1, 2), (2, 5), (3, 1), (4, 4), (5, 0), (6, 6), (7, 3))

SIZE = (100, 36)
"""Terminal size of every screenshot and snapshot."""


class SceneClock:
    """A clock the scenes set by hand: the timer shows what the scene says."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def shot_app(theme: str | None = None) -> QueensApp:
    """The app on the screenshot level, with a frozen clock."""
    app = QueensApp(OpenLevel(parse_text(SHOT_LEVEL)), now=SceneClock())
    if theme:
        app.theme = theme
    return app


async def walk(pilot: Pilot, cell: Cell) -> None:
    """Move the cursor to `cell` with arrow keys, as a player would."""
    view = pilot.app.screen.query_one("#board")
    r, c = view.cursor
    dr, dc = cell[0] - r, cell[1] - c
    keys = ["down" if dr > 0 else "up"] * abs(dr) + ["right" if dc > 0 else "left"] * abs(dc)
    if keys:
        await pilot.press(*keys)


async def tick(pilot: Pilot) -> None:
    """What the game's 0.25 s clock timer does, done now: the status line shows the scene's
    time however loaded the machine is (a real wait for the timer could miss its tick)."""
    from queens_tui.app.screens.game import GameScreen

    for screen in pilot.app.screen_stack:
        if isinstance(screen, GameScreen):
            screen._tick()
    await pilot.pause()


async def fresh(pilot: Pilot) -> None:
    """A fresh board: nothing placed, the cursor top-left."""
    await pilot.pause()


async def midgame(pilot: Pilot) -> None:
    """Three queens with their automatic crosses, a few manual ones, and a column conflict."""
    clock = pilot.app.now
    for cell in [(0, 7), (3, 1), (4, 4)]:
        await walk(pilot, cell)
        await pilot.press("enter")
    for cell in [(7, 0), (7, 1)]:
        await walk(pilot, cell)
        await pilot.press("x")
    await walk(pilot, (2, 4))  # auto-crossed by (4, 4), placed anyway: same column
    await pilot.press("enter")
    clock.t = 42.0
    await tick(pilot)


async def win(pilot: Pilot) -> None:
    """The win screen after solving by hand in 1:23."""
    clock = pilot.app.now
    for i, cell in enumerate(SHOT_SOLUTION):
        await walk(pilot, cell)
        if i == len(SHOT_SOLUTION) - 1:
            clock.t = 83.0
        await pilot.press("enter")
    await tick(pilot)


async def help_screen(pilot: Pilot) -> None:
    """The help screen over the board, opened once the live check has answered (a screen
    under a modal one is not redrawn, so a verdict arriving after the help opens would leave
    "checking…" in the picture on a loaded machine)."""
    await settled(pilot)
    await pilot.press("question_mark")
    await tick(pilot)


async def midgame_light(pilot: Pilot) -> None:
    """The mid-game board in the light theme (cells keep their colours)."""
    pilot.app.theme = "textual-light"
    await midgame(pilot)


def in_palette(name: str, scene: Scene) -> Scene:
    """`scene` with the regions drawn in palette `name` (as the settings screen sets it)."""

    async def run(pilot: Pilot) -> None:
        pilot.app.set_palette(name)  # type: ignore[attr-defined]
        await scene(pilot)

    run.__doc__ = f"{scene.__doc__} In the {name} palette."
    return run


async def hint(pilot: Pilot) -> None:
    """Two queens down, then `h`: the next step explained and highlighted."""
    for cell in SHOT_SOLUTION[:2]:
        await walk(pilot, cell)
        await pilot.press("enter")
    await settled(pilot)
    await pilot.press("h")
    pilot.app.now.t = 37.0
    await tick(pilot)


async def mistakes(pilot: Pilot) -> None:
    """A queen in no solution, then `m`: the status says mistake, the queen is marked."""
    for cell in [(0, 7), (2, 4)]:  # (2, 4) is in no solution, though nothing attacks it yet
        await walk(pilot, cell)
        await pilot.press("enter")
    await walk(pilot, (5, 2))
    await settled(pilot)
    await pilot.press("m")
    pilot.app.now.t = 51.0
    await tick(pilot)


async def settled(pilot: Pilot) -> None:
    """Let the solver's workers answer, so the status line is the same on every run: until
    no game screen's assistant waits for an answer (at most 20 s), then a repaint."""
    from queens_tui.app.screens.game import GameScreen

    app = pilot.app
    end = time.monotonic() + 20
    for _ in range(3):
        await pilot.pause()
        await app.workers.wait_for_complete()
        while app.jobs.busy and time.monotonic() < end:  # the daily generator, OR-Tools' import
            await asyncio.sleep(0.002)
        for screen in app.screen_stack:
            if isinstance(screen, GameScreen):
                while (
                    screen.midend.worker.busy or screen.midend.assistant.waiting
                ) and time.monotonic() < end:
                    await asyncio.sleep(0.002)
        await pilot.pause()


def _settle_after(scene: Callable[[Pilot], Awaitable[None]]) -> Callable[[Pilot], Awaitable[None]]:
    async def run(pilot: Pilot) -> None:
        await scene(pilot)
        await settled(pilot)

    run.__doc__ = scene.__doc__
    return run


SCENES: dict[str, Scene] = {
    name: _settle_after(scene)
    for name, scene in {
        "fresh": fresh,
        "midgame": midgame,
        "win": win,
        "help": help_screen,
        "midgame-light": midgame_light,
        "hint": hint,
        "mistakes": mistakes,
        "palette-colour-blind": in_palette("colour-blind", hint),
        "palette-high-contrast": in_palette("high-contrast", hint),
    }.items()
}
"""Screenshot name -> scene that drives the app there (workers settled at the end)."""


# --- Tango -------------------------------------------------------------------------------------

TANGO_SHOT = """\
# kind: tango
# name: Sunny side
# seed: shot-tango-12
# difficulty: medium
. . . . . 0
x
. 0 .x1 . .
  x
. . . . . .
      =
. . . .=. .
x         =
. 0 . . . .

. . . .x. .
"""
"""A 6x6 Tango level made by our generator (`generate --kind tango --seed shot-tango-12
--difficulty medium`), named for the pictures."""


def tango_app(ascii: bool = False) -> QueensApp:
    """The app on the Tango screenshot level, with a frozen clock."""
    from queens_tui.formats.tango import parse_text as parse_tango

    return QueensApp(OpenLevel(parse_tango(TANGO_SHOT)), now=SceneClock(), ascii=ascii)


async def tango_midgame(pilot: Pilot) -> None:
    """Suns and moons placed with keys, three moons side by side in row 3 (marked red),
    and a broken = sign in column 4."""
    for cell, key in [
        ((0, 0), "0"),
        ((0, 1), "1"),
        ((0, 2), "0"),
        ((2, 0), "0"),
        ((2, 1), "0"),
        ((2, 2), "0"),
        ((2, 3), "1"),
        ((3, 3), "0"),
    ]:
        await walk(pilot, cell)
        await pilot.press(key)
    await walk(pilot, (4, 4))
    pilot.app.now.t = 75.0
    await tick(pilot)


async def tango_hint(pilot: Pilot) -> None:
    """A few cells down, then `h`: the next step explained, its cells previewed."""
    for cell, key in [((0, 0), "0"), ((0, 1), "1"), ((0, 2), "0")]:
        await walk(pilot, cell)
        await pilot.press(key)
    await settled(pilot)
    await pilot.press("h")
    pilot.app.now.t = 31.0
    await tick(pilot)


TANGO_SCENES: dict[str, tuple[Scene, bool]] = {
    name: (_settle_after(scene), ascii)
    for name, (scene, ascii) in {
        "tango-fresh": (fresh, False),
        "tango-midgame": (tango_midgame, False),
        "tango-hint": (tango_hint, False),
        "tango-ascii": (tango_midgame, True),
    }.items()
}
"""Tango screenshots: name -> (scene, --ascii)."""


# --- Zip, Mini Sudoku, Patches and classic -----------------------------------------------------


def bundled_app(level_id: str, ascii: bool = False, engine: str | None = None) -> QueensApp:
    """The app on a bundled level, with a frozen clock and nothing saved."""
    from queens_tui.app import create_app
    from queens_tui.catalog import open_arg

    ref = OpenLevel(open_arg(level_id)[1], bundled_id=level_id)
    extra = {"engine": engine} if engine else {}
    return create_app(ref, persist=False, now=SceneClock(), ascii=ascii, **extra)


ZIP_SHOT = "zip-3-8x8/002"
"""An 8x8 Zip level with walls, from the bundled packs."""


def zip_app(ascii: bool = False) -> QueensApp:
    """The app on the Zip screenshot level."""
    return bundled_app(ZIP_SHOT, ascii=ascii)


async def zip_half(pilot: Pilot) -> None:
    """The first 33 cells of the solution's path drawn with arrow keys."""
    import itertools

    from queens_tui.kinds.zip.search import solutions

    board = pilot.app.screen.query_one("#board")
    path = solutions(board.level, 1)[0]  # type: ignore[attr-defined]
    names = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}
    steps = itertools.pairwise(path[:33])
    await pilot.press(*(names[(b[0] - a[0], b[1] - a[1])] for a, b in steps))
    await settled(pilot)


def sudoku_app() -> QueensApp:
    """The app on a Mini Sudoku level from the unit tests' data."""
    from queens_tui.formats.sudoku import parse
    from tests.unit.sudoku_data import LEVEL_1

    return QueensApp(OpenLevel(parse(LEVEL_1)), now=SceneClock())


async def sudoku_midgame(pilot: Pilot) -> None:
    """Notes 2 and 6 in r1c1, three digits placed, then a hint."""
    await pilot.press("e", "2", "6", "e")
    for cell, key in [((0, 1), "3"), ((3, 2), "2"), ((2, 4), "6")]:
        await walk(pilot, cell)
        await pilot.press(key)
    await settled(pilot)
    await pilot.press("h")
    await settled(pilot)
    pilot.app.now.t = 42.0  # type: ignore[attr-defined]
    await tick(pilot)


PATCHES_SHOT = "patches-2-medium/009"
"""An 8x8 Patches level from the bundled packs."""


def patches_app() -> QueensApp:
    """The app on the Patches screenshot level (the search engine: the same answer each run)."""
    return bundled_app(PATCHES_SHOT, engine="search")


async def patches_drawn(pilot: Pilot) -> None:
    """Five patches of the solution dragged with the mouse, one wrong one, then a hint."""
    from queens_tui.kinds.patches import search

    board = pilot.app.screen.query_one("#board")
    solution = sorted(next(search.solutions(board.state.level)))  # type: ignore[attr-defined]
    drags = [((top, left), (bottom, right)) for top, left, bottom, right in solution[:5]]
    drags.append(((7, 0), (7, 7)))  # a wrong one
    for start, end in drags:
        await pilot.mouse_down(board, offset=board.cell_offset(start))  # type: ignore[attr-defined]
        await pilot.hover(board, offset=board.cell_offset(end))  # type: ignore[attr-defined]
        await pilot.mouse_up(board, offset=board.cell_offset(end))  # type: ignore[attr-defined]
    await pilot.press("h")
    await settled(pilot)


CLASSIC_SHOT = (0, 4, 7, 5, 2, 6, 1, 3)
"""One of the 92 solutions for N=8: the one the hunt scene has already found."""


def classic_app() -> QueensApp:
    """The classic 8-queens board, one solution already found."""
    from queens_tui.app import create_app
    from queens_tui.kinds.classic.kind import level

    return create_app(OpenLevel(level(8, [CLASSIC_SHOT])), now=lambda: 0.0, persist=False)


async def classic_hunt(pilot: Pilot) -> None:
    """Three queens placed mid-hunt, one square crossed."""
    await pilot.press("enter", "down", "right", "right", "right", "right", "enter")
    await pilot.press("down", "down", "left", "enter", "x")
    await settled(pilot)


def stats_app(days: int = 400) -> QueensApp:
    """The screenshot level over a data folder holding `days` days of a made-up player's
    record (`tests.stats_data`), "today" theirs: the stats screen's pictures never change
    with the date. The folder goes with the app."""
    import tempfile
    import weakref
    from pathlib import Path

    from queens_tui.store import Store
    from tests.stats_data import TODAY, record_stats, write_stats

    folder = tempfile.TemporaryDirectory(prefix="queens-tui-stats-")
    write_stats(Path(folder.name), record_stats(days))
    store = Store(folder.name, sync=False, today=lambda: TODAY)
    app = QueensApp(OpenLevel(parse_text(SHOT_LEVEL)), now=SceneClock(), store=store)
    weakref.finalize(app, folder.cleanup)
    return app


async def stats_screen(pilot: Pilot) -> None:
    """The stats screen (`g`) on the game's kind, Queens."""
    await pilot.press("g")
    await pilot.pause()


LESSON_SHOT = ("tango", "pair")
"""The lesson pictured: Tango's "two alike side by side", found by the engine on the first pack."""


def lesson_app() -> QueensApp:
    """The app on a bundled level (the lesson's screen goes on top in `lesson_scene`)."""
    return bundled_app("tango-1-easy/001")


async def lesson_scene(pilot: Pilot) -> None:
    """A lesson as `queens-tui learn` opens it, and `h`: the rule explained on its board."""
    import tempfile

    from queens_tui.app.screens.lessons import LessonScreen
    from queens_tui.midend.lesson import lesson_progress, open_lesson
    from tests.lessons_helpers import quick_lessons

    kind, rule = LESSON_SHOT
    lesson = next(x for x in quick_lessons(kind) if x.rule == rule)
    ref, play = open_lesson(lesson)
    progress = lesson_progress(tempfile.mkdtemp())
    app = pilot.app
    await app.push_screen(LessonScreen(ref, play, progress, now=SceneClock(), engine="search"))
    await pilot.pause()
    await pilot.press("h")
    await pilot.pause()


class Shot(NamedTuple):
    """One picture of `screenshots/`: the app, what drives it there, the terminal's size."""

    app: Callable[[], QueensApp]
    scene: Scene
    size: tuple[int, int] = SIZE


SHOTS: dict[str, Shot] = {
    **{name: Shot(shot_app, scene) for name, scene in SCENES.items()},
    **{
        name: Shot(lambda ascii=ascii: tango_app(ascii), scene)
        for name, (scene, ascii) in TANGO_SCENES.items()
    },
    "zip-midgame": Shot(zip_app, _settle_after(zip_half)),
    "sudoku-midgame": Shot(sudoku_app, _settle_after(sudoku_midgame)),
    "patches-midgame": Shot(patches_app, _settle_after(patches_drawn)),
    "patches-colour-blind": Shot(
        patches_app, _settle_after(in_palette("colour-blind", patches_drawn))
    ),
    "classic-hunt": Shot(classic_app, _settle_after(classic_hunt)),
    "stats": Shot(stats_app, _settle_after(stats_screen)),
    "lesson": Shot(lesson_app, _settle_after(lesson_scene), (80, 24)),
}
"""Every picture `scripts/screenshots.py` writes: `screenshots/<name>.svg`."""
