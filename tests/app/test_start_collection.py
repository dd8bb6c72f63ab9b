"""The game starts without cyclic garbage collection and turns it back on after its first frame.

The start builds some 50,000 objects that all live on; collecting while they are made only
scanned them (docs/performance.md, start-up). These tests hold the two ends: `main` turns
collection off only to start the game and always back on when it returns, and the app turns
it on once its first frame is drawn, so a game is never played without it.
"""

from __future__ import annotations

import argparse
import gc

import pytest

from queens_tui.cli import main, play
from tests.player import playing


def test_main_starts_the_game_without_collection_and_turns_it_back_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[bool] = []

    def start(args: argparse.Namespace) -> int:
        seen.append(gc.isenabled())
        return 0

    monkeypatch.setattr(play, "cmd_play", start)
    assert main(["play"]) == 0
    assert seen == [False]
    assert gc.isenabled()


def test_a_failed_start_leaves_collection_on(tmp_path) -> None:
    assert main(["play", str(tmp_path / "missing.txt")]) == 2
    assert gc.isenabled()


async def test_the_app_collects_again_after_its_first_frame(app8) -> None:
    gc.disable()  # as `main` leaves it for the game's start
    try:
        async with playing(app8) as pilot:
            await pilot.pause()
            assert gc.isenabled()
    finally:
        gc.enable()
