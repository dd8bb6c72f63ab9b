"""The level editor's app and the one factory the CLI and the tests build it with.

`midend.editor.open_sketch(path, size, seed)` decides what is edited: the level in `path`
(any Queens format we read, a picture included), or when `path` does not
exist a new N x N level (one region per row, or generated from `seed`).
`EditorApp` shows the `EditorScreen`; `p` there pushes the ordinary game
screen, and quitting the game (`q`, or the win screen's "quit") comes back
to the editor instead of leaving the app.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from queens_tui.kinds.queens.edit import Sketch

EDITOR_CSS = """
EditorScreen { layout: vertical; }
#editor-title { height: 1; padding: 0 1; background: $panel; color: $foreground; text-style: bold; }
#editor-board { width: 1fr; height: 1fr; background: $background; color: $foreground; }
#editor-verdict { height: auto; max-height: 2; padding: 0 1; background: $boost; color: $text; }
#editor-verdict.unique { color: $success; }
#editor-verdict.several { color: $warning; }
#editor-verdict.none, #editor-verdict.invalid { color: $error; }
#editor-status { height: 1; padding: 0 1; background: $panel; color: $foreground; }
MetaForm { align: center middle; }
MetaForm #dialog {
    width: 60; height: auto; padding: 1 2; border: thick $accent; background: $surface;
}
MetaForm Input { margin-bottom: 1; }
"""


class EditorApp(App[None]):
    """The level editor (see the module docstring)."""

    CSS_PATH = "queens.tcss"
    CSS = EDITOR_CSS
    TITLE = "queens-tui edit"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False),
    ]

    def __init__(
        self, sketch: Sketch, path: Path, *, ascii: bool = False, engine: str = "cpsat"
    ) -> None:
        super().__init__()
        self.sketch = sketch
        self.path = path
        self.ascii = ascii
        self.engine = engine

    def get_default_screen(self) -> Screen[Any]:
        from queens_tui.app.screens.editor import EditorScreen

        return EditorScreen(self.sketch, self.path, ascii=self.ascii, engine=self.engine)

    @property
    def editor(self) -> Any:
        """The editor screen, under whatever is open on top of it."""
        from queens_tui.app.screens import topmost
        from queens_tui.app.screens.editor import EditorScreen

        return topmost(self, EditorScreen, "editor")

    def _back_to_editor(self) -> bool:
        """Close a game played from the editor (and its dialogs); True if there was one."""
        from queens_tui.app.screens.editor import EditorScreen
        from queens_tui.app.screens.game import GameScreen

        stack = self.screen_stack
        if not any(isinstance(s, GameScreen) for s in stack):
            return False
        while not isinstance(self.screen, EditorScreen):
            screen = self.screen
            if isinstance(screen, GameScreen):
                screen.midend.close()
            self.pop_screen()
        return True

    async def action_quit(self) -> None:
        """In a game played from the editor: back to the editor. In the editor: leave
        (asking first when there are unsaved changes)."""
        if self._back_to_editor():
            return
        self.editor.action_leave()

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None:
        """The game's win screen "quit" ends the game, not the editor."""
        if self._back_to_editor():
            return
        super().exit(result, return_code, message)


def create_editor_app(
    path: str | Path,
    *,
    size: int = 8,
    seed: str | None = None,
    ascii: bool = False,
    engine: str = "cpsat",
) -> EditorApp:
    """The editor for `path` (see `midend.editor.open_sketch`); raises `LevelError` /
    `ValueError` before anything touches the terminal."""
    path = Path(path)
    from queens_tui.midend.editor import open_sketch

    return EditorApp(open_sketch(path, size, seed), path, ascii=ascii, engine=engine)


__all__ = ["EditorApp", "create_editor_app"]
