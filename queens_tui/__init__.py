"""queens-tui: the Queens puzzle in the terminal.

Layers (arrows point down only): `app` -> `solver` -> `core`, `app` -> `formats` -> `core`;
`cli` wires them together. `core` is pure Python and imports nothing else of ours.
"""

__version__ = "0.1.0"
