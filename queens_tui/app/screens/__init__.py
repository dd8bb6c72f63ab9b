"""The game's screens: the game itself and its modal dialogs."""
