"""Synthetic screenshots of Queens boards, drawn with Pillow, for the image reader's tests.

`board_picture` draws a board of random connected regions the way the games
do (coloured cells, thin dark lines between cells, thick ones between
regions, a thick frame), optionally with queens and crosses on it, in a light
or dark page, embedded in a larger noisy "screen", scaled down and JPEG
compressed. It returns the picture's bytes and the true region grid.
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

PALETTE = (
    "#bba3e2", "#ffc992", "#96beff", "#b3dfa0", "#dfdfdf", "#ff7b60",
    "#e6f388", "#b9b29e", "#dfa0bf", "#a3d2d8", "#62efea", "#ffe046",
    "#f4a6ff", "#8fd694", "#ffb3b3", "#c9b6ff", "#7fb3d5", "#f5cba7",
)  # fmt: skip
"""LinkedIn's twelve cell colours, then six more as the community game adds for big boards."""

LIGHT_PAGE, DARK_PAGE = (243, 242, 239), (27, 31, 35)


def random_regions(n: int, rng: random.Random) -> list[list[int]]:
    """N connected regions grown from N random seeds (a partition; not always solvable)."""
    grid = [[-1] * n for _ in range(n)]
    cells = [(r, c) for r in range(n) for c in range(n)]
    frontier: list[tuple[int, int, int]] = []
    for reg, (r, c) in enumerate(rng.sample(cells, n)):
        grid[r][c] = reg
        frontier.append((r, c, reg))
    while frontier:
        i = rng.randrange(len(frontier))
        r, c, reg = frontier[i]
        free = [
            (r + dr, c + dc)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < n and 0 <= c + dc < n and grid[r + dr][c + dc] < 0
        ]
        if not free:
            frontier.pop(i)
            continue
        nr, nc = rng.choice(free)
        grid[nr][nc] = reg
        frontier.append((nr, nc, reg))
    return grid


@dataclass(frozen=True)
class Picture:
    """A drawn screenshot: its file bytes, the true region of every cell, its file suffix."""

    data: bytes
    regions: list[list[int]]
    suffix: str


def _rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def draw_board(
    regions: list[list[int]],
    cell: int,
    *,
    queens: Sequence[tuple[int, int]] = (),
    crosses: Sequence[tuple[int, int]] = (),
    colors: tuple[str, ...] = PALETTE,
    borders: bool = True,
    outline: list[list[int]] | None = None,
) -> Image.Image:
    """The board alone, frame included.

    `borders=False`: region borders as thin as cell lines. `outline`: draw the thick
    borders of this other partition (a picture that contradicts itself).
    """
    edges = outline if outline is not None else regions
    n = len(regions)
    thin = max(1, cell // 40)
    thick = max(3, cell // 14) if borders else thin
    frame = thick + 2
    size = n * cell + 2 * frame
    im = Image.new("RGB", (size, size), (0, 0, 0))
    pen = ImageDraw.Draw(im)
    for r in range(n):
        for c in range(n):
            x, y = frame + c * cell, frame + r * cell
            pen.rectangle((x, y, x + cell - 1, y + cell - 1), fill=_rgb(colors[regions[r][c]]))
    line = (40, 40, 40)
    for k in range(1, n):
        p = frame + k * cell
        pen.rectangle((p - thin // 2, frame, p - thin // 2 + thin - 1, size - frame), fill=line)
        pen.rectangle((frame, p - thin // 2, size - frame, p - thin // 2 + thin - 1), fill=line)
    for r in range(n):
        for c in range(n):
            x, y = frame + c * cell, frame + r * cell
            if c + 1 < n and edges[r][c] != edges[r][c + 1]:
                p = x + cell
                pen.rectangle((p - thick // 2, y - 1, p + thick // 2, y + cell), fill=(0, 0, 0))
            if r + 1 < n and edges[r][c] != edges[r + 1][c]:
                p = y + cell
                pen.rectangle((x - 1, p - thick // 2, x + cell, p + thick // 2), fill=(0, 0, 0))
    for r, c in crosses:
        cx, cy, s = frame + c * cell + cell / 2, frame + r * cell + cell / 2, cell * 0.1
        pen.line((cx - s, cy - s, cx + s, cy + s), fill=(60, 60, 60), width=max(1, cell // 30))
        pen.line((cx - s, cy + s, cx + s, cy - s), fill=(60, 60, 60), width=max(1, cell // 30))
    for r, c in queens:
        cx, cy, s = frame + c * cell + cell / 2, frame + r * cell + cell / 2, cell * 0.28
        pts = [(-1, 0.7), (-1, -0.5), (-0.5, 0), (0, -0.8), (0.5, 0), (1, -0.5), (1, 0.7)]
        pen.polygon(
            [(cx + x * s, cy + y * s) for x, y in pts], fill=(245, 180, 20), outline=(90, 50, 0)
        )
    return im


def gap_board(
    regions: list[list[int]],
    cell: int,
    page: tuple[int, int, int],
    colors: tuple[str, ...] = PALETTE,
) -> Image.Image:
    """A board drawn the other way some games do: rounded tiles on the page, gaps, no lines."""
    n = len(regions)
    gap = max(2, cell // 12)
    size = n * cell + gap
    im = Image.new("RGB", (size, size), page)
    pen = ImageDraw.Draw(im)
    for r in range(n):
        for c in range(n):
            x, y = gap + c * cell, gap + r * cell
            pen.rounded_rectangle(
                (x, y, x + cell - gap - 1, y + cell - gap - 1),
                radius=cell // 8,
                fill=_rgb(colors[regions[r][c]]),
            )
    return im


def board_picture(
    n: int,
    seed: int = 0,
    *,
    dark: bool = False,
    cell: int = 48,
    queens: int = 0,
    crosses: int = 0,
    screen: bool = False,
    scale: float = 1.0,
    jpeg: bool = False,
    regions: list[list[int]] | None = None,
    colors: tuple[str, ...] = PALETTE,
    borders: bool = True,
    gaps: bool = False,
) -> Picture:
    """A screenshot of a random N x N board; see the module docstring."""
    rng = random.Random(seed)
    regions = regions if regions is not None else random_regions(n, rng)
    cells = [(r, c) for r in range(n) for c in range(n)]
    picked = rng.sample(cells, min(len(cells), queens + crosses))
    page = DARK_PAGE if dark else LIGHT_PAGE
    if gaps:
        board = gap_board(regions, cell, (255, 255, 255) if not dark else page, colors)
    else:
        board = draw_board(
            regions,
            cell,
            queens=picked[:queens],
            crosses=picked[queens:],
            colors=colors,
            borders=borders,
        )
    margin = cell
    if screen:
        w, h = board.width * 2 + 300, board.height + 500
    else:
        w, h = board.width + 2 * margin, board.height + 2 * margin
    im = Image.new("RGB", (w, h), page)
    pen = ImageDraw.Draw(im)
    if screen:  # page chrome: bars, buttons, text-like strokes, a sidebar of boxes
        ink = (220, 220, 220) if dark else (30, 30, 30)
        pen.rectangle((0, 0, w, 60), fill=(10, 10, 10) if dark else (255, 255, 255))
        for _ in range(40):
            x, y = rng.randrange(0, w - 200), rng.randrange(70, h - 20)
            if rng.random() < 0.5:
                pen.text((x, y), "How to play: one queen per row " * 2, fill=ink)
            else:
                pen.rectangle(
                    (x, y, x + rng.randrange(20, 200), y + rng.randrange(8, 40)),
                    outline=ink,
                    fill=tuple(rng.randrange(256) for _ in range(3)),
                )
        left, top = rng.randrange(20, w - board.width - 20), 250
        pen.rectangle(
            (left - 10, top - 10, left + board.width + 10, top + board.height + 10), fill=page
        )
    else:
        left, top = margin, margin
    im.paste(board, (left, top))
    if scale != 1.0:
        im = im.resize((max(1, round(w * scale)), max(1, round(h * scale))), Image.LANCZOS)
    out = io.BytesIO()
    if jpeg:
        im.save(out, format="JPEG", quality=75)
        return Picture(out.getvalue(), regions, ".jpg")
    im.save(out, format="PNG")
    return Picture(out.getvalue(), regions, ".png")
