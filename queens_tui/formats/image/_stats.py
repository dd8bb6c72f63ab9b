"""The medians (and percentiles) the picture readers take hundreds of times a picture, cheaply.

`np.median` goes through several layers of Python for each call (checks for masked arrays
and NaN, a general reduction) and imports `numpy.ma` on its first call: for the small boxes
of pixels the readers take medians of, that was most of each call. `median` partitions and
takes the middle (the mean of the two middles for an even count, in the type `np.median`
gives: the array's own floating type, float64 for integers), so its values are
`np.median`'s for arrays without NaN.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy.typing as npt


def median(a: npt.ArrayLike, axis: int | None = None) -> Any:
    """The median of `a` (all of it, or along `axis`): `np.median`'s value; NaN when empty."""
    import numpy as np

    arr: npt.NDArray[Any] = np.asarray(a)
    if axis is None:
        arr = arr.reshape(-1)
        axis = 0
    if arr.dtype.kind not in "fc":
        arr = arr.astype(np.float64)
    n = arr.shape[axis]
    if n == 0:
        shape = arr.shape[:axis] + arr.shape[axis + 1 :]
        return np.full(shape, np.nan, dtype=arr.dtype) if shape else arr.dtype.type(np.nan)
    half = n // 2
    if n % 2:
        return np.take(np.partition(arr, half, axis=axis), half, axis=axis)
    part = np.partition(arr, (half - 1, half), axis=axis)
    low = np.take(part, half - 1, axis=axis)
    high = np.take(part, half, axis=axis)
    return (low + high) / arr.dtype.type(2)


def percentile(a: npt.ArrayLike, q: float) -> Any:
    """The `q`th percentile of all of `a` (not empty), interpolated linearly: `np.percentile`'s
    value, without its cost (it sorts out the indexes with `np.unique`, which imports
    `numpy.ma`)."""
    import math

    import numpy as np

    arr: npt.NDArray[Any] = np.asarray(a).reshape(-1)
    last = arr.size - 1
    virtual = last * (q / 100)
    if virtual >= last:
        return arr.max()
    below = max(0, math.floor(virtual))
    part = np.partition(arr, (below, below + 1))
    low, high = part[below], part[below + 1]
    t = virtual - below
    diff = high - low
    return high - diff * (1 - t) if t >= 0.5 else low + diff * t
