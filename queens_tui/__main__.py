"""`python -m queens_tui` runs the same entry point as the `queens-tui` command."""

from queens_tui.cli import run

run()
