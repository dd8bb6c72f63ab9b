"""Every message the app's widgets and workers post, in one module.

Handlers are named after the class (`on_cell_action`, `on_assist_reply`,
`on_engine_ready`).
"""

from __future__ import annotations

from textual.message import Message

from queens_tui.core.grid import Cell


class CellAction(Message):
    """The player did something to a cell with the mouse (posted by a board widget).

    `kind` is "click" (left click), "right" (right click), "drag-start",
    "drag" (the pointer entered another cell) or "drag-end" (`cell` None).
    The kind's `PlayRules.interpret` says what each means.
    """

    def __init__(self, cell: Cell | None, kind: str) -> None:
        super().__init__()
        self.cell = cell
        self.kind = kind


class EngineReady(Message):
    """The solver engine is warm (OR-Tools imported), or fell back to the pure search."""

    def __init__(self, engine: str, error: str | None = None) -> None:
        super().__init__()
        self.engine = engine
        self.error = error


class HuntFound(Message):
    """A new solution joined the classic hunt (posted by its board): the screen saves it.

    The board holds no store: saving goes through the screen's `Session`, so a read-only
    data folder and `persist=False` keep the hunt off the disk like every other save.
    """

    def __init__(
        self, size: int, found: tuple[tuple[int, ...], ...], helped: tuple[tuple[int, ...], ...]
    ) -> None:
        super().__init__()
        self.size = size
        self.found = found
        self.helped = helped


__all__ = ["CellAction", "EngineReady", "HuntFound"]
