"""The level browser (`l`): the daily puzzles and the bundled packs, filtered, with progress.

Three parts: the query (`catalog.listing`: which levels, which pass the filters,
what each row says: plain data, no Textual), the list widget
(`app.widgets.level_table`: line-API rows, columns fitted to the width), and
this screen, which wires filters, pack list, keys and mouse to them. It only
*chooses*: it dismisses with the chosen level's `catalog.LevelRef` (or None on
escape) and the game opens the level, generating a daily in a worker if it has
to.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Select, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from queens_tui.app.kinds import UIS
from queens_tui.app.widgets.keyline import key_links
from queens_tui.app.widgets.level_table import Column, LevelTable
from queens_tui.catalog.listing import (
    DAILY_DAYS,
    DAILY_PACK,
    SHOW_MODES,
    BrowserState,
    Entry,
    Listing,
    Row,
    Status,
    cycle,
    library_pack,
    pack_label,
)
from queens_tui.catalog.refs import LevelRef
from queens_tui.core.vocabulary import Difficulty
from queens_tui.kinds import DEFAULT_KIND

if TYPE_CHECKING:
    from queens_tui.midend.session import Store

_DIFF_STYLE: dict[str, str] = {
    Difficulty.EASY: "green",
    Difficulty.MEDIUM: "cyan",
    Difficulty.HARD: "yellow",
    Difficulty.EXPERT: "red",
}


class Mark(NamedTuple):
    """A row's mark: its glyph (`ascii` with --ascii), its style, what the legend adds."""

    glyph: str
    ascii: str
    style: str
    meaning: str


MARKS: dict[str, Mark] = {
    "solved": Mark("✔", "+", "bold green", ""),
    "helped": Mark("✱", "*", "yellow", ": only with a hint or the solver"),
    "playing": Mark("▶", ">", "bold cyan", ": in progress"),
}
"""The glyphs differ in shape, not only in colour, so that a narrow list can show a mark's
glyph alone (the legend beneath says what each means)."""

_HIDDEN_NAMES = {"best": "best time"}
"""What the "wider terminal shows" line calls a column, when not its label in lower case."""


TITLE_LEAST = 21
"""The narrowest the list's Level column gets before columns are dropped: an archive day's
title whole ("#813 · 2026-07-22 Wed"). At 80 columns the list has 45 cells, room for the
row number, a mark's glyph, such a title, Size and Difficulty."""

TITLE_WIDTH = 76
"""What the title bar holds at 80 columns (its padding aside)."""


class LevelBrowser(Screen["LevelRef | None"]):
    """Daily puzzles and packs with filters; dismisses with a `LevelRef`, or None on escape.

    `store` gives solved/in-progress state; `current` (a reference or a store
    key) puts the cursor on the level being played; `levels` is the bundled
    list (default: every kind's packs, `catalog.kind_levels`); `classic` adds the
    classic N-queens boards with their hunt (default: with the bundled list);
    `today` defaults to the store's; `state` carries filters from one opening
    to the next.
    """

    DEFAULT_CSS = """
    LevelBrowser {
        layout: vertical;
    }
    LevelBrowser #browser-title {
        height: 1;
        padding: 0 1;
        background: $panel;
        color: $foreground;
        text-style: bold;
    }
    LevelBrowser #filters {
        height: 1;
        margin: 1 0 0 0;
        padding: 0 1;
    }
    LevelBrowser #filters Label {
        width: auto;
        padding: 0 1 0 0;
        color: $text-muted;
    }
    LevelBrowser #filters Select {
        width: 18;
        margin: 0 2 0 0;
    }
    LevelBrowser #filters #f-size {
        width: 11;
    }
    LevelBrowser #shown {
        width: 1fr;
        text-align: right;
        color: $text-muted;
    }
    LevelBrowser #body {
        height: 1fr;
        margin-top: 1;
    }
    LevelBrowser #packs {
        width: 31;
        height: 1fr;
        border: round $primary 50%;
    }
    LevelBrowser #packs:focus {
        border: round $primary;
    }
    LevelBrowser #table-box {
        width: 1fr;
        height: 1fr;
        border: round $primary 50%;
        background: $surface;
    }
    LevelBrowser #table-box:focus-within {
        border: round $primary;
    }
    LevelBrowser #table-header {
        height: 1;
        text-style: bold;
        background: $panel;
        color: $foreground;
    }
    LevelBrowser #levels {
        height: 1fr;
    }
    LevelBrowser #hidden {
        display: none;
        height: 1;
        padding: 0 1;
        color: $text-muted;
        background: $panel;
    }
    LevelBrowser.-narrow #hidden {
        display: block;
    }
    LevelBrowser #empty {
        display: none;
        width: 1fr;
        height: 1fr;
        content-align: center middle;
        color: $text-muted;
        border: round $primary 50%;
    }
    LevelBrowser.-empty #empty {
        display: block;
    }
    LevelBrowser.-empty #table-box {
        display: none;
    }
    LevelBrowser #progress {
        display: none;
        height: 1;
        padding: 0 1;
        color: $accent;
    }
    LevelBrowser.-busy #progress {
        display: block;
    }
    LevelBrowser #legend {
        height: auto;
        padding: 0 1;
        color: $text-muted;
    }
    LevelBrowser #keys {
        height: auto;
        padding: 0 1;
        background: $panel;
        color: $foreground;
        link-style: none;
        link-color: $foreground;
        link-background-hover: $block-hover-background;
        link-style-hover: none;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back", id="browser.close"),
        Binding("s", "cycle('size', 1)", "Size", id="browser.size"),
        Binding("S", "cycle('size', -1)", "Size", show=False),
        Binding("d", "cycle('difficulty', 1)", "Difficulty", id="browser.difficulty"),
        Binding("D", "cycle('difficulty', -1)", "Difficulty", show=False),
        Binding("f", "cycle('show', 1)", "Show", id="browser.show"),
        Binding("F", "cycle('show', -1)", "Show", show=False),
        Binding("c", "clear_filters", "Clear filters", id="browser.clear"),
        Binding("right_square_bracket", "pack(1)", "Pack", key_display="[ ]", id="browser.pack"),
        Binding("left_square_bracket", "pack(-1)", "Pack", show=False),
        Binding("t", "today", "Today", id="browser.today"),
        Binding("g", "stats", "Stats", id="browser.stats"),
        Binding("o", "open_folder", "Open folder", id="browser.open_folder"),
        Binding("L", "learn", "Learn", id="browser.learn"),
    ]

    BIG_LIBRARY = 400
    """A library whose folder names more entries than this (`catalog.library.names`: a day
    file, or a day's folder of five) is found and read in the background, a progress line
    saying how far (tests/benchmarks/test_bench_library.py: 215 files list in about 0.1 s of
    CPU for the whole process; 2,000 days' 10,000 files take 2 s or more to read)."""

    def __init__(
        self,
        store: Store,
        current: LevelRef | str | None = None,
        *,
        levels: Sequence[tuple[str, Path]] | None = None,
        today: date | None = None,
        state: BrowserState | None = None,
        ascii: bool = False,
        days: int = DAILY_DAYS,
        classic: bool | None = None,
        kinds: Sequence[str] | None = None,
        packs: Sequence[Path] | None = None,
        library: Path | None = None,
    ) -> None:
        """`kinds`: the puzzle kinds listed (default: every kind the app plays, unless
        `levels` fixes the catalog: then Queens). `library`: a folder of LinkedIn's archive
        days (`catalog.library`) listed per kind (default: the daily folder, when it is one)."""
        super().__init__()
        from queens_tui.catalog import library as archive

        daily_dir = store.daily_dir
        if library is None and daily_dir is not None and archive.is_library(daily_dir):
            library = Path(daily_dir)
        self.library_root = library
        self.library: archive.Library | None = None
        self.cache = Path(store.root) / "cache" if store.root is not None else None
        self.grades = archive.load_grades(self.cache) if self.cache is not None and library else {}
        self._pending: Path | None = None
        if library is not None:
            if archive.names(library) <= self.BIG_LIBRARY:
                self.library = archive.scan(library)
            else:
                self._pending = library  # found and read in the background once on screen
        self._load_args = (levels, kinds, classic, days, packs)
        self.store = store
        self.current_key = current.key if isinstance(current, LevelRef) else current
        self.today = today or store.today()
        self.state = state if state is not None else BrowserState()
        self.ascii = ascii
        if kinds is None and levels is None:
            kinds = list(UIS)  # in the app's order
        self.listing = self._load()
        self._wanted_pack = self.state.pack  # a library's pack, listed once it is read
        self.listing.fix(self.state, self.current_key)
        self.shown: list[Entry] = []
        self._rows: dict[tuple[str, int], tuple[Text, ...]] = {}
        entries = self.listing.entries
        title_width = min(40, max([5, *(len(e.title) for e in entries)]))
        pack_width = max([5, *(len(e.pack) for e in entries if e.pack != DAILY_PACK)])
        number_width = max(2, len(str(len(entries))))
        self.columns = [
            Column("number", "#".rjust(number_width), number_width),
            Column("mark", "", 9, least=1, crop=True),  # narrow: the glyph alone
            Column("title", "Level", title_width, least=min(title_width, TITLE_LEAST)),
            Column("pack", "Pack", pack_width, drop=1),
            Column("size", "Size", 5, drop=3),
            Column("difficulty", "Difficulty", 10, drop=4),
            Column("best", "Best", 5, drop=2),
        ]

    def _load(self) -> Listing:
        levels, kinds, classic, days, packs = self._load_args
        return Listing.load(
            self.store,
            self.today,
            levels=levels,
            kinds=kinds,
            classic=classic,
            days=days,
            packs=packs,
            library=self.library,
            grades=self.grades,
        )

    @property
    def entries(self) -> list[Entry]:
        """Every level listed."""
        return self.listing.entries

    @property
    def status(self) -> dict[str, Status]:
        """Each listed level's standing in the store, by key."""
        return self.listing.status

    @property
    def packs(self) -> list[str]:
        """The pack list: `ALL_PACKS`, the dailies, then the bundled packs."""
        return self.listing.packs

    def _entry(self, key: str | None) -> Entry | None:
        return self.listing.by_key.get(key or "")

    # --- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="browser-title")
        with Horizontal(id="filters"):
            yield Label("Size")
            yield Select(
                [("all", 0)] + [(f"{n}×{n}", n) for n in self.listing.sizes if n is not None],
                value=self.state.size or 0,
                allow_blank=False,
                compact=True,
                id="f-size",
            )
            yield Label("Difficulty")
            yield Select(
                [("all", "")] + [(d, d) for d in self.listing.difficulties if d],
                value=self.state.difficulty or "",
                allow_blank=False,
                compact=True,
                id="f-difficulty",
            )
            yield Label("Show")
            yield Select(
                [(label, value) for value, label in SHOW_MODES],
                value=self.state.show,
                allow_blank=False,
                compact=True,
                id="f-show",
            )
            yield Static("", id="shown")
        with Horizontal(id="body"):
            yield OptionList(id="packs")
            with Vertical(id="table-box"):
                table = LevelTable(self.columns, id="levels")
                yield Static(table.header(), id="table-header")
                yield table
                yield Static("", id="hidden")
            yield Static("No level matches these filters: press c to clear them.", id="empty")
        yield Static("", id="progress")
        yield Static(self._legend(), id="legend")
        yield Static(self._keys(), id="keys")

    def on_mount(self) -> None:
        self._refresh(keep=self.current_key)
        self.table.focus()
        from queens_tui.midend.session import NOTICE_SECONDS

        for text in self.store.take_notices():  # a pack's unreadable index, set aside
            self.notify(text, severity="warning", timeout=NOTICE_SECONDS)
        if self._pending is not None:
            self._busy("Reading the library…")
            self._read_library(self._pending)
        elif self.library is not None:
            self._library_ready(self.library)

    # --- a LinkedIn archive library, read and graded in the background --------------------------

    def _busy(self, text: str) -> None:
        """The progress line (empty: hidden)."""
        self.query_one("#progress", Static).update(text)
        self.set_class(bool(text), "-busy")

    @work(thread=True, exclusive=True, group="library", exit_on_error=False)
    def _read_library(self, root: Path) -> None:
        """Find and read a big library's days off the UI thread, saying how far it is."""
        from queens_tui.catalog import library as archive

        worker = get_current_worker()
        found = archive.find(root)

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(
                self._busy, f"Reading the library: {done:,} of {total:,} days"
            )

        read = archive.read(found, progress=progress, cancelled=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._library_read, read)

    def _library_read(self, library: object) -> None:
        from queens_tui.catalog import library as archive

        assert isinstance(library, archive.Library)
        self.library = library
        self._pending = None
        self.listing = self._load()
        if self._wanted_pack in self.listing.packs:
            self.state.pack = self._wanted_pack
        self.listing.fix(self.state, self.current_key)
        self._rows.clear()
        self._set_filter_options()
        self._refresh()
        self._library_ready(library)

    def _library_ready(self, library: object) -> None:
        """Say what the folder holds that is not read; grade the days not graded yet."""
        from queens_tui.catalog import library as archive
        from queens_tui.midend.session import NOTICE_SECONDS

        assert isinstance(library, archive.Library)
        for line in library.lines:
            self.notify(line, severity="warning", timeout=NOTICE_SECONDS)
        todo = [d for d in library.all() if d.problem is None and d.stamp not in self.grades]
        if todo:  # busy from now, not from the first batch graded (half a second on)
            self._busy(f"Grading: 0 of {len(todo):,} days")
            self._grade(todo)
        else:
            self._busy("")

    @work(thread=True, exclusive=True, group="library-grades", exit_on_error=False)
    def _grade(self, todo: list[object]) -> None:
        """Our grade of each day not graded yet (a solve each), a batch at a time on screen,
        kept in the cache for the next listing."""
        from queens_tui.catalog import library as archive

        worker = get_current_worker()
        done: dict[str, archive.Graded] = {}
        batch_at = time.monotonic()
        for n, day in enumerate(todo, start=1):
            if worker.is_cancelled:
                break
            assert isinstance(day, archive.Day)
            done[day.stamp] = archive.grade_day(day)
            time.sleep(0.005)  # the solves hold the GIL: let the screen answer keys meanwhile
            if time.monotonic() - batch_at > 0.5 or n == len(todo):
                batch_at = time.monotonic()
                news, done = done, {}
                self.app.call_from_thread(
                    self._graded, news, f"Grading: {n:,} of {len(todo):,} days"
                )
        self.app.call_from_thread(self._graded, done, "")
        if self.cache is not None:
            archive.save_grades(self.cache, self.grades)

    def _graded(self, news: dict[str, object], progress: str) -> None:
        from queens_tui.catalog import library as archive
        from queens_tui.catalog.listing import library_entries

        self._busy(progress)
        if not news or self.library is None:
            return
        self.grades.update({k: v for k, v in news.items() if isinstance(v, archive.Graded)})
        stamps = set(news)
        days = archive.Library(
            self.library.root,
            {k: [d for d in v if d.stamp in stamps] for k, v in self.library.days.items()},
        )
        self.listing.update(library_entries(days, self.grades))
        self._rows.clear()
        self._set_filter_options()
        self._refresh()

    def _set_filter_options(self) -> None:
        """The size and difficulty lists, after the listing changed."""
        size = self.query_one("#f-size", Select)
        size.set_options([("all", 0)] + [(f"{n}×{n}", n) for n in self.listing.sizes if n])
        size.value = self.state.size or 0
        diff = self.query_one("#f-difficulty", Select)
        diff.set_options([("all", "")] + [(d, d) for d in self.listing.difficulties if d])
        diff.value = self.state.difficulty or ""

    def action_open_folder(self) -> None:
        """Ask for a folder of LinkedIn's archive days and list it (every kind at once)."""
        from queens_tui.app.screens.folder import FolderPrompt

        self.app.push_screen(FolderPrompt(), self._folder_chosen)

    def _folder_chosen(self, folder: str | None) -> None:
        from queens_tui.catalog import library as archive

        if not folder:
            return
        path = Path(folder).expanduser()
        if not path.is_dir():
            self.notify(f"{folder}: no such folder", severity="error")
            return
        if not archive.is_library(path):
            self.notify(
                f"{folder}: no LinkedIn archive day in it (YYYY-MM-DD_<game>.json, or "
                "YYYY-MM-DD/<game>.json, there or in outputs/)",
                severity="error",
            )
            return
        self.library_root = path
        self._wanted_pack = self.state.pack = library_pack(DEFAULT_KIND)
        app: Any = self.app
        app.library = path  # the next opening of the browser lists it too
        self._busy("Reading the library…")
        self._read_library(path)

    @property
    def table(self) -> LevelTable:
        """The level list."""
        return self.query_one("#levels", LevelTable)

    def _title(self) -> str:
        """Solved count and the daily streak of each kind whose dailies are listed (one kind:
        its streak in words; several: each kind's, current and best, without the bests when
        that would not fit 80 columns)."""
        head = f"Levels · {self.listing.solved} of {len(self.entries)} solved"
        kinds = list(dict.fromkeys(e.ref.kind or DEFAULT_KIND for e in self.entries if e.ref.day))
        streaks = [(kind, self.store.streak(self.today, kind)) for kind in kinds]
        if len(streaks) == 1:
            kind, streak = streaks[0]
            days = f"{streak.current} {'day' if streak.current == 1 else 'days'}"
            return f"{head} · {kind.capitalize()} daily streak {days} (best {streak.best})"
        if not streaks:
            return head
        each = " · ".join(f"{k.capitalize()} {s.current} ({s.best})" for k, s in streaks)
        title = f"{head} · daily streaks (best): {each}"
        if len(title) > TITLE_WIDTH:  # the bests go first: the current streaks are the news
            title = f"{head} · daily streaks: " + " · ".join(
                f"{k.capitalize()} {s.current}" for k, s in streaks
            )
        return title

    def _legend(self) -> Text:
        """What the marks mean (wraps on a narrow terminal rather than being cut)."""
        legend = Text()
        for name, mark in MARKS.items():
            legend.append_text(self._mark(name))
            legend.append(f"{mark.meaning}   ")
        return legend.append("(two clicks open a level)")

    def _mark(self, name: str) -> Text:
        """A row's mark: its glyph (`MARKS`), then its name ("" for a level with none)."""
        if name not in MARKS:
            return Text("")
        mark = MARKS[name]
        return Text(f"{mark.ascii if self.ascii else mark.glyph} {name}", style=mark.style)

    def _keys(self) -> str:
        """The key line (wraps when narrow): a Footer slows every opening, this costs nothing.

        Every key is also a link, so the mouse can do what the keys do.
        """
        keys = [
            ("enter", "open", "screen.play"),
            ("esc", "back", "screen.close"),
            ("s", "size", "screen.cycle('size', 1)"),
            ("d", "difficulty", "screen.cycle('difficulty', 1)"),
            ("f", "show", "screen.cycle('show', 1)"),
            ("c", "clear filters", "screen.clear_filters"),
            ("[ ]", "pack", "screen.pack(1)"),
            ("t", "today", "screen.today"),
            ("g", "stats", "screen.stats"),
            ("o", "folder", "screen.open_folder"),
            ("tab", "focus", "app.focus_next"),
        ]
        return key_links(keys)

    # --- filtering ------------------------------------------------------------------------------

    def _row(self, e: Entry, number: int) -> tuple[Text, ...]:
        """The cells of `e`'s row: Text, not str, so names are never read as markup."""
        row = self._rows.get((e.key, number))
        if row is None:
            row = self._rows[e.key, number] = self._cells(self.listing.row(e, number))
        return row

    def _cells(self, row: Row) -> tuple[Text, ...]:
        mark = self._mark(row.mark)
        diff = Text(row.difficulty, style=_DIFF_STYLE.get(row.difficulty, ""))
        number = Text(str(row.number).rjust(self.columns[0].width), style="dim")
        cells = (number, mark, Text(row.title), Text(row.pack), Text(row.size), diff)
        return (*cells, Text(row.best))

    def _refresh(self, keep: str | None = None) -> None:
        """Rebuild the pack list and the table from the filters, keeping the cursor's level."""
        table = self.table
        if keep is None and table.row_count:
            keep = self._highlighted_key()
        state = self.state
        found = self.listing.query(state)
        self.shown = found.shown
        packs = self.query_one("#packs", OptionList)
        if packs.option_count != len(self.packs):
            packs.clear_options()
            packs.add_options(Option(self._pack_label(p, 0, 0), id=p) for p in self.packs)
        for p in self.packs:
            packs.replace_option_prompt(p, self._pack_label(p, *found.counts[p]))
        index = self.packs.index(state.pack)
        if packs.highlighted != index:
            packs.highlighted = index
        rows = [(e.key, self._row(e, n)) for n, e in enumerate(self.shown, start=1)]
        table.set_rows(rows, keep)
        self.set_class(not self.shown, "-empty")
        what = "level" if len(self.shown) == 1 else "levels"
        self.query_one("#shown", Static).update(f"{len(self.shown)} {what} shown")

    @staticmethod
    def _pack_label(pack: str, solved: int, total: int) -> str:
        return f"{pack_label(pack):<16.16}{solved:>4}/{total:<4}"

    @on(LevelTable.ColumnsFitted, "#levels")
    def _columns_fitted(self, event: LevelTable.ColumnsFitted) -> None:
        """Say which columns a narrow terminal leaves out, and realign the header."""
        self.query_one("#table-header", Static).update(self.table.header())
        names = [_HIDDEN_NAMES.get(c.key, c.label.lower()) for c in event.hidden]
        self.query_one("#hidden", Static).update(f"wider terminal shows: {', '.join(names)}")
        self.set_class(bool(names), "-narrow")

    def _highlighted_key(self) -> str | None:
        return self.table.cursor_key

    @property
    def highlighted(self) -> Entry | None:
        """The level under the cursor."""
        return self._entry(self._highlighted_key())

    def _apply(self, size: int | None, difficulty: str | None, show: str) -> None:
        """Set the filters now (keys can come faster than Select messages) and mirror them."""
        state = self.state
        if (size, difficulty, show) == (state.size, state.difficulty, state.show):
            return
        state.size, state.difficulty, state.show = size, difficulty, show
        self._refresh()
        for which, value in (("size", size or 0), ("difficulty", difficulty or ""), ("show", show)):
            select = self.query_one(f"#f-{which}", Select)
            if select.value != value:
                select.value = value

    # --- events and actions ---------------------------------------------------------------------

    @on(Select.Changed, "#filters Select")
    def _select_changed(self, event: Select.Changed) -> None:
        """A filter chosen with the mouse (or the Select's own keys)."""
        value = event.value
        if value != event.select.value:
            # Stale: a key changed this Select again before the message arrived. Applying
            # it would undo the newer value and ping-pong between the two.
            return
        size, difficulty, show = self.state.size, self.state.difficulty, self.state.show
        if event.select.id == "f-size":
            size = value if isinstance(value, int) and value else None
        elif event.select.id == "f-difficulty":
            difficulty = value if isinstance(value, str) and value else None
        elif isinstance(value, str):
            show = value
        self._apply(size, difficulty, show)

    @on(OptionList.OptionHighlighted, "#packs")
    def _pack_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index != event.option_list.highlighted:
            # Stale: a key moved the list again before this message arrived. Applying it
            # would set the older pack back and ping-pong between the two for ever.
            return
        pack = event.option.id
        if pack is not None and pack != self.state.pack:
            self.state.pack = pack
            self._refresh()

    @on(OptionList.OptionSelected, "#packs")
    def _pack_selected(self, event: OptionList.OptionSelected) -> None:
        self.table.focus()

    @on(LevelTable.Selected, "#levels")
    def _row_selected(self, event: LevelTable.Selected) -> None:
        entry = self._entry(event.key)
        if entry is not None:
            self.dismiss(entry.ref)

    def action_play(self) -> None:
        """Open the level under the cursor (enter works in the list itself too)."""
        self.table.action_select()

    def action_close(self) -> None:
        """Back to the game, choosing nothing."""
        self.dismiss(None)

    def action_cycle(self, which: str, step: int) -> None:
        """Next (or previous) value of a filter."""
        state = self.state
        size, difficulty, show = state.size, state.difficulty, state.show
        if which == "size":
            size = cycle(self.listing.sizes, size, step)
        elif which == "difficulty":
            difficulty = cycle(self.listing.difficulties, difficulty, step)
        elif which == "show":
            show = cycle([v for v, _ in SHOW_MODES], show, step)
        self._apply(size, difficulty, show)

    def action_clear_filters(self) -> None:
        """All sizes, all difficulties, every level."""
        self._apply(None, None, "all")

    def action_pack(self, step: int) -> None:
        """The next (previous) pack in the list."""
        self.state.pack = str(cycle(self.packs, self.state.pack, step))
        self._refresh()

    def action_stats(self) -> None:
        """Your record (the stats screen), on the kind of the level being played."""
        from queens_tui.app.screens.stats import StatsScreen

        entry = self._entry(self.current_key)
        kind = entry.ref.kind if entry is not None else None
        self.app.push_screen(StatsScreen(self.store, kind, today=self.today, ascii=self.ascii))

    def action_learn(self) -> None:
        """The lessons (a short board for every rule the hints use)."""
        from queens_tui.app.screens.lessons import LessonList

        self.app.push_screen(LessonList(data=self.store.root, ascii=self.ascii))

    def action_today(self) -> None:
        """Put the cursor on today's puzzle (clearing what hides it)."""
        key = LevelRef.daily(self.today).key
        entry = self._entry(key)
        if key is None or entry is None:
            return
        if not self.state.matches(entry, self.listing.status[key]):
            self.state.pack = DAILY_PACK
            self._apply(None, None, "all")
        self._refresh(keep=key)
        self.table.focus()


__all__ = ["LevelBrowser"]
