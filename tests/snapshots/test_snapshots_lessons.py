"""A snapshot of a lesson at 80x24: Tango's "two alike side by side" on the board the engine
found for it, after `h` (the rule explained on this board, its cells tinted), the status line
naming the lesson.

Update with `pytest tests/snapshots/test_snapshots_lessons.py --snapshot-update`.
"""

from __future__ import annotations

from tests.player import played
from tests.scenes import lesson_app, lesson_scene


def test_a_lesson_after_h(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(lesson_app(), run_before=played(lesson_scene), terminal_size=(80, 24))
