"""SIGTERM and SIGHUP end the game as `q` does (issue 29, item 12): the terminal leaves the
alternate screen with mouse reporting off, instead of being left as the game drew it."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import EXAMPLE_8, REPO

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def test_the_signals_end_the_app_with_their_exit_codes() -> None:
    from queens_tui.app.signals import end_on_signals

    ended: list[int] = []

    async def run() -> list[int]:
        handled = end_on_signals(ended.append, grace=None)  # no timer in pytest's process
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(100):
            if ended:
                break
            await asyncio.sleep(0.01)
        return handled

    assert asyncio.run(run()) == [signal.SIGTERM, signal.SIGHUP]
    assert ended == [128 + signal.SIGTERM]


def test_a_signalled_process_whose_exit_hangs_ends_after_the_grace() -> None:
    """A game whose clean exit never comes (a hung-up terminal's output thread stuck) still
    ends, with the signal's code, so it lets go of the data folder's lock."""
    import subprocess

    script = (
        "import asyncio, os, signal\n"
        "from queens_tui.app.signals import end_on_signals\n"
        "async def main():\n"
        "    end_on_signals(lambda code: None, grace=0.3)  # an exit that never comes\n"
        "    os.kill(os.getpid(), signal.SIGHUP)\n"
        "    await asyncio.sleep(30)\n"
        "asyncio.run(main())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", script], env=env, timeout=20)
    assert done.returncode == 128 + signal.SIGHUP
    assert time.monotonic() - started < 15  # the grace, not the 30 s sleep


@pytest.mark.slow  # the real game on a pseudo-terminal
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signalled_game_gives_the_terminal_back(tmp_path: Path, sig: int) -> None:
    import pty
    import subprocess

    level = tmp_path / "level.txt"
    level.write_text(EXAMPLE_8)
    main_fd, screen = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(REPO), "XDG_DATA_HOME": str(tmp_path / "d")}
    env.pop("TEXTUAL_DRIVER", None)
    game = subprocess.Popen(
        [sys.executable, "-m", "queens_tui", "play", str(level)],
        stdin=screen,
        stdout=screen,
        stderr=screen,
        env=env,
        start_new_session=True,
    )
    os.close(screen)
    seen = b""

    def read_for(seconds: float, until: bytes | None = None) -> None:
        nonlocal seen
        end = time.monotonic() + seconds
        while time.monotonic() < end and (until is None or until not in seen):
            import select

            if select.select([main_fd], [], [], 0.1)[0]:
                try:
                    seen += os.read(main_fd, 65536)
                except OSError:
                    return

    try:
        read_for(30, until=b"moves 0")  # the first frame is out
        assert b"\x1b[?1049h" in seen and b"\x1b[?1000h" in seen  # alternate screen, mouse on
        drawn = len(seen)
        game.send_signal(sig)
        assert game.wait(timeout=30) == 128 + sig
        read_for(1)
    finally:
        game.kill()
        os.close(main_fd)
    after = seen[drawn:]
    assert b"\x1b[?1049l" in after and b"\x1b[?1000l" in after  # both given back
