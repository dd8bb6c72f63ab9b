"""The Textual game. `create_app` builds it for the CLI, tests and screenshots."""

from queens_tui.app.app import QueensApp, create_app

__all__ = ["QueensApp", "create_app"]
