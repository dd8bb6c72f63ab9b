"""Which lessons the player has done: `<data dir>/lessons-done.json`.

One small file, `{"format": "queens-tui-lessons-done", "version": 1, "done": {id: date}}`
(lesson ids `<kind>-<rule>`, the day each was first done). Written whole, beside and renamed
over (`jsonfile.atomic_write_json`), so a crash never leaves half a file; a file that is not
ours or is damaged is set aside like a save (`<name>.corrupt-<stamp>`) with one notice, and the
player starts with no lesson done rather than losing the file.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from queens_tui.store import paths
from queens_tui.store.jsonfile import (
    SchemaError,
    Unreadable,
    atomic_write_json,
    check_header,
    expect,
    get,
    read_json,
)

FILE = "lessons-done.json"
FORMAT = "queens-tui-lessons-done"
VERSION = 1
MAX_ID = 80
"""A lesson id is a kind and a rule id: longer is not ours."""


def _validate(obj: Any) -> dict[str, str]:
    body = check_header(obj, FORMAT, VERSION)
    done = get(body, "done", dict)
    out: dict[str, str] = {}
    for key, day in done.items():
        expect(isinstance(key, str) and 0 < len(key) <= MAX_ID, "a lesson id is not a name")
        expect(isinstance(day, str), f"lesson {key!r}: the day is not text")
        date.fromisoformat(day)  # ValueError: not ours
        out[key] = day
    return out


class LessonProgress:
    """The lessons done, read once from the data folder and saved after each change."""

    def __init__(self, data: paths.PathLike | None = None) -> None:
        self.path: Path = paths.data_dir(data) / FILE
        done, bad = read_json(self.path, _validate)
        self.done: dict[str, str] = done or {}
        self.problem: Unreadable | None = bad
        """The damaged file set aside on reading, if any (`notice` says it)."""

    @property
    def notice(self) -> str | None:
        """One line about a progress file set aside, or None."""
        bad = self.problem
        if bad is None:
            return None
        where = f"; kept as {bad.moved_to.name}" if bad.moved_to is not None else ""
        return f"{bad.path.name}: {bad.reason}: lesson progress starts over{where}"

    def is_done(self, lesson_id: str) -> bool:
        return lesson_id in self.done

    def mark_done(self, lesson_id: str, today: date | None = None) -> bool:
        """Record a lesson as done (the first day stays); True when it was new. Raises
        OSError when the file cannot be written."""
        if lesson_id in self.done:
            return False
        self.done[lesson_id] = (today or date.today()).isoformat()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_json(
            self.path,
            {"format": FORMAT, "version": VERSION, "done": dict(sorted(self.done.items()))},
        )
        return True


__all__ = ["FILE", "LessonProgress", "SchemaError"]
