"""Synthetic screenshots of Tango, Zip and Mini Sudoku boards, drawn with Pillow.

The way LinkedIn draws them: Tango's pale grid on white (or dark grey cells
on the dark theme), given cells shaded, suns as orange discs with a darker
ring, moons as blue crescents, `=` and `×` signs on the boundaries; Zip's
grey grid, black numbered dots, thick black walls (the dark theme: dark
cells, light dots with dark numbers, light walls); a Mini Sudoku's digits
in a grid with thick box lines; Patches' pale grid with a clue's shape
(a pastel square, tall or wide bar, or a hatched box for "any shape")
behind its size. Each picture can be scaled, JPEG
compressed, and embedded in a larger "screen" with page chrome around it.
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from queens_tui.kinds.patches.level import FREE, SQUARE, TALL, WIDE
from queens_tui.kinds.patches.level import Level as PatchesLevel
from queens_tui.kinds.tango.level import SUN
from queens_tui.kinds.tango.level import Level as TangoLevel
from queens_tui.kinds.zip.level import ZipLevel

LIGHT_PAGE, DARK_PAGE = (243, 242, 239), (27, 31, 35)


@dataclass(frozen=True)
class Picture:
    """A drawn screenshot's file bytes and file suffix."""

    data: bytes
    suffix: str


def tango_board(level: TangoLevel, cell: int, dark: bool = False) -> Image.Image:
    """A Tango board alone, frame included."""
    n = level.size
    frame = max(2, cell // 30)
    size = n * cell + 2 * frame
    bg, given, line = (
        ((32, 35, 40), (60, 64, 70), (75, 82, 95))
        if dark
        else ((255, 255, 255), (238, 234, 230), (222, 218, 214))
    )
    im = Image.new("RGB", (size, size), line)
    pen = ImageDraw.Draw(im)
    for r in range(n):
        for c in range(n):
            x, y = frame + c * cell, frame + r * cell
            fill = given if level.givens[r][c] is not None else bg
            pen.rectangle((x + 1, y + 1, x + cell - 1, y + cell - 1), fill=fill)
            v = level.givens[r][c]
            if v is None:
                continue
            cx, cy, s = x + cell / 2, y + cell / 2, cell * 0.3
            if v == SUN:
                pen.ellipse(
                    (cx - s, cy - s, cx + s, cy + s),
                    fill=(245, 176, 60),
                    outline=(214, 110, 40),
                    width=max(1, cell // 25),
                )
            else:
                pen.ellipse(
                    (cx - s, cy - s, cx + s, cy + s),
                    fill=(70, 120, 230) if not dark else (160, 190, 250),
                )
                bite = s * 0.85
                bx, by = cx + s * 0.45, cy - s * 0.35
                pen.ellipse((bx - bite, by - bite, bx + bite, by + bite), fill=fill)
    ink = (200, 200, 205) if dark else (130, 110, 90)
    width = max(1, cell // 22)
    for kind, pairs in (("=", level.equal), ("x", level.opposite)):
        for (r1, c1), (r2, c2) in pairs:
            cx = frame + (c1 + c2 + 1) * cell / 2
            cy = frame + (r1 + r2 + 1) * cell / 2
            s = cell * 0.08
            pen.rectangle((cx - s * 1.4, cy - s * 1.4, cx + s * 1.4, cy + s * 1.4), fill=bg)
            if kind == "=":
                pen.rectangle((cx - s, cy - s * 0.6 - width, cx + s, cy - s * 0.6), fill=ink)
                pen.rectangle((cx - s, cy + s * 0.6, cx + s, cy + s * 0.6 + width), fill=ink)
            else:
                pen.line((cx - s, cy - s, cx + s, cy + s), fill=ink, width=width + 1)
                pen.line((cx - s, cy + s, cx + s, cy - s), fill=ink, width=width + 1)
    return im


def zip_board(
    level: ZipLevel,
    cell: int,
    dark: bool = False,
    path: Sequence[tuple[int, int]] = (),
    plain: bool = False,
) -> Image.Image:
    """A Zip board alone, frame included: light, or dark (dark cells, light dots and walls);
    with `path` (cells in order), solved: the path a thick orange band under the dots.
    `plain`: as sites that post solutions draw it, no grid line, no wall, no frame."""
    n = level.rows
    frame = max(2, cell // 25)
    size = n * cell + 2 * frame
    surface, grid, dot, digit, wall = (
        ((30, 33, 38), (80, 86, 96), (236, 236, 236), (20, 20, 20), (230, 230, 230))
        if dark
        else ((255, 255, 255), (160, 160, 160), (0, 0, 0), (255, 255, 255), (0, 0, 0))
    )
    if plain:
        grid = surface
    im = Image.new("RGB", (size, size), grid)
    pen = ImageDraw.Draw(im)
    line = max(1, cell // 40)
    for r in range(n):
        for c in range(n):
            x, y = frame + c * cell, frame + r * cell
            pen.rectangle((x + line, y + line, x + cell - 1, y + cell - 1), fill=surface)
    centres = [(frame + c * cell + cell / 2, frame + r * cell + cell / 2) for r, c in path]
    if centres:
        band = round(cell * 0.45)
        pen.line(centres, fill=(240, 120, 40), width=band, joint="curve")
        for x, y in centres[:: len(centres) - 1]:
            pen.ellipse(
                (x - band / 2, y - band / 2, x + band / 2, y + band / 2), fill=(240, 120, 40)
            )
    font = ImageFont.load_default(round(cell * 0.36))
    for r in range(n):
        for c in range(n):
            k = level.numbers[r][c]
            if not k:
                continue
            cx, cy, s = frame + c * cell + cell / 2, frame + r * cell + cell / 2, cell * 0.32
            pen.ellipse((cx - s, cy - s, cx + s, cy + s), fill=dot)
            pen.text(
                (cx, cy),
                str(k),
                fill=digit,
                font=font,
                anchor="mm",
                stroke_width=1,
                stroke_fill=digit,
            )
    thick = max(3, cell // 9)
    for (r1, c1), (r2, _c2) in () if plain else level.walls:
        if r1 == r2:  # a wall between two columns
            x = frame + (c1 + 1) * cell
            y = frame + r1 * cell
            pen.rectangle(
                (x - thick // 2, y - thick // 2, x + thick // 2, y + cell + thick // 2),
                fill=wall,
            )
        else:
            y = frame + (r1 + 1) * cell
            x = frame + c1 * cell
            pen.rectangle(
                (x - thick // 2, y - thick // 2, x + cell + thick // 2, y + thick // 2),
                fill=wall,
            )
    return im


def sudoku_board(
    digits: list[list[int]],
    cell: int,
    dark: bool = False,
    entered: list[list[int]] | None = None,
) -> Image.Image:
    """A 6 x 6 Mini Sudoku board (boxes of 2 rows x 3 columns): `digits` (the givens) in grey
    as LinkedIn draws them, `entered` (the player's digits, 0 elsewhere) in black (white on
    the dark theme)."""
    n = len(digits)
    size = n * cell + 4
    im = Image.new("RGB", (size, size), (30, 32, 36) if dark else (255, 255, 255))
    pen = ImageDraw.Draw(im)
    line = (150, 150, 150) if dark else (60, 60, 60)
    for k in range(n + 1):
        p = 2 + k * cell
        wide_v = 3 if k % 3 == 0 else 1
        wide_h = 3 if k % 2 == 0 else 1
        pen.rectangle((p - wide_v // 2, 0, p + wide_v // 2, size), fill=line)
        pen.rectangle((0, p - wide_h // 2, size, p + wide_h // 2), fill=line)
    font = ImageFont.load_default(round(cell * 0.5))
    grey, ink = ((140, 140, 140), (250, 250, 250)) if dark else ((120, 120, 120), (20, 20, 20))
    for layer, fill in ((digits, grey), (entered or [], ink)):
        for r, row in enumerate(layer):
            for c, d in enumerate(row):
                if d:
                    centre = (2 + c * cell + cell / 2, 2 + r * cell + cell / 2)
                    pen.text(centre, str(d), fill=fill, font=font, anchor="mm")
    return im


PATCH_COLOURS = (
    (255, 201, 146),
    (150, 190, 255),
    (179, 223, 160),
    (223, 160, 191),
    (187, 163, 226),
    (230, 243, 136),
    (163, 210, 216),
    (255, 123, 96),
)
"""Pastel clue colours, one per clue in turn (LinkedIn colours each patch)."""


def patches_board(level: PatchesLevel, cell: int, dark: bool = False) -> Image.Image:
    """A Patches board alone, frame included: per clue, its shape in a pastel colour (a
    square, a tall or a wide bar, a hatched box for any shape) and its size, if given."""
    n = level.rows
    frame = max(2, cell // 30)
    size = n * cell + 2 * frame
    bg, line = ((32, 35, 40), (75, 82, 95)) if dark else ((255, 255, 255), (222, 218, 214))
    im = Image.new("RGB", (size, size), line)
    pen = ImageDraw.Draw(im)
    for r in range(n):
        for c in range(n):
            x, y = frame + c * cell, frame + r * cell
            pen.rectangle((x + 1, y + 1, x + cell - 1, y + cell - 1), fill=bg)
    font = ImageFont.load_default(round(cell * 0.34))
    for i, clue in enumerate(level.clues):
        colour = PATCH_COLOURS[i % len(PATCH_COLOURS)]
        cx, cy = frame + clue.col * cell + cell / 2, frame + clue.row * cell + cell / 2
        half_w, half_h = {
            SQUARE: (0.3, 0.3),
            TALL: (0.2, 0.36),
            WIDE: (0.36, 0.2),
            FREE: (0.34, 0.34),
        }[clue.shape]
        box = (cx - half_w * cell, cy - half_h * cell, cx + half_w * cell, cy + half_h * cell)
        if clue.shape == FREE:  # a hatched box: diagonal strokes, clipped to the box
            w, h = round(box[2] - box[0]), round(box[3] - box[1])
            mask = Image.new("L", (w, h), 0)
            strokes = ImageDraw.Draw(mask)
            for k in range(-4, 5):
                off = k * cell * 0.12
                strokes.line((off, h, off + h, 0), fill=255, width=max(2, cell // 14))
            strokes.rectangle((0, 0, w - 1, h - 1), outline=255, width=max(1, cell // 30))
            im.paste(colour, (round(box[0]), round(box[1])), mask)
        else:
            pen.rounded_rectangle(box, radius=cell * 0.05, fill=colour)
        if clue.size is not None:
            pen.text((cx, cy), str(clue.size), fill=(30, 30, 30), font=font, anchor="mm")
    return im


def picture(
    board: Image.Image,
    *,
    seed: int = 0,
    dark: bool = False,
    screen: bool = False,
    scale: float = 1.0,
    jpeg: bool = False,
) -> Picture:
    """`board` on a page (light or dark), perhaps inside a screen of page chrome, scaled, JPEG."""
    rng = random.Random(seed)
    page = DARK_PAGE if dark else LIGHT_PAGE
    margin = board.width // 12
    if screen:
        w, h = board.width + 360, board.height + 520
    else:
        w, h = board.width + 2 * margin, board.height + 2 * margin
    im = Image.new("RGB", (w, h), page)
    pen = ImageDraw.Draw(im)
    left, top = (w - board.width) // 2, (h - board.height) // 2
    if screen:
        ink = (220, 220, 220) if dark else (30, 30, 30)
        pen.rectangle((0, 0, w, 60), fill=(10, 10, 10) if dark else (255, 255, 255))
        for _ in range(25):
            x, y = rng.randrange(0, w - 150), rng.randrange(70, h - 20)
            if top - 30 < y < top + board.height + 10:
                continue
            pen.text((x, y), "Undo  Hint  How to play", fill=ink)
        top = max(top, 200)
    im.paste(board, (left, top))
    if scale != 1.0:
        im = im.resize((round(w * scale), round(im.height * scale)), Image.Resampling.LANCZOS)
    buf = io.BytesIO()
    if jpeg:
        im.save(buf, format="JPEG", quality=85)
        return Picture(buf.getvalue(), ".jpg")
    im.save(buf, format="PNG")
    return Picture(buf.getvalue(), ".png")
