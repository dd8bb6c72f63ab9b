"""`Store`: the one object the app talks to for everything it keeps between runs.

It never raises on bad files or a failing disk: unreadable files are set
aside and reported through `take_notices()`, failed writes are reported the
same way (when saving starts failing, again at most every `REMIND_SECONDS`
while it keeps failing, and once when it works again; not after every move),
and the game goes on with a clean state in memory.

A data folder that cannot be made or written (``XDG_DATA_HOME`` pointing at a
file, a read-only disk) gets one notice at start. A folder another running
game holds (see `store.lock`) opens read-only: nothing is written, so the
other game's moves are never overwritten.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from queens_tui.core.history import History
from queens_tui.kinds import DEFAULT_KIND
from queens_tui.store import hunt, paths
from queens_tui.store.jsonfile import (
    MAX_BYTES,
    Unreadable,
    atomic_write_bytes,
    dumps,
    move_aside,
    read_json,
    sweep_temp,
)
from queens_tui.store.lock import Locked, lock_folder, unlock_folder
from queens_tui.store.progress import (
    MoveCache,
    Progress,
    StaleProgress,
    daily_key,
    decode,
    encode,
    filename_key,
    key_filename,
    parse_daily_key,
    validate_any,
)
from queens_tui.store.stats import (
    LevelStats,
    Settings,
    Stats,
    Streak,
    decode_settings,
    decode_stats,
    encode_settings,
    encode_stats,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11; only for mypy here

    from queens_tui.store.daily import Daily
    from queens_tui.store.stats import Tally


class _Writer:
    """One background thread writing the latest queued bytes of each file, oldest file first.

    Saving after every move must not make the game wait for fsync (about 2-12
    ms here, far more on a slow disk). The caller encodes on its own thread
    (the history is not thread-safe) and hands over bytes; a newer save of the
    same file replaces a queued one, so a burst of moves costs one write.
    The thread exists only while there is work, and is not a daemon: the
    interpreter waits for it at exit, so the last move reaches the disk.
    """

    def __init__(self, write: Callable[[Path, bytes, str], bool]) -> None:
        self._write = write
        self._cond = threading.Condition()
        self._pending: dict[Path, tuple[bytes, str]] = {}
        self._busy = False
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, data: bytes, kind: str) -> None:
        with self._cond:
            self._pending.pop(path, None)
            self._pending[path] = (data, kind)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="queens-tui-save")
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._pending:
                    self._thread = None
                    self._cond.notify_all()
                    return
                path = next(iter(self._pending))
                data, kind = self._pending.pop(path)
                self._busy = True
            try:
                self._write(path, data, kind)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything queued is written; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)


PROGRESS_MAX_BYTES = MAX_BYTES
"""A save's read limit (1 MB); `save_progress` trims old undo steps to stay under it."""
STATS_MAX_BYTES = 16_000_000
"""stats.json's read limit: about 300 bytes a solved level, so room for 50,000 levels."""

REMIND_SECONDS = 60.0
"""While saving keeps failing, its notice comes again at most this often (saves follow moves)."""

_WHAT = {
    "settings": "Your settings",
    "stats": "Your stats and streak",
}


class Store:
    """Saved progress, stats, streak and settings under one data dir.

    `data_dir=None` means the user's (platformdirs, or ``$QUEENS_TUI_DATA_DIR``);
    tests pass a temporary folder. `daily_dir` is the ``--daily-dir`` override.
    `sync=False` skips fsync (only for tests and benchmarks).
    """

    def __init__(
        self,
        data_dir: paths.PathLike | None = None,
        *,
        daily_dir: paths.PathLike | None = None,
        sync: bool = True,
        today: Callable[[], date] = date.today,
    ) -> None:
        self.root = paths.data_dir(data_dir)
        self.daily_dir = paths.daily_dir(daily_dir, data=self.root)
        self.progress_dir = self.root / "progress"
        self.stats_path = self.root / "stats.json"
        self.settings_path = self.root / "settings.json"
        self.sync = sync
        self.today = today
        self._lock = threading.Lock()
        """Guards notices and reported kinds: the writer thread adds notices too."""
        self._notices: list[str] = []
        self._failing: dict[str, float] = {}
        """Kinds of file whose last write failed -> when the player was last told."""
        self._writer = _Writer(self._write_bytes)
        self._diff_caches: dict[str, MoveCache] = {}
        self._frozen: set[Path] = set()
        """Files we could not move aside: never overwritten, so nothing is lost."""
        self.read_only = False
        """True when another running game holds this data folder: nothing is written."""
        self._open_folder()
        if not self.read_only:
            for folder in (self.root, self.progress_dir):
                sweep_temp(folder)
        readable = self.root.is_dir()  # not when the "folder" is a file: no notice per file
        self._settings = self._load_settings() if readable else Settings()
        self._stats = self._load_stats() if readable else Stats()

    def _open_folder(self) -> None:
        """Make the data folder and take its lock, or tell the player why saving is off."""
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            key = lock_folder(self.root)
            if key is not None:
                weakref.finalize(self, unlock_folder, key)  # this store gone: one user fewer
        except Locked as held:
            self.read_only = True
            who = f"pid {held.pid}" if held.pid else "another process"
            self._notice(
                f"Another queens-tui ({who}) is using {self.root}, so this one is read-only: "
                "nothing you do here is saved, and the other game's moves are never "
                "overwritten. To save here, quit the other one, then start this one again."
            )
        except OSError as err:
            self._notice(
                f"Progress can't be saved: {_folder_problem(self.root, err)}. The game goes on, "
                "but nothing is kept when you quit (set QUEENS_TUI_DATA_DIR to a folder you "
                "can write)."
            )
            now = time.monotonic()
            self._failing = {kind: now for kind in ("your progress", "your settings", "your stats")}

    # --- notices ------------------------------------------------------------------------------

    def take_notices(self) -> list[str]:
        """Messages for the player since the last call (show them, e.g. as notifications)."""
        with self._lock:
            out, self._notices = self._notices, []
        return out

    def notice(self, text: str) -> None:
        """Say `text` to the player with the store's notices (a pack's index set aside)."""
        self._notice(text)

    def _notice(self, text: str) -> None:
        with self._lock:
            self._notices.append(text)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait for background saves (`save_progress(background=True)`); False on timeout."""
        return self._writer.flush(timeout)

    def close(self) -> None:
        """Finish pending saves (call on quit; the process would also wait at exit)."""
        self._writer.flush()

    def _unreadable(self, what: str, bad: Unreadable, ending: str) -> None:
        if bad.moved_to is not None:
            self._notice(
                f"{what} could not be read ({bad.reason}); it was moved to "
                f"{bad.moved_to} and {ending}."
            )
        else:
            self._frozen.add(bad.path)
            self._notice(
                f"{what} could not be read ({bad.reason}) nor moved aside; {bad.path} is left "
                f"as it is and will not be overwritten, and {ending}."
            )

    def _write(self, path: Path, obj: dict[str, Any], kind: str) -> bool:
        """Write now, after any queued background save (so order is kept)."""
        self._writer.flush()
        return self._write_bytes(path, dumps(obj), kind)

    def _write_bytes(self, path: Path, data: bytes, kind: str) -> bool:
        if self.read_only or path in self._frozen:
            return False
        try:
            atomic_write_bytes(path, data, sync=self.sync)
        except OSError as err:
            now = time.monotonic()
            with self._lock:
                last = self._failing.get(kind)
                tell = last is None or now - last >= REMIND_SECONDS
                if tell:
                    self._failing[kind] = now
            if tell:
                self._notice(
                    f"{kind[0].upper()}{kind[1:]} can't be saved: writing {path} failed "
                    f"({err.strerror or err}). The game goes on, but this is lost when you "
                    "quit unless a later save works."
                )
            return False
        with self._lock:
            recovered = self._failing.pop(kind, None) is not None
        if recovered:
            self._notice(f"Saving works again: {kind} saved to {path}.")
        return True

    # --- the classic hunt ---------------------------------------------------------------------

    def save_hunt(
        self, size: int, found: Sequence[tuple[int, ...]], helped: Sequence[tuple[int, ...]] = ()
    ) -> bool:
        """Write the classic hunt of `size` (`store.hunt`); False when nothing was written
        (a read-only folder, or a failed write, reported as a notice like every other save)."""
        path = hunt.hunt_file(size, self.root)
        return self._write(path, hunt.encode(size, found, helped), "the hunt")

    # --- settings -----------------------------------------------------------------------------

    def _load_settings(self) -> Settings:
        value, bad = read_json(self.settings_path, decode_settings)
        if bad is not None:
            self._unreadable(_WHAT["settings"], bad, "the defaults are used")
        return value or Settings()

    @property
    def settings(self) -> Settings:
        """The current settings (defaults if none were saved)."""
        return self._settings

    def save_settings(self, settings: Settings) -> bool:
        """Remember `settings`; False if the write failed (a notice says why)."""
        self._settings = settings
        return self._write(self.settings_path, encode_settings(settings), "your settings")

    # --- progress -----------------------------------------------------------------------------

    def progress_path(self, key: str) -> Path:
        """The file that holds `key`'s progress."""
        return self.progress_dir / key_filename(key)

    def load_progress(self, key: str, level: Any) -> Progress | None:
        """`key`'s saved game on `level`, or None (never saved, solved, or unreadable)."""
        self._writer.flush()
        path = self.progress_path(key)
        title = level.name or key
        try:
            value, bad = read_json(
                path, lambda obj: decode(obj, key, level), limit=PROGRESS_MAX_BYTES
            )
        except StaleProgress:
            try:
                moved = move_aside(path, label="stale")
            except OSError:
                self._frozen.add(path)
                moved = None
            self._notice(
                f"The saved game of {title} was for a different version of this level; "
                + (f"it was moved to {moved}" if moved else "it was left as it is")
                + " and the level started clean."
            )
            return None
        if bad is not None:
            self._unreadable(f"Your saved progress on {title}", bad, "the level started clean")
            return None
        return value

    def save_progress(
        self,
        key: str,
        history: History[Any, Any],
        elapsed: float,
        *,
        hints: int = 0,
        helped: bool = False,
        background: bool = False,
    ) -> bool:
        """Save `key`'s board, undo/redo history and clock (`save_game` with these figures)."""
        return self.save_game(key, Progress(history, elapsed, hints, helped), background=background)

    def save_game(self, key: str, progress: Progress, *, background: bool = False) -> bool:
        """Save `key`'s game in progress: board, undo/redo history, clock and counters (call
        after every move).

        Returns False if it could not be written (a notice says why, once).
        With `background=True` the history is encoded now (cheap) and written
        by the store's writer thread; it returns True
        at once and failures surface through `take_notices`. This is what the
        app should use after each move, so fsync never delays a keypress.
        """
        cache = self._diff_caches.get(key)
        if cache is None:
            # One game at a time in practice: drop other levels' caches.
            self._diff_caches = {key: (cache := MoveCache())}
        obj = encode(key, progress, cache=cache)
        data = _fit(obj, PROGRESS_MAX_BYTES)
        if background:
            self._writer.submit(self.progress_path(key), data, "your progress")
            return True
        self._writer.flush()
        return self._write_bytes(self.progress_path(key), data, "your progress")

    def solved_path(self, key: str) -> Path:
        """The file that keeps `key`'s first (daily) or latest winning board.

        In a subfolder, so `in_progress` (the browser's "playing" mark) never sees it.
        """
        return self.progress_dir / "solved" / key_filename(key)

    def save_solved(
        self, key: str, history: History[Any, Any], elapsed: float, *, hints: int, helped: bool
    ) -> bool:
        """Keep the winning board of `key` (`save_won` with these figures)."""
        return self.save_won(key, Progress(history, elapsed, hints, helped))

    def save_won(self, key: str, progress: Progress) -> bool:
        """Keep the winning board of `key` and its figures (time, hints, undos, mistakes), so
        the level reopens solved with the same card (after `record_solve`)."""
        obj = encode(key, progress)
        return self._write(self.solved_path(key), obj, "your progress")

    def load_solved(self, key: str, level: Any) -> Progress | None:
        """`key`'s winning board as `save_solved` kept it, or None (none, stale, unreadable)."""
        self._writer.flush()
        path = self.solved_path(key)
        try:
            value, bad = read_json(
                path, lambda obj: decode(obj, key, level), limit=PROGRESS_MAX_BYTES
            )
        except StaleProgress:
            return None
        if bad is not None:
            self._unreadable(f"The solved board of {level.name or key}", bad, "it is not shown")
            return None
        return value

    def clear_progress(self, key: str) -> None:
        """Forget `key`'s saved game (restart, or solved: `record_solve` calls this)."""
        path = self.progress_path(key)
        if self.read_only or path in self._frozen:
            return
        self._writer.flush()
        with contextlib.suppress(FileNotFoundError, OSError):
            path.unlink()

    def in_progress(self) -> set[str]:
        """Keys of every level with a saved game (for the level browser)."""
        self._writer.flush()
        keys: set[str] = set()
        try:
            names = os.listdir(self.progress_dir)
        except OSError:
            return keys
        for name in names:
            if not name.endswith(".json") or name.startswith("."):
                continue
            key = filename_key(name)
            if key is None:
                obj, _bad = read_json(self.progress_dir / name, validate_any)
                key = obj["key"] if obj is not None else None
            if key is not None:
                keys.add(key)
        return keys

    # --- stats and streak ---------------------------------------------------------------------

    def _load_stats(self) -> Stats:
        value, bad = read_json(self.stats_path, decode_stats, limit=STATS_MAX_BYTES)
        if bad is not None:
            self._unreadable(_WHAT["stats"], bad, "they start afresh")
        return value or Stats()

    def level_stats(self, key: str) -> LevelStats | None:
        """`key`'s stats, or None if it was never solved."""
        return self._stats.levels.get(key)

    def all_stats(self) -> dict[str, LevelStats]:
        """Every solved level's stats by key (a copy)."""
        return dict(self._stats.levels)

    def saved_stats(self) -> Stats:
        """Every level's stats and each kind's streak days, as last read or written (for the
        stats screen's figures, which only read them)."""
        return self._stats

    def record_solve(
        self,
        key: str,
        seconds: float,
        *,
        daily: date | None = None,
        today: date | None = None,
        kind: str = DEFAULT_KIND,
        **tally: Unpack[Tally],
    ) -> LevelStats:
        """Count a solve, save the stats and forget the level's saved game.

        `daily` is the puzzle's date when the level is a daily puzzle (it feeds
        `kind`'s streak if it equals today); `tally`: how the solve went (`stats.Tally`).
        """
        today = today or self.today()
        # Merge with what another running instance may have written meanwhile.
        if self.stats_path.exists():
            fresh, bad = read_json(self.stats_path, decode_stats, limit=STATS_MAX_BYTES)
            if bad is not None:
                self._unreadable(_WHAT["stats"], bad, "the stats of this session are kept")
            elif fresh is not None:
                self._stats = fresh
        dated = parse_daily_key(key) if daily is None else None
        if dated is not None and dated[0] == kind:
            daily = dated[1]
        result = self._stats.record(key, seconds, today, daily=daily, kind=kind, **tally)
        self._write(self.stats_path, encode_stats(self._stats), "your stats")
        self.clear_progress(key)
        return result

    def streak(self, today: date | None = None, kind: str = DEFAULT_KIND) -> Streak:
        """`kind`'s daily streak (current, best, solved today) as of `today`."""
        return self._stats.streak(today or self.today(), kind)

    # --- daily --------------------------------------------------------------------------------

    def daily(self, day: date | None = None, kind: str = DEFAULT_KIND) -> Daily:
        """`day`'s `kind` puzzle (default today) from this store's daily folder, else the
        calendar's or generated (`store.daily`).

        Generated puzzles are cached in ``<data>/cache/`` (the first call of a
        day may take a second or more: call it from a worker). Raises
        `LevelError` if the day's file is broken.
        """
        from queens_tui.store import daily as daily_mod  # not needed to play a file

        return daily_mod.daily_level(
            kind, day or self.today(), self.daily_dir, cache_dir=self.root / "cache"
        )

    def daily_ready(self, day: date | None = None, kind: str = DEFAULT_KIND) -> Daily | None:
        """`day`'s puzzle if it needs no generating (a file, cached, or in the calendar),
        else None.

        Cheap (one file read): the app calls it before the first frame and
        generates in a worker only when this is None. Raises `LevelError` if
        the day's file is broken.
        """
        from queens_tui.store import daily as daily_mod

        day = day or self.today()
        if daily_mod.daily_file(kind, day, self.daily_dir) is not None:
            return self.daily(day, kind)
        found = daily_mod.ready(kind, self.root / "cache", day)
        return None if found is None else daily_mod.Daily(found, daily_mod.GENERATED)

    def daily_key(self, day: date | None = None, kind: str = DEFAULT_KIND) -> str:
        """The progress/stats key of `day`'s `kind` puzzle."""
        return daily_key(day or self.today(), kind)


def _folder_problem(root: Path, err: OSError) -> str:
    """Why the data folder `root` cannot be used, in words: a file in the way, or the OS's."""
    for p in (root, *root.parents):
        if os.path.lexists(p):
            if not p.is_dir():
                return f"{p} is a file, not a folder"
            break
    return f"the data folder {root} can't be written ({err.strerror or err})"


def _fit(obj: dict[str, Any], limit: int) -> bytes:
    """A save's bytes, its oldest undo and farthest redo steps dropped until under `limit`.

    The board itself is a few KB even at 64x64; only an enormous history can
    outgrow the read limit, and a save over it would be set aside on reading.
    """
    data = dumps(obj)
    while len(data) > limit and (obj["undo"] or obj["redo"]):
        for name in ("undo", "redo"):
            del obj[name][len(obj[name]) // 2 :]
        data = dumps(obj)
    return data


def now_local() -> datetime:
    """The local time, with its UTC offset (what files record)."""
    return datetime.now().astimezone()
