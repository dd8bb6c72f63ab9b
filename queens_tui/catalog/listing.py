"""The level browser's query, as plain data: which levels exist, which pass the filters, and
what each row says. No Textual: tested without an app (`tests/unit/test_catalog_listing.py`).

`Listing.load(store, today)` gathers the rows (`Entry`): the daily puzzles of every kind (the
last `DAILY_DAYS` days, every day played, every dated file up to today: never a future one,
and never generating one), the bundled packs (metadata read through the formats:
`formats.meta`) and the classic boards with their hunt. Each entry has a `Status` from the
store. `Listing.query(state)` filters by a `BrowserState` (pack, size, difficulty, show) and
counts solved/total per pack; `Listing.row(entry, number)` is the row's text (`Row`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar

from queens_tui.catalog.refs import LevelRef, kind_levels, pack_of
from queens_tui.core.errors import printable
from queens_tui.core.vocabulary import DIFFICULTIES, mmss
from queens_tui.formats.meta import read_meta
from queens_tui.kinds import DEFAULT_KIND, KINDS, board_kinds, daily_kinds, get_kind

if TYPE_CHECKING:
    from queens_tui.catalog.library import Graded, Library
    from queens_tui.store import Store
    from queens_tui.store.stats import LevelStats

DAILY_DAYS = 31
"""How many days the daily list shows: today and the 30 before it (plus any day played)."""

ALL_PACKS = "*"
"""The pack list entry that shows every level."""

DAILY_PACK = "daily"
"""The first kind's daily pack; another kind's is ``<kind>-daily`` (`daily_pack`)."""


SHOW_MODES: tuple[tuple[str, str], ...] = (
    ("all", "all"),
    ("todo", "not solved"),
    ("playing", "in progress"),
    ("solved", "solved"),
)
"""The "show" filter: value and label, in the order `f` cycles them."""

WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


# --- entries ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One row of the browser: a level, its pack, and what we know of it without loading it."""

    ref: LevelRef
    """What the browser hands back when this row is chosen."""
    pack: str
    """A kind's dailies (`daily_pack`), a kind's boards by size (the kind's name) or the
    bundled pack (the id's folder)."""
    title: str
    size: int | None
    difficulty: str | None
    key_: str | None = None
    """The store key of a level in a player's pack (a file: its key is the puzzle's, written
    in the pack's manifest) or of a LinkedIn archive day (its number); None for the others,
    whose reference gives it."""
    linkedin: str | None = None
    """LinkedIn's own difficulty of an archive day that carries one ("hard")."""
    note: str | None = None
    """What the row says beside the title: why an archive day is not a clean puzzle."""

    @property
    def key(self) -> str:
        """The store key (also the table's row key)."""
        key = self.key_ or self.ref.key
        assert key is not None  # bundled, a daily, a classic board, or a pack's (key_)
        return key


def pack_entries(levels: Iterable[tuple[str, Path]]) -> list[Entry]:
    """Rows for the bundled levels (id, path), in that order."""
    out = []
    for level_id, path in levels:
        meta = read_meta(path)
        ref = LevelRef.bundled(level_id)._replace(path=str(path))
        title = meta.name or level_id.rpartition("/")[2]
        out.append(Entry(ref, pack_of(level_id), title, meta.size, meta.difficulty))
    return out


def daily_pack(kind: str) -> str:
    """The pack of `kind`'s daily puzzles: `daily` for Queens, `tango-daily`, ... (the seed
    prefix, as in the save keys)."""
    from queens_tui.store.daily import spec

    return spec(kind).seed_prefix


def board_entries(kind: str, found: Callable[[int], int] | None = None) -> list[Entry]:
    """Rows for the empty boards of a kind played by size (classic N-queens 4..16), one per
    size with the hunt's progress: "8 queens · 3 of 92 found" (`found(size)` counts the
    hunt; default: read from the hunt files)."""
    if found is None:
        from queens_tui.store.hunt import load_found

        def found(size: int) -> int:
            return len(load_found(size))

    made = get_kind(kind)
    return [
        Entry(LevelRef.board(kind, n), kind, made.board_title(n, found(n)), n, None)
        for n in made.sizes
    ]


def played_days(keys: Iterable[str], kind: str = DEFAULT_KIND) -> set[date]:
    """The days of `kind`'s daily puzzles among the store keys `keys` (played or solved)."""
    from queens_tui.store.progress import parse_daily_key

    found = (parse_daily_key(key) for key in keys)
    return {day for k, day in (f for f in found if f is not None) if k == kind}


def daily_entries(
    today: date,
    daily_dir: Path | None,
    *,
    played: Iterable[date] = (),
    days: int = DAILY_DAYS,
    kind: str = DEFAULT_KIND,
) -> list[Entry]:
    """Rows for `kind`'s daily puzzles, newest first, without generating any.

    The last `days` days up to today, every day the player has played, and
    every dated file in the daily folder up to today (a file for a later day is
    not shown: it would be a spoiler). A day without a file shows the size and
    difficulty of its weekday.
    """
    from queens_tui.store.daily import daily_files, name_for, shape_for

    files = daily_files(kind, daily_dir) if daily_dir else {}
    pack = daily_pack(kind)
    files = {d: p for d, p in files.items() if d <= today}
    wanted = {today - timedelta(days=k) for k in range(days)}
    wanted |= {d for d in played if d <= today} | set(files)
    out = []
    for day in sorted(wanted, reverse=True):
        path = files.get(day)
        label = f"{day.isoformat()} {WEEKDAYS[day.weekday()]}"
        if day == today:
            label += " · today"
        size: int | None
        difficulty: str | None
        if path is not None:
            meta = read_meta(path)
            size, difficulty = meta.size, meta.difficulty
            if meta.name and meta.name != name_for(kind, day):
                label += f" · {meta.name}"
        else:
            size, difficulty = shape_for(kind, day)
        ref = LevelRef(kind, path=None if path is None else str(path), day=day)
        out.append(Entry(ref, pack, label, size, difficulty))
    return out


def library_pack(kind: str) -> str:
    """The pack of a kind's days in a LinkedIn archive library: "LinkedIn Queens"."""
    return f"LinkedIn {kind.capitalize()}"  # "LinkedIn Sudoku": the pack list has 16 columns


def library_entries(library: Library, grades: Mapping[str, Graded] | None = None) -> list[Entry]:
    """Rows for the days of a LinkedIn archive library (`catalog.library`), kind by kind,
    newest first: LinkedIn's number and date, LinkedIn's difficulty where the day has one,
    our grade from `grades` (the background grading's cache, by the file's stamp), and why a
    day is not a clean puzzle."""
    grades = grades or {}
    out = []
    for kind, days in library.days.items():
        pack = library_pack(kind)
        for d in reversed(days):
            graded = grades.get(d.stamp)
            note = d.problem or (graded.problem if graded is not None else None)
            if note is None and graded is not None and graded.several:
                note = SEVERAL_NOTE
            ref = LevelRef.file(d.path, kind)
            grade = graded.grade if graded is not None else None
            out.append(Entry(ref, pack, d.title, d.size, grade, d.key, d.difficulty, note))
    return out


SEVERAL_NOTE = "its clues allow several solutions: any valid one wins"
"""What the row of a day with several solutions says."""


# --- status and filters -----------------------------------------------------------------------


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

    @property
    def mark(self) -> Literal["solved", "helped", "playing", ""]:
        """What the row's mark says. Solved wins over playing: a solved level being replayed
        is still solved (its first result is kept), so it shows ✔, not ▶."""
        if self.solved:
            return "helped" if self.helped else "solved"
        return "playing" if self.playing else ""


@dataclass
class BrowserState:
    """Filters and pack: keep one per app so the browser reopens as it was left."""

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


def pack_label(pack: str) -> str:
    """What the pack list calls `pack`."""
    if pack.endswith(f"-{DAILY_PACK}"):
        return f"{pack.split('-')[0].title()} dailies"
    return {ALL_PACKS: "All levels", DAILY_PACK: "Daily puzzles"}.get(pack, pack)


def pack_cell(pack: str) -> str:
    """What a row's Pack column says."""
    if pack.endswith(f"-{DAILY_PACK}"):
        return f"{pack.split('-')[0].title()} daily"
    return "Daily" if pack == DAILY_PACK else pack


def difficulty_cell(ours: str | None, linkedin: str | None) -> str:
    """Our grade, and LinkedIn's beside it where the day carries one: "medium · LinkedIn hard"."""
    if linkedin is None:
        return ours or ""
    return f"{ours or '?'} · LinkedIn {linkedin}"


# --- the query --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One row's text, column by column (the table widget styles and fits it)."""

    key: str
    number: int
    """1-based position in the list shown."""
    mark: Literal["solved", "helped", "playing", ""]
    title: str
    pack: str
    size: str
    difficulty: str
    best: str


@dataclass(frozen=True)
class Query:
    """What a `BrowserState` shows: the entries in order, and (solved, total) per pack under
    the size, difficulty and show filters (the pack list's counts)."""

    shown: list[Entry]
    counts: dict[str, tuple[int, int]]


@dataclass
class Listing:
    """Every level the browser lists, with its status, and the values each filter offers."""

    entries: list[Entry]
    status: dict[str, Status]
    packs: list[str] = field(default_factory=list)
    sizes: list[int | None] = field(default_factory=list)
    difficulties: list[str | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.by_key = {e.key: e for e in self.entries}
        if not self.packs:
            self.packs = [ALL_PACKS, DAILY_PACK]
            for e in self.entries:
                if e.pack not in self.packs:
                    self.packs.append(e.pack)
        if not self.sizes:
            self.sizes = [None, *sorted({e.size for e in self.entries if e.size is not None})]
        if not self.difficulties:
            known = {e.difficulty for e in self.entries if e.difficulty}
            self.difficulties = [None] + [d for d in DIFFICULTIES if d in known]
            self.difficulties += sorted(known - set(DIFFICULTIES))

    @classmethod
    def of(
        cls,
        entries: list[Entry],
        stats: Mapping[str, LevelStats],
        playing: Iterable[str],
    ) -> Listing:
        """The listing of `entries` with the store's `stats` and in-progress keys."""
        busy = set(playing)
        status = {e.key: Status.of(stats.get(e.key), e.key in busy) for e in entries}
        return cls(entries, status)

    @classmethod
    def load(
        cls,
        store: Store,
        today: date,
        *,
        levels: Sequence[tuple[str, Path]] | None = None,
        kinds: Sequence[str] | None = None,
        classic: bool | None = None,
        days: int = DAILY_DAYS,
        packs: Sequence[Path] | None = None,
        library: Library | None = None,
        grades: Mapping[str, Graded] | None = None,
    ) -> Listing:
        """Everything the browser lists, from `store` (stats, saves, the daily folder).

        `levels`: the bundled (id, path) list (default: the packs of every kind in `kinds`);
        `kinds`: the puzzle kinds listed, in order (default `kinds.KINDS`; with `levels`
        given, the first kind only), each with its daily puzzles if it has one;
        `classic`: list the boards played by size (default: unless `levels` is given);
        `packs`: folders of the player's packs listed after the bundled ones (default: every
        pack `import --pack` made, unless `levels` is given);
        `library`: a LinkedIn archive folder read by `catalog.library` (its days listed per
        kind, first; they are then not listed again among the dailies), with our `grades`.
        """
        levels_given = levels is not None
        if classic is None:
            classic = levels is None
        if kinds is None:
            kinds = list(KINDS) if levels is None else [DEFAULT_KIND]
        if levels is None:
            levels = [lv for kind in kinds for lv in kind_levels(kind)]
        dailies = [k for k in [DEFAULT_KIND, *kinds] if k in daily_kinds()]  # the first first
        stats = store.all_stats()
        playing = store.in_progress()
        keys = set(stats) | playing
        entries: list[Entry] = []
        skip: set[str] = set()
        if library is not None:
            entries += library_entries(library, grades)
            skip = {os.path.abspath(e.ref.path or "") for e in entries}
        for kind in dict.fromkeys(dailies):
            played = played_days(keys, kind)
            listed = daily_entries(today, store.daily_dir, played=played, days=days, kind=kind)
            entries += [e for e in listed if os.path.abspath(e.ref.path or "") not in skip]
        entries += pack_entries(levels)
        if packs is None:
            from queens_tui.catalog.user_packs import pack_folders

            packs = [] if levels_given else pack_folders(store.root)
        from queens_tui.catalog.user_packs import pack_entries as own_entries

        seen = {e.key for e in entries}
        for folder in packs:
            for entry in own_entries(folder, store.notice):
                if entry.key not in seen:  # the same puzzle twice: listed once
                    seen.add(entry.key)
                    entries.append(entry)
        if classic:
            entries += [e for kind in board_kinds() for e in board_entries(kind)]
        return cls.of(entries, stats, playing)

    def update(self, fresh: Iterable[Entry]) -> None:
        """Put `fresh` in place of the entries with the same keys (a background job's news:
        our grades of archive days), and offer the difficulties they bring."""
        new = {e.key: e for e in fresh}
        self.entries = [new.get(e.key, e) for e in self.entries]
        self.by_key = {e.key: e for e in self.entries}
        self.difficulties = []
        self.__post_init__()

    def fix(self, state: BrowserState, current: str | None = None) -> None:
        """Reset what `state` names that is gone (levels changed since it was kept); with the
        `current` level's key, show its pack if another pack was shown."""
        if state.size not in self.sizes:
            state.size = None
        if state.difficulty not in self.difficulties:
            state.difficulty = None
        if state.show not in {v for v, _ in SHOW_MODES}:
            state.show = "all"
        entry = self.by_key.get(current or "")
        if entry is not None and state.pack not in (ALL_PACKS, entry.pack):
            state.pack = entry.pack
        if state.pack not in self.packs:
            state.pack = ALL_PACKS

    def query(self, state: BrowserState) -> Query:
        """The entries `state` shows, and the pack counts under its other filters."""
        others = BrowserState(ALL_PACKS, state.size, state.difficulty, state.show)
        counts = {p: [0, 0] for p in self.packs}
        shown = []
        for e in self.entries:
            st = self.status[e.key]
            if not others.matches(e, st):
                continue
            for p in (ALL_PACKS, e.pack):
                counts[p][1] += 1
                counts[p][0] += st.solved
            if state.pack in (ALL_PACKS, e.pack):
                shown.append(e)
        return Query(shown, {p: (c[0], c[1]) for p, c in counts.items()})

    def row(self, entry: Entry, number: int) -> Row:
        """The text of `entry`'s row, numbered `number`."""
        s = self.status[entry.key]
        size = "" if entry.size is None else f"{entry.size}×{entry.size}"
        best = "" if s.best is None else mmss(s.best)
        title = entry.title if entry.note is None else f"{entry.title} · {entry.note}"
        return Row(
            entry.key,
            number,
            s.mark,
            printable(title),  # names and grades come from files: no escapes
            pack_cell(entry.pack),
            size,
            printable(difficulty_cell(entry.difficulty, entry.linkedin)),
            best,
        )

    @property
    def solved(self) -> int:
        """How many listed levels are solved."""
        return sum(1 for s in self.status.values() if s.solved)


__all__ = [
    "ALL_PACKS",
    "DAILY_DAYS",
    "DAILY_PACK",
    "SHOW_MODES",
    "BrowserState",
    "Entry",
    "Listing",
    "Query",
    "Row",
    "Status",
    "board_entries",
    "cycle",
    "daily_entries",
    "daily_pack",
    "difficulty_cell",
    "library_entries",
    "library_pack",
    "pack_cell",
    "pack_entries",
    "pack_label",
    "played_days",
]
