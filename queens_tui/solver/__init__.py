"""The solver service: solve, count, completable, reveal (see `service`).

Importing this package is cheap: OR-Tools is imported only when a call asks
for the CP-SAT engine (or `warm_up()` runs), never at import time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

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

if TYPE_CHECKING:
    from queens_tui.core.play import PlaySolver


def play_solver(kind: str) -> PlaySolver[Any, Any]:
    """Kind `kind`'s answers for the game's worker: `PLAY` of the module its `KIND.solver`
    names. Importing that module must not import OR-Tools (only its calls may)."""
    from importlib import import_module

    from queens_tui.kinds import get_kind

    module = get_kind(kind).solver
    if module is None:
        raise KeyError(f"{kind} has no solver for the game")
    return cast("PlaySolver[Any, Any]", import_module(module).PLAY)


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
    "play_solver",
    "reveal",
    "solve",
    "warm_up",
]
