"""The lessons: a list per kind (done / not yet), and a lesson played on the game screen.

`LessonList` shows `catalog.lessons` (built in a thread the first time: seconds; then read
from its cache) with each lesson's state from `midend.lesson.lesson_progress`; enter opens
one on a `LessonScreen`, the game screen with the lesson's position set up and its moves
judged by the midend (`Midend(lesson=...)`). Nothing here knows a kind: the list shows the
catalog's words, the board is the game screen's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from queens_tui.app.screens.game import GameScreen
from queens_tui.core.vocabulary import to_ascii
from queens_tui.kinds import get_kind
from queens_tui.midend.jobs import Jobs

if TYPE_CHECKING:
    from queens_tui.catalog.lessons import Lesson
    from queens_tui.midend.lesson import LessonPlay, LessonProgress
    from queens_tui.midend.levels import OpenLevel

BUILD_GROUP = "lessons"
BUILD_SECONDS = 600.0
"""The first build's job limit (seconds of CPU on the bundled packs; a backstop)."""
DONE, NOT_YET = "✓ done   ", "· not yet"
ASCII_DONE, ASCII_NOT_YET = "+ done   ", ". not yet"


class LessonScreen(GameScreen):
    """The game screen on a lesson's board: escape goes back to the list."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *GameScreen.BINDINGS,
        Binding("escape", "back", "Lessons", id="lesson.back"),
    ]

    def __init__(
        self, ref: OpenLevel, play: LessonPlay, progress: LessonProgress, **kw: Any
    ) -> None:
        super().__init__(ref, lesson=play, progress=progress, **kw)
        self.then: int | None = None
        """Where the list goes next once this screen closes: the next (1) or previous (-1)
        lesson, or None (stay on the list)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return True
        return super().check_action(action, parameters)

    def action_back(self) -> None:
        """Back to the list of lessons."""
        self.dismiss(None)

    def action_next_level(self) -> None:
        """The next lesson of the list (`n`), through the list."""
        self.then = 1
        self.dismiss(None)

    def action_prev_level(self) -> None:
        """The previous lesson (`p`)."""
        self.then = -1
        self.dismiss(None)


class LessonList(Screen[None]):
    """Every kind's lessons, simplest rule first, each done or not yet."""

    DEFAULT_CSS = """
    LessonList #lessons-title { padding: 0 1; text-style: bold; }
    LessonList #lessons-note { padding: 0 1; color: $text-muted; }
    LessonList OptionList { height: 1fr; }
    LessonList #lessons-text { padding: 0 1; height: 3; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back", id="lessons.close"),
    ]

    def __init__(self, *, data: Any = None, ascii: bool = False, first: bool = False) -> None:
        super().__init__()
        self.data = data
        self.ascii = ascii
        self.first = first
        """The app's first screen (`queens-tui learn`): q quits."""
        self.items: list[Lesson] = []
        self.progress: LessonProgress | None = None

    def compose(self) -> ComposeResult:
        yield Static(
            "Lessons: a rule each, on a board where it is the next move", id="lessons-title"
        )
        finding = "Finding the lessons on the bundled levels" + ("..." if self.ascii else "…")
        yield Static(finding, id="lessons-note")
        yield OptionList(id="lessons")
        yield Static("", id="lessons-text", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        from queens_tui.midend.lesson import lesson_progress

        self.progress = lesson_progress(self.data)
        if self.progress.notice:
            self.notify(self.progress.notice, severity="warning", timeout=10)
        jobs = getattr(self.app, "jobs", None) or Jobs()
        data = self.data

        def work(token: object) -> list[Lesson]:
            from queens_tui.catalog.lessons import lessons

            return lessons(data)

        def done(found: list[Lesson]) -> None:
            self.app.call_from_thread(self._show, found)

        def failed(error: Exception) -> None:
            self.app.call_from_thread(self._failed, error)

        # The app's runner (daemon threads): quitting never waits for a first build.
        jobs.start(BUILD_GROUP, work, done, time_limit=BUILD_SECONDS, failed=failed)

    def _failed(self, error: Exception) -> None:
        self.query_one("#lessons-note", Static).update(
            self._plain(f"Could not find the lessons: {error}")
        )

    def _show(self, found: list[Lesson]) -> None:
        self.items = found
        self.refill()
        self.query_one(OptionList).focus()

    def refill(self) -> None:
        """The list, with each lesson's state as saved."""
        box = self.query_one(OptionList)
        highlighted = box.highlighted
        box.clear_options()
        yes, no = (ASCII_DONE, ASCII_NOT_YET) if self.ascii else (DONE, NOT_YET)
        kind = ""
        options: list[Option | None] = []
        for i, lesson in enumerate(self.items):
            if lesson.kind != kind:
                kind = lesson.kind
                options.append(Option(get_kind(kind).title, disabled=True))
            done = self.progress is not None and self.progress.is_done(lesson.id)
            options.append(
                Option(self._plain(f"  {yes if done else no}  {lesson.title}"), id=str(i))
            )
        box.add_options(options)
        count = sum(1 for x in self.items if self.progress and self.progress.is_done(x.id))
        dot = " - " if self.ascii else " · "
        self.query_one("#lessons-note", Static).update(
            f"{count} of {len(self.items)} done{dot}enter opens a lesson, escape goes back"
        )
        if highlighted is not None:
            box.highlighted = highlighted
        elif options:
            box.highlighted = 1

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Under the list: what the highlighted lesson teaches, in its own words."""
        text = ""
        if event.option.id is not None:
            text = self.items[int(event.option.id)].text
        self.query_one("#lessons-text", Static).update(self._plain(text))

    def _plain(self, text: str) -> str:
        """`text` in plain ASCII when the game draws in ASCII (`--ascii`)."""
        return to_ascii(text) if self.ascii else text

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None or self.progress is None:
            return
        self.open_lesson(self.items[int(event.option.id)])

    def open_lesson(self, lesson: Lesson) -> None:
        """Play `lesson` on the game screen; back here, its state is shown again."""
        from queens_tui.core.errors import LevelError
        from queens_tui.midend.lesson import open_lesson

        assert self.progress is not None
        try:
            ref, play = open_lesson(lesson)
        except LevelError as err:
            self.notify(str(err), severity="error")
            return
        app: Any = self.app
        screen = LessonScreen(
            ref,
            play,
            self.progress,
            ascii=self.ascii,
            engine=getattr(app, "engine", "cpsat"),
            keys=getattr(getattr(app, "keymap", None), "keys", None),
        )
        self.app.push_screen(screen, lambda _: self._back(lesson, screen.then))

    def _back(self, lesson: Lesson, step: int | None) -> None:
        """Back from a lesson: its state shown; `n` / `p` open the next or previous one."""
        self.refill()
        if step is None:
            return
        i = self.items.index(lesson) + step
        if 0 <= i < len(self.items):
            self.open_lesson(self.items[i])
        else:
            self.notify("That was the " + ("last" if step > 0 else "first") + " lesson.")

    def action_close(self) -> None:
        if self.first:
            self.app.exit()
        else:
            self.dismiss(None)


__all__ = ["LessonList", "LessonScreen"]
