"""The deduction engine: the next logical step of a Patches level, named and explained.

The engine keeps, for each clue, the rectangles it may still take (its
candidates, `rules.candidates`, minus those ruled out) and the patches
already fixed. Rules, simplest first, with their stable ids and tiers:

Tier 1 (easy)
  `single`     a clue with one rectangle left takes it; other clues' rectangles
               that overlap it are out.
  `only_clue`  a cell that only one clue's rectangles can still cover: that
               clue's patch covers it, so its rectangles that miss the cell are out.
Tier 2 (medium)
  `common`     the cells every remaining rectangle of a clue covers are that
               clue's: other clues' rectangles through them are out.
Tier 3 (hard; expert when a level needs it more than `EXPERT_PROBES` times)
  `probe`      a rectangle that would leave some cell no clue can cover (or some
               other clue no room at all) is out.

After every step the engine starts again from the top, so each rule is used
only where nothing simpler works. Every rule is a deduction from the rules of
the game alone, so a level the rules finish has exactly one solution. When
none applies (a level with several solutions, or beyond depth-one probing),
`solve_logically` ends with a `solver` step from the exact search. Sentences
name clues as "the 6-cell wide clue at row 2, column 3" and cells 1-based
(r2c5); the data stays 0-based.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice

from queens_tui.core.effort import tier_effort, tier_features
from queens_tui.core.grid import Cell, cell_name
from queens_tui.core.kind import Grade, remembered, rule_counts, search_step_text
from queens_tui.core.play import CancelFlag, Cancelled
from queens_tui.core.vocabulary import DIFFICULTIES, Difficulty
from queens_tui.kinds.patches import search
from queens_tui.kinds.patches.level import Level, Rect, cells_text, rect_name
from queens_tui.kinds.patches.rules import (
    Mask,
    allowed,
    candidates,
    cell_bit,
    fault,
    full_mask,
    mask_cells,
    rect_mask,
)

RULE_TIERS: dict[str, int] = {"single": 1, "only_clue": 1, "common": 2, "probe": 3, "solver": 5}
"""Each rule's tier: 1 easy, 2 medium, 3 hard (4 expert: many probes), 5 beyond the rules."""

EXPERT_PROBES = 3
"""A level that needs more probe steps than this is expert, not hard."""


@dataclass(frozen=True)
class Step:
    """One logical step: the clue it is about, the cells that show why, what it decides."""

    rule: str
    text: str
    clue: Cell
    cells: tuple[Cell, ...] = ()
    """The evidence to highlight (the cells the rule reads)."""
    place: tuple[Rect, ...] = ()
    """Patches this step fixes (`single`: one; `solver`: the rest)."""
    ruled_out: tuple[tuple[int, Rect], ...] = field(default=(), compare=False)
    """(clue index, rectangle) pairs this step rules out."""

    @property
    def tier(self) -> int:
        return RULE_TIERS[self.rule]

    def as_json(self) -> dict[str, object]:
        """The step as `explain --json` prints it (without file and step number)."""
        return {
            "rule": self.rule,
            "clue": list(self.clue),
            "patches": [list(p) for p in self.place],
            "cells": [list(c) for c in self.cells],
            "ruled_out": len(self.ruled_out),
            "text": self.text,
        }


def _count(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


class Engine:
    """The candidates left for each clue, and the rules that narrow them."""

    def __init__(self, level: Level, patches: Iterable[Rect] = ()) -> None:
        """Start from the level's candidates; each drawn patch that is right for its clue
        becomes that clue's only one, and no other clue's rectangle may overlap a drawn patch."""
        self.level = level
        self.full = full_mask(level)
        drawn = list(patches)
        self.cands: list[list[tuple[Rect, Mask]]] = [
            [(r, rect_mask(level, r)) for r in rects] for rects in allowed(level, drawn)
        ]
        fixed = {level.clues_in(r)[0] for r in drawn if fault(level, r) is None}
        self.placed: set[int] = fixed
        self.covered: Mask = 0
        for k in fixed:
            self.covered |= self.cands[k][0][1]

    # --- state ---------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return len(self.placed) == len(self.level.clues)

    def open_clues(self) -> list[int]:
        """Unplaced clues, fewest candidates first (then reading order)."""
        ks = [k for k in range(len(self.level.clues)) if k not in self.placed]
        return sorted(ks, key=lambda k: (len(self.cands[k]), k))

    def apply(self, step: Step) -> None:
        """Take the step's conclusions: rule out its rectangles, fix its patches."""
        out: dict[int, set[Rect]] = {}
        for k, rect in step.ruled_out:
            out.setdefault(k, set()).add(rect)
        for k, rects in out.items():
            self.cands[k] = [c for c in self.cands[k] if c[0] not in rects]
        for rect in step.place:
            (k,) = self.level.clues_in(rect)
            m = rect_mask(self.level, rect)
            self.cands[k] = [(rect, m)]
            self.placed.add(k)
            self.covered |= m
            for j in range(len(self.cands)):
                if j != k:
                    self.cands[j] = [c for c in self.cands[j] if not c[1] & m]

    def _overlapping(self, k: int, m: Mask) -> tuple[tuple[int, Rect], ...]:
        """Other clues' candidates that overlap `m`."""
        return tuple(
            (j, r) for j in range(len(self.cands)) if j != k for r, rm in self.cands[j] if rm & m
        )

    # --- rules ---------------------------------------------------------------------------

    def _single(self) -> Step | None:
        for k in self.open_clues():
            if len(self.cands[k]) != 1:
                continue
            clue = self.level.clues[k]
            rect, m = self.cands[k][0]
            why = (
                "the only rectangle left for it"
                if len(candidates(self.level)[k]) > 1
                else "the only rectangle that fits it"
            )
            text = f"{clue.name.capitalize()} takes {rect_name(rect)}: {why}."
            cells = tuple(mask_cells(self.level, m))
            return Step("single", text, clue.cell, cells, (rect,), self._overlapping(k, m))
        return None

    def _only_clue(self) -> Step | None:
        free = self.full & ~self.covered
        opens = self.open_clues()
        # each open clue's reach: the cells some rectangle of it still covers (read once,
        # not per free cell: this rule was half of `grade`'s time on the packs)
        reaches = []
        for k in opens:
            union = 0
            for _, m in self.cands[k]:
                union |= m
            reaches.append((k, union))
        for cell in mask_cells(self.level, free):
            bit = cell_bit(self.level, cell)
            reach = [k for k, union in reaches if union & bit]
            if len(reach) != 1:
                continue
            k = reach[0]
            out = tuple((k, r) for r, m in self.cands[k] if not m & bit)
            if not out:
                continue
            clue = self.level.clues[k]
            text = (
                f"Only {clue.name} can still reach {cell_name(cell)}, so its patch covers it: "
                f"its {_count(len(out), 'rectangle')} that "
                f"{'misses' if len(out) == 1 else 'miss'} {cell_name(cell)} "
                f"{'is' if len(out) == 1 else 'are'} out."
            )
            return Step("only_clue", text, clue.cell, (cell,), (), out)
        return None

    def _common(self) -> Step | None:
        for k in self.open_clues():
            core = self.full
            for _, m in self.cands[k]:
                core &= m
            out = self._overlapping(k, core)
            out = tuple((j, r) for j, r in out if j not in self.placed)
            if not out:
                continue
            clue = self.level.clues[k]
            mine = mask_cells(self.level, core & ~cell_bit(self.level, clue.cell))
            losers = sorted({j for j, _ in out})
            names = [self.level.clues[j].name for j in losers[:2]]
            if len(losers) > 2:
                names[-1] += f" and {len(losers) - 2} more"
            whose = " and ".join(names)
            text = (
                f"Every rectangle left for {clue.name} covers {cells_text(mine)}: "
                f"those cells are its, so {_count(len(out), 'rectangle')} of {whose} "
                f"through them {'is' if len(out) == 1 else 'are'} out."
            )
            return Step("common", text, clue.cell, tuple(mask_cells(self.level, core)), (), out)
        return None

    def _probe_fails(self, k: int, m: Mask) -> str | None:
        """Why giving clue k the rectangle `m` is impossible, or None if nothing breaks at once."""
        reach = self.covered | m
        for j in self.open_clues():
            if j == k:
                continue
            left = [rm for _, rm in self.cands[j] if not rm & m]
            if not left:
                return f"{self.level.clues[j].name} would have no room"
            for rm in left:
                reach |= rm
        lost = self.full & ~reach
        if lost:
            cell = mask_cells(self.level, lost)[0]
            return f"no clue could cover {cell_name(cell)}"
        return None

    def _probe(self, cancel: CancelFlag | None = None) -> Step | None:
        for k in self.open_clues():
            if cancel is not None and cancel.is_set():
                raise Cancelled
            out: list[tuple[int, Rect]] = []
            first = ""
            evidence: list[Cell] = []
            for rect, m in self.cands[k]:
                why = self._probe_fails(k, m)
                if why is not None:
                    if not first:
                        first = f"if it took {rect_name(rect)}, {why}"
                        evidence = mask_cells(self.level, m)
                    out.append((k, rect))
            if not out:
                continue
            clue = self.level.clues[k]
            rest = len(out) - 1
            also = f" ({rest} more of its rectangles fail the same way)" if rest else ""
            text = f"{clue.name.capitalize()} cannot take every rectangle: {first}{also}."
            return Step("probe", text, clue.cell, tuple(evidence), (), tuple(out))
        return None

    def next_step(self, max_tier: int = 3, cancel: CancelFlag | None = None) -> Step | None:
        """The simplest step (of tier `max_tier` or lower), or None when none applies."""
        if self.done:
            return None
        for rule, tier in (
            (self._single, 1),
            (self._only_clue, 1),
            (self._common, 2),
        ):
            if tier <= max_tier and (step := rule()) is not None:
                return step
        if max_tier >= 3:
            return self._probe(cancel)
        return None

    def solver_step(self) -> Step | None:
        """The remaining patches of one solution of what is left, by exact search."""
        allowed = [[r for r, _ in c] for c in self.cands]
        found = list(islice(search.solutions(self.level, allowed), 2))
        if not found:
            return None
        rest = tuple(found[0][k] for k in range(len(self.cands)) if k not in self.placed)
        if not rest:
            return None
        patches = _count(len(rest), "patch").replace("patchs", "patches")
        text = search_step_text("draws", patches, len(found))
        first = self.level.clues[self.open_clues()[0]].cell
        return Step("solver", text, first, (), rest)


def next_step(level: Level, patches: Sequence[Rect]) -> Step | None:
    """The simplest step from the drawn `patches` (assumed right), or None if none applies."""
    return Engine(level, patches).next_step()


def next_placement(
    level: Level, patches: Sequence[Rect], cancel: CancelFlag | None = None
) -> list[Step]:
    """The steps from the drawn `patches` up to the first that fixes a patch (a hint in play:
    a narrowing alone changes nothing on the board). Empty when the rules get nowhere."""
    eng = Engine(level, patches)
    steps: list[Step] = []
    while (step := eng.next_step(3, cancel)) is not None:
        steps.append(step)
        if step.place:
            return steps
        eng.apply(step)
    return []


def solve_logically(level: Level, max_tier: int = 3) -> list[Step]:
    """The whole logical solution of `level`, step by step (rules of tier <= `max_tier`).

    Ends with a `solver` step when the rules run out before every patch is fixed.
    Raises `ValueError` if the level has no solution.
    """
    # the same search `count_solutions` ran (remembered: `grade` asks it first)
    if not remembered(level, 1, lambda k: list(islice(search.solutions(level), k))):
        raise ValueError("the level has no solution")
    eng = Engine(level)
    steps: list[Step] = []
    while (step := eng.next_step(max_tier)) is not None:
        steps.append(step)
        eng.apply(step)
    if not eng.done:
        last = eng.solver_step()
        if last is None:
            raise ValueError("the level has no solution")
        steps.append(last)
    return steps


def solved_by_rules(level: Level, max_tier: int = 3) -> list[Step] | None:
    """The rules' steps when they alone fix every patch (so the level is unique), else None.

    The generator's check: no exact search, so it is cheap on a level that is stuck.
    """
    eng = Engine(level)
    if not all(eng.cands):
        return None
    steps: list[Step] = []
    while (step := eng.next_step(max_tier)) is not None:
        steps.append(step)
        eng.apply(step)
        if any(not c for c in eng.cands):
            return None
    return steps if eng.done else None


def grade_steps(steps: Sequence[Step]) -> Grade:
    """The hardest tier used (probes more than `EXPERT_PROBES` times: expert). `unique` is
    left True: a caller that has counted the solutions replaces it."""
    rules = rule_counts(steps)
    if not steps:
        return Grade(Difficulty.EASY, 0, None, rules, True)
    hardest = max(steps, key=lambda s: s.tier)
    if hardest.rule == "solver":
        return Grade(None, len(steps), "solver", rules, False)
    tier = hardest.tier
    if rules.get("probe", 0) > EXPERT_PROBES:
        tier = 4
    return Grade(DIFFICULTIES[tier - 1], len(steps), hardest.rule, rules, True, hardest_tier=tier)


def difficulty_rank(name: str | None) -> int:
    """0 easy .. 3 expert; 4 for None (beyond the rules)."""
    return DIFFICULTIES.index(name) if name in DIFFICULTIES else len(DIFFICULTIES)


EFFORT = tier_effort(
    steps=0.1, medium=1.0, hard=1.5, expert=2.5, stuck=0.5, longest=0.0, intercept=0.5
)
"""Patches' weights, set by hand (`core.effort.tier_effort`)."""


def features(level: Level, steps: Sequence[Step]) -> dict[str, float]:
    """The counts the score weighs: `core.effort.tier_features` of the steps' tiers."""
    return tier_features([s.tier for s in steps])
