"""Reading a picture into a `Level`: open, find the grid, read the regions.

Pillow and numpy are imported here, inside functions, only when a picture is
read: the game never pays for them before its first frame.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from queens_tui.core.errors import LevelError
from queens_tui.kinds.queens.level import Level

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np
    import numpy.typing as npt

    from queens_tui.formats.image import _regions
    from queens_tui.formats.image._grid import Grid

    Other = Callable[[tuple[float, ...], tuple[float, ...]], str | None]
    """What other kind's board the cells between these boundaries look like, or None."""

MAX_PIXELS = 40_000_000
"""Larger pictures are refused before decoding (an 8K screen is 33 M pixels)."""

ANALYSIS_PIXELS = 8_500_000
"""A bigger picture (a 4K screen is 8.3 M pixels) is reduced by a whole factor right after
decoding, before anything else reads it: a 37 M pixel board read in full took 8.8 s and
960 MB; its cells are hundreds of pixels wide, far more than reading them needs."""

ORIENTATION = 0x0112
"""The EXIF tag of a phone picture's rotation."""

MAX_FILE_BYTES = 100_000_000
"""A picture file is read into memory whole (never opened by Pillow itself): at most this."""

FORMATS = ("PNG", "JPEG", "WEBP", "BMP", "GIF")
"""The only formats Pillow may decode here (the README's list): never EPS (Ghostscript) or
the dozens of other plug-ins a crafted file could name."""

WORK_SIDE = 1280
"""The board is looked for in a copy whose longer side is at most this many pixels."""

LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
"""Region labels in order of first appearance, as the text format writes them."""

PREFIX = "cannot read a Queens board: "
"""Every failure to read a picture says this, then why."""


class BoardError(LevelError):
    """A picture that does not give a Queens board (one line: FILE: cannot read ...: why).

    `grid`: the N x N cells found, in the picture's pixels, when it was their colours that
    did not make Queens regions (a board of another kind: the other readers start there)."""

    def __init__(self, why: str, path: str | None = None, grid: Grid | None = None) -> None:
        super().__init__(PREFIX + why, path=path)
        self.grid = grid

    def located(self, path: str) -> BoardError:
        """This error, said of the file `path` (keeping the cells found)."""
        return BoardError(self.message.removeprefix(PREFIX), path=path, grid=self.grid)


@dataclass(frozen=True)
class Reading:
    """A picture read: the level, where its cells are (in the picture's pixels), its size."""

    level: Level
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    size: tuple[int, int]


_OPENED: dict[tuple[str, int, int], Any] = {}
"""The last picture decoded, by (path, mtime, size): one read finds the board, tells the kind
and reads the cells, each of which opens the picture (a copy is handed out each time)."""


def open_picture(source: str | os.PathLike[str] | bytes) -> Any:
    """The picture as an RGB Pillow image (first frame, EXIF-rotated, transparency on white)."""
    if isinstance(source, bytes):
        return _open_picture(source)
    try:
        st = os.stat(source)
        key = (os.fspath(source), st.st_mtime_ns, st.st_size)
    except (OSError, ValueError):
        return _open_picture(source)
    hit = _OPENED.get(key)
    if hit is None:
        hit = _open_picture(source)
        _OPENED.clear()
        _OPENED[key] = hit
    return hit.copy()


def import_numpy() -> None:
    """Import numpy, with its OpenBLAS on one thread unless the user said otherwise.

    OpenBLAS starts a thread per core when numpy is imported; the picture readers never
    multiply matrices of any size, and those threads cost 30-45 ms of CPU a process
    (medians of 15 `import numpy` on this 2-core machine: 0.149 -> 0.122 s, 0.179 ->
    0.131 s). The variable is read once, when the library loads: it is taken away again,
    so no process started later inherits it."""
    import sys

    if "numpy" in sys.modules or BLAS_THREADS in os.environ:
        return
    os.environ[BLAS_THREADS] = "1"
    try:
        import numpy  # noqa: F401
    except ImportError:
        pass  # (the readers say that numpy is needed)
    finally:
        del os.environ[BLAS_THREADS]


BLAS_THREADS = "OPENBLAS_NUM_THREADS"


def _open_picture(source: str | os.PathLike[str] | bytes) -> Any:
    """`open_picture` without the cache."""
    import io
    import warnings

    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError:
        raise BoardError("reading pictures needs Pillow (pip install pillow)") from None

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            data = source if isinstance(source, bytes) else _file_bytes(source)
            with Image.open(io.BytesIO(data), formats=FORMATS) as opened:
                w, h = opened.size
                if w * h > MAX_PIXELS:
                    raise BoardError(f"the picture is too large ({w}x{h} pixels)")
                opened.seek(0)  # an animated GIF or WebP: its first frame
                opened.load()
                im: Image.Image = opened
                if opened.getexif().get(ORIENTATION, 1) != 1:  # else a copy for nothing
                    from PIL import ImageOps  # (only then: its import is not free)

                    im = ImageOps.exif_transpose(opened) or opened
                if im.mode.startswith("I") or im.mode == "F":  # 16-bit or float grey
                    im = _to_8bit(im)
                alpha = im.mode in ("RGBA", "LA", "PA")
                if alpha and im.getchannel("A").getextrema()[0] == 255:
                    alpha = False  # an alpha channel, all opaque (most screenshots)
                if alpha or (im.mode == "P" and "transparency" in im.info):
                    rgba = im.convert("RGBA")
                    white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
                    im = Image.alpha_composite(white, rgba)
                return im if im.mode == "RGB" and im is not opened else im.convert("RGB")
    except BoardError:
        raise
    except UnidentifiedImageError:
        raise BoardError("not a picture Pillow can open") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise BoardError("the picture is too large") from None
    except FileNotFoundError:
        raise BoardError("no such file") from None
    except PermissionError:
        raise BoardError("permission denied") from None
    except IsADirectoryError:
        raise BoardError("is a directory") from None
    except (OSError, ValueError, SyntaxError, EOFError, IndexError, TypeError) as err:
        # a truncated or corrupt file: Pillow's decoders raise a mix of these
        text = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise BoardError(f"the picture is damaged ({text[:80]})") from None
    except (MemoryError, RecursionError) as err:
        raise BoardError(f"the picture is damaged ({type(err).__name__})") from None


def _file_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the picture file `path`; a FIFO, a device or a folder is refused before
    anything is read (`formats.files`), and so is a file over `MAX_FILE_BYTES`."""
    from queens_tui.formats.files import read_bytes

    try:
        data = read_bytes(path, MAX_FILE_BYTES + 1, what="picture")
    except LevelError as err:
        raise BoardError(err.message) from None
    if len(data) > MAX_FILE_BYTES:
        raise BoardError(f"the file is over {MAX_FILE_BYTES:,} bytes")
    return data


def open_reduced(source: str | os.PathLike[str] | bytes) -> tuple[Any, int, tuple[int, int]]:
    """(the picture reduced by a whole factor to at most about `ANALYSIS_PIXELS`, the factor,
    the picture's own size): what the board is looked for and read in."""
    import math

    im = open_picture(source)
    w, h = im.size
    factor = max(1, math.ceil(math.sqrt(w * h / ANALYSIS_PIXELS)))
    return (im.reduce(factor) if factor > 1 else im), factor, (w, h)


def _to_8bit(im: Any) -> Any:
    """A 16-bit or float grey picture scaled to 8 bits (Pillow's convert would clip it)."""
    import numpy as np
    from PIL import Image

    a = np.asarray(im, dtype=np.float64)
    top = 65535.0 if im.mode.startswith("I;16") or float(a.max(initial=0)) > 255 else 255.0
    return Image.fromarray(np.clip(a * (255.0 / top), 0, 255).astype(np.uint8))


def read_picture(
    source: str | os.PathLike[str] | bytes, name: str | None = None, other: Other | None = None
) -> Reading:
    """Read the Queens board in a picture; `BoardError` (no path yet) when there is none.

    `other`, given the boundaries of a grid found (picture pixels), says what other kind's
    board its cells look like, or None: then the grid is read as Queens; else its regions
    are not read, the other grids of the same search are tried, and no less reduced search
    follows: with no Queens board, the `BoardError` holds the first grid (the regions of a
    board of another kind and the less reduced search were most of such a picture's time)."""
    import_numpy()
    try:
        import numpy as np
    except ImportError:
        raise BoardError("reading pictures needs numpy (pip install numpy)") from None

    from queens_tui.formats.image import _grid, _regions

    im, scale, own_size = open_reduced(source)
    full_w, full_h = im.size
    if min(full_w, full_h) < 20:
        raise BoardError(f"the picture is too small ({full_w}x{full_h} pixels)")
    first = max(1, -(-max(full_w, full_h) // WORK_SIDE))
    doubt: BoardError | None = None
    other_kind = False
    # a small board in a big screen may need more pixels: then the picture is searched again,
    # less reduced (the common case pays for one reduced search only)
    for factor in dict.fromkeys((first, max(1, first // 2))):
        work = im.reduce(factor) if factor > 1 else im
        # the same luminance as bytes, by Pillow: the search's top-hats run 4 times faster
        # on bytes than on floats (the cells are read from floats below)
        gray = np.asarray(work.convert("L"))
        for found in _find(gray, thorough=factor == first):
            grid = found
            if factor > 1:  # the cells are read in the full picture (fine lines, small boards)
                grid = _scaled(found, factor)
            whole = _scaled(grid, scale) if scale > 1 else grid
            looks = other(whole.xs, whole.ys) if other is not None else None
            if looks is not None:  # another kind's board: no Queens regions read in it
                doubt = doubt or BoardError(looks, grid=whole)
                other_kind = True
                continue  # (the next grid may still be a Queens board beside it)
            # only the board's box is converted to numbers (a desktop is mostly not board)
            pad = grid.cell
            left = max(0, int(grid.xs[0] - pad))
            top = max(0, int(grid.ys[0] - pad))
            box = (
                left,
                top,
                min(full_w, int(grid.xs[-1] + pad) + 1),
                min(full_h, int(grid.ys[-1] + pad) + 1),
            )
            crgb = np.asarray(im.crop(box), dtype=np.float32)
            cgray = crgb[..., 0] * 0.299 + crgb[..., 1] * 0.587 + crgb[..., 2] * 0.114
            local = _grid.Grid(
                n=grid.n,
                xs=tuple(x - left for x in grid.xs),
                ys=tuple(y - top for y in grid.ys),
                matched=grid.matched,
                strength=grid.strength,
            )
            try:
                part = _partition(crgb, cgray, local)
            except _regions.Doubtful as err:
                doubt = doubt or BoardError(str(err), grid=whole)
                continue  # perhaps a table of plain cells: the next grid may be the board
            return _reading(part, whole, name, own_size)  # (--draw draws on the picture)
        if other_kind:
            break  # a board of another kind was found: no less reduced search for Queens
    if doubt is not None:
        raise doubt
    raise BoardError("no grid of N x N cells found")


def _scaled(grid: Grid, factor: int) -> Grid:
    """`grid` found in a picture reduced by `factor`, in the full picture's pixels."""
    from queens_tui.formats.image import _grid

    return _grid.Grid(
        n=grid.n,
        xs=tuple((x + 0.5) * factor - 0.5 for x in grid.xs),
        ys=tuple((y + 0.5) * factor - 0.5 for y in grid.ys),
        matched=grid.matched,
        strength=grid.strength,
    )


def _partition(rgb: Any, gray: Any, grid: Grid) -> _regions.Partition:
    """The regions of the cells of `grid` (or `Doubtful`)."""
    from queens_tui.formats.image import _regions

    colors = _regions.cell_colors(rgb, gray, grid)
    lab = _regions.to_lab(colors)
    right, below = _regions.border_strength(gray, grid)
    thick = _regions.thick_edges(right, below)
    if thick is not None and not _regions.borders_agree(lab, thick):
        thick = None
    return _regions.partition(lab, colors, thick)


def _reading(
    part: _regions.Partition, grid: Grid, name: str | None, size: tuple[int, int]
) -> Reading:
    """The `Reading` of a partition found in a picture of `size` pixels."""
    n = grid.n
    if n > len(LABELS):
        raise BoardError(f"a {n}x{n} board is larger than supported")
    level = Level(
        grid=tuple(tuple(LABELS[i] for i in row) for row in part.ids),
        colors={LABELS[i]: color for i, color in enumerate(part.colors)},
        source=name,
    )
    return Reading(level=level, xs=grid.xs, ys=grid.ys, size=size)


def _find(gray: npt.NDArray[np.uint8], thorough: bool = True) -> list[Grid]:
    """Candidate grids, best first: dark lines at the line width the picture's scale suggests,
    then half and twice that, then other widths (a picture's scale says little about its
    lines); then light lines (tiles on a light page with gaps, no lines). Not `thorough`
    (the second, less reduced search of a big picture): the suggested width, dark lines only."""
    from queens_tui.formats.image import _grid

    side = min(gray.shape)
    base = int(min(max(2, round(side / 60)), 16))
    first = (base, max(2, base // 2), min(24, base * 2))
    if not thorough:
        return _grid.find_grids(gray, base)
    widths = tuple(dict.fromkeys((*first, 5, 12)))
    for picture, ks in ((gray, widths), (255 - gray, (base,))):
        for k in dict.fromkeys(ks):
            grids = _grid.find_grids(picture, k)
            if grids:
                return grids
    return []
