"""The solver service: solve, count, completable, reveal (see `service`).

Importing this package is cheap: OR-Tools is imported only when a call asks
for the CP-SAT engine (or `warm_up()` runs), never at import time.
"""

from __future__ import annotations

from queens_tui.solver.service import (
    DEFAULT_TIME_LIMIT,
    ENGINES,
    CancelToken,
    CompletableResult,
    CountResult,
    Engine,
    RevealResult,
    SolveResult,
    Status,
    completable,
    count,
    reveal,
    solve,
    warm_up,
)

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "ENGINES",
    "CancelToken",
    "CompletableResult",
    "CountResult",
    "Engine",
    "RevealResult",
    "SolveResult",
    "Status",
    "completable",
    "count",
    "reveal",
    "solve",
    "warm_up",
]
