"""The level browser (`l`): the daily puzzles and the bundled packs, filtered, with progress.

Opening it must be instant with a few hundred levels, so it reads metadata
only, through each file's own reader (`formats.meta`: the header and the row
count, cached by path, size and mtime), never building a `Level`.
Daily puzzles are listed by date without generating them: a generated day's
size and difficulty follow the weekday
(`store.daily.shape_for`), a day with a file in the daily folder reads that
file's header. The screen only *chooses*: it dismisses with a `LevelChoice`
(or None on escape) and the game opens the level, generating a daily in a
worker if it has to.

Everything above the `LevelBrowser` class is plain Python, so the listing,
filtering and status logic is tested without a terminal.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import ClassVar, Literal, TypeVar

from rich.segment import Segment
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from queens_tui.app.kinds import UIS
from queens_tui.core.vocabulary import DIFFICULTIES
from queens_tui.formats.meta import LevelMeta, read_meta
from queens_tui.store import Store
from queens_tui.store.daily import daily_files, shape_for
from queens_tui.store.progress import daily_key, pack_key
from queens_tui.store.stats import LevelStats

DAILY_DAYS = 31
"""How many days the daily list shows: today and the 30 before it (plus any day played)."""

ALL_PACKS = "*"
"""The pack list entry that shows every level."""

DAILY_PACK = "daily"
"""The pack list entry of the daily puzzles."""

SHOW_MODES: tuple[tuple[str, str], ...] = (
    ("all", "all"),
    ("todo", "not solved"),
    ("playing", "in progress"),
    ("solved", "solved"),
)
"""The "show" filter: value and label, in the order `f` cycles them."""

_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


# --- what to open ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LevelChoice:
    """What the player picked: the browser's result.

    A pack level: `kind="pack"`, `id` its bundled id (``1-easy/001``), `path`
    its file. A daily: `kind="daily"`, `id` the ISO date, `date` the day,
    `path` the daily folder's file for that day, or None when the puzzle is
    generated (call `store.daily(choice.date)` in a worker: it can take a second).
    """

    kind: Literal["pack", "daily", "classic"]
    id: str
    path: Path | None = None
    date: date | None = None
    puzzle: str = "queens"
    """The puzzle kind (`kinds.KINDS`): each kind has its packs and its daily puzzle."""

    @property
    def key(self) -> str:
        """The store key of this level (progress and stats)."""
        if self.kind == "daily":
            assert self.date is not None
            key = daily_key(self.date)
            return key if self.puzzle == "queens" else f"{self.puzzle}-{key}"
        if self.kind == "classic":
            return f"classic:{self.id}"  # store.progress.grid_key of the classic board
        return pack_key(self.id)

    @classmethod
    def pack(cls, level_id: str, path: Path | None = None) -> LevelChoice:
        """A bundled level."""
        return cls("pack", level_id, path)

    @classmethod
    def daily(
        cls, day: datetime.date, path: Path | None = None, puzzle: str = "queens"
    ) -> LevelChoice:
        """A day's puzzle (of kind `puzzle`)."""
        return cls("daily", day.isoformat(), path, day, puzzle)

    @classmethod
    def classic(cls, size: int) -> LevelChoice:
        """The classic N-queens board of `size` (its hunt)."""
        return cls("classic", str(size))


# --- the catalog --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One row of the browser: a level, where it comes from, and what we know of it."""

    choice: LevelChoice
    pack: str
    """`DAILY_PACK` or the bundled pack (the level id's folder)."""
    title: str
    size: int | None
    difficulty: str | None

    @property
    def key(self) -> str:
        """The store key (also the table's row key)."""
        return self.choice.key


def pack_of(level_id: str) -> str:
    """The pack of a bundled level: its folder (``1-easy/001`` -> ``1-easy``)."""
    folder, _, _ = level_id.rpartition("/")
    return folder or "levels"


def pack_entries(levels: Iterable[tuple[str, Path]]) -> list[Entry]:
    """Rows for the bundled levels, in bundled order."""
    out = []
    for level_id, path in levels:
        meta = read_meta(path)
        title = meta.name or level_id.rpartition("/")[2]
        out.append(
            Entry(
                LevelChoice.pack(level_id, path),
                pack_of(level_id),
                title,
                meta.size,
                meta.difficulty,
            )
        )
    return out


CLASSIC_PACK = "classic"
"""The pack of the classic N-queens boards, one row per size with the hunt's progress."""


def classic_entries(found: Callable[[int], int] | None = None) -> list[Entry]:
    """Rows for the classic boards 4..16: "8 queens · 3 of 92 found" (`found(size)` counts
    the hunt; default: read from the hunt files)."""
    from queens_tui.kinds.classic.kind import KNOWN_COUNTS, MAX_SIZE, MIN_SIZE

    if found is None:
        from queens_tui.store.hunt import load_found

        def found(size: int) -> int:
            return len(load_found(size))

    out = []
    for n in range(MIN_SIZE, MAX_SIZE + 1):
        title = f"{n} queens · {found(n):,} of {KNOWN_COUNTS[n][0]:,} found"
        out.append(Entry(LevelChoice.classic(n), CLASSIC_PACK, title, n, None))
    return out


def played_days(keys: Iterable[str], prefix: str = "daily:") -> set[date]:
    """The days of the ``daily:YYYY-MM-DD`` keys among `keys` (``tango-daily:``: `prefix`)."""
    days = set()
    for key in keys:
        if key.startswith(prefix):
            try:
                days.add(date.fromisoformat(key[len(prefix) :]))
            except ValueError:
                continue
    return days


def daily_entries(
    today: date,
    daily_dir: Path | None,
    *,
    played: Iterable[date] = (),
    days: int = DAILY_DAYS,
) -> list[Entry]:
    """Rows for the daily puzzles, newest first, without generating any.

    The last `days` days up to today, every day the player has played (from
    the store), and every dated file in the daily folder up to today (a file
    for a later day is not shown: it would be a spoiler).
    """
    files = {d: p for d, p in daily_files(daily_dir).items() if d <= today} if daily_dir else {}
    wanted = {today - timedelta(days=k) for k in range(days)}
    wanted |= {d for d in played if d <= today}
    wanted |= set(files)
    out = []
    for day in sorted(wanted, reverse=True):
        path = files.get(day)
        label = f"{day.isoformat()} {_WEEKDAYS[day.weekday()]}"
        if day == today:
            label += " · today"
        if path is not None:
            meta = read_meta(path)
            size, difficulty = meta.size, meta.difficulty
            if meta.name and meta.name != f"Daily {day.isoformat()}":
                label += f" · {meta.name}"
        else:
            size, difficulty = shape_for(day)
        out.append(Entry(LevelChoice.daily(day, path), DAILY_PACK, label, size, difficulty))
    return out


def has_daily(kind: str) -> bool:
    """True for a kind other than Queens with packs and a daily puzzle of its own (Tango):
    its generator has a `DAILY_WEEK`."""
    from importlib import import_module

    if kind == "queens":
        return False
    try:
        return hasattr(import_module(f"queens_tui.kinds.{kind}.generate"), "DAILY_WEEK")
    except ImportError:
        return False


def kind_daily_entries(
    kind: str,
    today: date,
    daily_dir: Path | None,
    *,
    played: Iterable[date] = (),
    days: int = DAILY_DAYS,
) -> list[Entry]:
    """Rows for kind `kind`'s daily puzzles (Tango, ...), newest first, without making any.

    Like `daily_entries`; the pack is `<kind>-daily`, the files are the daily
    folder's `<kind>/` ones, and a generated day's shape follows the kind's
    `DAILY_WEEK`.
    """
    from importlib import import_module

    from queens_tui.store.kind_daily import daily_files as kind_daily_files

    week = import_module(f"queens_tui.kinds.{kind}.generate").DAILY_WEEK
    files = {d: p for d, p in kind_daily_files(kind, daily_dir).items() if d <= today}
    wanted = {today - timedelta(days=k) for k in range(days)}
    wanted |= {d for d in played if d <= today} | set(files)
    out = []
    for day in sorted(wanted, reverse=True):
        path = files.get(day)
        label = f"{day.isoformat()} {_WEEKDAYS[day.weekday()]}"
        if day == today:
            label += " · today"
        if path is not None:
            meta = read_meta(path)
            size, difficulty = meta.size, meta.difficulty
        else:
            size, difficulty = week[day.weekday()]
        choice = LevelChoice.daily(day, path, kind)
        out.append(Entry(choice, f"{kind}-{DAILY_PACK}", label, size, difficulty))
    return out


@dataclass(frozen=True)
class Status:
    """A level's standing in the store."""

    solved: bool = False
    helped: bool = False
    """Solved, but only ever with help (a hint, or the solver)."""
    best: float | None = None
    playing: bool = False
    """A saved game exists (possibly a replay of a solved level)."""

    @classmethod
    def of(cls, stats: LevelStats | None, playing: bool) -> Status:
        """From the store's stats (None if never solved) and in-progress flag."""
        if stats is None or not stats.solved:
            return cls(playing=playing)
        return cls(True, stats.helped, stats.best_time, playing)


@dataclass
class BrowserState:
    """Filters, pack and cursor: keep one per app so the browser reopens as it was left."""

    pack: str = ALL_PACKS
    size: int | None = None
    difficulty: str | None = None
    show: str = "all"

    def matches(self, entry: Entry, status: Status) -> bool:
        """True if `entry` passes the filters (the pack included)."""
        if self.pack != ALL_PACKS and entry.pack != self.pack:
            return False
        if self.size is not None and entry.size != self.size:
            return False
        if self.difficulty is not None and entry.difficulty != self.difficulty:
            return False
        if self.show == "todo":
            return not status.solved
        if self.show == "playing":
            return status.playing
        if self.show == "solved":
            return status.solved
        return True

    @property
    def filtered(self) -> bool:
        """True if some filter besides the pack is on."""
        return self.size is not None or self.difficulty is not None or self.show != "all"


T = TypeVar("T")


def cycle(values: Sequence[T], current: object, step: int) -> T:
    """The value `step` places after `current` in `values`, wrapping around."""
    i = values.index(current) if current in values else 0
    return values[(i + step) % len(values)]


def mmss(seconds: float) -> str:
    """Best time as ``mm:ss`` (minutes keep counting past 59)."""
    s = int(seconds)
    return f"{s // 60:02d}:{s % 60:02d}"


# --- the level list: a line-API widget ---------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A column of `LevelTable`: row-cell index, header label, width in cells."""

    key: str
    label: str
    width: int


class LevelTable(ScrollView, can_focus=True):
    """A list of rows drawn with the line API: only the visible lines are ever rendered.

    A DataTable re-measures and re-renders every cell when its rows change
    (about 150 ms for 300 rows on a shared 2-core machine), which a player
    cycling filters feels; here a filter change costs a list assignment and a
    repaint of the visible lines. Rows are (key, cells); the cursor is a row
    index. Enter, or a click on the row under the cursor, posts `Selected`.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "level-table--cursor",
        "level-table--even-row",
    }

    DEFAULT_CSS = """
    LevelTable {
        background: $surface;
        color: $foreground;
        & > .level-table--even-row {
            background: $surface-lighten-1 50%;
        }
        &:dark > .level-table--even-row {
            background: $surface-darken-1 40%;
        }
        & > .level-table--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus > .level-table--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: $block-cursor-text-style;
        }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "move(-1000000)", "First", show=False),
        Binding("end", "move(1000000)", "Last", show=False),
        Binding("enter", "select", "Play", id="browser.play"),
    ]

    class Selected(Message):
        """The player chose the row with key `key` (enter, or a second click)."""

        def __init__(self, table: LevelTable, key: str) -> None:
            super().__init__()
            self.table = table
            self.key = key

        @property
        def control(self) -> LevelTable:
            """The list that posted this (for `@on(..., selector)`)."""
            return self.table

    def __init__(self, columns: Sequence[Column], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.columns = list(columns)
        self.keys: list[str] = []
        self.cells: list[tuple[Text, ...]] = []
        self._lines: dict[str, list[Segment]] = {}
        """Rendered segments of each row by key (rows do not change while the screen lives)."""
        self.cursor = 0

    @property
    def row_count(self) -> int:
        """Rows in the list."""
        return len(self.keys)

    @property
    def line_width(self) -> int:
        """Cells in one row: the columns and one space between each."""
        return sum(c.width for c in self.columns) + len(self.columns) - 1

    @property
    def cursor_key(self) -> str | None:
        """The key of the row under the cursor (None when the list is empty)."""
        return self.keys[self.cursor] if self.keys else None

    def fit(self, cells: Sequence[Text]) -> Text:
        """One line of `cells`, each cut or padded to its column's width."""
        parts = []
        for column, cell in zip(self.columns, cells, strict=True):
            part = cell.copy()
            part.truncate(column.width, overflow="ellipsis", pad=True)
            parts.append(part)
        return Text(" ").join(parts)

    def header(self) -> Text:
        """The column labels, aligned with the rows (drawn by a widget above the list)."""
        return self.fit([Text(c.label) for c in self.columns])

    def set_rows(self, rows: Sequence[tuple[str, tuple[Text, ...]]], keep: str | None) -> None:
        """Replace the rows; the cursor goes to `keep`'s row, else the first."""
        self.keys = [k for k, _ in rows]
        self.cells = [c for _, c in rows]
        self.cursor = self.keys.index(keep) if keep in self.keys else 0
        self.virtual_size = Size(self.line_width, len(self.keys))
        self.scroll_to(y=0, animate=False, immediate=True)
        self._show_cursor()
        self.refresh()

    def _show_cursor(self) -> None:
        height = self.scrollable_content_region.height or 1
        top = int(self.scroll_y)
        if self.cursor < top:
            self.scroll_to(y=self.cursor, animate=False, immediate=True)
        elif self.cursor >= top + height:
            self.scroll_to(y=self.cursor - height + 1, animate=False, immediate=True)

    def on_resize(self) -> None:
        self._show_cursor()

    def move_to(self, row: int) -> None:
        """Put the cursor on `row` (clamped) and scroll it into view."""
        if not self.keys:
            return
        self.cursor = max(0, min(len(self.keys) - 1, row))
        self._show_cursor()
        self.refresh()

    def action_move(self, step: int) -> None:
        self.move_to(self.cursor + step)

    def action_page(self, step: int) -> None:
        self.move_to(self.cursor + step * max(1, self.scrollable_content_region.height - 1))

    def action_select(self) -> None:
        if self.keys:
            self.post_message(self.Selected(self, self.keys[self.cursor]))

    async def _on_click(self, event: events.Click) -> None:
        row = event.y + int(self.scroll_y)
        if not 0 <= row < len(self.keys):
            return
        event.stop()
        if row == self.cursor:
            self.action_select()
        else:
            self.move_to(row)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        row = y + int(self.scroll_y)
        base = self.rich_style
        if not 0 <= row < len(self.keys):
            return Strip.blank(width, base)
        style = base
        if row == self.cursor:
            style = base + self.get_component_rich_style("level-table--cursor")
        elif row % 2 == 0:
            style = base + self.get_component_rich_style("level-table--even-row")
        key = self.keys[row]
        segments = self._lines.get(key)
        if segments is None:
            line = self.fit(self.cells[row])
            segments = self._lines[key] = list(line.render(self.app.console))
        left = int(self.scroll_x)
        strip = Strip(segments, self.line_width).apply_style(style).crop(left, left + width)
        return strip.extend_cell_length(width, style)


# --- the screen ---------------------------------------------------------------------------------

_DIFF_STYLE = {"easy": "green", "medium": "cyan", "hard": "yellow", "expert": "red"}


class LevelBrowser(Screen["LevelChoice | None"]):
    """Daily puzzles and packs with filters; dismisses with a `LevelChoice`, or None on escape.

    `store` gives solved/in-progress state; `current` (a choice or a store
    key) puts the cursor on the level being played; `levels` is the bundled
    list (default `formats.bundled.bundled_levels()`); `classic` adds the
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
    LevelBrowser #legend {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    LevelBrowser #keys {
        height: 1;
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
    ]

    def __init__(
        self,
        store: Store,
        current: LevelChoice | str | None = None,
        *,
        levels: Sequence[tuple[str, Path]] | None = None,
        today: date | None = None,
        state: BrowserState | None = None,
        ascii: bool = False,
        days: int = DAILY_DAYS,
        classic: bool | None = None,
        kinds: Sequence[str] | None = None,
    ) -> None:
        """`kinds`: the other puzzle kinds whose packs and dailies are listed beside Queens'
        (default: every kind the app plays that has a daily, unless `levels` fixes the
        catalog)."""
        super().__init__()
        if classic is None:
            classic = levels is None  # the classic boards go with the bundled list
        self.store = store
        self.current_key = current.key if isinstance(current, LevelChoice) else current
        self.today = today or store.today()
        self.state = state if state is not None else BrowserState()
        self.ascii = ascii
        if kinds is None:
            kinds = [k for k in UIS if has_daily(k)] if levels is None else []
        if levels is None:
            from queens_tui.formats.bundled import bundled_levels

            levels = [lv for kind in UIS for lv in bundled_levels(kind)]  # every playable kind
        stats = store.all_stats()
        playing = store.in_progress()
        keys = set(stats) | playing
        self.entries: list[Entry] = daily_entries(
            self.today, store.daily_dir, played=played_days(keys), days=days
        )
        for k in kinds:  # every kind's daily puzzles come after the Queens ones
            self.entries += kind_daily_entries(
                k, self.today, store.daily_dir, played=played_days(keys, f"{k}-daily:"), days=days
            )
        self.entries += pack_entries(levels)
        if classic:
            self.entries += classic_entries()
        self.status: dict[str, Status] = {
            e.key: Status.of(stats.get(e.key), e.key in playing) for e in self.entries
        }
        self.packs: list[str] = [ALL_PACKS, DAILY_PACK]
        for e in self.entries:
            if e.pack not in self.packs:
                self.packs.append(e.pack)
        sizes = sorted({e.size for e in self.entries if e.size is not None})
        self.sizes: list[int | None] = [None, *sizes]
        known = {e.difficulty for e in self.entries if e.difficulty}
        self.difficulties: list[str | None] = [None] + [d for d in DIFFICULTIES if d in known]
        self.difficulties += sorted(known - set(DIFFICULTIES))
        self.shown: list[Entry] = []
        self._rows: dict[str, tuple[Text, ...]] = {}
        title_width = min(40, max([5, *(len(e.title) for e in self.entries)]))
        pack_width = max([5, *(len(e.pack) for e in self.entries if e.pack != DAILY_PACK)])
        self.columns = [
            Column("mark", "", 9),
            Column("title", "Level", title_width),
            Column("pack", "Pack", pack_width),
            Column("size", "Size", 5),
            Column("difficulty", "Difficulty", 10),
            Column("best", "Best", 5),
        ]
        # A kept state may name what is gone (levels changed): a Select would refuse it.
        if self.state.size not in self.sizes:
            self.state.size = None
        if self.state.difficulty not in self.difficulties:
            self.state.difficulty = None
        if self.state.show not in {v for v, _ in SHOW_MODES}:
            self.state.show = "all"
        current_entry = self._entry(self.current_key)
        if current_entry is not None and self.state.pack not in (ALL_PACKS, current_entry.pack):
            self.state.pack = current_entry.pack
        if self.state.pack not in self.packs:
            self.state.pack = ALL_PACKS

    def _entry(self, key: str | None) -> Entry | None:
        for e in self.entries:
            if e.key == key:
                return e
        return None

    # --- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="browser-title")
        with Horizontal(id="filters"):
            yield Label("Size")
            yield Select(
                [("all", 0)] + [(f"{n}×{n}", n) for n in self.sizes if n is not None],
                value=self.state.size or 0,
                allow_blank=False,
                compact=True,
                id="f-size",
            )
            yield Label("Difficulty")
            yield Select(
                [("all", "")] + [(d, d) for d in self.difficulties if d],
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
            yield Static("No level matches these filters: press c to clear them.", id="empty")
        yield Static(self._legend(), id="legend")
        yield Static(self._keys(), id="keys")

    def on_mount(self) -> None:
        self._refresh(keep=self.current_key)
        self.table.focus()

    @property
    def table(self) -> LevelTable:
        """The level list."""
        return self.query_one("#levels", LevelTable)

    def _title(self) -> str:
        solved = sum(1 for s in self.status.values() if s.solved)
        streak = self.store.streak(self.today)
        day = "day" if streak.current == 1 else "days"
        return (
            f"Levels · {solved} of {len(self.entries)} solved · "
            f"daily streak {streak.current} {day} (best {streak.best})"
        )

    def _legend(self) -> Text:
        tick, play = ("+", ">") if self.ascii else ("✔", "▶")
        return Text.assemble(
            (f"{tick} solved", "green"),
            "   ",
            (f"{tick} helped", "yellow"),
            ": only with a hint or the solver   ",
            (f"{play} playing", "cyan"),
            ": in progress   (a second click on a level opens it)",
        )

    def _keys(self) -> str:
        """The key line: a Footer costs ~100 ms per opening here, this costs nothing.

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
            ("tab", "focus", "app.focus_next"),
        ]
        return "  ".join(
            f"[@click={action}][b $accent]{key}[/] {label}[/]" for key, label, action in keys
        )

    # --- filtering ------------------------------------------------------------------------------

    def _pack_label(self, pack: str, solved: int, total: int) -> str:
        name = {ALL_PACKS: "All levels", DAILY_PACK: "Daily puzzles"}.get(pack, pack)
        if pack.endswith(f"-{DAILY_PACK}"):
            name = f"{pack.split('-')[0].title()} dailies"
        return f"{name:<16.16}{solved:>4}/{total:<4}"

    def _row(self, e: Entry) -> tuple[Text, ...]:
        """The cells of `e`'s row: Text, not str, so names are never read as markup."""
        row = self._rows.get(e.key)
        if row is None:
            row = self._rows[e.key] = self._make_row(e)
        return row

    def _make_row(self, e: Entry) -> tuple[Text, ...]:
        s = self.status[e.key]
        tick, play = ("+", ">") if self.ascii else ("✔", "▶")
        if s.playing:
            mark = Text(f"{play} playing", style="bold cyan")
        elif s.helped:
            mark = Text(f"{tick} helped", style="yellow")
        elif s.solved:
            mark = Text(f"{tick} solved", style="bold green")
        else:
            mark = Text("")
        size = "" if e.size is None else f"{e.size}×{e.size}"
        diff = Text(e.difficulty or "", style=_DIFF_STYLE.get(e.difficulty or "", ""))
        pack = "Daily" if e.pack == DAILY_PACK else e.pack
        if e.pack.endswith(f"-{DAILY_PACK}"):
            pack = f"{e.pack.split('-')[0].title()} daily"
        best = "" if s.best is None else mmss(s.best)
        return (mark, Text(e.title), Text(pack), Text(size), diff, Text(best))

    def _refresh(self, keep: str | None = None) -> None:
        """Rebuild the pack list and the table from the filters, keeping the cursor's level."""
        table = self.table
        if keep is None and table.row_count:
            keep = self._highlighted_key()
        state = self.state
        pack_state = BrowserState(ALL_PACKS, state.size, state.difficulty, state.show)
        counts = {p: [0, 0] for p in self.packs}
        self.shown = []
        for e in self.entries:
            st = self.status[e.key]
            if not pack_state.matches(e, st):
                continue
            for p in (ALL_PACKS, e.pack):
                counts[p][1] += 1
                counts[p][0] += st.solved
            if state.pack in (ALL_PACKS, e.pack):
                self.shown.append(e)
        packs = self.query_one("#packs", OptionList)
        if packs.option_count != len(self.packs):
            packs.clear_options()
            packs.add_options(Option(self._pack_label(p, 0, 0), id=p) for p in self.packs)
        for p in self.packs:
            packs.replace_option_prompt(p, self._pack_label(p, *counts[p]))
        index = self.packs.index(state.pack)
        if packs.highlighted != index:
            packs.highlighted = index
        table.set_rows([(e.key, self._row(e)) for e in self.shown], keep)
        self.set_class(not self.shown, "-empty")
        what = "level" if len(self.shown) == 1 else "levels"
        self.query_one("#shown", Static).update(f"{len(self.shown)} {what} shown")

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
            self.dismiss(entry.choice)

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
            size = cycle(self.sizes, size, step)
        elif which == "difficulty":
            difficulty = cycle(self.difficulties, difficulty, step)
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

    def action_today(self) -> None:
        """Put the cursor on today's puzzle (clearing what hides it)."""
        key = daily_key(self.today)
        entry = self._entry(key)
        if entry is None:
            return
        if not self.state.matches(entry, self.status[key]):
            self.state.pack = DAILY_PACK
            self._apply(None, None, "all")
        self._refresh(keep=key)
        self.table.focus()


__all__ = [
    "ALL_PACKS",
    "DAILY_DAYS",
    "DAILY_PACK",
    "DIFFICULTIES",
    "BrowserState",
    "Entry",
    "LevelBrowser",
    "LevelChoice",
    "LevelMeta",
    "Status",
    "daily_entries",
    "pack_entries",
    "pack_of",
    "played_days",
    "read_meta",
]
