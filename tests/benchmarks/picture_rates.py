"""How many real screenshots of each kind read right: the reader against the sidecars' truth.

Run: python -m tests.benchmarks.picture_rates [KIND...] [--process] [-v]

Every picture in ../shared/screens/<folder>/ (queens, tango, zip, minisudoku, patches) is
read with the kind left to the picture, as `import IMAGE` does, and judged by what its
sidecar says (../shared/screens/README.md):

- Queens (`<image>.txt`): the partition into regions is the true one;
- Tango (`<image>.json`): every given and sign is the truth's (a solved picture: the
  full grid it shows);
- Zip: the numbers and walls are the truth's; a solved picture with no truth: a Zip
  level with exactly one path;
- Mini Sudoku: the givens are the truth's (a solved picture: its one solution is the
  truth's); a solved picture with no truth: a level with exactly one solution, whose
  solution is the complete grid the picture shows;
- Patches (`truth` or `truth_visual`): the grid's size and every clue (cell, shape, size).

Prints per kind the count read right, the in-process median and max seconds a picture
(`--process`: each picture read by a fresh `python -m queens_tui import IMAGE`, the
whole cost a player sees, wall and CPU = user + system, and how many took over
`TARGET` seconds of CPU), the machine's load average (1 minute) before and after, and
with `-v` each picture that was not read right and why. On a shared machine the CPU
figures are the ones to compare: wall time grows with the load, CPU time much less.
Kinds missing from ../shared are skipped with a note. The data is never copied into
the repository.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SCREENS = Path(__file__).resolve().parents[2].parent / "shared" / "screens"
"""The real screenshots (outside the repository; never copied into it)."""

FOLDERS = {
    "queens": "queens",
    "tango": "tango",
    "zip": "zip",
    "sudoku": "minisudoku",
    "patches": "patches",
}
"""Our kind -> its folder under ../shared/screens."""

PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp")

TARGET = 0.5
"""Issue 36 item 7: seconds a picture, as a whole process (the median is the target)."""

SHAPES = {"square": "square", "V_rect": "tall", "H_rect": "wide", "free": "free"}
"""The sidecars' clue types -> our Patches shapes."""


def pictures(kind: str) -> list[Path]:
    """The real pictures of `kind` (each with a sidecar), sorted by name."""
    folder = SCREENS / FOLDERS[kind]
    if not folder.is_dir():
        return []
    return sorted(
        p
        for p in folder.iterdir()
        if p.suffix.lower() in PICTURE_SUFFIXES
        and (p.with_name(p.name + ".json").is_file() or p.with_name(p.name + ".txt").is_file())
    )


def sidecar(picture: Path) -> dict[str, Any]:
    """The picture's JSON sidecar."""
    data: dict[str, Any] = json.loads(picture.with_name(picture.name + ".json").read_text())
    return data


def _canon(rows: Any) -> tuple[tuple[int, ...], ...]:
    seen: dict[object, int] = {}
    return tuple(tuple(seen.setdefault(x, len(seen)) for x in row) for row in rows)


def _queens(picture: Path, level: Any) -> str | None:
    lines = picture.with_name(picture.name + ".txt").read_text().splitlines()
    size = int(next(ln for ln in lines if ln.startswith("size:")).split()[1])
    start = lines.index("grid:") + 1
    if level.kind != "queens":
        return f"read as {level.kind}"
    if _canon(level.grid) != _canon(lines[start : start + size]):
        return "a different partition"
    return None


def _tango(picture: Path, level: Any) -> str | None:
    meta = sidecar(picture)
    truth = meta["truth"]
    grid = meta["solution"] if meta["solved"] else truth["grid"]
    if level.kind != "tango":
        return f"read as {level.kind}"
    if level.rows_text() != grid:
        return "different cells"
    for key in ("equal", "opposite"):
        want = sorted(tuple(sorted(tuple(c) for c in pair)) for pair in truth[key])
        if list(getattr(level, key)) != want:
            return f"different {key} signs"
    return None


def _zip(picture: Path, level: Any) -> str | None:
    from queens_tui.kinds import get_kind

    truth = sidecar(picture)["truth"]
    if level.kind != "zip":
        return f"read as {level.kind}"
    if truth is None:
        found = len(get_kind("zip").solutions(level, 2))
        return None if found == 1 else f"{found} paths"
    if [list(row) for row in level.numbers] != truth["numbers"]:
        return "different numbers"
    walls = sorted(tuple(sorted(tuple(c) for c in w)) for w in truth["walls"])
    if list(level.walls) != walls:
        return f"walls {list(level.walls)} not {walls}"
    return None


def _sudoku(picture: Path, level: Any) -> str | None:
    from queens_tui.kinds import get_kind
    from queens_tui.kinds.sudoku.level import Level

    meta = sidecar(picture)
    if level.kind != "sudoku":
        return f"read as {level.kind}"
    kind = get_kind("sudoku")
    found = kind.solutions(level, 2)
    if len(found) != 1:
        return f"{len(found)} solutions"
    truth = meta["truth"]
    if truth is None:
        return None  # a solved picture: one solution, the grid it shows (the reader checks)
    givens = tuple(tuple(row) for row in truth["cells"])
    if not meta["solved"]:
        return None if level.givens == givens else "different givens"
    want = kind.solutions(Level(givens), 1)[0]
    return None if found[0] == want else "a different solution"


def _patches(picture: Path, level: Any) -> str | None:
    meta = sidecar(picture)
    truth = meta.get("truth") or meta.get("truth_visual")
    if level.kind != "patches":
        return f"read as {level.kind}"
    if truth is None:
        return None
    rows, cols = truth["grid_size"]
    if (level.rows, level.cols) != (rows, cols):
        return f"a {level.rows}x{level.cols} grid, not {rows}x{cols}"
    want = sorted((c["y"], c["x"], SHAPES[c["type"]], c["size"]) for c in truth["clues"])
    got = sorted((c.row, c.col, c.shape, c.size) for c in level.clues)
    return None if got == want else f"clues {got} not {want}"


JUDGES: dict[str, Callable[[Path, Any], str | None]] = {
    "queens": _queens,
    "tango": _tango,
    "zip": _zip,
    "sudoku": _sudoku,
    "patches": _patches,
}
"""Per kind: why a level read from a picture is not the truth (None: it is)."""


def judge(kind: str, picture: Path) -> tuple[str | None, float]:
    """(why the picture was not read right or None, seconds taken), in process."""
    from queens_tui.core.errors import LevelError
    from queens_tui.formats import image
    from queens_tui.formats.image import _read

    image._LAST_PUZZLE.clear()
    image._LAST.clear()
    _read._OPENED.clear()  # each picture decoded as a fresh process would
    start = time.perf_counter()
    try:
        level = image.read_puzzle(picture).level
    except LevelError as err:
        return str(err).split(": ", 1)[-1], time.perf_counter() - start
    took = time.perf_counter() - start
    return JUDGES[kind](picture, level), took


def process_seconds(picture: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of a fresh `python -m queens_tui import IMAGE` (the whole process;
    CPU is user + system, which a loaded machine moves far less than wall time)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "queens_tui", "import", str(picture)],
        capture_output=True,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("kinds", nargs="*", choices=[[], *FOLDERS], default=[])
    parser.add_argument("--process", action="store_true", help="time whole processes too")
    parser.add_argument("-v", "--verbose", action="store_true", help="list each miss")
    args = parser.parse_args(argv)
    for kind in args.kinds or list(FOLDERS):
        found = pictures(kind)
        if not found:
            print(f"{kind}: no pictures in {SCREENS / FOLDERS[kind]}")
            continue
        load = os.getloadavg()[0]
        misses, times = [], []
        for picture in found:
            why, took = judge(kind, picture)
            times.append(took)
            if why is not None:
                misses.append((picture.name, why))
        right = len(found) - len(misses)
        line = (
            f"{kind}: {right}/{len(found)} right ({100 * right / len(found):.0f} %); "
            f"in process median {statistics.median(times):.3f} s, max {max(times):.3f} s"
        )
        if args.process:
            walls, cpus = zip(*(process_seconds(p) for p in found), strict=True)
            over = sum(1 for cpu in cpus if cpu > TARGET)
            line += (
                f"; whole process median {statistics.median(walls):.3f} s wall, "
                f"{statistics.median(cpus):.3f} s CPU ({over} over {TARGET} s CPU)"
            )
        line += f"; load {load:.1f} -> {os.getloadavg()[0]:.1f}"
        print(line, flush=True)
        if args.verbose:
            for name, why in misses:
                print(f"    {name}: {why}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
