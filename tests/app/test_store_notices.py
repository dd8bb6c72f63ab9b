"""The store's "can't save" and "read-only" notices reach the player, and the game goes on
(issue 10, items 17 and 22; the store side is tested in tests/unit/test_store_unsaveable.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from queens_tui.app import create_app
from tests.player import playing

from .conftest import board_view
from .session_fixtures import SIZE, make_store, notices


async def test_unsaveable_data_folder_is_said_once_and_the_game_goes_on(
    level8_file: Path, tmp_path: Path, clock: object
) -> None:
    blocker = tmp_path / "xdg"
    blocker.write_text("")
    store = make_store(blocker / "queens-tui")
    app = create_app(str(level8_file), now=clock, store=store)  # type: ignore[arg-type]
    async with playing(app, size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("enter", "right", "right", "x")
        await pilot.pause()
        store.flush()
        await pilot.pause()
        warnings = notices(app, "warning")
        assert len(warnings) == 1
        assert f"{blocker} is a file, not a folder" in warnings[0]
        assert board_view(app).board.queens  # the move was made
    assert blocker.read_text() == ""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fcntl locks are POSIX only")
async def test_second_game_says_it_is_read_only(
    level8_file: Path, tmp_path: Path, clock: object
) -> None:
    from tests.unit.test_store_unsaveable import _other_game

    data = tmp_path / "data"
    other = _other_game(data)
    try:
        app = create_app(str(level8_file), now=clock, store=make_store(data))  # type: ignore[arg-type]
        async with playing(app, size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            warnings = notices(app, "warning")
            assert len(warnings) == 1
            assert f"Another queens-tui (pid {other.pid})" in warnings[0]
            assert "read-only" in warnings[0]
        assert not (data / "progress" / "grid").exists()
        assert sorted(p.name for p in (data / "progress").iterdir()) == ["grid%3Afour.json"]
    finally:
        other.kill()
        other.wait()


async def test_a_background_save_failing_is_said_without_waiting_for_another_move(
    level8_file: Path, tmp_path: Path, clock: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save runs after the move, on the store's writer thread: its failure reaches the
    screen at the next clock tick, not at the next key (the player may never press one)."""
    import errno

    from queens_tui.store import store as store_module

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    store = make_store(tmp_path / "data")
    app = create_app(str(level8_file), now=clock, store=store)  # type: ignore[arg-type]
    async with playing(app, size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        monkeypatch.setattr(store_module, "atomic_write_bytes", full_disk)
        await pilot.press("enter")
        await pilot.pause()
        store.flush()  # the write has failed on the writer thread
        await pilot.pause(0.4)  # one clock tick later, no key pressed
        warnings = notices(app, "warning")
        assert len(warnings) == 1 and "No space left on device" in warnings[0]
