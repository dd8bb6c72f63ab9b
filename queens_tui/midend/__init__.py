"""The midend, after Simon Tatham's puzzle collection: what a game is, apart from its drawing.

The level in play and its history (`game`), the clock, the assistant that turns the
worker's answers into what the screen shows (`assistant`, `worker`, `jobs`), the
session of levels and saves (`session`, `levels`), every action and its keys
(`actions`, `keymap`). No Textual here (an import-linter contract says so): the app
draws and dispatches; this package decides, and its tests need no terminal.
"""
