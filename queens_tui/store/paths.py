"""Where queens-tui keeps the player's data.

One folder per user, chosen by platformdirs for the app name ``queens-tui``
(on Linux ``$XDG_DATA_HOME/queens-tui``, else ``~/.local/share/queens-tui``;
on macOS ``~/Library/Application Support/queens-tui``; on Windows
``%LOCALAPPDATA%\\queens-tui``). Tests and power users can point it elsewhere
with an explicit argument or the ``QUEENS_TUI_DATA_DIR`` environment variable,
so a test never touches the real home.

Nothing here creates folders: paths are computed, and the writers create what
they need when they first write.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "queens-tui"
DATA_DIR_ENV = "QUEENS_TUI_DATA_DIR"
"""Environment variable that overrides the user data dir (empty means unset)."""
CONFIG_DIR_ENV = "QUEENS_TUI_CONFIG_DIR"
"""Environment variable that overrides the user config dir (empty means unset)."""

PathLike = str | os.PathLike[str]


def _chosen(override: PathLike | None, env: str | None = None) -> Path | None:
    """The folder the player chose: `override` (a command-line option) unless None or
    "", else the environment variable `env` unless unset or "", `~` expanded; None when
    neither says."""
    if override is not None and os.fspath(override) != "":
        return Path(override).expanduser()
    value = os.environ.get(env, "") if env is not None else ""
    return Path(value).expanduser() if value else None


def data_dir(override: PathLike | None = None) -> Path:
    """The user data dir: `override`, else ``$QUEENS_TUI_DATA_DIR``, else platformdirs'.

    platformdirs is imported here, not at module level, so importing the store
    costs nothing until a path is actually needed.
    """
    chosen = _chosen(override, DATA_DIR_ENV)
    if chosen is not None:
        return chosen
    import platformdirs

    # appauthor=False: on Windows, no extra "<author>\" level above the app folder.
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def daily_dir(override: PathLike | None = None, *, data: PathLike | None = None) -> Path:
    """The daily folder: `override` (``--daily-dir``), else ``<data dir>/daily``."""
    chosen = _chosen(override)
    return data_dir(data) / "daily" if chosen is None else chosen


def progress_dir(data: PathLike | None = None) -> Path:
    """``<data dir>/progress``: one small JSON file per level in progress."""
    return data_dir(data) / "progress"


def config_dir(override: PathLike | None = None) -> Path:
    """The user config dir (what the player writes by hand: `keys.conf`): `override`, else
    ``$QUEENS_TUI_CONFIG_DIR``, else platformdirs' (on Linux ``~/.config/queens-tui``)."""
    chosen = _chosen(override, CONFIG_DIR_ENV)
    if chosen is not None:
        return chosen
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def keys_file(config: PathLike | None = None) -> Path:
    """``<config dir>/keys.conf``: the player's own keys (`midend.keymap`)."""
    return config_dir(config) / "keys.conf"
