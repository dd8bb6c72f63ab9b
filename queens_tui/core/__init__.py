"""The pure core shared by every puzzle kind: grid geometry, the level error, the kind protocol.

Nothing here imports Textual, OR-Tools or any other layer of ours; each kind's
pure rules live in `queens_tui.kinds.<kind>` and build on this.
"""
