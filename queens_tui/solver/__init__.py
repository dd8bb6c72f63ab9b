"""The solvers: each kind's CP-SAT model and the game worker's answers (`solver/<kind>`),
what the models share (`cpsat`) and the cancel flag of every call (`cancel`).

Importing this package is cheap: OR-Tools is imported only when a call asks
for the CP-SAT engine (or `warm_up()` runs), never at import time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from queens_tui.solver.cancel import CancelToken
from queens_tui.solver.cpsat import warm_up

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


__all__ = ["CancelToken", "play_solver", "warm_up"]
