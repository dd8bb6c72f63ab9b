"""Issue 10 item 10: the cursor shape is restored when the game exits (on a terminal only)."""

from __future__ import annotations

import io

from queens_tui.cli.play import CURSOR_RESTORE, restore_cursor


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_its_default_cursor_back() -> None:
    tty = Tty()
    restore_cursor(tty)
    assert tty.getvalue() == CURSOR_RESTORE == "\x1b[0 q\x1b[?25h"


def test_a_pipe_gets_nothing_and_a_closed_stream_does_not_raise() -> None:
    pipe = io.StringIO()
    restore_cursor(pipe)
    assert pipe.getvalue() == ""
    closed = Tty()
    closed.close()
    restore_cursor(closed)
