"""Region colours and the small colour arithmetic the board needs.

Pure Python (no Textual), so tests can check the palette's promises directly:
at least 18 pastel colours, pairwise distinct (CIE76 distance in Lab space)
and still distinct once a 256-colour terminal rounds them (Rich does that
downgrade automatically, see `tests/app/test_game_palette.py`). Cells are
always drawn on their pastel colour with dark glyphs, so the board reads the
same in light and dark themes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from queens_tui.core.colour import PALETTES, assign, touching_pairs, worst

if TYPE_CHECKING:  # only Queens' regions need it: the other kinds' first frame goes without
    from queens_tui.kinds.queens.level import Level

ANSI_16: dict[str, str] = {
    "bright_blue": "#5555ff",
    "yellow": "#aa5500",
    "bright_yellow": "#ffff55",
    "bright_green": "#55ff55",
    "white": "#aaaaaa",
    "bright_red": "#ff5555",
    "magenta": "#aa00aa",
    "bright_cyan": "#55ffff",
    "bright_magenta": "#ff55ff",
    "cyan": "#00aaaa",
    "bright_white": "#ffffff",
    "green": "#00aa00",
}
"""The 16-colour entries a cell may take (as Rich's standard palette draws them, so Rich keeps
each as that entry): the twelve that dark ink reads on (not black, the dark grey, the dark red
or the dark blue)."""

PALETTE: tuple[tuple[str, str, str, str], ...] = (
    # (pastel, name, 256-colour entry, `ANSI_16` entry); the 256 entry's xterm number and its
    # CIE76 distance from the pastel in the comment. The first seven echo the colours
    # LinkedIn players know.
    ("#96beff", "blue", "#87afff", "bright_blue"),  # xterm 111, ΔE 10.1
    ("#ffc992", "orange", "#ffaf5f", "yellow"),  # 215, 20.7; the dark yellow draws orange-brown
    ("#e6f388", "yellow", "#ffff87", "bright_yellow"),  # 228, 9.3
    ("#b3dfa0", "green", "#afd787", "bright_green"),  # 150, 9.5
    # a mid grey: LinkedIn's #dfdfdf vanishes into light themes, and Rich turns the lighter
    # greys into others on 256 colours
    ("#bdbdbd", "grey", "#949494", "white"),  # 246, 15.3
    ("#ff7b60", "red", "#ff875f", "bright_red"),  # 209, 7.2
    ("#bba3e2", "purple", "#af87d7", "magenta"),  # 140, 14.3
    ("#62efea", "cyan", "#5fffff", "bright_cyan"),  # 87, 6.5
    ("#ff8fb0", "pink", "#ff87af", "bright_magenta"),  # 211, 4.5
    ("#74c8dc", "teal", "#00d7ff", "cyan"),  # 45, 17.2
    ("#d89e97", "rose", "#d7afaf", "bright_white"),  # 181, 10.1
    ("#77f8c4", "mint", "#5fffd7", "green"),  # 86, 8.3
    ("#fcc5e6", "blush", "#ffafd7", "bright_magenta"),  # 218, 11.4
    ("#c2ffe7", "pale mint", "#afffd7", "bright_cyan"),  # 158, 10.8
    ("#ffadff", "magenta", "#ffafff", "bright_magenta"),  # 219, 1.3
    ("#fcf6c5", "cream", "#ffffd7", "bright_white"),  # 230, 6.0
    ("#cfc881", "khaki", "#afaf5f", "yellow"),  # 143, 11.4
    ("#f89e77", "salmon", "#ffaf87", "bright_red"),  # 216, 7.1
    ("#cecef3", "lavender", "#d7d7ff", "white"),  # 189, 3.6
    ("#81cfb0", "jade", "#5faf87", "cyan"),  # 72, 13.3
    ("#ffd4c2", "peach", "#ffd7af", "bright_white"),  # 223, 11.2
    ("#adffad", "lime", "#87ffaf", "bright_green"),  # 121, 11.1
)
"""Every region colour with its name (`COLOR_NAMES`) and what it becomes on 256 colours
(`FALLBACK_256`) and on 16 (`FALLBACK_16`): the one table, one row a colour."""

COLOUR_BLIND: tuple[tuple[str, str], ...] = (
    ("#00ffff", "cyan"),
    ("#5f5fd7", "indigo"),
    ("#d70000", "red"),
    ("#ffafaf", "pink"),
    ("#008787", "teal"),
    ("#875f5f", "brown"),
    ("#d7d7d7", "grey"),
    ("#d7d700", "olive"),
    ("#ff8700", "orange"),
    ("#87ff87", "green"),
    ("#ffd700", "yellow"),
    ("#af87ff", "purple"),
    ("#875f00", "umber"),
    ("#afd7ff", "sky"),
    ("#ffd787", "sand"),
    ("#005fff", "blue"),
)
"""The colour-blind palette: (colour, name). Every colour is an xterm-256 entry (a 256-colour
terminal draws it exactly); the set was searched so that `core.colour.assign` finds, on every
bundled and daily Queens board, colours whose touching pairs stay at least 30 apart in
CIEDE2000 under normal vision and each simulated deficiency (`tests/unit/test_colour.py`
measures it), most boards with a colour per region."""

HIGH_CONTRAST: tuple[tuple[str, str], ...] = (
    ("#ffffff", "white"),
    ("#ffd700", "yellow"),
    ("#00afff", "azure"),
    ("#d70000", "red"),
    ("#5f00af", "violet"),
    ("#00af00", "green"),
    ("#ff87ff", "pink"),
    ("#875f00", "umber"),
)
"""The high-contrast palette: a few strong colours (xterm-256 entries), touching regions as
far apart as they can be (regions apart may share one, then letters show)."""

PASTELS: tuple[str, ...] = tuple(pastel for pastel, _, _, _ in PALETTE)
"""Region colours, chosen greedily to maximise the smallest distance between any two."""

FALLBACK_256: dict[str, str] = {pastel: entry for pastel, _, entry, _ in PALETTE}
"""Each pastel's colour on a 256-colour terminal: an xterm palette entry (its exact RGB, which
Rich keeps as that entry), chosen so every pair of regions stays apart (smallest CIE76
distance 19.2, where Rich's own rounding gives 8.3: mint and cyan) with the hue kept within
a few degrees (Rich rounded LinkedIn's yellow to a lime beside the green). Made by a local
search over the entries near each pastel; `tests/app/test_palette_256.py` measures it."""

FALLBACK_16: dict[str, str] = {pastel: ANSI_16[entry] for pastel, _, _, entry in PALETTE}
"""Each pastel's colour on a 16-colour terminal, by hue. Rich's own rounding sends ten of them
to the one grey (blue, green, purple, pink and teal all looked alike); here the first twelve,
all a board of up to twelve regions uses, take twelve different entries (the closest two,
magenta and bright magenta, 28 apart in CIE76), and past twelve `colors_16` keeps touching
regions apart and the board shows region letters where two regions share an entry."""


def colors_16(colors: tuple[str, ...], neighbours: Sequence[set[int]]) -> tuple[str, ...]:
    """`colors` on 16 colours: each its `FALLBACK_16` entry (a level's own colour, the nearest
    of `ANSI_16`), unless a region it touches (`neighbours[i]`: the indexes of the regions
    beside region i) already took that entry; then the entry farthest from theirs."""
    out: list[str] = []
    for i, color in enumerate(colors):
        want = FALLBACK_16.get(color.lower()) or min(
            ANSI_16.values(), key=lambda e: distance(e, color)
        )
        near = {out[j] for j in neighbours[i] if j < i}
        free = [e for e in ANSI_16.values() if e not in near]
        if want in near and free:
            want = max(free, key=lambda e: min(distance(e, x) for x in near))
        out.append(want)
    return tuple(out)


def terminal_colors(
    colors: tuple[str, ...], color_system: str | None, neighbours: Sequence[set[int]] = ()
) -> tuple[str, ...]:
    """`colors` as a terminal of `color_system` ("256", "standard", "truecolor", ...) should get
    them: on 256 colours each pastel's `FALLBACK_256` entry; on 16 `colors_16` (`neighbours`:
    which regions touch, none if not given); unchanged otherwise."""
    if color_system == "256":
        return tuple(FALLBACK_256.get(c.lower(), c) for c in colors)
    if color_system == "standard":
        return colors_16(colors, neighbours or [set() for _ in colors])
    return colors


COLOR_NAMES: dict[str, str] = {
    **{pastel: name for pastel, name, _, _ in PALETTE},
    # LinkedIn's own cell colours (level files may give them), by the names players use
    "#dfdfdf": "grey",
    "#b9b29e": "beige",
    "#dfa0bf": "pink",
    "#a3d2d8": "teal",
    "#ffe046": "gold",
    # the other palettes' colours (a name of the standard palette where one fits)
    **{color: name for color, name in (*COLOUR_BLIND, *HIGH_CONTRAST)},
}
"""What hints call a region's colour ("the purple region (C)"): every `PASTELS` colour and
LinkedIn's; any other colour (a level file's own) takes the name of the nearest one."""


def color_name(color: str) -> str:
    """The name of `color` (`COLOR_NAMES`, else the perceptually nearest named colour)."""
    color = color.lower()
    got = COLOR_NAMES.get(color)
    if got is not None:
        return got
    return COLOR_NAMES[min(COLOR_NAMES, key=lambda known: distance(known, color))]


SQUARES: dict[str, str] = {
    "blue": "🟦",
    "cyan": "🟦",
    "teal": "🟦",
    "orange": "🟧",
    "salmon": "🟧",
    "peach": "🟧",
    "yellow": "🟨",
    "gold": "🟨",
    "cream": "🟨",
    "green": "🟩",
    "mint": "🟩",
    "pale mint": "🟩",
    "jade": "🟩",
    "lime": "🟩",
    "red": "🟥",
    "purple": "🟪",
    "pink": "🟪",
    "magenta": "🟪",
    "blush": "🟪",
    "lavender": "🟪",
    "rose": "🟫",
    "khaki": "🟫",
    "beige": "🟫",
    "grey": "⬜",
    "white": "⬜",
    "indigo": "🟦",
    "azure": "🟦",
    "sky": "🟦",
    "violet": "🟪",
    "olive": "🟨",
    "sand": "🟨",
    "brown": "🟫",
    "umber": "🟫",
}
"""The coloured square the share text gives each colour name (a region the hints call
"orange" shares as 🟧): every name of `COLOR_NAMES` has one."""


def color_square(color: str) -> str:
    """The share text's square for `color`, by its name (`color_name`, `SQUARES`)."""
    return SQUARES[color_name(color)]


HIGHLIGHTS: dict[str, tuple[str, float]] = {
    "evidence": ("#ffd23f", 0.6),
    "place": ("#2ecc71", 0.7),
    "cross": ("#4d9de0", 0.65),
    "mistake": ("#d81b9f", 0.85),  # magenta, as every help names it, on 256 colours too
    "clash": ("#ff3b3b", 0.55),
}
"""Every board's highlight roles -> (tint, how much of it over the cell's own colour): the
cells a hint reads (yellow), what it would place (green), the cells it would cross out
(blue), marks no solution allows (magenta), a rule broken on the board (red). The one table:
a board may take less of a tint where its cells are pale (`highlight(bg, role, amount)`)."""


CURSOR_BARS = "#1c1c1c"
"""Every board's keyboard cursor: bars this dark at both sides of the cell, its own colour
between them (darkening the whole cell hid which region or patch it was, on 256 and 16
colours above all)."""
CURSOR_BLOCK = "█"
"""The cursor's bars are this glyph in `CURSOR_BARS` on `CURSOR_BARS`: the same dark bar in
colour, and still a bar where a terminal shows no colour (`NO_COLOR`), unlike a blank."""


HINT_MARKS: dict[str, tuple[str, str]] = {
    "evidence": ("›", "‹"),
    "place": ("+", "+"),
    "cross": ("-", "-"),
    "mistake": ("*", "*"),
}
"""The marks in the bars at both sides of a highlighted cell (on the glyph line), so each
role reads without colour too: `›♛‹` what a hint reads, `+♕+` where it places a queen, `-×-`
what it crosses out, `*♛*` a wrong mark (`>` and `<` for `›` and `‹` with --ascii)."""


def hint_marks(role: str, ascii: bool = False) -> tuple[str, str] | None:
    """The marks of a highlight `role` (`HINT_MARKS`; a kind's "place-sun" or "place-4" as
    "place"), in plain ASCII with `ascii`; None for a role without marks."""
    marks = HINT_MARKS.get(role.split("-")[0])
    if marks is None or not ascii:
        return marks
    return marks[0].replace("›", ">"), marks[1].replace("‹", "<")


def highlight(bg: str, role: str, amount: float | None = None) -> str:
    """`bg` tinted for highlight `role` (`HIGHLIGHTS`), by the role's amount or `amount`."""
    tint, default = HIGHLIGHTS[role]
    return blend(bg, tint, default if amount is None else amount)


def rgb(color: str) -> tuple[int, int, int]:
    """`#rrggbb` to a triple of 0..255 ints."""
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def hex_color(r: float, g: float, b: float) -> str:
    """A triple of 0..255 numbers back to `#rrggbb`."""
    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, round(v))) for v in (r, g, b)))


def blend(a: str, b: str, amount: float) -> str:
    """`a` moved `amount` (0..1) of the way towards `b`."""
    ra, ga, ba = rgb(a)
    rb, gb, bb = rgb(b)
    return hex_color(ra + (rb - ra) * amount, ga + (gb - ga) * amount, ba + (bb - ba) * amount)


def lab(color: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour: where distances match what eyes see."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v / 255) for v in rgb(color))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(a: str, b: str) -> float:
    """Perceptual distance (CIE76 delta E) between two colours."""
    return math.dist(lab(a), lab(b))


def neighbours(level: Level) -> list[set[int]]:
    """For each region id, the ids of regions it shares an edge with."""
    ids = level.region_ids
    n = level.size
    out: list[set[int]] = [set() for _ in range(n)]
    for r in range(n):
        for c in range(n):
            for nr, nc in ((r + 1, c), (r, c + 1)):
                if nr < n and nc < n and ids[nr][nc] != ids[r][c]:
                    out[ids[r][c]].add(ids[nr][nc])
                    out[ids[nr][nc]].add(ids[r][c])
    return out


POOLS: dict[str, tuple[str, ...]] = {
    "colour-blind": tuple(c for c, _ in COLOUR_BLIND),
    "high-contrast": tuple(c for c, _ in HIGH_CONTRAST),
}
"""Each palette but the standard one: its colours, handed out by `core.colour.assign`."""

LEVELS_FROM: dict[str, float] = {"colour-blind": 30.0, "high-contrast": 60.0}
"""The distance each palette's colouring aims at first: past 30 the colour-blind palette
prefers a colour per region to more distance; high contrast wants the most distance."""

_ACTIVE = [PALETTES[0]]


def use(name: str) -> None:
    """Draw regions in palette `name` (one of `core.colour.PALETTES`; anything else: the
    standard one) from now on: the app sets it from `--palette` or the setting."""
    _ACTIVE[0] = name if name in PALETTES else PALETTES[0]


def active() -> str:
    """The palette regions are drawn in now."""
    return _ACTIVE[0]


def pool(name: str | None = None) -> tuple[str, ...]:
    """The colours of palette `name` (default: the active one), in the order a kind without
    regions (Patches' clues) takes them."""
    name = name or active()
    return POOLS.get(name, PASTELS)


def region_colors(level: Level, palette: str | None = None) -> tuple[str, ...]:
    """The colour of every region id in `palette` (default: the active one).

    The standard palette keeps LinkedIn's look: colours given by the level file win, the
    others come from `PASTELS` in order (a later one swapped in where it would sit close to
    a neighbour); past 22 regions each takes the colour farthest from its neighbours. The
    other palettes ignore a file's colours and colour the region adjacency graph
    (`core.colour.assign`): touching regions get colours far apart for every eye."""
    name = palette or active()
    if name in POOLS:
        return assign(neighbours(level), POOLS[name], levels_from=LEVELS_FROM[name])
    given = {
        i: level.colors[label].lower()
        for i, label in enumerate(level.labels)
        if label in level.colors
    }
    free = [c for c in PASTELS if c not in given.values()] or list(PASTELS)
    touching = neighbours(level)
    out: dict[int, str] = dict(given)
    unused = list(free)
    for reg in range(level.size):
        if reg in out:
            continue
        near = [out[o] for o in touching[reg] if o in out]
        if unused:
            choice = unused.pop(0)
            if near and min(distance(choice, c) for c in near) < 10:
                # swap with a later unused colour that sits farther from the neighbours
                alt = max(unused, key=lambda c: min(distance(c, x) for x in near), default=None)
                if alt is not None:
                    unused.remove(alt)
                    unused.insert(0, choice)
                    choice = alt
        else:
            pool = free
            choice = max(pool, key=lambda c: min((distance(c, x) for x in near), default=0.0))
        out[reg] = choice
    return tuple(out[i] for i in range(level.size))


def board_figure(colors: Sequence[str], touching: Sequence[set[int]]) -> float:
    """How well a board's colours tell touching regions apart (`core.colour.worst`): the
    smallest CIEDE2000 between two touching regions' colours, for the eye it serves worst."""
    return worst(colors, touching_pairs(touching))


def region_name(level: Level, label: str, colors: tuple[str, ...] | None = None) -> str:
    """ "the purple region (C)": a region as the board shows it, by colour and letter."""
    try:
        index = level.labels.index(label)
    except ValueError:
        return f"region {label}"
    colors = colors or region_colors(level)
    return f"the {color_name(colors[index])} region ({label})"
