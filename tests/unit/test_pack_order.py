"""Each bundled pack is played easiest first, and each pack is harder than the one before.

A pack's `ORDER` (written by `scripts/sort_packs.py`) lists its levels by score
(`core.effort`), and the median score rises strictly from pack to pack of a kind (issue 41).
The files keep their names: the bundled ids, which saves are keyed by, do not move.
Scoring every Queens, Tango and Zip pack takes seconds: those kinds are marked slow.
"""

from __future__ import annotations

from itertools import pairwise
from statistics import median

import pytest

from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import ORDER_FILE, bundled_levels, levels_dir
from queens_tui.kinds import KINDS, get_kind

SLOW = {"queens", "tango", "zip"}
"""Kinds whose packs take over a second to score here."""


def packs(kind: str) -> dict[str, list[str]]:
    """`kind`'s packs, each with its level ids in the order they are listed and played."""
    out: dict[str, list[str]] = {}
    for level_id, _path in bundled_levels(kind):
        out.setdefault(level_id.rpartition("/")[0], []).append(level_id)
    return out


@pytest.mark.parametrize("kind", [k for k in KINDS if packs(k)])
def test_every_pack_has_an_order_of_all_its_levels(kind: str) -> None:
    root = levels_dir()
    assert root is not None
    for pack, ids in packs(kind).items():
        names = (root / pack / ORDER_FILE).read_text("utf-8").split()
        assert [f"{pack}/{name}" for name in names] == ids, pack


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(k, marks=[pytest.mark.slow] if k in SLOW else [], id=k)
        for k in KINDS
        if packs(k)
    ],
)
def test_scores_rise_within_and_across_packs(kind: str) -> None:
    medians = []
    paths = dict(bundled_levels(kind))
    for pack, ids in packs(kind).items():
        scored = [get_kind(kind).score(load_puzzle(paths[i])) for i in ids]
        scores = [s for s in scored if s is not None]
        assert len(scores) == len(ids), pack  # the rules finish every bundled level
        assert scores == sorted(scores), pack
        medians.append(median(scores))
    assert all(a < b for a, b in pairwise(medians)), medians
