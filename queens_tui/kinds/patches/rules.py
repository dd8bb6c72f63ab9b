"""The rules of Patches, on a set of drawn patches: what a patch breaks, and when it is won.

1. Every cell lies in exactly one patch (a rectangle).
2. Every patch holds exactly one clue.
3. A patch has the shape and the size its clue asks for.

`candidates` lists, for each clue, every rectangle that obeys rules 2 and 3
for it (it holds that clue and no other, fits its shape and size): solving
is choosing one candidate a clue so that they cover every cell once (exact
cover). `fault` says what a drawn patch breaks, so the game can draw it as
wrong and a hint can say why.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from queens_tui.core.grid import Cell, cell_name
from queens_tui.kinds.patches.level import Clue, Level, Rect, overlaps, rect_area

Mask = int
"""A set of cells as bits: cell (r, c) is bit r * cols + c."""


def rect_mask(level: Level, rect: Rect) -> Mask:
    """The cells of `rect` as a mask."""
    top, left, bottom, right = rect
    row = ((1 << (right - left + 1)) - 1) << left
    mask = 0
    for r in range(top, bottom + 1):
        mask |= row << (r * level.cols)
    return mask


def mask_cells(level: Level, mask: Mask) -> list[Cell]:
    """The cells of a mask, in reading order."""
    out = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append(divmod(i, level.cols))
        mask ^= low
    return out


def cell_bit(level: Level, cell: Cell) -> Mask:
    return 1 << (cell[0] * level.cols + cell[1])


def full_mask(level: Level) -> Mask:
    return (1 << (level.rows * level.cols)) - 1


@cache
def candidates(level: Level) -> tuple[tuple[Rect, ...], ...]:
    """For each clue (in `level.clues` order), every rectangle it may take, in a fixed order.

    A candidate contains its clue and no other and fits the clue's shape and
    size; at most a few hundred a clue on 8x8.
    """
    rows, cols = level.rows, level.cols
    # clue counts by prefix sums: how many clues lie in any rectangle, in O(1)
    pre = [[0] * (cols + 1) for _ in range(rows + 1)]
    for r in range(rows):
        for c in range(cols):
            pre[r + 1][c + 1] = (
                pre[r][c + 1] + pre[r + 1][c] - pre[r][c] + ((r, c) in level.clue_at)
            )

    def count(t: int, lft: int, b: int, rgt: int) -> int:
        return pre[b + 1][rgt + 1] - pre[t][rgt + 1] - pre[b + 1][lft] + pre[t][lft]

    out: list[tuple[Rect, ...]] = []
    for clue in level.clues:
        found: list[Rect] = []
        r0, c0 = clue.cell
        for top in range(r0, -1, -1):
            if count(top, c0, r0, c0) > 1:
                break
            for bottom in range(r0, rows):
                if count(top, c0, bottom, c0) > 1:
                    break
                for left in range(c0, -1, -1):
                    if count(top, left, bottom, c0) > 1:
                        break
                    for right in range(c0, cols):
                        if count(top, left, bottom, right) > 1:
                            break
                        rect = (top, left, bottom, right)
                        if clue.fits(rect):
                            found.append(rect)
        out.append(tuple(sorted(found)))
    return tuple(out)


def allowed(level: Level, patches: Sequence[Rect] = ()) -> list[list[Rect]]:
    """Each clue's candidates once `patches` are drawn: a right patch is its clue's only one;
    no other clue may take a rectangle overlapping a drawn patch."""
    fixed: dict[int, Rect] = {}
    for rect in patches:
        inside = level.clues_in(rect)
        if len(inside) == 1 and fault(level, rect) is None:
            fixed[inside[0]] = rect
    out = []
    for k, rects in enumerate(candidates(level)):
        if k in fixed:
            out.append([fixed[k]])
        else:
            out.append([r for r in rects if not any(overlaps(r, p) for p in patches)])
    return out


def fault(level: Level, rect: Rect) -> str | None:
    """What a drawn patch breaks (a phrase after "this patch"), or None when it is right."""
    inside = level.clues_in(rect)
    if not inside:
        return "holds no clue"
    if len(inside) > 1:
        return f"holds {len(inside)} clues; a patch holds exactly one"
    clue = level.clues[inside[0]]
    return clue_fault(clue, rect)


def clue_fault(clue: Clue, rect: Rect) -> str | None:
    """What `rect` breaks of `clue`'s shape or size (None: it fits)."""
    height, width = rect[2] - rect[0] + 1, rect[3] - rect[1] + 1
    if clue.size is not None and rect_area(rect) != clue.size:
        return f"has {rect_area(rect)} cells; its clue asks for {clue.size}"
    if not clue.fits(rect):
        return f"is {height} rows by {width} columns; its clue asks for a {clue.shape} patch"
    return None


def is_tiling(level: Level, patches: Iterable[Rect]) -> bool:
    """True when `patches` cover every cell exactly once."""
    covered = 0
    for rect in patches:
        m = rect_mask(level, rect)
        if covered & m:
            return False
        covered |= m
    return covered == full_mask(level)


def is_solved(level: Level, patches: Sequence[Rect]) -> bool:
    """True when the patches tile the grid and each holds one clue that it fits."""
    return is_tiling(level, patches) and all(fault(level, p) is None for p in patches)


def dead_end(level: Level, patches: Sequence[Rect]) -> tuple[str, tuple[Cell, ...]] | None:
    """Why `patches` cannot be part of a solution, in the rules' words, or None when the
    rules see no reason.

    What `m` says after "with it": a clue left with no rectangle it may take, or a cell no
    clue can still reach, once the simple rules have run (a clue with one rectangle left
    takes it; a cell only one clue reaches belongs to it), else a clue each of whose
    rectangles leads the rules there. It names the clue or the cell, never the patch the
    solution draws. The cells to tint come with it.
    """
    cands = allowed(level, patches)
    found = _narrow(level, cands)
    if found is not None:
        return found
    for k in sorted(range(len(cands)), key=lambda k: len(cands[k])):
        if len(cands[k]) > 1 and all(
            _narrow(level, [*cands[:k], [rect], *cands[k + 1 :]]) for rect in cands[k]
        ):
            clue = level.clues[k]
            return (
                f"each rectangle {clue.name} could take would leave another clue without "
                "room or a cell without a patch",
                (clue.cell,),
            )
    return None


def _narrow(level: Level, cands: list[list[Rect]]) -> tuple[str, tuple[Cell, ...]] | None:
    """Run the simple rules on `cands` (narrowed in place) until they stop: the dead end
    they reach, or None."""
    forced = ""
    cells = [(r, c) for r in range(level.rows) for c in range(level.cols)]
    while True:
        for k, rects in enumerate(cands):
            if not rects:
                clue = level.clues[k]
                return f"{clue.name} would have no room left for its patch{forced}", (clue.cell,)
        masks = [[rect_mask(level, r) for r in rects] for rects in cands]
        changed = False
        for k, rects in enumerate(cands):
            if len(rects) == 1:
                mine = masks[k][0]
                for j in range(len(cands)):
                    if j != k and any(m & mine for m in masks[j]):
                        keep = [i for i, m in enumerate(masks[j]) if not m & mine]
                        cands[j] = [cands[j][i] for i in keep]
                        masks[j] = [masks[j][i] for i in keep]
                        changed = True
        for cell in cells:
            bit = cell_bit(level, cell)
            by = [k for k, ms in enumerate(masks) if any(m & bit for m in ms)]
            if not by:
                return f"{cell_name(cell)} could belong to no patch{forced}", (cell,)
            if len(by) == 1 and not all(m & bit for m in masks[by[0]]):
                k = by[0]
                keep = [i for i, m in enumerate(masks[k]) if m & bit]
                cands[k] = [cands[k][i] for i in keep]
                masks[k] = [masks[k][i] for i in keep]
                changed = True
        if not changed:
            return None
        forced = " once the rules narrow the rest"
