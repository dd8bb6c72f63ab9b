"""How far apart two colours look, to people with and without colour vision deficiencies.

About one man in twelve has a red-green deficiency, and a Queens board tells up to 14 regions
apart by colour alone, so the palettes are measured, not guessed. Pure Python (no numpy: the
game imports this at start), cached per colour, so measuring every bundled and daily board
stays cheap.

- `simulate`: what a protanope, deuteranope or tritanope sees of an sRGB colour: the model of
  Machado, Oliveira and Fernandes (2009) at severity 1.0, a 3x3 matrix on linear RGB (the
  same matrices Chrome's and Firefox's developer tools use).
- `ciede2000`: the CIE's colour difference of 2000 between two CIELAB colours, written after
  Sharma, Wu and Dalal (2005), whose 34 test pairs `tests/unit/test_colour.py` checks.
- `difference`: the two together, between two `#rrggbb` colours as one kind of eye sees them.
- `figure`: a board's figure, the smallest difference between the colours of two touching
  regions, under normal vision and each deficiency (`VISIONS`).
- `assign`: colours for regions by a graph colouring of which regions touch, so touching
  regions get far-apart colours whatever a region's index.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

Lab = tuple[float, float, float]
"""CIE L*a*b* (D65): lightness 0..100 and two opposing-colour axes."""

VISIONS: tuple[str, ...] = ("normal", "protan", "deutan", "tritan")
"""The eyes a board is measured for: normal vision, then no L, no M and no S cones."""

MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado, Oliveira and Fernandes (2009), severity 1.0: linear RGB in, linear RGB out."""

PALETTES: tuple[str, ...] = ("standard", "colour-blind", "high-contrast")
"""The region palettes a player can choose (setting `palette`, `--palette`): LinkedIn's
pastels; colours chosen so touching regions stay apart for every eye (`VISIONS`); and a few
strong colours as far apart as colours go. The app's `palette` module holds their colours."""

THRESHOLD = 20.0
"""The smallest CIEDE2000 difference between touching regions that reads at a glance, under
every vision (issue 39); below it a board shows its regions by more than colour."""


def rgb01(color: str) -> tuple[float, float, float]:
    """`#rrggbb` as three numbers 0..1."""
    return int(color[1:3], 16) / 255, int(color[3:5], 16) / 255, int(color[5:7], 16) / 255


def to_linear(c: float) -> float:
    """One sRGB component (0..1) to linear light."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def from_linear(c: float) -> float:
    """One linear component back to sRGB, clipped to 0..1."""
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(color: str, vision: str) -> tuple[float, float, float]:
    """`color` as an eye of `vision` sees it, in linear RGB 0..1 (clipped to the gamut)."""
    lin = tuple(to_linear(c) for c in rgb01(color))
    if vision == "normal":
        return (lin[0], lin[1], lin[2])
    m = MACHADO[vision]
    r, g, b = (min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3))
    return r, g, b


def lab_of_linear(rgb: tuple[float, float, float]) -> Lab:
    """CIELAB (D65 white) of a linear-RGB colour."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@lru_cache(maxsize=4096)
def seen(color: str, vision: str = "normal") -> Lab:
    """The CIELAB of `color` (`#rrggbb`) as an eye of `vision` sees it."""
    return lab_of_linear(simulate(color.lower(), vision))


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1), after Sharma, Wu and Dalal (2005)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh) / 2)
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh_big / s_h) ** 2 + r_t * (dc / s_c) * (dh_big / s_h)
    )


@lru_cache(maxsize=65536)
def _difference(a: str, b: str, vision: str) -> float:
    return ciede2000(seen(a, vision), seen(b, vision))


def difference(a: str, b: str, vision: str = "normal") -> float:
    """CIEDE2000 between two `#rrggbb` colours as an eye of `vision` sees them (cached)."""
    a, b = a.lower(), b.lower()
    return _difference(a, b, vision) if a <= b else _difference(b, a, vision)


def apart(a: str, b: str) -> float:
    """How far apart two colours look to the eye that tells them apart worst (`VISIONS`)."""
    return min(difference(a, b, v) for v in VISIONS)


def touching_pairs(neighbours: Sequence[Iterable[int]]) -> list[tuple[int, int]]:
    """Each pair of touching regions once, (i, j) with i < j, from `neighbours[i]`: the regions
    that share an edge with region i."""
    return sorted({(min(i, j), max(i, j)) for i, near in enumerate(neighbours) for j in near})


def figure(colors: Sequence[str], pairs: Iterable[tuple[int, int]]) -> dict[str, float]:
    """A board's figure: for each of `VISIONS`, the smallest difference between the colours of
    two touching regions (`pairs`, by region index into `colors`); infinity with no pairs."""
    pairs = list(pairs)
    return {
        v: min((difference(colors[i], colors[j], v) for i, j in pairs), default=math.inf)
        for v in VISIONS
    }


def worst(colors: Sequence[str], pairs: Iterable[tuple[int, int]]) -> float:
    """The smallest of a board's `figure`s: how it reads for the eye it serves worst."""
    return min(figure(colors, pairs).values())


LEVELS: tuple[float, ...] = (
    60.0,
    55.0,
    50.0,
    45.0,
    40.0,
    35.0,
    30.0,
    25.0,
    20.0,
    15.0,
    10.0,
    5.0,
    0.0,
)
"""The thresholds `assign` tries, highest first: the first a colouring meets wins."""


@lru_cache(maxsize=64)
def _compatible(pool: tuple[str, ...], threshold: float) -> tuple[int, ...]:
    """For each colour of `pool`, the bit mask of the others at least `threshold` apart."""
    return tuple(
        sum(1 << j for j, b in enumerate(pool) if j != i and apart(a, b) >= threshold)
        for i, a in enumerate(pool)
    )


def _colouring(
    near: list[list[int]], fixed: dict[int, int], ok: tuple[int, ...], budget: int
) -> list[int] | None:
    """Colour indexes for every region such that touching regions' colours are compatible
    (`ok[c]`: the mask of colours that may touch colour c), or None when none was found in
    `budget` steps: backtracking, the region with the fewest colours left first (DSatur),
    each region trying the colours no region holds yet first."""
    n, everything = len(near), (1 << len(ok)) - 1
    out: list[int] = [fixed.get(i, -1) for i in range(n)]
    domains = [everything] * n
    for i, c in fixed.items():
        for j in near[i]:
            domains[j] &= ok[c]
    steps = 0

    def place(left: int) -> bool:
        nonlocal steps
        if left == 0:
            return True
        steps += 1
        if steps > budget:
            return False
        i = min(
            (k for k in range(n) if out[k] < 0),
            key=lambda k: (domains[k].bit_count(), -len(near[k]), k),
        )
        used = 0
        for c in out:
            if c >= 0:
                used |= 1 << c
        dom = domains[i]
        for mask in (dom & ~used, dom & used):  # a colour of its own first
            while mask:
                bit = mask & -mask
                mask ^= bit
                c = bit.bit_length() - 1
                saved = [(j, domains[j]) for j in near[i] if out[j] < 0]
                if any(not (d & ok[c]) for _, d in saved):
                    continue
                out[i] = c
                for j, d in saved:
                    domains[j] = d & ok[c]
                if place(left - 1):
                    return True
                out[i] = -1
                for j, d in saved:
                    domains[j] = d
        return False

    return out if place(sum(1 for c in out if c < 0)) else None


def assign(
    neighbours: Sequence[Iterable[int]],
    pool: Sequence[str],
    given: Mapping[int, str] | None = None,
    budget: int = 400,
    levels_from: float = LEVELS[0],
) -> tuple[str, ...]:
    """A colour from `pool` for each region (`neighbours[i]`: the regions touching region i),
    so that touching regions look as far apart as they can to every eye (`apart`): a graph
    colouring that meets the highest of `LEVELS` (from `levels_from` down) it can, each tried
    with a search of at most `budget` steps. Regions take different colours while the pool
    lasts and share one only with a region they do not touch; `given` fixes some regions'
    colours (a level file's). Deterministic: the same board gets the same colours everywhere."""
    colors = tuple(dict.fromkeys(c.lower() for c in (*pool, *(given or {}).values())))
    index = {c: k for k, c in enumerate(colors)}
    fixed = {i: index[c.lower()] for i, c in (given or {}).items()}
    near = [sorted(set(x)) for x in neighbours]
    for threshold in (t for t in LEVELS if t <= levels_from):
        got = _colouring(near, fixed, _compatible(colors, threshold), budget)
        if got is not None:
            return tuple(colors[c] for c in got)
    # no colouring at all within the budget (never seen): each region its index's colour
    return tuple(colors[fixed.get(i, i % len(colors))] for i in range(len(near)))


__all__ = [
    "LEVELS",
    "MACHADO",
    "PALETTES",
    "THRESHOLD",
    "VISIONS",
    "Lab",
    "apart",
    "assign",
    "ciede2000",
    "difference",
    "figure",
    "seen",
    "simulate",
    "touching_pairs",
    "worst",
]
