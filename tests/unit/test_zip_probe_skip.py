"""Zip's probes skip the trials an earlier trial's standstill already holds (`deduce._probe`,
docs/performance.md): skipping must never change a step. Each level is solved twice, once by
the engine and once with a probe that tries every open link in order, as it did before."""

from __future__ import annotations

import random

import pytest

from queens_tui.formats import load_puzzle
from queens_tui.formats.bundled import bundled_levels
from queens_tui.kinds.zip import deduce
from queens_tui.kinds.zip.generate import level_from, random_path
from queens_tui.kinds.zip.level import ZipLevel


def _every_trial(state: deduce.State) -> deduce.Step | None:
    """The probe without skipping: the first open link whose trial runs into a contradiction."""
    for e in sorted(state.open):
        trial = state.copy()
        try:
            if trial.joins_badly(e) is not None:
                raise deduce.Contradiction("bad join")
            trial.take(e)
            deduce._propagate(trial)
        except deduce.Contradiction as why:
            state.cut(e)
            text = (
                f"Try a step and see it fail: {state.step_name(e)} leads to a contradiction "
                f"({why}), so the path doesn't go there"
            )
            return deduce.Step("probe", [], [e], text, state.cols)
    return None


def _probing_levels() -> list[ZipLevel]:
    """The bundled 8x8 levels that need probes, and random numberings of random 6x6 paths
    (several solutions or none among them: the rules then stop or break)."""
    out = []
    for level_id, path in bundled_levels("zip"):
        level = load_puzzle(path)
        assert isinstance(level, ZipLevel)
        if level_id.startswith("zip-3-8x8") and len(out) < 6:
            out.append(level)
    rng = random.Random(41)
    for _ in range(12):
        cells = random_path(6, 6, rng)
        marks = sorted({0, 35} | set(rng.sample(range(1, 35), rng.randint(2, 7))))
        out.append(level_from(6, 6, cells, marks, ()))
    return out


def _steps(level: ZipLevel) -> list[object]:
    return [step.as_json() for step in deduce._solve(level, None, True)[0]]


@pytest.mark.parametrize("level", _probing_levels(), ids=lambda lv: lv.name or "random 6x6")
def test_skipping_trials_changes_no_step(level: ZipLevel, monkeypatch: pytest.MonkeyPatch) -> None:
    ours = _steps(level)
    monkeypatch.setattr(deduce, "_probe", _every_trial)
    assert _steps(level) == ours


def test_the_probing_levels_do_probe() -> None:
    """The check above is worth something only where probes run, several times a level."""
    probes = [
        sum(s.rule == "probe" for s in deduce._solve(lv, None, True)[0]) for lv in _probing_levels()
    ]
    assert sum(n >= 2 for n in probes) >= 4, probes
