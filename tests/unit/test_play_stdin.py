"""`cat level.txt | queens-tui play -` (issue 29, item 10): the level comes through standard
input, which then ends; the game must not read its keys from there (it spun at 100% CPU, deaf
to `q`). It reads them from the controlling terminal, or refuses in one line without one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLE_8, REPO


@pytest.mark.slow  # a real game process on a pseudo-terminal
@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_a_level_on_standard_input_without_a_terminal_for_keys_is_refused(
    tmp_path: Path,
) -> None:
    import pty

    main_fd, screen = pty.openpty()  # stdout is a terminal; the session has no controlling one
    env = {**os.environ, "PYTHONPATH": str(REPO), "XDG_DATA_HOME": str(tmp_path)}
    env.pop("TEXTUAL_DRIVER", None)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "queens_tui", "play", "-"],
            input=EXAMPLE_8.encode(),
            stdout=screen,
            stderr=subprocess.PIPE,
            env=env,
            timeout=60,  # before: the game spun until killed
            start_new_session=True,
        )
    finally:
        os.close(screen)
        os.close(main_fd)
    assert done.returncode == 2
    assert done.stderr.decode().endswith("give the level as a file, not on standard input\n")
    assert done.stderr.count(b"\n") == 1


def test_keys_come_from_the_terminal_when_standard_input_is_not_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from queens_tui.cli import play

    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    opened: list[str] = []
    duped: list[tuple[int, int]] = []
    monkeypatch.setattr(os, "isatty", lambda fd: False)
    monkeypatch.setattr(os, "open", lambda path, flags: opened.append(path) or 99)
    monkeypatch.setattr(os, "dup2", lambda a, b: duped.append((a, b)))
    monkeypatch.setattr(os, "close", lambda fd: None)
    assert play.keys_from_terminal() is None
    assert opened == ["/dev/tty"] and duped == [(99, 0)]
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert play.keys_from_terminal() is None and len(opened) == 1  # serve's game: its pipe
